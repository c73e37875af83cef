/**
 * The page config's cart (count, error flag) is the state at page
 * load, so a passive page view makes no count call; every later trigger
 * (opening, cart-updated, a back/forward-cache restore) still asks.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { sampleIds } from '../../../demo-pages/mock/catalog';
import { backend } from '../../../demo-pages/mock/node';
import { parsePageConfig, setPageConfig } from '../../../shared/config';
import { emit, EVENTS } from '../../../shared/events';
import { initCartCount } from '../../../shared/stores/cart';
import { CartDropdown } from '../../../widgets/cart-dropdown/CartDropdown';

const toggle = () => screen.getByRole('button', { name: /^Cart/ });
const calls = (path: string) => backend.callsTo(path).length;
const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));

/** What startShared does with the page's config block, then the island. */
function mount(config: unknown) {
  setPageConfig(parsePageConfig(config));
  initCartCount();
  render(<CartDropdown />);
}

function seedThree() {
  backend.update((s) => {
    s.cart = [{ id: 1, productId: sampleIds.plain, title: 'Box', price: 10, quantity: 3, attributes: {} }];
    s.nextLineId = 2;
  });
}

describe('cart-dropdown: the count the page gives', () => {
  it('shows the config count and makes no call at load', async () => {
    seedThree();
    mount({ cart: { count: 3 } });
    expect(toggle().getAttribute('aria-label')).toBe('Cart, 3 items');
    await settle();
    expect(calls('/cart/get-count')).toBe(0);
    expect(calls('/cart/retrieve')).toBe(0);
  });

  it('shows the config error flag as the red exclamation mark', async () => {
    mount({ cart: { count: '2', errors: '1' } });
    expect(toggle().getAttribute('aria-label')).toBe('Cart has a problem');
    await settle();
    expect(calls('/cart/get-count')).toBe(0);
  });

  it('asks GET /cart/get-count when the config has no count (spec §7 fallback)', async () => {
    seedThree();
    mount({ cart: { errors: true } });
    await waitFor(() => expect(toggle().getAttribute('aria-label')).toBe('Cart, 3 items'));
    expect(calls('/cart/get-count')).toBe(1);
  });

  it('opening the dropdown loads the cart', async () => {
    seedThree();
    mount({ cart: { count: 3 } });
    await act(() => void fireEvent.click(toggle()));
    await waitFor(() => expect(calls('/cart/retrieve')).toBe(1));
    await waitFor(() => expect(document.querySelector('.sfw-cart-dropdown [role="dialog"]')!.textContent).toContain('Box'));
  });

  it('a cart-updated event fetches the count, and its answer replaces the config count', async () => {
    mount({ cart: { count: 3 } });
    seedThree();
    backend.update((s) => (s.cart[0]!.quantity = 5));
    act(() => emit(EVENTS.cartUpdated, { source: 'legacy' }));
    await waitFor(() => expect(toggle().getAttribute('aria-label')).toBe('Cart, 5 items'));
    expect(calls('/cart/get-count')).toBe(1);
  });

  it('a page restored from the back/forward cache fetches the count', async () => {
    mount({ cart: { count: 0 } });
    seedThree();
    act(() => void window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true })));
    await waitFor(() => expect(toggle().getAttribute('aria-label')).toBe('Cart, 3 items'));
    expect(calls('/cart/get-count')).toBe(1);
  });
});
