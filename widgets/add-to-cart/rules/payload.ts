/**
 * The POST /cart/add-item body (spec §3 "Cart-add payload", §7).
 *
 * - title: the product's own title, without the ' - Presale' display suffix.
 * - quantity: as chosen. price: the unit price (price.ts).
 * - id: the chosen variation's id, else the product id; product_id is always
 *   the product id, so the server sees both the item and its parent.
 * - region: as given by the caller (the visitor's region/currency choice).
 *
 * `attributes` holds exactly the groups that apply, nothing empty:
 * - variation {type, value, option_type, sku}: a variation is chosen.
 * - downPayment, payup, dpId, payorder: the product takes down payments.
 *   downPayment = this add pays the deposit (false when the full amount is
 *   chosen), payup = the full price, dpId = the product id, payorder = false
 *   (this is a new order, not paying off an earlier deposit).
 * - breakLive (true), breakerSelected (identifier), breakLocation: a breaker
 *   is active (breakers.ts).
 * - addon_id: the product has a gift and it is not declined: the chosen
 *   option's id, or the gift product id when the gift has no options. Left
 *   out for 'optout' and when no selectable option is chosen.
 * - expires: the product has an `expires` value (sent as is, independent of
 *   the gift).
 * - charity_code, charity_type, charity_value, charity_name, charity_logo:
 *   the product has an ActiveCharity (monetary_type → charity_type,
 *   monetary_value → charity_value; a missing logo is sent as '').
 */
import type { CartAddPayload, LiveBreaker, Product } from '../../../shared/api/schemas';
import { addonNeedsChoice, chosenAddonOption } from './addon';
import { activeBreaker } from './breakers';
import { ADDON_OPTOUT, type FormState } from './form-state';
import { fullPrice, paysDeposit, unitPrice } from './price';
import { chosenVariation } from './variations';

export interface PayloadContext {
  region: string;
  breakers: readonly LiveBreaker[] | null | undefined;
}

function addonId(product: Product, state: FormState): number | null {
  const gift = product.AddOnProduct;
  if (!gift || state.addonChoice === ADDON_OPTOUT) return null;
  if (!addonNeedsChoice(gift)) return gift.addon.gift_product_id;
  return chosenAddonOption(gift, state.addonChoice)?.id ?? null;
}

export function cartAddAttributes(product: Product, state: FormState, breakers: PayloadContext['breakers']): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};

  const variation = chosenVariation(product, state);
  if (variation) {
    attributes.variation = {
      type: variation.type,
      value: variation.value,
      option_type: variation.option_type,
      sku: variation.sku,
    };
  }

  if (product.DownPayment) {
    attributes.downPayment = paysDeposit(product, state);
    attributes.payup = fullPrice(product, state);
    attributes.dpId = product.id;
    attributes.payorder = false;
  }

  const breaker = activeBreaker(product, state, breakers);
  if (breaker) {
    attributes.breakLive = true;
    attributes.breakerSelected = breaker.identifier;
    attributes.breakLocation = breaker.location;
  }

  const addon = addonId(product, state);
  if (addon !== null) attributes.addon_id = addon;
  if (product.expires) attributes.expires = product.expires;

  const charity = product.ActiveCharity;
  if (charity) {
    attributes.charity_code = charity.charity_code;
    attributes.charity_type = charity.monetary_type;
    attributes.charity_value = charity.monetary_value;
    attributes.charity_name = charity.charity_name;
    attributes.charity_logo = charity.charity_logo ?? '';
  }

  return attributes;
}

export function buildCartAddPayload(product: Product, state: FormState, context: PayloadContext): CartAddPayload {
  const variation = chosenVariation(product, state);
  return {
    title: product.title,
    quantity: state.quantity,
    price: unitPrice(product, state),
    attributes: cartAddAttributes(product, state, context.breakers),
    id: variation ? variation.id : product.id,
    product_id: product.id,
    region: context.region,
  };
}
