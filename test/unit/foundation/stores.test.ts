import { describe, expect, it } from 'vitest';
import { backend } from '../../../demo-pages/mock/node';
import { $cart, cartChanged, loadCart, loadCartIfStale, refreshCount, removeItem } from '../../../shared/stores/cart';
import { $openPanel, closePanels, togglePanel } from '../../../shared/stores/panels';
import { $openModals, closeModal, openModal } from '../../../shared/stores/modals';

function seedCart() {
  backend.update((s) => {
    s.cart = [
      { id: 1, productId: 41, title: 'Ultra Pro Toploaders', price: 4.99, quantity: 2, attributes: {} },
      { id: 2, productId: 3, title: 'Surging Sparks Booster Box', price: 139.99, quantity: 1, attributes: {} },
    ];
    s.nextLineId = 3;
  });
}

describe('panels and modals', () => {
  it('one header panel at a time', () => {
    togglePanel('cart');
    togglePanel('account');
    expect($openPanel.get()).toBe('account');
    togglePanel('account');
    expect($openPanel.get()).toBeNull();
    togglePanel('cart');
    closePanels();
    expect($openPanel.get()).toBeNull();
  });

  it('modals by id, stacked, never twice', () => {
    openModal('quick-add');
    openModal('cart-added');
    openModal('quick-add');
    expect($openModals.get()).toEqual(['quick-add', 'cart-added']);
    closeModal('quick-add');
    expect($openModals.get()).toEqual(['cart-added']);
  });
});

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
