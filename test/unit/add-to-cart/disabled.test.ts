import { describe, expect, it } from 'vitest';
import type { LiveBreaker, Product } from '../../../shared/api/schemas';
import { addToCartBlockers, isAddToCartDisabled } from '../../../widgets/add-to-cart/rules';
import type { AddToCartBlocker, FormState } from '../../../widgets/add-to-cart/rules';
import { breaker, gift, giftOption, product, state, variation } from './factory';

const breakers = [breaker({ identifier: 'jim' }), breaker({ identifier: 'sold', stock: 0 })];
const giftWithOptions = { AddOnProduct: gift({}, { Options: [giftOption()] }) };
const withOptions = (quantity = 4) => ({ Options: [variation({ quantity })] });

type Case = [string, Partial<Product>, Partial<FormState>, number, AddToCartBlocker[]];

describe('addToCartBlockers (§5 "Add to cart is disabled when any of these holds")', () => {
  it.each<Case>([
    // none → enabled
    ['plain product, quantity 1 of 5', {}, {}, 5, []],
    ['quantity equal to available', {}, { quantity: 5 }, 5, []],
    // add-on with options
    ['add-on with options, no choice', giftWithOptions, { addonChoice: null }, 5, ['addon-not-chosen']],
    ['add-on with options, unselected placeholder', giftWithOptions, { addonChoice: '' }, 5, ['addon-not-chosen']],
    ['add-on with options, stale option id', giftWithOptions, { addonChoice: '12345' }, 5, ['addon-not-chosen']],
    ['add-on with options, opted out', giftWithOptions, { addonChoice: 'optout' }, 5, []],
    ['add-on with options, option chosen', giftWithOptions, { addonChoice: '901' }, 5, []],
    ['add-on without options, no choice needed', { AddOnProduct: gift() }, { addonChoice: null }, 5, []],
    // quantity vs available, no variation
    ['quantity over available, no variation', {}, { quantity: 6 }, 5, ['quantity-over-available']],
    ['nothing available', {}, {}, 0, ['quantity-over-available']],
    // quantity vs chosen variation
    ['quantity over the chosen variation', withOptions(2), { variationId: 501, quantity: 3 }, 2, ['quantity-over-variation']],
    ['quantity equal to the chosen variation', withOptions(2), { variationId: 501, quantity: 2 }, 2, []],
    ['over the variation, under a larger available passed in', withOptions(2), { variationId: 501, quantity: 3 }, 9, ['quantity-over-variation']],
    // variations without a choice
    ['variations exist, none chosen', withOptions(), {}, 5, ['variation-not-chosen']],
    ['sold-out variation id counts as none chosen', { Options: [variation(), variation({ id: 502, quantity: 0 })] }, { variationId: 502 }, 5, ['variation-not-chosen']],
    ['only unselectable variations: nothing to choose', { Options: [variation({ price: 0 })] }, {}, 5, []],
    // live break
    ['live break ticked without a breaker', {}, { liveBreak: true }, 5, ['breaker-not-chosen']],
    ['live break ticked with an ineligible breaker', {}, { liveBreak: true, breakerId: 'sold' }, 5, ['breaker-not-chosen']],
    ['live break ticked with a breaker', {}, { liveBreak: true, breakerId: 'jim' }, 5, []],
    // live-break-only
    ['live-break-only, neither tick nor breaker', { LiveBreakOnly: true }, {}, 5, ['live-break-required']],
    ['live-break-only, tick without breaker', { LiveBreakOnly: true }, { liveBreak: true }, 5, ['breaker-not-chosen']],
    ['live-break-only, breaker without tick', { LiveBreakOnly: true }, { breakerId: 'jim' }, 5, []],
    ['live-break-only, tick and breaker', { LiveBreakOnly: true }, { liveBreak: true, breakerId: 'jim' }, 5, []],
    // several at once, in the spec's order
    [
      'all that apply, in order',
      { ...giftWithOptions, ...withOptions(), LiveBreakOnly: true },
      { quantity: 9 },
      5,
      ['addon-not-chosen', 'quantity-over-available', 'variation-not-chosen', 'live-break-required'],
    ],
  ])('%s → %j', (_, p, s, available, expected) => {
    expect(addToCartBlockers(product(p), state(s), available, breakers)).toEqual(expected);
  });

  it('no breakers loaded: a ticked live break is blocked', () => {
    expect(addToCartBlockers(product(), state({ liveBreak: true, breakerId: 'jim' }), 5, null)).toEqual(['breaker-not-chosen']);
  });
});

describe('isAddToCartDisabled', () => {
  it.each<[string, Partial<Product>, Partial<FormState>, boolean]>([
    ['no blocker → enabled', {}, {}, false],
    ['a blocker → disabled', {}, { liveBreak: true }, true],
  ])('%s', (_, p, s, expected) => {
    expect(isAddToCartDisabled(product(p), state(s), 5, breakers as LiveBreaker[])).toBe(expected);
  });
});
