/** The add-to-cart form: product states, and every catalog product. */
import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { sampleIds, toProduct } from '../../../demo-pages/mock/catalog';
import { AddToCartForm } from '../../../widgets/add-to-cart/AddToCartForm';
import { product as makeProduct } from './factory';
import { addButton, catalog, reason, show } from './form';

describe('product states', () => {
  it('reward-only: no normal button, the Rewards Program notice', () => {
    show(catalog(sampleIds.rewardOnly));
    expect(screen.queryByRole('button', { name: /add to cart/i })).toBeNull();
    expect(screen.getByRole('link', { name: 'Rewards Program' }).getAttribute('href')).toBe('/claim-loyalty-rewards');
  });

  it('presale: the title gets " - Presale" and the button says Preorder', () => {
    show(catalog(sampleIds.presaleWithStock), true);
    expect(screen.getByRole('heading').textContent).toBe('Pokémon TCG: Mega Evolution—Ascended Heroes Booster Box - Presale');
    expect(addButton('Preorder')).toBeTruthy();
  });

  it('ineligible to ship: the notice and the international buyers link', () => {
    show(catalog(sampleIds.ineligible));
    expect(screen.getByText(/This item may be ineligible to ship to your country/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /international buyers/i }).getAttribute('href')).toBe('/international-buyers');
  });

  it('charity and block pool badges; gift wording', () => {
    show(makeProduct({
      BlockPool: true,
      BlockPoolSpotsEligible: 3,
      ActiveCharity: { charity_code: 'X', monetary_type: 'fixed', monetary_value: 5, charity_name: 'Kids First', charity_logo: null },
    }));
    expect(screen.getByText(/Block Pool eligible/)).toBeTruthy();
    expect(screen.getByText('Supports Kids First')).toBeTruthy();
  });

  it('a gift offer: its wording', () => {
    show(catalog(sampleIds.giftOnce));
    expect(screen.getByText('Receive 1x FREE when you buy 2 or more')).toBeTruthy();
    expect(screen.getByText('Limited time only. While supplies last.')).toBeTruthy();
  });

  it('last one only when no sale limit applies', () => {
    show(catalog(sampleIds.singleWithLimit));
    expect(screen.queryByText('Last one available!')).toBeNull();
  });
});

describe('every catalog product', () => {
  it('can be added, or says why not', async () => {
    const { products } = await import('../../../demo-pages/mock/catalog');
    const buyable: number[] = [];
    for (const raw of products) {
      const { unmount } = render(<AddToCartForm product={toProduct(raw)} source="test" />);
      const button = screen.queryByRole('button', { name: /^(add to cart|preorder)$/i });
      if (raw.RewardRedemptionOnly) {
        expect(button, raw.title).toBeNull();
        expect(screen.getByRole('link', { name: 'Rewards Program' })).toBeTruthy();
      } else if (button!.getAttribute('aria-disabled') === 'false') {
        buyable.push(raw.id);
      } else {
        expect(reason(), raw.title).toMatch(/\w/);
      }
      unmount();
    }
    // Out of stock (7, 8, 9, 30), needs a choice (12, 17, 21, 26, 42), warehouse-only stock (20), reward-only (11).
    expect(products.map((p) => p.id).filter((id) => !buyable.includes(id))).toEqual([7, 8, 9, 11, 12, 17, 20, 21, 26, 30, 42]);
  });
});
