/** Removing items from the open cart dropdown. */
import { act, fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { sampleIds } from '../../../demo-pages/mock/catalog';
import { backend } from '../../../demo-pages/mock/node';
import { EVENTS, on } from '../../../shared/events';
import { calls, CHROME, dialog, dialogTitle, line, mountWithCount, openCart, seed, seedTwo, toggle } from './cart';

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
    const moves: Element[] = [];
    first.focus();
    document.addEventListener('focusin', (event) => moves.push(event.target as Element));
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
    // The pressed REMOVE left with its row: the focus went to the panel's title first, in one move.
    expect(document.activeElement).toBe(dialogTitle());
    await screen.findByText('Your shopping cart is empty.');
    expect(document.querySelector('.sfw-loading-overlay')).toBeNull();
    expect(backend.callsTo('/cart/remove-item').map((c) => c.body)).toEqual([{ item: 1 }, { item: 2 }]);
    expect(toggle().getAttribute('aria-label')).toBe('Cart, 0 items');
    expect(document.activeElement).toBe(dialogTitle());
    expect(moves).toEqual([dialogTitle()]);
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
    expect(document.activeElement).toBe(dialogTitle());
  });
});
