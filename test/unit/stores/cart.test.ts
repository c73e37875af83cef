import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { backend, server } from '../../../demo-pages/mock/node';
import { $cart, cartChanged, followCart, loadCart, loadCartIfStale, refreshCount, removeItem } from '../../../shared/stores/cart';
import { CART_CHANNEL, emit, EVENTS, keepStorefrontEvents } from '../../../shared/events';

function seedCart() {
  backend.update((s) => {
    s.cart = [
      { id: 1, productId: 41, title: 'Ultra Pro Toploaders', price: 4.99, quantity: 2, attributes: {} },
      { id: 2, productId: 3, title: 'Surging Sparks Booster Box', price: 139.99, quantity: 1, attributes: {} },
    ];
    s.nextLineId = 3;
  });
}

describe('cart store', () => {
  it('refreshCount reads the count', async () => {
    seedCart();
    await refreshCount();
    expect($cart.get().count).toBe(3);
  });

  it('loadCart: items, total, then the upsell (only when there are items)', async () => {
    seedCart();
    await loadCart();
    const cart = $cart.get();
    expect(cart.items).toHaveLength(2);
    expect(cart.total).toBe(149.97);
    expect(cart.stale).toBe(false);
    expect(cart.upsell.length).toBeGreaterThan(0);
    expect(backend.calls.map((c) => c.path)).toEqual(['/cart/retrieve', '/cart/load-upsell']);
  });

  it('an empty cart never asks for the upsell', async () => {
    await loadCart();
    expect(backend.callsTo('/cart/load-upsell')).toHaveLength(0);
  });

  it('loadCartIfStale loads once until the cart changes', async () => {
    seedCart();
    await loadCartIfStale();
    await loadCartIfStale();
    expect(backend.callsTo('/cart/retrieve')).toHaveLength(1);
    await cartChanged(false); // closed: only the count
    expect(backend.callsTo('/cart/get-count')).toHaveLength(1);
    expect($cart.get().stale).toBe(true);
    await cartChanged(true); // open: reload
    expect(backend.callsTo('/cart/retrieve')).toHaveLength(2);
  });

  it('removeItem: one request however many clicks, the cart refreshes from the answer', async () => {
    seedCart();
    await loadCart();
    await Promise.all([removeItem(1), removeItem(1), removeItem(1)]);
    expect(backend.callsTo('/cart/remove-item')).toHaveLength(1);
    expect($cart.get().items.map((i) => i.id)).toEqual([2]);
    expect($cart.get().count).toBe(1);
    expect($cart.get().deletingId).toBeNull();
  });

  it('a failed removal leaves the item and clears the deleting state', async () => {
    seedCart();
    await loadCart();
    backend.fail('/cart/remove-item', '500');
    await removeItem(1);
    expect($cart.get().items).toHaveLength(2);
    expect($cart.get().deletingId).toBeNull();
  });
});

