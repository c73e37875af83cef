import * as v from 'valibot';
import { Product, type AddOnGift, type LiveBreaker, type StockRecord, type VariationOption } from '../../../shared/api/schemas';
import { initialFormState, type FormState } from '../../../widgets/add-to-cart/rules';

/**
 * A product as the schema reads a minimal server answer: $10.00, 5 available
 * to ship, category 7, and every other field at its schema default (eligible,
 * no flags, no variations, gift, charity or stock records, no sale limit).
 * Each case overrides only what it tests.
 */
export function product(overrides: Partial<Product> = {}): Product {
  const minimal = { id: 100, sku: 'BOX-100', title: 'Test Box', slug: 'test-box', Price: 10, price: 10, Available: 5, AvailableToShip: 5 };
  return { ...v.parse(Product, { ...minimal, categories: [{ id: 7, name: 'Baseball' }] }), ...overrides };
}

/** A selectable variation: $12.00, 4 in stock. */
export function variation(overrides: Partial<VariationOption> = {}): VariationOption {
  return {
    id: 501,
    type: 'Size',
    value: 'Hobby',
    option_type: 'select',
    sku: 'BOX-100-H',
    product_id: 100,
    price: 12,
    quantity: 4,
    ...overrides,
  };
}

/** A stock record of `quantity` located in the given warehouses. */
export function stock(quantity: number, ...warehouses: number[]): StockRecord {
  return { quantity, product_stock_locations: warehouses.map((warehouse_id) => ({ warehouse_id })) };
}

/** A breaker at general stock (location 0), stock 3, covering every category. */
export function breaker(overrides: Partial<LiveBreaker> = {}): LiveBreaker {
  return { identifier: 'jim', location: 0, categories: [], stock: 3, next_live: null, ...overrides };
}

/** A gift (product 900) given 1 for 2 bought, not multiplying, with no options. */
export function gift(
  addon: Partial<AddOnGift['addon']> = {},
  giftProduct: Partial<AddOnGift['product']> = {},
): AddOnGift {
  return {
    addon: { gift_product_id: 900, quantity_given: 1, quantity_required: 2, gift_quantity_multiplies: false, ...addon },
    product: { id: 900, title: 'Free Sleeves', Options: [], variation_product_stocks: [], ...giftProduct },
  };
}

/** A gift option (parent 900), free, 6 in stock. */
export function giftOption(overrides: Partial<VariationOption> = {}): VariationOption {
  return variation({ id: 901, type: 'Color', value: 'Red', sku: 'SLV-R', product_id: 900, price: 0, quantity: 6, ...overrides });
}

export function state(overrides: Partial<FormState> = {}): FormState {
  return { ...initialFormState(), ...overrides };
}
