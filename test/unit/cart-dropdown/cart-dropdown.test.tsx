import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { http, HttpResponse } from 'msw';
import { STORE_UNMOUNT_DELAY } from 'nanostores';
import { describe, expect, it, vi } from 'vitest';
import { productById, sampleIds } from '../../../demo-pages/mock/catalog';
import { CAD_FACTOR, type CartLine } from '../../../demo-pages/mock/backend';
import { backend, server } from '../../../demo-pages/mock/node';
import { emit, EVENTS, on } from '../../../shared/events';
import { COMING_SOON_SRC } from '../../../shared/ui/ProductImage';
import { $cart } from '../../../shared/stores/cart';
import { $openPanel } from '../../../shared/stores/panels';
import { $region } from '../../../shared/stores/region';
import island from '../../../widgets/cart-dropdown/island';
import { CartDropdown } from '../../../widgets/cart-dropdown/CartDropdown';
import { hook } from '../hook';

function line(id: number, productId: number, quantity: number, price: number, title?: string): CartLine {
  return { id, productId, title: title ?? productById(productId)!.title, price, quantity, attributes: {} };
}

const CHROME = '2024 Topps Chrome Baseball Hobby Box';

function seed(cart: CartLine[]) {
  backend.update((s) => {
    s.cart = cart;
    s.nextLineId = cart.length + 1;
  });
}

const seedTwo = () => seed([line(1, sampleIds.plain, 2, 10.25, CHROME), line(2, sampleIds.noImage, 1, 5.5)]);

const toggle = () => screen.getByRole('button', { name: /^Cart/ });
const dialog = () => document.querySelector<HTMLElement>('.sfw-cart-dropdown [role="dialog"]')!;
const calls = (path: string) => backend.callsTo(path).length;

async function mountWithCount(expected: string) {
  render(<CartDropdown />);
  await waitFor(() => expect(toggle().getAttribute('aria-label')).toBe(expected));
}

async function openCart() {
  await act(() => void fireEvent.click(toggle()));
  await waitFor(() => expect(screen.queryByText('Loading your cart…')).toBeNull());
}

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

