import { describe, expect, it } from 'vitest';
import { blockerText, firstReason, type ReasonContext } from '../../../widgets/add-to-cart/reasons';
import type { AddToCartBlocker } from '../../../widgets/add-to-cart/rules';
import { product } from './factory';

const ctx = (over: Partial<ReasonContext> = {}): ReasonContext => ({ product: product(), available: 5, breakerCount: null, ...over });

describe('blockerText', () => {
  it.each<[AddToCartBlocker, Partial<ReasonContext>, string]>([
    ['variation-not-chosen', {}, 'Choose an option'],
    ['addon-not-chosen', {}, 'Choose your free gift, or opt out'],
    ['breaker-not-chosen', {}, 'Choose a breaker'],
    ['breaker-not-chosen', { breakerCount: 2 }, 'Choose a breaker'],
    ['breaker-not-chosen', { breakerCount: 0 }, 'No live breaker is available right now'],
    ['live-break-required', { breakerCount: 0 }, 'No live breaker is available right now'],
    ['live-break-required', { breakerCount: null }, 'Choose a breaker'],
    ['quantity-over-available', { available: 3 }, 'Only 3 available'],
    ['quantity-over-variation', { available: 1 }, 'Only 1 available'],
    ['quantity-over-available', { available: 0 }, 'Out of stock'],
    ['quantity-over-available', { available: 0, withBreaker: true }, 'Not available with this breaker'],
    ['quantity-over-available', { available: 0, product: product({ Presale: true }) }, 'Coming Soon!'],
    [
      'quantity-over-available',
      { available: 0, product: product({ break_eligible: true, Available: 3, AvailableToShip: 0 }) },
      'Available on a live break only: choose a breaker',
    ],
  ])('%s %o → %s', (blocker, over, text) => {
    expect(blockerText(blocker, ctx(over))).toBe(text);
  });
});

describe('firstReason', () => {
  it('names the first field to fix, in form order', () => {
    expect(firstReason(['addon-not-chosen', 'variation-not-chosen'], ctx())).toBe('Choose an option');
    expect(firstReason(['quantity-over-available', 'breaker-not-chosen'], ctx())).toBe('Choose a breaker');
  });
  it('is null when nothing blocks', () => {
    expect(firstReason([], ctx())).toBeNull();
  });
});
