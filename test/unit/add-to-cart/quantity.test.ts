import { describe, expect, it } from 'vitest';
import type { Product } from '../../../shared/api/schemas';
import { decrement, increment, quantityControl } from '../../../widgets/add-to-cart/rules';
import type { FormState, QuantityControl } from '../../../widgets/add-to-cart/rules';
import { product, state, variation } from './factory';

const enabled = (canDecrement: boolean): QuantityControl => ({ disabled: false, canIncrement: true, canDecrement });
const off: QuantityControl = { disabled: true, canIncrement: false, canDecrement: false };
const withOptions = (quantity = 4) => ({ Options: [variation({ quantity })] });

describe('quantityControl (§5 "Quantity control")', () => {
  it.each<[string, Partial<Product>, Partial<FormState>, number, boolean, QuantityControl]>([
    ['plain product, quantity 1: − off at the minimum', {}, {}, 5, false, enabled(false)],
    ['quantity 3: both buttons on', {}, { quantity: 3 }, 5, false, enabled(true)],
    ['at the ceiling + stays on (over-demand flag)', {}, { quantity: 5 }, 5, false, enabled(true)],
    ['no-quantity mode', {}, { quantity: 3 }, 5, true, off],
    ['available 1 (under 2)', {}, {}, 1, false, off],
    ['available 0', {}, {}, 0, false, off],
    ['available exactly 2', {}, {}, 2, false, enabled(false)],
    ['variations exist, none chosen', withOptions(), {}, 5, false, off],
    ['chosen variation has 1 (under 2)', withOptions(1), { variationId: 501 }, 5, false, off],
    ['chosen variation has 2', withOptions(2), { variationId: 501 }, 2, false, enabled(false)],
    ['only sold-out variations: nothing to choose', { Options: [variation({ quantity: 0 })] }, {}, 5, false, enabled(false)],
  ])('%s', (_, p, s, available, noQuantityMode, expected) => {
    expect(quantityControl(product(p), state(s), available, { noQuantityMode })).toEqual(expected);
  });

  it('opts may be left out', () => {
    expect(quantityControl(product(), state(), 5).disabled).toBe(false);
  });
});

describe('increment (§4: stops at the available quantity, then flags over-demand)', () => {
  it.each([
    [1, 5, 2, false],
    [4, 5, 5, false],
    [5, 5, 5, true],
    [6, 5, 6, true],
    [1, 1, 1, true],
    [1, 0, 1, true],
  ])('quantity %i, available %i → %i, over-demand %s', (quantity, available, next, overDemand) => {
    expect(increment(state({ quantity }), available)).toEqual({ quantity: next, overDemand });
  });
});

describe('decrement (§5: minimum 1)', () => {
  it.each([
    [3, 2],
    [2, 1],
    [1, 1],
    [0, 1],
  ])('%i → %i', (quantity, expected) => {
    expect(decrement(quantity)).toBe(expected);
  });
});
