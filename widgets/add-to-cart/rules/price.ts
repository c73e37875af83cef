/**
 * The unit price sent and shown (spec §4 "Choosing a variation sets the price
 * shown", §5 "Down payment").
 *
 * 1. A chosen variation: its price.
 * 2. A down-payment product, unless the full amount is chosen: DepositPrice.
 *    A missing deposit (0) falls back to the full price, so an item is never
 *    added for nothing.
 * 3. Otherwise `Price`, or `price` when `Price` is missing (0).
 *
 * Since the variation comes first, a down-payment product with a chosen
 * variation is charged the variation's full price (no deposit).
 *
 * The price shown (`shownPrice`) is the shared price display rule
 * (shared/rules/price.ts) read from the product and the choices: the deposit
 * while this add pays it; 'Starts at:' the lowest variation price until a
 * variation is chosen; the sale mark (ListPrice struck) only without a chosen
 * variation, whose own price the sale flag does not describe.
 */
import type { Product } from '../../../shared/api/schemas';
import type { Currency } from '../../../shared/money';
import { priceDisplay, type PriceDisplay } from '../../../shared/rules/price';
import { buysWithNormalButton } from '../../../shared/rules/purchase';
import type { FormState } from './form-state';
import { chosenVariation } from './variations';

export const depositMessage =
  "By making a down payment, you are agreeing to pay the full balance amount upon the product's release";

/** The price without any deposit: the chosen variation's, else Price, else price. */
export function fullPrice(product: Product, state: FormState): number {
  return chosenVariation(product, state)?.price ?? (product.Price || product.price);
}

/** True when this add pays the deposit rather than the full amount. */
export function paysDeposit(product: Product, state: FormState): boolean {
  return product.DownPayment && !state.payFull && product.DepositPrice > 0 && chosenVariation(product, state) === null;
}

export function unitPrice(product: Product, state: FormState): number {
  return paysDeposit(product, state) ? product.DepositPrice : fullPrice(product, state);
}

export function shownPrice(product: Product, state: FormState, currency: Currency): PriceDisplay {
  const variation = chosenVariation(product, state);
  return priceDisplay(
    {
      rewardOnly: !buysWithNormalButton(product),
      downPayment: paysDeposit(product, state),
      depositPrice: product.DepositPrice,
      lowVar: variation ? 0 : product.LowestVariationPrice,
      sale: product.OnSale && !variation,
      salePrice: 0,
      price: fullPrice(product, state),
      was: [product.ListPrice],
    },
    currency,
  );
}
