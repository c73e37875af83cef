/**
 * A product card's price block: the shared rule (shared/rules/price.ts) read
 * from the teaser's fields (spec §3). On sale, the struck price is listPrice,
 * else regPrice.
 */
import type { ProductTeaser } from '../../../shared/api/schemas';
import type { Currency } from '../../../shared/money';
import { priceDisplay, type PriceDisplay } from '../../../shared/rules/price';

export function teaserPrice(p: ProductTeaser, currency: Currency): PriceDisplay {
  return priceDisplay(
    {
      rewardOnly: p.rewardRedemptionOnly,
      downPayment: p.downPayment,
      depositPrice: p.depositPrice,
      lowVar: p.lowVar,
      sale: p.sale,
      salePrice: p.salePrice,
      price: p.price,
      was: [p.listPrice, p.regPrice],
    },
    currency,
  );
}
