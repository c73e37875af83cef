/**
 * Price block of a product card (spec §4 "Price display", §9).
 *
 * Exactly one form, first match wins:
 * 1. reward-only: the plain price, kind 'reward' (no deposit/sale marks; the
 *    'Reward Only' badge says how it is bought).
 * 2. downPayment with a deposit price above 0: the deposit with '(DEPOSIT)'.
 *    A deposit of 0 is missing data, so the next rules apply.
 * 3. lowVar above 0: 'Starts at:' the lowest variant price (beats sale, as
 *    the variants' own prices may differ).
 * 4. on sale with a list (else regular) price above the sale price: that price
 *    struck through, the sale price marked 'SALE'. The sale price is salePrice
 *    when above 0, else price.
 * 5. plain: the sale price when on sale, else price.
 * Amounts are formatted (factor and symbol); `approx` is the US note for the
 * amount shown, null at factor 1.
 */
import type { ProductTeaser } from '../../../shared/api/schemas';
import { approxUsNote, formatPrice, type Currency } from '../../../shared/money';

interface Shown {
  /** Formatted amount in the display currency. */
  amount: string;
  /** 'Approx. $X US' or null. */
  approx: string | null;
}

export type PriceDisplay =
  | (Shown & { kind: 'reward' | 'plain' })
  | (Shown & { kind: 'deposit'; label: '(DEPOSIT)' })
  | (Shown & { kind: 'starts-at'; prefix: 'Starts at:' })
  | (Shown & { kind: 'sale'; struck: string; saleMark: 'SALE' });

export function priceDisplay(p: ProductTeaser, currency: Currency): PriceDisplay {
  const shown = (usd: number): Shown => ({ amount: formatPrice(usd, currency), approx: approxUsNote(usd, currency) });

  if (p.rewardRedemptionOnly) return { kind: 'reward', ...shown(p.price) };
  if (p.downPayment && p.depositPrice > 0) return { kind: 'deposit', label: '(DEPOSIT)', ...shown(p.depositPrice) };
  if (p.lowVar > 0) return { kind: 'starts-at', prefix: 'Starts at:', ...shown(p.lowVar) };

  // What the shopper pays: the sale price when on sale and set, else price.
  const current = p.sale && p.salePrice > 0 ? p.salePrice : p.price;
  if (p.sale) {
    const was = [p.listPrice, p.regPrice].find((x) => x > current);
    if (was !== undefined) return { kind: 'sale', struck: formatPrice(was, currency), saleMark: 'SALE', ...shown(current) };
  }
  return { kind: 'plain', ...shown(current) };
}
