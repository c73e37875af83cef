/** Shared setup of the cart-dropdown tests: a seeded cart, the toggle and dialog, counted calls. */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { expect } from 'vitest';
import { productById, sampleIds } from '../../../demo-pages/mock/catalog';
import { type CartLine } from '../../../demo-pages/mock/backend';
import { backend } from '../../../demo-pages/mock/node';
import { CartDropdown } from '../../../widgets/cart-dropdown/CartDropdown';

export function line(id: number, productId: number, quantity: number, price: number, title?: string): CartLine {
  return { id, productId, title: title ?? productById(productId)!.title, price, quantity, attributes: {} };
}

export const CHROME = '2024 Topps Chrome Baseball Hobby Box';

export function seed(cart: CartLine[]) {
  backend.update((s) => {
    s.cart = cart;
    s.nextLineId = cart.length + 1;
  });
}

export const seedTwo = () => seed([line(1, sampleIds.plain, 2, 10.25, CHROME), line(2, sampleIds.noImage, 1, 5.5)]);

export const toggle = () => screen.getByRole('button', { name: /^Cart/ });
export const dialog = () => document.querySelector<HTMLElement>('.sfw-cart-dropdown [role="dialog"]')!;
/** The panel's title, where the focus goes when it opens (as in every dialog). */
export const dialogTitle = () => dialog().querySelector<HTMLElement>('h2')!;
export const calls = (path: string) => backend.callsTo(path).length;

export async function mountWithCount(expected: string) {
  render(<CartDropdown />);
  await waitFor(() => expect(toggle().getAttribute('aria-label')).toBe(expected));
}

export async function openCart() {
  await act(() => void fireEvent.click(toggle()));
  await waitFor(() => expect(dialog().querySelector('.sfw-cart-dropdown__loading')).toBeNull());
}
