/**
 * The quantity control (spec §4 "Add to cart", §5 "Quantity control").
 *
 * Disabled when: no-quantity mode, available under 2, selectable variations
 * exist without a choice, or the chosen variation has under 2.
 *
 * `canIncrement` / `canDecrement` say whether each button is enabled. The +
 * button stays enabled at the ceiling on purpose: a click there keeps the
 * quantity and raises the over-demand flag (spec §4). The − button is
 * disabled at 1, where a click would do nothing.
 */
import type { Product } from '../../../shared/api/schemas';
import type { FormState } from './form-state';
import { chosenVariation, hasSelectableVariations } from './variations';

export interface QuantityControl {
  disabled: boolean;
  canIncrement: boolean;
  canDecrement: boolean;
}

export interface QuantityOptions {
  /** The page shows no quantity picker (one unit per add). */
  noQuantityMode?: boolean;
}

export const MIN_QUANTITY = 1;

export function isQuantityDisabled(
  product: Product,
  state: FormState,
  available: number,
  opts: QuantityOptions = {},
): boolean {
  if (opts.noQuantityMode) return true;
  if (available < 2) return true;
  const variation = chosenVariation(product, state);
  if (!variation && hasSelectableVariations(product)) return true;
  return variation !== null && variation.quantity < 2;
}

export function quantityControl(
  product: Product,
  state: FormState,
  available: number,
  opts: QuantityOptions = {},
): QuantityControl {
  const disabled = isQuantityDisabled(product, state, available, opts);
  return { disabled, canIncrement: !disabled, canDecrement: !disabled && state.quantity > MIN_QUANTITY };
}

/** One more, up to the available quantity; at or past it the quantity stays and `overDemand` is set. */
export function increment(state: Pick<FormState, 'quantity'>, available: number): { quantity: number; overDemand: boolean } {
  if (state.quantity < available) return { quantity: state.quantity + 1, overDemand: false };
  return { quantity: state.quantity, overDemand: true };
}

/** One less, never under 1. */
export function decrement(quantity: number): number {
  return Math.max(MIN_QUANTITY, quantity - 1);
}
