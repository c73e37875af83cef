/**
 * A search suggestion's price (spec §3 Search result item): the shared rule
 * (shared/rules/price.ts) read from the item's fields. OnSale or IsDiscounted
 * counts as on sale; the struck price is SaleListPrice, else RegularPrice.
 * `presale` adds the 'Presale' tag to any form.
 */
import type { SearchResultItem } from '../../../shared/api/schemas';
import type { Currency } from '../../../shared/money';
import { priceDisplay, type PriceDisplay } from '../../../shared/rules/price';

export type SearchPrice = PriceDisplay & { presale: boolean };

export function searchPrice(item: SearchResultItem, currency: Currency): SearchPrice {
  const display = priceDisplay(
    {
      rewardOnly: item.RewardRedemptionOnly,
      downPayment: item.DownPayment,
      depositPrice: item.DepositPrice,
      lowVar: item.LowestVariationPrice,
      sale: item.OnSale || item.IsDiscounted,
      salePrice: item.SalePrice,
      price: item.Price,
      was: [item.SaleListPrice, item.RegularPrice],
    },
    currency,
  );
  return { ...display, presale: item.Presale };
}
