/** Shared setup of the add-to-cart form tests (form-*.test.tsx): the form as a shopper uses it. */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { expect } from 'vitest';
import { backend } from '../../../demo-pages/mock/node';
import { productById, toProduct } from '../../../demo-pages/mock/catalog';
import { REFUSE_ADD_QUANTITY } from '../../../demo-pages/mock/backend';
import type { Product } from '../../../shared/api/schemas';
import { AddToCartForm } from '../../../widgets/add-to-cart/AddToCartForm';

export const catalog = (id: number): Product => toProduct(productById(id)!);

export function show(product: Product, showTitle = false) {
  render(<AddToCartForm product={product} source="test" showTitle={showTitle} />);
}

export const addButton = (name: RegExp | string = /add to cart|preorder/i) => screen.getByRole('button', { name });
/** The hint next to the button (its accessible description), or null. */
export const reason = () => {
  const id = addButton().getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent ?? null : null;
};
export const adds = () => backend.callsTo('/cart/add-item');
export const lastBody = () => adds().at(-1)!.body as Record<string, any>;
/** Chooses in a <select> as a browser does: the value changes, then `change` fires (testing-library/preact turns change into input). */
export function pick(label: RegExp | string, value: string) {
  const select = screen.getByLabelText(label) as HTMLSelectElement;
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
export const typeQuantity = (value: string) => fireEvent.input(screen.getByLabelText('Qty'), { target: { value } });

export async function submitAndWait() {
  fireEvent.click(addButton());
  await waitFor(() => expect(adds()).toHaveLength(1));
}

/** Submits; the mock backend refuses REFUSE_ADD_QUANTITY with two messages, each shown as an alert line. */
export async function expectRefusalAlerts() {
  await submitAndWait();
  const alerts = await screen.findAllByRole('alert');
  expect(alerts.map((a) => a.textContent)).toEqual([
    `Sorry, you can only buy ${REFUSE_ADD_QUANTITY - 1} of this item per order.`,
    'Please lower the quantity and try again.',
  ]);
}
