import { describe, expect, it } from 'vitest';
import { chosenVariation, selectableVariations } from '../../../widgets/add-to-cart/rules';
import { product, state, variation } from './factory';

describe('selectableVariations (§5: quantity above 0 and price above 0)', () => {
  it.each([
    ['in stock and priced', { quantity: 4, price: 12 }, true],
    ['quantity 0', { quantity: 0, price: 12 }, false],
    ['negative quantity', { quantity: -1, price: 12 }, false],
    ['price 0', { quantity: 4, price: 0 }, false],
    ['quantity 1, price 0.01', { quantity: 1, price: 0.01 }, true],
  ])('%s → selectable: %s', (_, fields, selectable) => {
    expect(selectableVariations([variation(fields)])).toHaveLength(selectable ? 1 : 0);
  });

  it('keeps the order of the selectable ones', () => {
    const options = [variation({ id: 1 }), variation({ id: 2, quantity: 0 }), variation({ id: 3 })];
    expect(selectableVariations(options).map((o) => o.id)).toEqual([1, 3]);
  });

  it.each([[null], [undefined], [[]]])('no options (%s) → none', (options) => {
    expect(selectableVariations(options)).toEqual([]);
  });
});

describe('chosenVariation', () => {
  const options = [variation({ id: 501 }), variation({ id: 502, quantity: 0 })];
  it.each([
    ['nothing chosen', null, null],
    ['a selectable option', 501, 501],
    ['a sold-out option counts as no choice', 502, null],
    ['an unknown id counts as no choice', 999, null],
  ])('%s', (_, variationId, expected) => {
    expect(chosenVariation(product({ Options: options }), state({ variationId }))?.id ?? null).toBe(expected);
  });
});
