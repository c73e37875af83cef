/**
 * Price of a search suggestion (spec §3 Search result item, §4 Price display, §9).
 *
 * Exactly one form, first match wins (the same order as the product card):
 * 1. reward-only: the price with 'Reward Only' (bought with points, so no
 *    deposit or sale marks).
 * 2. DownPayment with a DepositPrice above 0: the deposit with '(DEPOSIT)'.
 *    A deposit of 0 is missing data, so the next rules apply.
 * 3. LowestVariationPrice above 0: 'Starts at:' that price.
 * 4. on sale (OnSale or IsDiscounted) with a list (SaleListPrice, else
 *    RegularPrice) above the sale price: that price struck through, the sale
 *    price marked 'SALE'. The sale price is SalePrice when above 0, else Price.
 * 5. plain: the sale price when on sale, else Price.
 * `presale` adds the 'Presale' tag to any form. Amounts are formatted with
 * the currency factor and symbol; `approx` is 'Approx. $X US' or null.
 */
import type { SearchResultItem } from '../../../shared/api/schemas';
import { approxUsNote, formatPrice, type Currency } from '../../../shared/money';

interface Shown {
  amount: string;
  approx: string | null;
  presale: boolean;
}

export type SearchPrice =
  | (Shown & { kind: 'plain' })
  | (Shown & { kind: 'reward'; label: 'Reward Only' })
  | (Shown & { kind: 'deposit'; label: '(DEPOSIT)' })
  | (Shown & { kind: 'starts-at'; prefix: 'Starts at:' })
  | (Shown & { kind: 'sale'; struck: string; saleMark: 'SALE' });

export function searchPrice(item: SearchResultItem, currency: Currency): SearchPrice {
  const shown = (usd: number): Shown => ({
    amount: formatPrice(usd, currency),
    approx: approxUsNote(usd, currency),
    presale: item.Presale,
  });

  if (item.RewardRedemptionOnly) return { kind: 'reward', label: 'Reward Only', ...shown(item.Price) };
  if (item.DownPayment && item.DepositPrice > 0) return { kind: 'deposit', label: '(DEPOSIT)', ...shown(item.DepositPrice) };
  if (item.LowestVariationPrice > 0) return { kind: 'starts-at', prefix: 'Starts at:', ...shown(item.LowestVariationPrice) };

  const onSale = item.OnSale || item.IsDiscounted;
  const current = onSale && item.SalePrice > 0 ? item.SalePrice : item.Price;
  if (onSale) {
    const was = [item.SaleListPrice, item.RegularPrice].find((x) => x > current);
    if (was !== undefined) return { kind: 'sale', struck: formatPrice(was, currency), saleMark: 'SALE', ...shown(current) };
  }
  return { kind: 'plain', ...shown(current) };
}
