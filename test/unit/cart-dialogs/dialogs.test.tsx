/**
 * The cart-dialogs island: the quick-add dialog (load, failure, close) and
 * the 'Product added to your cart!' dialog (related items, add-on states).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backend, server } from '../../../demo-pages/mock/node';
import { productById, sampleIds, toProduct } from '../../../demo-pages/mock/catalog';
import { emit, EVENTS } from '../../../shared/events';
import { $lastAdd, CART_ADDED_MODAL, QUICK_ADD_MODAL } from '../../../shared/stores/cart-add';
import { $openModals, closeModal, openModal } from '../../../shared/stores/modals';
import island from '../../../widgets/cart-dialogs/island';
import { hook } from '../hook';

let unmount: () => void = () => {};
beforeEach(async () => {
  const host = hook('cart-dialogs');
  await act(async () => {
    unmount = island.mount(host);
  });
});
afterEach(() => {
  act(() => unmount());
  $lastAdd.set(null);
});

const dialog = (id: string) => document.querySelector<HTMLDialogElement>(`dialog[data-modal-id="${id}"]`)!;
/** The dialogs load lazily the first time one opens. */
const dialogLoaded = (id: string) => waitFor(() => expect(dialog(id)?.open).toBe(true));
const quickAdd = (productId: number) => act(() => emit(EVENTS.quickAdd, { productId }));
const title = (id: number) => productById(id)!.title;

describe('quick-add dialog', () => {
  it('shows a spinner, then the product form', async () => {
    backend.delay('/product/cart/load', 80);
    quickAdd(sampleIds.variations);
    expect($openModals.get()).toEqual([QUICK_ADD_MODAL]);
    await waitFor(() => expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Loading product…'));
    await dialogLoaded(QUICK_ADD_MODAL);
    const form = within(dialog(QUICK_ADD_MODAL));
    // The first open also compiles the lazy chunks: allow for it.
    expect((await form.findByRole('heading', { level: 3 }, { timeout: 5000 })).textContent).toBe(title(sampleIds.variations));
    expect(form.getByLabelText('Format')).toBeTruthy();
    expect(backend.callsTo('/product/cart/load')[0]!.body).toEqual({ id: sampleIds.variations });
  });

  it("says 'An error occurred. Please try again' when the load fails", async () => {
    backend.fail('/product/cart/load', '500');
    quickAdd(sampleIds.plain);
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred. Please try again');
  });

  it('ignores a bad product id', async () => {
    act(() => emit(EVENTS.quickAdd, { productId: 'x' as never }));
    expect($openModals.get()).toEqual([]);
  });

  it('moves focus to the product title once the form is shown', async () => {
    quickAdd(sampleIds.variations);
    await dialogLoaded(QUICK_ADD_MODAL);
    const heading = await within(dialog(QUICK_ADD_MODAL)).findByRole('heading', { level: 3 }, { timeout: 5000 });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.textContent).toBe(title(sampleIds.variations));
  });

  it('a quick-add right after a close loads the new product', async () => {
    quickAdd(sampleIds.plain);
    await dialogLoaded(QUICK_ADD_MODAL);
    await within(dialog(QUICK_ADD_MODAL)).findByRole('heading', { level: 3 }, { timeout: 5000 });
    // Close, let it render, and ask again before the next frame (legacy code closing and reopening).
    closeModal(QUICK_ADD_MODAL);
    await new Promise((resolve) => setTimeout(resolve, 0));
    emit(EVENTS.quickAdd, { productId: sampleIds.isNew });
    const form = within(dialog(QUICK_ADD_MODAL));
    expect((await form.findByRole('heading', { level: 3 })).textContent).toBe(title(sampleIds.isNew));
  });

  it('opened by id without a product: the error text and one console error, no endless spinner', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    act(() => openModal(QUICK_ADD_MODAL));
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred. Please try again');
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toContain('storefront:quick-add');
    expect(backend.callsTo('/product/cart/load')).toHaveLength(0);
    error.mockRestore();
  });

  it('a closed quick-add opened again by id does not reload the last product', async () => {
    quickAdd(sampleIds.plain);
    await dialogLoaded(QUICK_ADD_MODAL);
    await within(dialog(QUICK_ADD_MODAL)).findByRole('heading', { level: 3 }, { timeout: 5000 });
    fireEvent.click(within(dialog(QUICK_ADD_MODAL)).getByRole('button', { name: 'Close' }));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    act(() => openModal(QUICK_ADD_MODAL));
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred. Please try again');
    expect(backend.callsTo('/product/cart/load')).toHaveLength(1);
    error.mockRestore();
  });

  it('closing resets it: a later quick-add shows only the new product', async () => {
    backend.delay('/product/cart/load', (body) => (body.id === sampleIds.plain ? 150 : 10));
    quickAdd(sampleIds.plain);
    await screen.findByRole('status');
    await dialogLoaded(QUICK_ADD_MODAL);
    fireEvent.click(within(dialog(QUICK_ADD_MODAL)).getByRole('button', { name: 'Close' }));
    expect($openModals.get()).toEqual([]);
    quickAdd(sampleIds.isNew);
    const form = within(dialog(QUICK_ADD_MODAL));
    expect((await form.findByRole('heading', { level: 3 })).textContent).toBe(title(sampleIds.isNew));
    await new Promise((r) => setTimeout(r, 200)); // the first answer would have come by now
    expect(form.getByRole('heading', { level: 3 }).textContent).toBe(title(sampleIds.isNew));
  });

  it('a successful add closes it and opens the confirmation with the related items', async () => {
    quickAdd(sampleIds.plain);
    await dialogLoaded(QUICK_ADD_MODAL);
    const form = within(dialog(QUICK_ADD_MODAL));
    fireEvent.click(await form.findByRole('button', { name: 'Add to Cart' }));
    // The confirmation takes the focus while the quick-add dialog is still open; that one closes after.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Product added to your cart!'));
    expect($openModals.get()).toEqual([QUICK_ADD_MODAL, CART_ADDED_MODAL]);
    await waitFor(() => expect($openModals.get()).toEqual([CART_ADDED_MODAL]));
    expect(document.activeElement?.textContent).toBe('Product added to your cart!');
    const added = within(dialog(CART_ADDED_MODAL));
    expect(await added.findByRole('heading', { name: 'Product added to your cart!' })).toBeTruthy();
    expect(added.getByText(`1 × ${title(sampleIds.plain)}`)).toBeTruthy();
    const related = within(added.getByRole('region', { name: 'Related items' })).getAllByRole('listitem');
    expect(related.length).toBeGreaterThan(0);
    const first = within(related[0]!).getByRole('link');
    expect(first.getAttribute('href')).toMatch(/^\/[a-z0-9-]+$/);
    expect(first.textContent).not.toBe('');
    expect(within(related[0]!).getByText(/^\$\d+\.\d\d$/)).toBeTruthy();
    expect(added.getByRole('link', { name: 'View Cart' }).getAttribute('href')).toBe('/cart');
    expect(added.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
    fireEvent.click(added.getByRole('button', { name: 'Continue shopping' }));
    expect($openModals.get()).toEqual([]);
  });
});

