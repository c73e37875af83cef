import { describe, expect, it } from 'vitest';
import { $announcements, announce, claimAnnouncements, PAGE_SCOPE, releaseAnnouncements } from '../../../shared/stores/announcer';
import { closeModal, openModal } from '../../../shared/stores/modals';

const said = (scope: string) => $announcements.get().filter((a) => a.scope === scope).map((a) => a.text);

describe('announcer', () => {
  it('the page says a message while no dialog is open; a dialog cannot take it then', () => {
    announce('Your cart now has 1 item.');
    claimAnnouncements('cart-added');
    expect(said('cart-added')).toEqual([]);
    claimAnnouncements(PAGE_SCOPE);
    expect(said(PAGE_SCOPE)).toEqual(['Your cart now has 1 item.']);
  });

  it('with a dialog open, only the top dialog says it, once', () => {
    openModal('quick-add');
    openModal('cart-added');
    announce('Added!');
    claimAnnouncements(PAGE_SCOPE);
    claimAnnouncements('quick-add');
    expect($announcements.get().every((a) => a.scope === null)).toBe(true);
    claimAnnouncements('cart-added');
    claimAnnouncements('cart-added');
    expect(said('cart-added')).toEqual(['Added!']);
    closeModal('cart-added');
    closeModal('quick-add');
  });

  it('a region keeps its last three messages and forgets them once hidden', () => {
    for (const n of [1, 2, 3, 4]) {
      announce(`Your cart now has ${n} items.`);
      claimAnnouncements(PAGE_SCOPE);
    }
    expect(said(PAGE_SCOPE)).toEqual(['Your cart now has 2 items.', 'Your cart now has 3 items.', 'Your cart now has 4 items.']);
    releaseAnnouncements(PAGE_SCOPE);
    expect($announcements.get()).toEqual([]);
  });
});
