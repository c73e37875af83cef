import { describe, expect, it } from 'vitest';
import { badgeText, cartButtonLabel, countAnnouncement } from '../../../widgets/cart-dropdown/rules/labels';

describe('cart badge and button name', () => {
  it.each([
    [0, false, null, 'Cart, 0 items'],
    [1, false, '1', 'Cart, 1 item'],
    [3, false, '3', 'Cart, 3 items'],
    [3, true, '!', 'Cart has a problem'],
    [0, true, '!', 'Cart has a problem'],
  ])('count %i, errors %s → badge %j, name %j', (count, errors, badge, label) => {
    expect(badgeText({ count, errors })).toBe(badge);
    expect(cartButtonLabel({ count, errors })).toBe(label);
  });
});

describe('countAnnouncement', () => {
  it.each([
    [{ count: 2, errors: false }, { count: 2, errors: false }, null],
    [{ count: 2, errors: false }, { count: 3, errors: false }, 'Your cart now has 3 items.'],
    [{ count: 2, errors: false }, { count: 1, errors: false }, 'Your cart now has 1 item.'],
    [{ count: 1, errors: false }, { count: 0, errors: false }, 'Your shopping cart is empty.'],
    [{ count: 1, errors: false }, { count: 2, errors: true }, 'There is a problem with your cart.'],
    [{ count: 2, errors: true }, { count: 1, errors: true }, 'Your cart now has 1 item.'],
    [{ count: 2, errors: true }, { count: 2, errors: false }, 'Your cart now has 2 items.'],
  ])('%j → %j says %j', (before, after, text) => {
    expect(countAnnouncement(before, after)).toBe(text);
  });
});
