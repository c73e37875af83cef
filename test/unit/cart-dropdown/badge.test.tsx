/** The cart button's count badge, and the island's mount and unmount. */
import { act, render, screen, waitFor } from '@testing-library/preact';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { sampleIds } from '../../../demo-pages/mock/catalog';
import { backend, server } from '../../../demo-pages/mock/node';
import { emit, EVENTS, on } from '../../../shared/events';
import { $cart } from '../../../shared/stores/cart';
import { $openPanel } from '../../../shared/stores/panels';
import island from '../../../widgets/cart-dropdown/island';
import { CartDropdown } from '../../../widgets/cart-dropdown/CartDropdown';
import { hook } from '../hook';
import { calls, CHROME, line, mountWithCount, seed, seedTwo, toggle } from './cart';

describe('cart-dropdown: badge', () => {
  it('fetches the count on start and names the button with it', async () => {
    seedTwo();
    await mountWithCount('Cart, 3 items');
    expect(calls('/cart/get-count')).toBe(1);
    expect(toggle().textContent).toBe('3');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(calls('/cart/retrieve')).toBe(0);
  });

  it('shows no badge for an empty cart', async () => {
    await mountWithCount('Cart, 0 items');
    expect(toggle().textContent).toBe('');
  });

  it('shows a red exclamation mark instead of the count when the cart has errors', async () => {
    server.use(http.get('/cart/get-count', () => HttpResponse.json({ CartQuantity: 2, CartErrors: 1 })));
    await mountWithCount('Cart has a problem');
    const badge = toggle().querySelector('.sfw-cart-dropdown__badge')!;
    expect(badge.textContent).toBe('!');
    expect(badge.classList.contains('sfw-cart-dropdown__badge--error')).toBe(true);
  });

  it('keeps working, with no badge, when the count call fails (only logged)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    backend.fail('/cart/get-count', '500');
    render(<CartDropdown />);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(toggle().getAttribute('aria-label')).toBe('Cart, 0 items');
  });

  it('announces count changes in a status region, but not the first count', async () => {
    seedTwo();
    await mountWithCount('Cart, 3 items');
    const status = screen.getAllByRole('status').find((el) => el.closest('.sfw-cart-dropdown'))!;
    expect(status.textContent).toBe('');
    seed([line(1, sampleIds.plain, 5, 10.25, CHROME)]);
    act(() => emit(EVENTS.cartUpdated, { source: 'test' }));
    await waitFor(() => expect(status.textContent).toBe('Your cart now has 5 items.'));
  });
});

describe('cart-dropdown island', () => {
  it('mounts without props; once unmounted it stops listening at once and drops the pending count', async () => {
    seedTwo();
    backend.delay('/cart/get-count', 150);
    const host = hook('cart-dropdown');
    const unmount = island.mount(host);
    expect(host.getAttribute('data-island')).not.toBe('failed');
    expect(host.querySelector('.sfw-cart-dropdown__toggle[aria-label="Cart, 0 items"]')).toBeTruthy();
    await waitFor(() => expect(calls('/cart/get-count')).toBe(1));
    unmount();
    emit(EVENTS.cartToggle, {});
    expect($openPanel.get()).toBe(null);
    await new Promise((r) => setTimeout(r, 150));
    expect($cart.get().count).toBe(0);
  });

  it('a removed dropdown stops working at once: a toggle and a cart update then load no cart and no upsell', async () => {
    seedTwo();
    const host = hook('cart-dropdown');
    const unmount = island.mount(host);
    await waitFor(() => expect(calls('/cart/get-count')).toBe(1));
    unmount();
    host.remove();
    emit(EVENTS.cartToggle, {});
    emit(EVENTS.cartUpdated, {});
    await new Promise((r) => setTimeout(r, 150));
    expect([calls('/cart/retrieve'), calls('/cart/load-upsell'), calls('/cart/get-count')]).toEqual([0, 0, 1]);
  });
});
