/**
 * How many units the shopper can add (spec §5 "Available quantity", §9).
 *
 * 1. A chosen variation: its own quantity. It wins over the warehouse rule:
 *    `product_stock` records belong to the parent product, so they say
 *    nothing about one variation's stock, and the variation's quantity is
 *    the finer figure.
 * 2. Otherwise, an active breaker at a specific warehouse (location neither
 *    0 nor 19, the general-stock values): the product's stock in that
 *    warehouse, i.e. the sum of the `product_stock` records located there,
 *    or 0 when there are none.
 * 3. Otherwise the total available to ship (`AvailableToShip`).
 *
 * A breaker counts only while it is active (see breakers.ts): chosen,
 * eligible, and with the tick on or a live-break-only product.
 */
import type { LiveBreaker, Product, StockRecord } from '../../../shared/api/schemas';
import { activeBreaker } from './breakers';
import type { FormState } from './form-state';
import { chosenVariation } from './variations';

/** Location values that mean general stock, not a specific warehouse (§9). */
export const GENERAL_STOCK_LOCATIONS: readonly number[] = [0, 19];

export function isSpecificWarehouse(location: number): boolean {
  return !GENERAL_STOCK_LOCATIONS.includes(location);
}

export function warehouseStock(records: readonly StockRecord[] | null | undefined, warehouseId: number): number {
  return (records ?? [])
    .filter((r) => (r.product_stock_locations ?? []).some((l) => l.warehouse_id === warehouseId))
    .reduce((sum, r) => sum + r.quantity, 0);
}

export function availableQuantity(
  product: Product,
  state: FormState,
  breakers: readonly LiveBreaker[] | null | undefined,
): number {
  const variation = chosenVariation(product, state);
  if (variation) return variation.quantity;
  const breaker = activeBreaker(product, state, breakers);
  if (breaker && isSpecificWarehouse(breaker.location)) return warehouseStock(product.product_stock, breaker.location);
  return product.AvailableToShip;
}
