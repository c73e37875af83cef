import { describe, expect, it } from 'vitest';
import { $openModals, closeModal, openModal } from '../../../shared/stores/modals';
import { $openPanel, closePanels, togglePanel } from '../../../shared/stores/panels';

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