describe('cart-dropdown: opening', () => {
  it('opens from its button as a labelled dialog with focus inside, loads the cart, then the upsell', async () => {
    seedTwo();
    await mountWithCount('Cart, 3 items');
    await openCart();
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(toggle().getAttribute('aria-controls')).toBe(screen.getByRole('dialog', { name: 'Shopping cart' }).id);
    expect($openPanel.get()).toBe('cart');
    expect(document.activeElement).toBe(dialog());
    await screen.findByText('Recommended for you:');
    const order = backend.calls.map((c) => c.path).filter((p) => p === '/cart/retrieve' || p === '/cart/load-upsell');
    expect(order).toEqual(['/cart/retrieve', '/cart/load-upsell']);
  });

  it('lists each item: image, title trimmed to 3 words named in full, price and (quantity), REMOVE', async () => {
    seedTwo();
    await mountWithCount('Cart, 3 items');
    await openCart();
    const items = within(dialog()).getAllByRole('listitem').filter((li) => li.classList.contains('sfw-cart-dropdown__item'));
    expect(items).toHaveLength(2);
    const first = items[0]!;
    const link = within(first).getByRole('link', { name: CHROME });
    expect(link.getAttribute('href')).toBe(`/${productById(sampleIds.plain)!.slug}`);
    expect(within(first).getByText('2024 Topps Chrome…').getAttribute('aria-hidden')).toBe('true');
    expect(first.textContent).toContain('$10.25');
    expect(first.textContent).toContain('(2)');
    expect(within(first).getByRole('button', { name: `Remove ${CHROME}` }).textContent).toBe('REMOVE');
    // No image: the 'coming soon' placeholder of the header widgets.
    expect(items[1]!.querySelector('img')!.getAttribute('src')).toBe(COMING_SOON_SRC);
  });

  it('shows the subtotal with 2 decimals, View Cart and Checkout, supplies with Shop All, the upsell', async () => {
    seedTwo();
    await mountWithCount('Cart, 3 items');
    await openCart();
    expect(dialog().querySelector('.sfw-cart-dropdown__subtotal')!.textContent).toBe('Subtotal$26.00');
    expect(screen.queryByText(/Approx\./)).toBeNull();
    expect(screen.getByRole('link', { name: 'View Cart' }).getAttribute('href')).toBe('/cart');
    expect(screen.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
    const supplies = await screen.findByRole('region', { name: 'Protect your investment:' });
    expect(within(supplies).getByRole('link', { name: 'Shop All supplies' }).getAttribute('href')).toBe('/c/supplies');
    expect(within(supplies).getAllByRole('listitem')).toHaveLength(6);
    const upsell = screen.getByRole('region', { name: 'Recommended for you:' });
    const first = productById(1)!;
    const entry = within(upsell).getByRole('link', { name: new RegExp(first.title.slice(0, 20)) });
    expect(entry.getAttribute('href')).toBe(`/${first.slug}`);
    expect(entry.textContent).toContain(`$${first.Price.toFixed(2)}`);
  });

  it('multiplies prices and the subtotal by the currency factor, with the approximate US note', async () => {
    $region.set({ factor: CAD_FACTOR, symbol: 'C$', country: 'CA' });
    seedTwo();
    await mountWithCount('Cart, 3 items');
    await openCart();
    expect(dialog().querySelector('.sfw-cart-dropdown__subtotal')!.textContent).toBe('SubtotalC$35.62');
    expect(screen.getByText('Approx. $26.00 US')).toBeTruthy();
    expect(dialog().querySelector('.sfw-cart-dropdown__item')!.textContent).toContain('C$14.04');
  });

  it('empty: says so, keeps both buttons, and never loads the upsell', async () => {
    await mountWithCount('Cart, 0 items');
    await openCart();
    expect(within(dialog()).getByText('Your shopping cart is empty.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Cart' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Checkout' })).toBeTruthy();
    expect(calls('/cart/load-upsell')).toBe(0);
    expect(screen.queryByText('Protect your investment:')).toBeNull();
  });

  it('loads only when stale: reopening does not load again', async () => {
    seedTwo();
    await mountWithCount('Cart, 3 items');
    await openCart();
    await act(() => void fireEvent.click(toggle()));
    expect(dialog().hidden).toBe(true);
    await openCart();
    expect(calls('/cart/retrieve')).toBe(1);
  });

  it('a failed cart load shows no message and no false "empty", only the buttons', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    seedTwo();
    backend.fail('/cart/retrieve', '500');
    await mountWithCount('Cart, 3 items');
    await act(() => void fireEvent.click(toggle()));
    await waitFor(() => expect($cart.get().status).toBe('error'));
    expect(screen.queryByText('Your shopping cart is empty.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Checkout' })).toBeTruthy();
    expect(warn).toHaveBeenCalled();
  });

  it('a failed upsell still shows the cart (fails silently)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    seedTwo();
    backend.fail('/cart/load-upsell', 'malformed');
    await mountWithCount('Cart, 3 items');
    await openCart();
    await waitFor(() => expect(calls('/cart/load-upsell')).toBe(1));
    expect(screen.getByText('2024 Topps Chrome…')).toBeTruthy();
    expect(screen.queryByText('Recommended for you:')).toBeNull();
  });

  it('toggles on the toggle event and hides on the hide event', async () => {
    await mountWithCount('Cart, 0 items');
    act(() => emit(EVENTS.cartToggle, { source: 'test' }));
    expect(dialog().hidden).toBe(false);
    act(() => emit(EVENTS.cartToggle, { source: 'test' }));
    expect(dialog().hidden).toBe(true);
    act(() => emit(EVENTS.cartToggle, { source: 'test' }));
    act(() => emit(EVENTS.cartHide, { source: 'test' }));
    expect(dialog().hidden).toBe(true);
    expect($openPanel.get()).toBe(null);
  });

  it('closes when another header panel opens', async () => {
    await mountWithCount('Cart, 0 items');
    await openCart();
    act(() => $openPanel.set('account'));
    expect(dialog().hidden).toBe(true);
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });

  it('Escape and the close button close it and give focus back to the cart button', async () => {
    await mountWithCount('Cart, 0 items');
    await openCart();
    act(() => void fireEvent.keyDown(dialog(), { key: 'Escape' }));
    expect(dialog().hidden).toBe(true);
    expect(document.activeElement).toBe(toggle());
    await openCart();
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Close cart' })));
    expect($openPanel.get()).toBe(null);
    expect(document.activeElement).toBe(toggle());
  });
});