/** A promise the test resolves when it wants. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const sent = (path: string) => backend.callsTo(path).length;
const ids = () => $cart.get().items.map((i) => i.id);

describe('cart store: the last action wins (answers out of order)', () => {
  it('a cart reload sent before a removal and answered after it does not bring the item back', async () => {
    seedCart();
    await loadCart();
    backend.delay('/cart/retrieve', 80);
    const reload = loadCart(); // the server answers it with both items, slowly
    await vi.waitFor(() => expect(sent('/cart/retrieve')).toBe(2));
    await removeItem(1);
    await reload; // resolves once its answer is applied, or dropped
    expect(ids()).toEqual([2]);
    expect($cart.get().count).toBe(1);
    expect($cart.get().total).toBe(139.99);
  });

  it('a count request sent before a removal and answered after it does not put the old count back', async () => {
    seedCart();
    await loadCart();
    backend.delay('/cart/get-count', 80);
    const count = refreshCount(); // answers 3, slowly
    await vi.waitFor(() => expect(sent('/cart/get-count')).toBe(1));
    await removeItem(1);
    await count; // resolves once its answer is applied, or dropped
    expect($cart.get().count).toBe(1);
  });

  it('a count request answered after a newer cart reload does not overwrite its count', async () => {
    seedCart();
    backend.delay('/cart/get-count', 80);
    const count = refreshCount(); // answers 3, slowly
    await vi.waitFor(() => expect(sent('/cart/get-count')).toBe(1));
    backend.update((s) => (s.cart[0]!.quantity = 5)); // changed elsewhere
    await loadCart();
    expect($cart.get().count).toBe(6);
    await count;
    expect($cart.get().count).toBe(6);
  });

  it('a reload asked for while a removal runs waits for it, so the removed item never comes back', async () => {
    seedCart();
    await loadCart();
    // The removal reaches the server late (the handler falls through to the backend once opened).
    const late = gate();
    server.use(http.post('/cart/remove-item', () => late.opened));
    const removal = removeItem(1);
    const reload = cartChanged(true); // e.g. another tab changed the cart
    await new Promise((resolve) => setTimeout(resolve, 30));
    late.open();
    await Promise.all([removal, reload]);
    expect(ids()).toEqual([2]);
    expect($cart.get().count).toBe(1);
    const order = backend.calls.map((c) => c.path).filter((p) => p !== '/cart/load-upsell');
    expect(order).toEqual(['/cart/retrieve', '/cart/remove-item', '/cart/retrieve']);
  });
});

describe('cart store: removals one at a time', () => {
  it('a removal asked for while another runs waits its turn (shown as deleting); each item is sent once', async () => {
    seedCart();
    await loadCart();
    backend.delay('/cart/remove-item', 40);
    // What the store shows as deleting when each request reaches the server.
    const deletingAtArrival: unknown[] = [];
    server.use(http.post('/cart/remove-item', () => void deletingAtArrival.push($cart.get().deletingId)));
    const first = removeItem(1);
    const second = removeItem(2);
    void removeItem(2);
    void removeItem(1);
    expect($cart.get().deletingId).toBe(1);
    expect($cart.get().queued).toEqual([2]);
    await Promise.all([first, second]);
    expect(backend.callsTo('/cart/remove-item').map((c) => c.body)).toEqual([{ item: 1 }, { item: 2 }]);
    expect(deletingAtArrival).toEqual([1, 2]);
    expect(ids()).toEqual([]);
    expect($cart.get().count).toBe(0);
    expect($cart.get().deletingId).toBeNull();
    expect($cart.get().queued).toEqual([]);
  });

  it('a failed removal does not stop the next one', async () => {
    seedCart();
    await loadCart();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(http.post('/cart/remove-item', async ({ request }) => {
      const { item } = (await request.clone().json()) as { item: number };
      if (item === 1) return new Response('{}', { status: 500 });
    }));
    await Promise.all([removeItem(1), removeItem(2)]);
    expect(ids()).toEqual([1]);
    expect($cart.get().deletingId).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});

describe('cart store: syncs while a dropdown follows it (followCart)', () => {
  it('asks for the count once however many follow, follows cart-updated, and stops at once when the last one stops', async () => {
    seedCart();
    const stops = [followCart(), followCart()];
    await vi.waitFor(() => expect($cart.get().count).toBe(3));
    expect(sent('/cart/get-count')).toBe(1);
    emit(EVENTS.cartUpdated, { source: 'legacy' }); // changed elsewhere, count unknown
    await vi.waitFor(() => expect(sent('/cart/get-count')).toBe(2));
    stops.forEach((stop) => stop());
    emit(EVENTS.cartUpdated, { source: 'legacy' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent('/cart/get-count')).toBe(2);
  });

  it('tells the other tabs once per cart change while the page wakes, and does not tell them back their own', async () => {
    const heard: unknown[] = [];
    const otherTab = new BroadcastChannel(CART_CHANNEL);
    otherTab.onmessage = (event) => heard.push(event.data);
    // The page runtime keeps the storefront events while the page wakes; the cart dropdown already follows the cart.
    const keeper = keepStorefrontEvents(() => false, () => {});
    const stop = followCart();
    try {
      await vi.waitFor(() => expect(sent('/cart/get-count')).toBe(1));
      emit(EVENTS.cartUpdated, { source: 'add-to-cart', count: 2 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).toEqual(['cart-updated']);
      seedCart();
      otherTab.postMessage('cart-updated');
      await vi.waitFor(() => expect($cart.get().count).toBe(3));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).toEqual(['cart-updated']);
      expect(sent('/cart/get-count')).toBe(2);
    } finally {
      stop();
      keeper.stop();
      otherTab.close();
    }
  });
});
