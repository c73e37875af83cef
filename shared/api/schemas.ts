/**
 * Schemas for every server answer (spec §3, §7), checked at the boundary.
 *
 * Laravel answers are loose: decimals come as "19.99", flags as 0/1 or "1",
 * optional fields as null. The schemas normalise that once here, so the rest
 * of the code sees plain numbers and booleans. An answer that does not fit is
 * a failed call (see client.ts), never a crash further down.
 */
import * as v from 'valibot';
import { isSafeUrl, isSafeSlug } from '../safe-url';

/** A number, or a numeric string as Laravel sends decimals. */
export const num = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^-?\d+(\.\d+)?$/))]),
  v.transform(Number),
  v.finite(),
);
/** A number that may be missing; missing reads as 0. */
export const numOr0 = v.nullish(num, 0);
/** A flag as PHP writes it: true/false, 1/0, "1"/"0", null. */
export const flag = v.pipe(
  v.nullish(v.union([v.boolean(), v.number(), v.string()]), false),
  v.transform((x) => x === true || x === 1 || x === '1' || x === 'true'),
);
/** Text that may be missing; missing reads as ''. */
export const text = v.nullish(v.string(), '');
export const url = v.pipe(v.string(), v.check(isSafeUrl, 'must be a relative or http(s) URL'));
export const optUrl = v.nullish(url);
export const slug = v.pipe(v.string(), v.check(isSafeSlug, 'must be a plain path slug'));

// --- cart --------------------------------------------------------------

export const CartItem = v.object({
  id: v.union([v.number(), v.string()]),
  title: text,
  Title: text,
  price: numOr0,
  Price: numOr0,
  quantity: num,
  Image: v.nullish(v.object({ Tiny: optUrl })),
  product: v.nullish(v.object({ slug: v.nullish(slug) })),
});
export type CartItem = v.InferOutput<typeof CartItem>;

export const CartResponse = v.object({
  CartQuantity: numOr0,
  cart_items: v.nullish(v.array(CartItem), []),
  CartErrors: flag,
});
export type CartResponse = v.InferOutput<typeof CartResponse>;

/** CartQuantity stays undefined when missing: a 0 made up here would be shown as the count. */
export const CartSummary = v.object({ CartQuantity: v.nullish(num), CartTotal: numOr0 });
export type CartSummary = v.InferOutput<typeof CartSummary>;

/** /cart/get-count: the spec only says "the count"; accept a bare number or an object. */
export const CartCount = v.union([
  // A bare number says nothing about errors: keep what the cart said (undefined).
  v.pipe(num, v.transform((count): { count: number; errors?: boolean } => ({ count }))),
  v.pipe(
    v.object({ CartQuantity: num, CartErrors: flag }),
    v.transform((r) => ({ count: r.CartQuantity, errors: r.CartErrors })),
  ),
  v.pipe(
    v.object({ count: num, errors: flag }),
    v.transform((r) => ({ count: r.count, errors: r.errors })),
  ),
]);
export type CartCount = v.InferOutput<typeof CartCount>;

export const UpsellEntry = v.object({
  title: v.string(),
  slug,
  price: numOr0,
  mainImage: v.nullish(v.object({ Tiny: optUrl })),
});
export type UpsellEntry = v.InferOutput<typeof UpsellEntry>;
export const UpsellResponse = v.object({
  upsell: v.nullish(v.array(UpsellEntry), []),
  supplies: v.nullish(v.array(UpsellEntry), []),
});
export type UpsellResponse = v.InferOutput<typeof UpsellResponse>;

// --- products ----------------------------------------------------------

export const ProductTeaser = v.object({
  id: num,
  title: v.string(),
  slug,
  mainImage: optUrl,
  mainImageTiny: optUrl,
  mainImageMedium: optUrl,
  price: numOr0,
  listPrice: numOr0,
  regPrice: numOr0,
  salePrice: numOr0,
  lowVar: numOr0,
  depositPrice: numOr0,
  downPayment: flag,
  sale: flag,
  isClearance: flag,
  isNew: flag,
  presale: flag,
  releaseDate: v.nullish(v.string()),
  isGroupBreak: flag,
  breakDate: v.nullish(v.string()),
  available: numOr0,
  saleLimit: numOr0,
  showATC: flag,
  rewardRedemptionOnly: flag,
  blockPool: flag,
  blockPoolLogo: optUrl,
  caseapalooza: flag,
  isGuaranteedBreak: flag,
  assignedBreaker: v.nullish(v.object({ location: v.nullish(v.string()), img: optUrl, img_version: v.nullish(v.union([v.string(), v.number()])) })),
  charity: v.nullish(v.object({ charity_logo: optUrl, charity_name: v.nullish(v.string()) })),
  wholesale: flag,
  /** Not in the spec's teaser list; read when the server sends it. Missing means eligible. */
  eligible: v.nullish(v.boolean(), true),
  /** Whether adding needs a choice (variations, add-on, live break); then the card opens quick-add. */
  needsOptions: flag,
});
export type ProductTeaser = v.InferOutput<typeof ProductTeaser>;

