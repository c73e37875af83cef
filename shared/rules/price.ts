/**
 * The price display rule (spec §4 "Price display", §6, §9), one rule for the
 * teaser card, the search suggestions and the add-to-cart form. Each reads
 * its own product shape into `PriceFacts` (its rules/price.ts) and shows the
 * result with its own markup.
 *
 * Exactly one form, first match wins:
 * 1. reward-only: the plain price, kind 'reward', labelled 'Reward Only' (it
 *    is bought with points, so no deposit or sale marks).
 * 2. down payment with a deposit price above 0: the deposit with '(DEPOSIT)'.
 *    A deposit of 0 is missing data, so the next rules apply.
 * 3. lowest variant price above 0: 'Starts at:' that price (beats sale, as
 *    the variants' own prices may differ).
 * 4. on sale with a higher price to strike (the first of `was` above the sale
 *    price: list, else regular): that price struck through, the sale price
 *    marked 'SALE'. The sale price is `salePrice` when above 0, else `price`.
 * 5. plain: the sale price when on sale, else `price`.
 * Amounts are formatted with the currency factor and symbol; `approx` is the
 * 'Approx. $X US' note for the amount shown, null at factor 1.
 */
import { approxUsNote, formatPrice, type Currency } from '../money';

/** A product's price fields in the spec's teaser terms (§3). */
export interface PriceFacts {
  rewardOnly: boolean;
  downPayment: boolean;
  depositPrice: number;
  /** The lowest variant price; 0 when there is none to start at. */
  lowVar: number;
  sale: boolean;
  /** The price while on sale; 0 means `price`. */
  salePrice: number;
  price: number;
  /** Prices to strike through on sale, in order of preference (list, then regular). */
  was: readonly number[];
}

interface Shown {
  /** Formatted amount in the display currency. */
  amount: string;
  /** 'Approx. $X US' or null. */
  approx: string | null;
}

export type PriceDisplay =
  | (Shown & { kind: 'plain' })
  | (Shown & { kind: 'reward'; label: 'Reward Only' })
  | (Shown & { kind: 'deposit'; label: '(DEPOSIT)' })
  | (Shown & { kind: 'starts-at'; prefix: 'Starts at:' })
  | (Shown & { kind: 'sale'; struck: string; saleMark: 'SALE' });

export function priceDisplay(p: PriceFacts, currency: Currency): PriceDisplay {
  const shown = (usd: number): Shown => ({ amount: formatPrice(usd, currency), approx: approxUsNote(usd, currency) });

  if (p.rewardOnly) return { kind: 'reward', label: 'Reward Only', ...shown(p.price) };
  if (p.downPayment && p.depositPrice > 0) return { kind: 'deposit', label: '(DEPOSIT)', ...shown(p.depositPrice) };
  if (p.lowVar > 0) return { kind: 'starts-at', prefix: 'Starts at:', ...shown(p.lowVar) };

  const current = p.sale && p.salePrice > 0 ? p.salePrice : p.price;
  if (p.sale) {
    const was = p.was.find((x) => x > current);
    if (was !== undefined) return { kind: 'sale', struck: formatPrice(was, currency), saleMark: 'SALE', ...shown(current) };
  }
  return { kind: 'plain', ...shown(current) };
}
