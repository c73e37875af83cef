/**
 * Free add-on gifts (spec §3 "Add-on gift", §5 "Variations and add-ons", §9).
 *
 * Wording, exactly as §9 gives it:
 *   'Receive {quantity_given}x FREE when you buy {quantity_required}'
 *   + ' or more' when the gift does not multiply with the quantity bought,
 *   then 'Limited time only. While supplies last.'
 *
 * Options: a gift option is selectable when its quantity is above 0. Unlike
 * the product's own variations, its price does not gate it: the gift is free,
 * so a 0 price is normal. The quantity comes from `variation_product_stocks`
 * when it has an entry for the option. Which id that entry names is not in
 * the spec: an option's `product_id` is taken as the option's own product
 * when it differs from the gift product's id; when it equals it, it only
 * points at the parent and the option's `id` is matched instead.
 *
 * A choice is needed when the gift has options (spec: "an add-on with options
 * exists"), even if all are sold out: the shopper then picks 'optout'.
 */
import type { AddOnGift, VariationOption } from '../../../shared/api/schemas';
import { ADDON_OPTOUT } from './form-state';

export interface AddonOffer {
  lines: string[];
}

export const ADDON_LIMITED_TIME = 'Limited time only. While supplies last.';

export function addonOffer(gift: AddOnGift): AddonOffer {
  const { quantity_given, quantity_required, gift_quantity_multiplies } = gift.addon;
  const first = `Receive ${quantity_given}x FREE when you buy ${quantity_required}`;
  return { lines: [gift_quantity_multiplies ? first : `${first} or more`, ADDON_LIMITED_TIME] };
}

function stockKey(option: VariationOption, gift: AddOnGift): number {
  return option.product_id !== gift.product.id ? option.product_id : option.id;
}

/** Selectable gift options, each with its effective quantity. */
export function addonOptions(gift: AddOnGift): VariationOption[] {
  const stocks = gift.product.variation_product_stocks ?? [];
  return (gift.product.Options ?? [])
    .map((option) => {
      const key = stockKey(option, gift);
      const entries = stocks.filter((s) => s.product_id === key);
      if (entries.length === 0) return option;
      return { ...option, quantity: entries.reduce((sum, s) => sum + s.quantity, 0) };
    })
    .filter((option) => option.quantity > 0);
}

export function addonNeedsChoice(gift: AddOnGift | null | undefined): boolean {
  return !!gift && (gift.product.Options ?? []).length > 0;
}

/** The selectable option the choice names, or null (none, placeholder, 'optout', stale id). */
export function chosenAddonOption(gift: AddOnGift | null | undefined, choice: string | null): VariationOption | null {
  if (!gift || choice === null || choice === '' || choice === ADDON_OPTOUT) return null;
  return addonOptions(gift).find((o) => String(o.id) === choice) ?? null;
}

/** True when the add-on choice lets the form submit: no choice needed, 'optout', or a selectable option. */
export function addonChoiceComplete(gift: AddOnGift | null | undefined, choice: string | null): boolean {
  if (!addonNeedsChoice(gift)) return true;
  return choice === ADDON_OPTOUT || chosenAddonOption(gift, choice) !== null;
}
