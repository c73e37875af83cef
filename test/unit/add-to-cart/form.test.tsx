/**
 * The add-to-cart form as a shopper uses it: what is shown, what blocks the
 * button and why, and the request that is sent.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { backend } from '../../../demo-pages/mock/node';
import { productById, sampleIds, toProduct } from '../../../demo-pages/mock/catalog';
import { REFUSE_ADD_QUANTITY } from '../../../demo-pages/mock/backend';
import type { Product } from '../../../shared/api/schemas';
import { $lastAdd, CART_ADDED_MODAL } from '../../../shared/stores/cart-add';
import { $expressCheckoutRunning } from '../../../shared/stores/express';
import { $openModals } from '../../../shared/stores/modals';
import { $region } from '../../../shared/stores/region';
import { AddToCartForm } from '../../../widgets/add-to-cart/AddToCartForm';
import { product as makeProduct } from './factory';

const catalog = (id: number): Product => toProduct(productById(id)!);

function show(product: Product, showTitle = false) {
  render(<AddToCartForm product={product} source="test" showTitle={showTitle} />);
}

const addButton = (name: RegExp | string = /add to cart|preorder/i) => screen.getByRole('button', { name });
/** The hint next to the button (its accessible description), or null. */
const reason = () => {
  const id = addButton().getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent ?? null : null;
};
const adds = () => backend.callsTo('/cart/add-item');
const lastBody = () => adds().at(-1)!.body as Record<string, any>;
/** Chooses in a <select> as a browser does: the value changes, then `change` fires (testing-library/preact turns change into input). */
function pick(label: RegExp | string, value: string) {
  const select = screen.getByLabelText(label) as HTMLSelectElement;
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
const typeQuantity = (value: string) => fireEvent.input(screen.getByLabelText('Qty'), { target: { value } });

async function submitAndWait() {
  fireEvent.click(addButton());
  await waitFor(() => expect(adds()).toHaveLength(1));
}

/** Submits; the mock backend refuses REFUSE_ADD_QUANTITY with two messages, each shown as an alert line. */
async function expectRefusalAlerts() {
  await submitAndWait();
  const alerts = await screen.findAllByRole('alert');
  expect(alerts.map((a) => a.textContent)).toEqual([
    `Sorry, you can only buy ${REFUSE_ADD_QUANTITY - 1} of this item per order.`,
    'Please lower the quantity and try again.',
  ]);
}

describe('Add to Cart disabled: each rule shows why and sends nothing', () => {
  it.each([
    ['variation not chosen', sampleIds.variations, 'Choose an option'],
    ['add-on with options not chosen', sampleIds.giftWithOptions, 'Choose your free gift, or opt out'],
    ['nothing available', sampleIds.outOfStock, 'Out of stock'],
    ['presale without stock', sampleIds.presaleWithoutStock, 'Coming Soon!'],
    ['live-break-only without breaker', sampleIds.liveBreakOnly, 'Choose a breaker'],
    ['stock only at a breaker warehouse', sampleIds.warehouseStockOnly, 'Available on a live break only: choose a breaker'],
  ])('%s', async (_name, id, text) => {
    show(catalog(id));
    expect(addButton().getAttribute('aria-disabled')).toBe('true');
    expect(reason()).toBe(text);
    fireEvent.click(addButton());
    await new Promise((r) => setTimeout(r, 20));
    expect(adds()).toHaveLength(0);
  });

  it('quantity over the available quantity (typed)', () => {
    show(catalog(sampleIds.plain)); // 24 available
    typeQuantity('30');
    expect(reason()).toBe('Only 24 available');
    typeQuantity('24');
    expect(reason()).toBeNull();
    expect(addButton().getAttribute('aria-disabled')).toBe('false');
  });

  it("quantity over the chosen variation's quantity", () => {
    show(catalog(sampleIds.variations));
    pick('Format', '1701'); // Single Pack, 36
    typeQuantity('40');
    expect(reason()).toBe('Only 36 available');
  });

  it('live break ticked without a breaker', async () => {
    show(catalog(sampleIds.plain));
    fireEvent.click(screen.getByLabelText('Open it on a live break'));
    expect(reason()).toBe('Choose a breaker');
    fireEvent.click(await screen.findByLabelText(/Main Stage/));
    expect(reason()).toBeNull();
  });

  it('the add-on choice can be optout', () => {
    show(catalog(sampleIds.giftWithOptions));
    pick('Your free gift', 'optout');
    expect(reason()).toBeNull();
  });

  it('a live-break-only product with no eligible breaker says so', async () => {
    backend.fail('/check-live-break-eligible-status', '500');
    show(catalog(sampleIds.liveBreakOnly));
    expect(screen.getByText('This product is only available for live break during break hours.', { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'the live break schedule' }).getAttribute('href')).toBe('/steel-city-break-room');
    await screen.findByText('No live breaker is available right now.');
    expect(reason()).toBe('No live breaker is available right now');
  });

  it('is blocked while the express PayPal flow runs', async () => {
    $expressCheckoutRunning.set(true);
    try {
      show(catalog(sampleIds.plain));
      expect(addButton().getAttribute('aria-disabled')).toBe('true');
      fireEvent.click(addButton());
      await new Promise((r) => setTimeout(r, 20));
      expect(adds()).toHaveLength(0);
    } finally {
      $expressCheckoutRunning.set(false);
    }
  });
});

describe('variations, live break, quantity', () => {
  it('lists only selectable variations and choosing one sets the price shown', () => {
    show(catalog(sampleIds.variations));
    const options = [...(screen.getByLabelText('Format') as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options).toEqual(['Choose an option', 'Single Pack – $5.99', '12-Pack Bundle – $64.99']);
    expect(screen.getByText('Starts at:', { exact: false })).toBeTruthy();
    pick('Format', '1704');
    expect(screen.queryByText('Starts at:', { exact: false })).toBeNull();
    expect(screen.getByText('$64.99', { selector: '.sfw-add-to-cart__amount' })).toBeTruthy();
  });

  it('ticking live break reveals the eligible breakers only, with their next live time', async () => {
    show(catalog(sampleIds.warehouseStock)); // baseball, 4 to ship, 6 at warehouse 7
    expect(screen.queryByRole('group', { name: 'Choose a breaker' })).toBeNull();
    fireEvent.click(screen.getByLabelText('Open it on a live break'));
    await screen.findByLabelText(/Main Stage/);
    const names = screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value);
    expect(names).toEqual(['Main Stage', 'Sports Room (Warehouse 7)']); // TCG Room: no stock; Vintage: other category
    expect(screen.getByLabelText(/Sports Room/).closest('label')!.textContent).toMatch(/Next live: .*Nov 23.*12:00 PM [–-] 4:00 PM EST/);
    expect(screen.getByText('4 available')).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/Sports Room/));
    expect(screen.getByText('6 available')).toBeTruthy();
  });

  it('+ stops at the available quantity and then shows the over-demand error; − keeps 1', () => {
    show(catalog(40)); // 2 available
    const input = screen.getByLabelText('Qty') as HTMLInputElement;
    expect((screen.getByRole('button', { name: 'Decrease quantity' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(input.value).toBe('2');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(input.value).toBe('2');
    expect(screen.getByRole('alert').textContent).toBe('Sorry, only 2 available.');
    fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(input.value).toBe('1');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the quantity control is disabled with under 2 available and until a variation is chosen', () => {
    show(catalog(sampleIds.lastOne));
    expect((screen.getByLabelText('Qty') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Last one available!')).toBeTruthy();
  });

  it('a variation choice with less stock brings the quantity down', () => {
    show(catalog(sampleIds.startsAt)); // Hobby 10, Sapphire 2
    pick(/Format/, '2601');
    typeQuantity('8');
    pick(/Format/, '2603');
    expect((screen.getByLabelText('Qty') as HTMLInputElement).value).toBe('2');
  });
});

describe('what is sent', () => {
  it('a deposit product: deposit by default, the full amount when chosen', async () => {
    show(catalog(sampleIds.deposit)); // 449.99, deposit 100, presale
    expect(screen.getByText('(DEPOSIT)', { exact: false })).toBeTruthy();
    expect(screen.getByText("By making a down payment, you are agreeing to pay the full balance amount upon the product's release")).toBeTruthy();
    expect(addButton().textContent).toContain('Preorder');
    await submitAndWait();
    expect(lastBody()).toEqual({
      title: 'Magic: The Gathering—Secrets of Strixhaven Collector Booster Box',
      quantity: 1,
      price: 100,
      attributes: { downPayment: true, payup: 449.99, dpId: 15, payorder: false },
      id: 15,
      product_id: 15,
      region: 'US',
    });
  });

  it('a deposit product paid in full', async () => {
    show(catalog(sampleIds.deposit));
    fireEvent.click(screen.getByLabelText(/Pay the full amount/));
    expect(screen.queryByText(/By making a down payment/)).toBeNull();
    await submitAndWait();
    expect(lastBody()).toMatchObject({ price: 449.99, attributes: { downPayment: false, payup: 449.99 } });
  });

  it('a variation', async () => {
    show(catalog(sampleIds.variations));
    pick('Format', '1701');
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await submitAndWait();
    expect(lastBody()).toEqual({
      title: 'Magic: The Gathering—Innistrad Remastered Play Boosters',
      quantity: 2,
      price: 5.99,
      attributes: { variation: { type: 'Format', value: 'Single Pack', option_type: 'select', sku: 'MTG-00017-1' } },
      id: 1701,
      product_id: 17,
      region: 'US',
    });
  });

  it('a live break with a breaker, in the region of the visitor', async () => {
    $region.set({ factor: 1.37, symbol: 'C$', country: 'CA' });
    show(catalog(sampleIds.warehouseStock));
    expect(screen.getByText('C$452.09')).toBeTruthy();
    expect(screen.getByText('Approx. $329.99 US')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Open it on a live break'));
    fireEvent.click(await screen.findByLabelText(/Sports Room/));
    await submitAndWait();
    expect(lastBody()).toMatchObject({
      price: 329.99,
      region: 'CA',
      attributes: { breakLive: true, breakerSelected: 'Sports Room (Warehouse 7)', breakLocation: 7 },
    });
  });

  it('success opens the confirmation with the related items', async () => {
    show(catalog(sampleIds.plain));
    await submitAndWait();
    await waitFor(() => expect($openModals.get()).toContain(CART_ADDED_MODAL));
    expect($lastAdd.get()!.related.length).toBeGreaterThan(0);
    expect(addButton().getAttribute('aria-disabled')).toBe('false');
  });

  it('server errors: each string is an alert line, the choices stay', async () => {
    show(catalog(sampleIds.variations));
    pick('Format', '1701');
    typeQuantity(String(REFUSE_ADD_QUANTITY));
    await expectRefusalAlerts();
    expect((screen.getByLabelText('Format') as HTMLSelectElement).value).toBe('1701');
    expect((screen.getByLabelText('Qty') as HTMLInputElement).value).toBe('13');
    expect($openModals.get()).not.toContain(CART_ADDED_MODAL);
  });

  it("Laravel's 422 {message, errors: {quantity: [...]}}: each of the server's messages is an alert line", async () => {
    backend.answerAs('laravel');
    show(catalog(sampleIds.plain));
    typeQuantity(String(REFUSE_ADD_QUANTITY));
    await expectRefusalAlerts();
  });

  it('a failed call shows one generic line', async () => {
    backend.fail('/cart/add-item', '500');
    show(catalog(sampleIds.plain));
    await submitAndWait();
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not add/i);
  });

  it('a double click sends one request; the button is busy meanwhile', async () => {
    backend.delay('/cart/add-item', 60);
    show(catalog(sampleIds.plain));
    fireEvent.click(addButton());
    fireEvent.click(addButton(/adding/i));
    expect(addButton(/adding/i).getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect($openModals.get()).toContain(CART_ADDED_MODAL));
    expect(adds()).toHaveLength(1);
  });
});

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