describe('confirmation dialog: the free add-on', () => {
  const gift = (id: number) => toProduct(productById(id)!).AddOnProduct!;
  const open = async (productId: number) => {
    act(() => {
      $lastAdd.set({ title: title(productId), quantity: 1, related: [], addon: gift(productId) });
      openModal(CART_ADDED_MODAL);
    });
    await dialogLoaded(CART_ADDED_MODAL);
    return within(dialog(CART_ADDED_MODAL));
  };

  it('adds 1 with one click: saving, then Added!', async () => {
    backend.delay('/cart/add-item', 60);
    const added = await open(sampleIds.giftMultiplies); // gift: toploaders (41), no options
    expect(await added.findByText('Receive 1x FREE when you buy 1')).toBeTruthy();
    fireEvent.click(added.getByRole('button', { name: 'Add free gift' }));
    fireEvent.click(added.getByRole('button', { name: /adding/i }));
    expect(added.getByRole('button', { name: /adding/i }).getAttribute('aria-busy')).toBe('true');
    // The same button says it (the focus stays there), and the dialog's live region announces it.
    const done = await added.findByRole('button', { name: 'Added!' });
    expect(done.getAttribute('aria-disabled')).toBe('true');
    await waitFor(() => expect(added.getAllByRole('status').map((s) => s.textContent)).toContain('Added!'));
    const calls = backend.callsTo('/cart/add-item');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({ quantity: 1, id: 41, product_id: 41, price: 0 });
    expect($openModals.get()).toEqual([CART_ADDED_MODAL]);
  });

  it('a gift with options needs a choice first', async () => {
    const added = await open(sampleIds.giftWithOptions); // Dragon Shield sleeves
    const button = await added.findByRole('button', { name: 'Add free gift' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    await new Promise((r) => setTimeout(r, 20));
    expect(backend.callsTo('/cart/add-item')).toHaveLength(0);
    const select = added.getByLabelText(/of your free gift/) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Choose your gift', 'Black', 'Crimson', 'Clear']);
    act(() => {
      select.value = '4202';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    fireEvent.click(button);
    await added.findByRole('button', { name: 'Added!' });
    expect(backend.callsTo('/cart/add-item')[0]!.body).toMatchObject({
      id: 4202,
      product_id: 42,
      attributes: { variation: { value: 'Crimson' } },
    });
  });

  it("shows the first of Laravel's 422 messages when refused", async () => {
    const errors = { quantity: ['The gift is gone.'], id: ['Second line'] };
    server.use(http.post('/cart/add-item', () => HttpResponse.json({ message: 'The gift is gone. (and 1 more error)', errors }, { status: 422 })));
    const added = await open(sampleIds.giftOnce);
    fireEvent.click(await added.findByRole('button', { name: 'Add free gift' }));
    expect((await added.findByRole('alert')).textContent).toBe('The gift is gone.');
  });

  it('shows the first error string when refused', async () => {
    server.use(http.post('/cart/add-item', () => HttpResponse.json({ errors: ['The gift is gone.', 'Second line'] }, { status: 422 })));
    const added = await open(sampleIds.giftOnce);
    fireEvent.click(await added.findByRole('button', { name: 'Add free gift' }));
    expect((await added.findByRole('alert')).textContent).toBe('The gift is gone.');
    expect(added.queryByText('Second line')).toBeNull();
    expect(added.getByRole('button', { name: 'Add free gift' })).toBeTruthy();
  });
});
