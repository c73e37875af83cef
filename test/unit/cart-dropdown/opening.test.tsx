/** Opening the cart dropdown: the dialog, its items, subtotal and upsell, and closing it. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { productById, sampleIds } from '../../../demo-pages/mock/catalog';
import { CAD_FACTOR } from '../../../demo-pages/mock/backend';
import { backend } from '../../../demo-pages/mock/node';
import { emit, EVENTS, on } from '../../../shared/events';
import { COMING_SOON_SRC } from '../../../shared/ui/ProductImage';
import { $cart } from '../../../shared/stores/cart';
import { $openPanel } from '../../../shared/stores/panels';
import { $region } from '../../../shared/stores/region';
import { SAY_LOADING_MS } from '../../../widgets/cart-dropdown/CartDropdown';
import { calls, CHROME, dialog, dialogTitle, mountWithCount, openCart, seed, seedTwo, toggle } from './cart';

/** What the page's live region holds (each message a paragraph, said once). */
const said = () => [...document.querySelectorAll('.sfw-cart-dropdown > [role="status"] p')].map((p) => p.textContent);

describe('cart-dropdown: opening', () => {
  it('opens from its button as a labelled dialog with focus inside, loads the cart, then the upsell', async () => {
    seedTwo();
    await mountWithCount('Cart, 3 items');
    await openCart();
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(toggle().getAttribute('aria-controls')).toBe(screen.getByRole('dialog', { name: 'Shopping cart' }).id);
    expect($openPanel.get()).toBe('cart');
    expect(document.activeElement).toBe(dialogTitle());
    await screen.findByText('Recommended for you:');
    const order = backend.calls.map((c) => c.path).filter((p) => p === '/cart/retrieve' || p === '/cart/load-upsell');
    expect(order).toEqual(['/cart/retrieve', '/cart/load-upsell']);
  });

  it('a quick load: the page\'s live region says what loaded, once, and no "Loading your cart…" after it', async () => {
    seedTwo();
    await mountWithCount('Cart, 3 items');
    await openCart();
    await waitFor(() => expect(said()).toEqual(['Your cart has 3 items.']));
    await new Promise((resolve) => setTimeout(resolve, SAY_LOADING_MS + 100)); // its subject: the delay passed
    expect(said()).toEqual(['Your cart has 3 items.']);
    // The panel's own text does not say it either.
    expect(dialog().textContent).not.toContain('Loading');
  });

  it('a slow load: "Loading your cart…" once it lasts, then "Your shopping cart is empty.", each once', async () => {
    seed([]);
    backend.delay('/cart/retrieve', SAY_LOADING_MS + 300);
    await mountWithCount('Cart, 0 items');
    await openCart();
    await waitFor(() => expect(said()).toEqual(['Loading your cart…']), { timeout: SAY_LOADING_MS + 250 });
    await waitFor(() => expect(said()).toEqual(['Loading your cart…', 'Your shopping cart is empty.']), { timeout: 2000 });
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
