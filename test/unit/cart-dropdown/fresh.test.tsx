/** The cart dropdown staying fresh: cart updates, other tabs, the back/forward cache. */
import { act, render, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { sampleIds } from '../../../demo-pages/mock/catalog';
import { backend } from '../../../demo-pages/mock/node';
import { emit, EVENTS, on } from '../../../shared/events';
import { $cart } from '../../../shared/stores/cart';
import { CartDropdown } from '../../../widgets/cart-dropdown/CartDropdown';
import { calls, CHROME, line, mountWithCount, openCart, seed, seedTwo, toggle } from './cart';

describe('cart-dropdown: staying fresh', () => {
  it('a cart update while closed refetches only the count', async () => {
    seedTwo();
    await mountWithCount('Cart, 3 items');
    seed([line(1, sampleIds.plain, 4, 10, CHROME)]);
    act(() => emit(EVENTS.cartUpdated, { source: 'legacy' }));
    await waitFor(() => expect(toggle().getAttribute('aria-label')).toBe('Cart, 4 items'));
    expect(calls('/cart/get-count')).toBe(2);
    expect(calls('/cart/retrieve')).toBe(0);
    expect($cart.get().stale).toBe(true);
  });

  it('a cart update that carries the new count (an add answer) shows it without a count request', async () => {
    seedTwo();
    await mountWithCount('Cart, 3 items');
    act(() => emit(EVENTS.cartUpdated, { source: 'add-to-cart', count: 5 }));
    expect(toggle().getAttribute('aria-label')).toBe('Cart, 5 items');
    expect($cart.get().stale).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls('/cart/get-count')).toBe(1);
  });

  it('a slow count request started earlier does not overwrite the count of an add', async () => {
    backend.delay('/cart/get-count', 150);
    render(<CartDropdown />); // its count request is still on the way
    act(() => emit(EVENTS.cartUpdated, { source: 'add-to-cart', count: 5 }));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(toggle().getAttribute('aria-label')).toBe('Cart, 5 items');
  });

  it('a cart update while open reloads the cart', async () => {
    seedTwo();
    await mountWithCount('Cart, 3 items');
    await openCart();
    seed([line(1, sampleIds.plain, 4, 10, 'Freshly Added Pokémon Box')]);
    act(() => emit(EVENTS.cartUpdated, {}));
    await screen.findByText('Freshly Added Pokémon…');
    expect(calls('/cart/retrieve')).toBe(2);
    expect(toggle().getAttribute('aria-label')).toBe('Cart, 4 items');
  });

  it('a change in another tab (BroadcastChannel) refetches the count', async () => {
    await mountWithCount('Cart, 0 items');
    seedTwo();
    const other = new BroadcastChannel('storefront:cart');
    other.postMessage('cart-updated');
    await waitFor(() => expect(toggle().getAttribute('aria-label')).toBe('Cart, 3 items'));
    other.close();
  });

  it('tells other tabs about a local cart update', async () => {
    await mountWithCount('Cart, 0 items');
    const other = new BroadcastChannel('storefront:cart');
    const got = new Promise((resolve) => (other.onmessage = (e) => resolve(e.data)));
    act(() => emit(EVENTS.cartUpdated, { source: 'add-to-cart' }));
    expect(await got).toBe('cart-updated');
    other.close();
  });

  it('a page restored from the back/forward cache refetches; a normal pageshow does not', async () => {
    await mountWithCount('Cart, 0 items');
    await waitFor(() => expect(calls('/cart/get-count')).toBe(1));
    seedTwo();
    const pageshow = (persisted: boolean) => Object.assign(new Event('pageshow'), { persisted });
    act(() => void window.dispatchEvent(pageshow(false)));
    expect(calls('/cart/get-count')).toBe(1);
    act(() => void window.dispatchEvent(pageshow(true)));
    await waitFor(() => expect(toggle().getAttribute('aria-label')).toBe('Cart, 3 items'));
  });
});