describe('cart-dropdown: removing', () => {
  it('shows the spinner and the full-screen overlay, then the refreshed cart and count', async () => {
    seedTwo();
    backend.delay('/cart/remove-item', 50);
    const updates: unknown[] = [];
    const off = on(EVENTS.cartUpdated, (d) => updates.push(d));
    await mountWithCount('Cart, 3 items');
    await openCart();
    const remove = screen.getByRole('button', { name: `Remove ${CHROME}` });
    act(() => void fireEvent.click(remove));
    expect(screen.queryByRole('button', { name: `Remove ${CHROME}` })).toBeNull();
    expect(dialog().querySelector('.sfw-cart-dropdown__removing .sfw-spinner')).toBeTruthy();
    expect(document.querySelector('.sfw-loading-overlay')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('2024 Topps Chrome…')).toBeNull());
    expect(document.querySelector('.sfw-loading-overlay')).toBeNull();
    expect(toggle().getAttribute('aria-label')).toBe('Cart, 1 item');
    expect(dialog().querySelector('.sfw-cart-dropdown__subtotal')!.textContent).toBe('Subtotal$5.50');
    expect(backend.callsTo('/cart/remove-item')[0]!.body).toEqual({ item: 1 });
    expect(updates).toEqual([{ source: 'cart-dropdown' }]);
    // Its own announcement does not trigger a reload.
    expect(calls('/cart/retrieve')).toBe(1);
    off();
  });

  it('a REMOVE activated during another removal waits its turn, shown as deleting; repeated clicks send once', async () => {
    seedTwo();
    backend.delay('/cart/remove-item', 50);
    await mountWithCount('Cart, 3 items');
    await openCart();
    const first = screen.getByRole('button', { name: `Remove ${CHROME}` });
    const other = screen.getAllByRole('button', { name: /^Remove / })[1]!;
    act(() => {
      fireEvent.click(first);
      fireEvent.click(first);
      // Under the overlay, but reachable by keyboard or assistive technology.
      fireEvent.click(other);
      fireEvent.click(other);
    });
    // Both rows show the deleting spinner instead of REMOVE.
    expect(screen.queryAllByRole('button', { name: /^Remove / })).toHaveLength(0);
    expect(dialog().querySelectorAll('.sfw-cart-dropdown__removing .sfw-spinner')).toHaveLength(2);
    await screen.findByText('Your shopping cart is empty.');
    expect(document.querySelector('.sfw-loading-overlay')).toBeNull();
    expect(backend.callsTo('/cart/remove-item').map((c) => c.body)).toEqual([{ item: 1 }, { item: 2 }]);
    expect(toggle().getAttribute('aria-label')).toBe('Cart, 0 items');
    expect(document.activeElement).toBe(dialog());
  });

  it('a failed removal leaves the item and is only logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    seedTwo();
    backend.fail('/cart/remove-item', '500');
    await mountWithCount('Cart, 3 items');
    await openCart();
    act(() => void fireEvent.click(screen.getByRole('button', { name: `Remove ${CHROME}` })));
    await waitFor(() => expect(screen.getByRole('button', { name: `Remove ${CHROME}` })).toBeTruthy());
    expect(warn.mock.calls.some((c) => String(c[0]).includes('Removing a cart item'))).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(toggle().getAttribute('aria-label')).toBe('Cart, 3 items');
  });

  it('removing the last item shows the empty cart without the upsell blocks', async () => {
    seed([line(1, sampleIds.plain, 1, 10, CHROME)]);
    await mountWithCount('Cart, 1 item');
    await openCart();
    await screen.findByText('Recommended for you:');
    act(() => void fireEvent.click(screen.getByRole('button', { name: `Remove ${CHROME}` })));
    await screen.findByText('Your shopping cart is empty.');
    expect(screen.queryByText('Recommended for you:')).toBeNull();
    expect(document.activeElement).toBe(dialog());
  });
});

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

describe('cart-dropdown island', () => {
  it('mounts without props; once unmounted (and the store a moment later) it stops listening and drops the pending count', async () => {
    seedTwo();
    backend.delay('/cart/get-count', 150);
    const host = hook('cart-dropdown');
    const unmount = island.mount(host);
    expect(host.getAttribute('data-widget-state')).toBe('mounted');
    expect(host.querySelector('.sfw-cart-dropdown__toggle[aria-label="Cart, 0 items"]')).toBeTruthy();
    await waitFor(() => expect(calls('/cart/get-count')).toBe(1));
    // nanostores stops the cart's syncing STORE_UNMOUNT_DELAY after its last watcher left.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    unmount();
    await vi.advanceTimersByTimeAsync(STORE_UNMOUNT_DELAY + 100);
    vi.useRealTimers();
    emit(EVENTS.cartToggle, {});
    expect($openPanel.get()).toBe(null);
    await new Promise((r) => setTimeout(r, 150));
    expect($cart.get().count).toBe(0);
  });
});
