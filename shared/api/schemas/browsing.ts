/** Recently viewed, search, login and region answers, and calls whose answer is ignored. */
import * as v from 'valibot';
import { flag, num, numOr0, optUrl, slug, str } from './fields';
import { ProductTeaser } from './product';

/**
 * The spec does not show this body; we read a list of teasers, bare or under
 * `products`. (Unwrapped first, not a union of the two: a bad teaser then
 * costs that teaser, not the feed.)
 */
export const RecentlyViewed = v.pipe(
  v.unknown(),
  v.transform((body) => (body && typeof body === 'object' && !Array.isArray(body) && 'products' in body ? body.products : body)),
  v.array(ProductTeaser),
);

export const SearchResultItem = v.object({
  Title: str,
  slug,
  MainImage: v.nullish(v.object({ Tiny: optUrl })),
  RewardRedemptionOnly: flag,
  DownPayment: flag,
  DepositPrice: numOr0,
  LowestVariationPrice: numOr0,
  OnSale: flag,
  IsDiscounted: flag,
  SaleListPrice: numOr0,
  SalePrice: numOr0,
  RegularPrice: numOr0,
  Price: num,
  Available: numOr0,
  Presale: flag,
});
export type SearchResultItem = v.InferOutput<typeof SearchResultItem>;
export const SearchResponse = v.object({
  results: v.nullish(v.array(SearchResultItem), []),
  total: numOr0,
});
export type SearchResponse = v.InferOutput<typeof SearchResponse>;

export const TrendingResponse = v.object({
  trending: v.nullish(v.array(str), []),
});


export const CountryCheck = v.object({
  country: str,
  opt: flag,
});
export type CountryCheck = v.InferOutput<typeof CountryCheck>;

/** Calls whose answer the spec does not show: anything is accepted. */
export const Ignored = v.unknown();
