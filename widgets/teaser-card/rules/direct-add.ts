/**
 * The cart-add payload of a teaser card's direct 'Add to cart' (spec §3
 * "Cart-add payload", §7). Only products that need no choice are added
 * directly (`needsOptions` false); the others open the quick-add dialog.
 *
 * - quantity 1, id and product_id both the product id, region = the
 *   visitor's country ($region.country).
 * - price: the unit price the card shows (price.ts): the deposit for a
 *   down-payment product with a deposit above 0, else the sale price when on
 *   sale and set, else price.
 * - attributes: {} for most products. A down-payment product also carries
 *   downPayment (true when the deposit is what is paid), payup (the full
 *   price), dpId (the product id) and payorder false (a new order), the same
 *   fields the add-to-cart form sends. Charity fields are not sent: a teaser
 *   lacks the charity code, so the server applies the product's own charity.
 */
import type { CartAddPayload, ProductTeaser } from '../../../shared/api/schemas';

export function directAddPayload(p: ProductTeaser, region: string): CartAddPayload {
  const full = p.sale && p.salePrice > 0 ? p.salePrice : p.price;
  const deposit = p.downPayment && p.depositPrice > 0;
  const attributes: Record<string, unknown> = p.downPayment
    ? { downPayment: deposit, payup: full, dpId: p.id, payorder: false }
    : {};
  return {
    title: p.title,
    quantity: 1,
    price: deposit ? p.depositPrice : full,
    attributes,
    id: p.id,
    product_id: p.id,
    region,
  };
}
