/**
 * Variations (spec §5 "Variations and add-ons"): only options with quantity
 * above 0 and price above 0 are selectable.
 *
 * A `variationId` that points at an option that is not selectable (sold out
 * since the page loaded, or unknown) counts as no choice: the form then asks
 * for a variation again instead of sending one the shop cannot sell.
 */
import type { Product, VariationOption } from '../../../shared/api/schemas';
import type { FormState } from './form-state';

export function selectableVariations(options: readonly VariationOption[] | null | undefined): VariationOption[] {
  return (options ?? []).filter((o) => o.quantity > 0 && o.price > 0);
}

export function chosenVariation(product: Product, state: FormState): VariationOption | null {
  if (state.variationId === null) return null;
  return selectableVariations(product.Options).find((o) => o.id === state.variationId) ?? null;
}

/** True when the shopper must pick a variation before adding. */
export function hasSelectableVariations(product: Product): boolean {
  return selectableVariations(product.Options).length > 0;
}
