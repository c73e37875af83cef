/** The add-to-cart form: what blocks the button, and why. */
import { fireEvent, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { backend } from '../../../demo-pages/mock/node';
import { sampleIds } from '../../../demo-pages/mock/catalog';
import { $expressCheckoutRunning } from '../../../shared/stores/express';
import { addButton, adds, catalog, pick, reason, show, typeQuantity } from './form';

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
