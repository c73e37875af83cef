/**
 * When "Add to Cart" is disabled (spec §5 "Add to cart is disabled when any
 * of these holds"). One reason code per rule, in the spec's order; an empty
 * list means enabled.
 *
 * - 'addon-not-chosen': the gift has options and the choice is none, the
 *   unselected placeholder, or an id that is not a selectable option
 *   (stale). 'optout' is a choice.
 * - 'quantity-over-available': no variation chosen and quantity > available.
 * - 'quantity-over-variation': quantity > the chosen variation's quantity.
 * - 'variation-not-chosen': selectable variations exist and none is chosen.
 *   Options that are all unselectable do not block (there is nothing to pick).
 * - 'breaker-not-chosen': live break ticked without an (eligible) breaker.
 * - 'live-break-required': live-break-only product, no tick and no breaker.
 *
 * `available` is the figure from availableQuantity(); it is passed in so the
 * component computes it once for the controls and this check.
 */
import type { LiveBreaker, Product } from '../../../shared/api/schemas';
import { addonChoiceComplete } from './addon';
import { activeBreaker } from './breakers';
import type { FormState } from './form-state';
import { chosenVariation, hasSelectableVariations } from './variations';

export const ADD_TO_CART_BLOCKERS = [
  'addon-not-chosen',
  'quantity-over-available',
  'quantity-over-variation',
  'variation-not-chosen',
  'breaker-not-chosen',
  'live-break-required',
] as const;

export type AddToCartBlocker = (typeof ADD_TO_CART_BLOCKERS)[number];

export function addToCartBlockers(
  product: Product,
  state: FormState,
  available: number,
  breakers: readonly LiveBreaker[] | null | undefined,
): AddToCartBlocker[] {
  const blockers: AddToCartBlocker[] = [];
  const variation = chosenVariation(product, state);
  const breaker = activeBreaker(product, state, breakers);

  if (!addonChoiceComplete(product.AddOnProduct, state.addonChoice)) blockers.push('addon-not-chosen');
  if (!variation && state.quantity > available) blockers.push('quantity-over-available');
  if (variation && state.quantity > variation.quantity) blockers.push('quantity-over-variation');
  if (!variation && hasSelectableVariations(product)) blockers.push('variation-not-chosen');
  if (state.liveBreak && !breaker) blockers.push('breaker-not-chosen');
  if (product.LiveBreakOnly && !state.liveBreak && !breaker) blockers.push('live-break-required');
  return blockers;
}

export function isAddToCartDisabled(
  product: Product,
  state: FormState,
  available: number,
  breakers: readonly LiveBreaker[] | null | undefined,
): boolean {
  return addToCartBlockers(product, state, available, breakers).length > 0;
}
