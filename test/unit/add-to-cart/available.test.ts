import { describe, expect, it } from 'vitest';
import type { LiveBreaker, Product } from '../../../shared/api/schemas';
import { availableQuantity, warehouseStock } from '../../../widgets/add-to-cart/rules';
import type { FormState } from '../../../widgets/add-to-cart/rules';
import { breaker, product, state, stock, variation } from './factory';

// Warehouse 3 holds 2 + 1 (one record is also in 5); warehouse 4 holds 10.
const stocked = { AvailableToShip: 5, product_stock: [stock(2, 3, 5), stock(1, 3), stock(10, 4)] };
const at = (location: number, extra: Partial<LiveBreaker> = {}) => [breaker({ location, ...extra })];
const ticked = state({ liveBreak: true, breakerId: 'jim' });

describe('availableQuantity (§5 "Available quantity", §9 locations 0 and 19)', () => {
  it.each<[string, Product, FormState, LiveBreaker[], number]>([
    ['no variation, no breaker → available to ship', product(stocked), state(), [], 5],
    ['chosen variation → its quantity', product({ ...stocked, Options: [variation({ quantity: 4 })] }), state({ variationId: 501 }), [], 4],
    [
      'chosen variation wins over a warehouse breaker',
      product({ ...stocked, Options: [variation({ quantity: 4 })] }),
      state({ variationId: 501, liveBreak: true, breakerId: 'jim' }),
      at(3),
      4,
    ],
    ['breaker at location 0 → available to ship', product(stocked), ticked, at(0), 5],
    ['breaker at location 19 → available to ship', product(stocked), ticked, at(19), 5],
    ['breaker at warehouse 3 → sum of records located there', product(stocked), ticked, at(3), 3],
    ['breaker at warehouse 4 → its stock, even above to-ship', product(stocked), ticked, at(4), 10],
    ['breaker at warehouse 8 with no records there → 0', product(stocked), ticked, at(8), 0],
    ['breaker at warehouse 3, no stock records → 0', product({ product_stock: [] }), ticked, at(3), 0],
    ['record without locations does not count', product({ product_stock: [{ quantity: 9, product_stock_locations: [] }] }), ticked, at(3), 0],
    ['breaker with missing stock is eligible → warehouse stock', product(stocked), ticked, at(3, { stock: null }), 3],
    ['breaker chosen but tick off → available to ship', product(stocked), state({ breakerId: 'jim' }), at(3), 5],
    ['live-break-only: breaker without tick counts', product({ ...stocked, LiveBreakOnly: true }), state({ breakerId: 'jim' }), at(3), 3],
    ['ineligible breaker (stock 0) is ignored', product(stocked), ticked, at(3, { stock: 0 }), 5],
    ['ineligible breaker (other category) is ignored', product(stocked), ticked, at(3, { categories: [99] }), 5],
    ['ticked, no breaker chosen → available to ship', product(stocked), state({ liveBreak: true }), at(3), 5],
  ])('%s', (_, p, s, breakers, expected) => {
    expect(availableQuantity(p, s, breakers)).toBe(expected);
  });
});

describe('warehouseStock', () => {
  it.each([
    [3, 3],
    [5, 2],
    [4, 10],
    [0, 0],
  ])('warehouse %i → %i', (warehouse, expected) => {
    expect(warehouseStock(stocked.product_stock, warehouse)).toBe(expected);
  });
});
