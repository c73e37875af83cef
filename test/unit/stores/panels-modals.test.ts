import { describe, expect, it, vi } from 'vitest';
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

  it('a template still sending the ids from before the renaming (login, region) opens the renamed modal, with one warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    openModal('login');
    openModal('login');
    openModal('region');
    expect($openModals.get()).toEqual(['login-modal', 'region-dialog']);
    closeModal('login');
    expect($openModals.get()).toEqual(['region-dialog']);
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringContaining('modal id "login" is now "login-modal"'),
      expect.stringContaining('modal id "region" is now "region-dialog"'),
    ]);
    warn.mockRestore();
  });
});
