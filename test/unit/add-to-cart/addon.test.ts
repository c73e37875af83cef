import { describe, expect, it } from 'vitest';
import type { AddOnGift } from '../../../shared/api/schemas';
import { addonNeedsChoice, addonOffer, addonOptions, chosenAddonOption } from '../../../widgets/add-to-cart/rules';
import { gift, giftOption } from './factory';

describe('addonOffer (§9 free add-on wording)', () => {
  it.each([
    [1, 2, false, 'Receive 1x FREE when you buy 2 or more'],
    [2, 3, true, 'Receive 2x FREE when you buy 3'],
    [1, 1, true, 'Receive 1x FREE when you buy 1'],
    [3, 10, false, 'Receive 3x FREE when you buy 10 or more'],
  ])('given %i, required %i, multiplies %s → %j', (quantity_given, quantity_required, gift_quantity_multiplies, first) => {
    expect(addonOffer(gift({ quantity_given, quantity_required, gift_quantity_multiplies })).lines).toEqual([
      first,
      'Limited time only. While supplies last.',
    ]);
  });
});

describe('addonOptions (selectable gift options, stock from variation_product_stocks)', () => {
  type Stocks = NonNullable<AddOnGift['product']['variation_product_stocks']>;
  it.each<[string, Partial<Parameters<typeof giftOption>[0]>, Stocks, number | null]>([
    // case, option fields, stock entries, effective quantity (null = not selectable)
    ['in stock, no stock entries', {}, [], 6],
    ['sold out, no stock entries', { quantity: 0 }, [], null],
    ['free (price 0) is still selectable', { price: 0 }, [], 6],
    ['own product id: stock entry wins', { product_id: 950 }, [{ product_id: 950, quantity: 2 }], 2],
    ['own product id: entries are summed', { product_id: 950 }, [{ product_id: 950, quantity: 2 }, { product_id: 950, quantity: 1 }], 3],
    ['own product id: entry at 0 → sold out', { product_id: 950 }, [{ product_id: 950, quantity: 0 }], null],
    ['entry revives an option whose own quantity is 0', { product_id: 950, quantity: 0 }, [{ product_id: 950, quantity: 4 }], 4],
    ['parent product id: matched on option id', { id: 901, product_id: 900 }, [{ product_id: 901, quantity: 1 }], 1],
    ['parent product id: entry for the parent is not used', { id: 901, product_id: 900 }, [{ product_id: 900, quantity: 0 }], 6],
    ['entry for another option only', { product_id: 950 }, [{ product_id: 951, quantity: 0 }], 6],
  ])('%s', (_, fields, variation_product_stocks, expected) => {
    const options = addonOptions(gift({}, { Options: [giftOption(fields)], variation_product_stocks }));
    expect(options[0]?.quantity ?? null).toBe(expected);
  });

  it('no options → none', () => {
    expect(addonOptions(gift({}, { Options: [] }))).toEqual([]);
  });
});

describe('addonNeedsChoice', () => {
  it.each<[string, AddOnGift | null, boolean]>([
    ['no gift', null, false],
    ['gift without options', gift(), false],
    ['gift with options', gift({}, { Options: [giftOption()] }), true],
    ['gift whose options are all sold out (must opt out)', gift({}, { Options: [giftOption({ quantity: 0 })] }), true],
  ])('%s → %s', (_, g, expected) => {
    expect(addonNeedsChoice(g)).toBe(expected);
  });
});

describe('chosenAddonOption', () => {
  const g = gift({}, { Options: [giftOption({ id: 901 }), giftOption({ id: 902, quantity: 0 })] });
  it.each<[string | null, number | null]>([
    [null, null],
    ['', null],
    ['optout', null],
    ['901', 901],
    ['902', null],
    ['999', null],
  ])('choice %j → %j', (choice, expected) => {
    expect(chosenAddonOption(g, choice)?.id ?? null).toBe(expected);
  });
});