export const VariationOption = v.object({
  id: num,
  type: text,
  value: text,
  option_type: text,
  sku: text,
  product_id: num,
  price: numOr0,
  quantity: numOr0,
});
export type VariationOption = v.InferOutput<typeof VariationOption>;

export const StockRecord = v.object({
  quantity: numOr0,
  product_stock_locations: v.nullish(v.array(v.object({ warehouse_id: num })), []),
});
export type StockRecord = v.InferOutput<typeof StockRecord>;

export const AddOnGift = v.object({
  addon: v.object({
    gift_product_id: num,
    quantity_given: num,
    quantity_required: num,
    gift_quantity_multiplies: flag,
  }),
  product: v.object({
    id: num,
    title: v.string(),
    Options: v.nullish(v.array(VariationOption), []),
    variation_product_stocks: v.nullish(v.array(v.object({ product_id: num, quantity: numOr0 })), []),
  }),
});
export type AddOnGift = v.InferOutput<typeof AddOnGift>;

export const Charity = v.object({
  charity_code: text,
  monetary_type: text,
  monetary_value: numOr0,
  charity_name: text,
  charity_logo: optUrl,
});
export type Charity = v.InferOutput<typeof Charity>;

export const Product = v.object({
  id: num,
  sku: text,
  title: v.string(),
  slug,
  Price: numOr0,
  price: numOr0,
  ListPrice: numOr0,
  DepositPrice: numOr0,
  LowestVariationPrice: numOr0,
  OnSale: flag,
  Available: numOr0,
  AvailableToShip: numOr0,
  Eligible: v.nullish(v.boolean(), true),
  Presale: flag,
  ReleaseDate: v.nullish(v.string()),
  DownPayment: flag,
  LiveBreakOnly: flag,
  break_eligible: flag,
  RewardRedemptionOnly: flag,
  SaleQuantityLimit: numOr0,
  BlockPool: flag,
  BlockPoolLogo: optUrl,
  BlockPoolSpotsEligible: numOr0,
  MainImage: v.nullish(v.object({ Small: optUrl, Medium: optUrl })),
  Options: v.nullish(v.array(VariationOption), []),
  brands: v.nullish(v.array(v.object({ name: v.string() })), []),
  categories: v.nullish(v.array(v.object({ id: num, name: text })), []),
  promotions: v.nullish(v.array(v.unknown()), []),
  expires: v.nullish(v.string()),
  product_stock: v.nullish(v.array(StockRecord), []),
  ActiveCharity: v.nullish(Charity),
  AddOnProduct: v.nullish(AddOnGift),
});
export type Product = v.InferOutput<typeof Product>;

export const LiveBreaker = v.object({
  identifier: v.string(),
  location: num,
  categories: v.nullish(v.array(num), []),
  /** Not in the spec's breaker fields, but "only breakers with stock above 0" needs it. */
  stock: v.nullish(num),
  next_live: v.nullish(
      v.object({
        date: text,
        start: text,
        end: text,
        timezone: text,
      }),
    ),
});
export type LiveBreaker = v.InferOutput<typeof LiveBreaker>;
export const LiveBreakers = v.array(LiveBreaker);

export const RelatedItem = v.object({
  title: v.string(),
  slug,
  mainImage: v.nullish(v.union([url, v.object({ Tiny: optUrl })])),
  price: numOr0,
});
export type RelatedItem = v.InferOutput<typeof RelatedItem>;

export const CartAddResponse = v.object({
  errors: v.nullish(v.array(v.string()), []),
  cart: v.nullish(CartSummary),
  related: v.nullish(v.array(RelatedItem), []),
});
export type CartAddResponse = v.InferOutput<typeof CartAddResponse>;

export const CartAddPayload = v.object({
  title: v.string(),
  quantity: v.number(),
  price: v.number(),
  attributes: v.record(v.string(), v.unknown()),
  id: v.number(),
  product_id: v.number(),
  region: v.string(),
});
export type CartAddPayload = v.InferOutput<typeof CartAddPayload>;

// --- recently viewed, search, login, region ------------------------------

/** The spec does not show this body; we read a list of teasers, bare or under `products`. */
export const RecentlyViewed = v.union([
  v.array(ProductTeaser),
  v.pipe(v.object({ products: v.array(ProductTeaser) }), v.transform((r) => r.products)),
]);

export const SearchResultItem = v.object({
  Title: v.string(),
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
  Price: numOr0,
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
  trending: v.nullish(v.array(v.string()), []),
});

export const LoginError = v.object({ error: v.string() });

export const CountryCheck = v.object({
  country: v.string(),
  opt: flag,
});
export type CountryCheck = v.InferOutput<typeof CountryCheck>;

/** Calls whose answer the spec does not show: anything is accepted. */
export const Ignored = v.unknown();
