/**
 * Schemas for every server answer (spec §3, §7), checked at the boundary.
 *
 * Laravel answers are loose: decimals come as "19.99", flags as 0/1 or "1",
 * optional fields as null. The schemas normalise that once here, so the rest
 * of the code sees plain numbers and booleans.
 *
 * Every answer and prop is parsed with `parseLenient` (runtime/issues.ts): a
 * field that is still wrong is dropped when its schema is optional (it takes
 * its default), and a list item is dropped when a field it cannot do without
 * is wrong. So the schemas say what each unit needs: a key without a default
 * (`num`, `str`, `slug`, `v.string()`) is one its card, line or island cannot
 * work without; everything else is optional.
 */
import * as v from 'valibot';
import { isSafeUrl, isSafeSlug } from '../safe-url';

/** A number, or a numeric string as Laravel sends decimals. */
export const num = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^-?\d+(\.\d+)?$/, 'must be a number'))], 'must be a number'),
  v.transform(Number),
  v.finite(),
);
/** A number that may be missing; missing reads as 0. */
export const numOr0 = v.nullish(num, 0);
/** A count the server may send as a flag (false/true read as 0/1), e.g. BlockPoolSpotsEligible. */
export const countOr0 = v.nullish(v.union([num, v.pipe(v.boolean(), v.transform(Number))]), 0);
/**
 * A flag as PHP writes it: true/false, 1/0, "1"/"0", "true"/"false", "" or
 * null; a count used as a flag (2, "3") is true. `flagOr(true)`: missing is true.
 */
export const flagOr = (missing: boolean) =>
  v.pipe(
    v.nullish(
      v.union([v.boolean(), v.number(), v.pipe(v.string(), v.trim(), v.regex(/^(-?\d+(\.\d+)?|true|false|)$/i, 'must be a flag'))], 'must be a flag'),
      missing,
    ),
    v.transform((x) => (typeof x === 'string' ? x !== '' && x.toLowerCase() !== 'false' && Number(x) !== 0 : x !== false && x !== 0)),
  );
export const flag = flagOr(false);
/** Text; a number (a numeric SKU or title) reads as its digits. */
export const str = v.pipe(v.union([v.string(), v.pipe(v.number(), v.finite())]), v.transform(String));
/** Text that may be missing; missing reads as ''. */
export const text = v.nullish(str, '');
export const url = v.pipe(v.string(), v.check(isSafeUrl, 'must be a relative or http(s) URL'));
/** An optional URL; "" (PHP's "none") reads as null. */
export const optUrl = v.nullish(v.union([url, v.pipe(v.literal(''), v.transform(() => null))]));
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

/**
 * Without a CartQuantity (or 0 beside a list of lines) the count is the sum
 * of the lines' quantities: never "0 items" next to items.
 */
export const CartResponse = v.pipe(
  v.object({
    CartQuantity: v.nullish(num),
    cart_items: v.nullish(v.array(CartItem), []),
    CartErrors: flag,
  }),
  v.transform((cart) => ({
    ...cart,
    CartQuantity: cart.CartQuantity || cart.cart_items.reduce((sum, item) => sum + item.quantity, 0),
  })),
);
export type CartResponse = v.InferOutput<typeof CartResponse>;

/** CartQuantity stays undefined when missing: a 0 made up here would be shown as the count. */
export const CartSummary = v.object({ CartQuantity: v.nullish(num), CartTotal: numOr0 });
export type CartSummary = v.InferOutput<typeof CartSummary>;

/** An object that has `key`: each object form of a union says which one the answer is, so a bad field costs that field. */
const objectWith = (key: string) => v.custom<Record<string, unknown>>((x) => !!x && typeof x === 'object' && key in x);

/** /cart/get-count: the spec only says "the count"; accept a bare number or an object. */
export const CartCount = v.union([
  // A bare number says nothing about errors: keep what the cart said (undefined).
  v.pipe(num, v.transform((count): { count: number; errors?: boolean } => ({ count }))),
  v.pipe(
    objectWith('CartQuantity'),
    v.object({ CartQuantity: num, CartErrors: flag }),
    v.transform((r) => ({ count: r.CartQuantity, errors: r.CartErrors })),
  ),
  v.pipe(
    objectWith('count'),
    v.object({ count: num, errors: flag }),
    v.transform((r) => ({ count: r.count, errors: r.errors })),
  ),
]);
export type CartCount = v.InferOutput<typeof CartCount>;

export const UpsellEntry = v.object({
  title: str,
  slug,
  price: num,
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
  title: str,
  slug,
  mainImage: optUrl,
  mainImageTiny: optUrl,
  mainImageMedium: optUrl,
  price: num,
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
  eligible: flagOr(true),
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
    title: str,
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
  title: str,
  slug,
  Price: numOr0,
  price: numOr0,
  ListPrice: numOr0,
  DepositPrice: numOr0,
  LowestVariationPrice: numOr0,
  OnSale: flag,
  Available: numOr0,
  AvailableToShip: numOr0,
  /** Missing means eligible. */
  Eligible: flagOr(true),
  Presale: flag,
  ReleaseDate: v.nullish(v.string()),
  DownPayment: flag,
  LiveBreakOnly: flag,
  break_eligible: flag,
  RewardRedemptionOnly: flag,
  SaleQuantityLimit: numOr0,
  BlockPool: flag,
  BlockPoolLogo: optUrl,
  BlockPoolSpotsEligible: countOr0,
  MainImage: v.nullish(v.object({ Small: optUrl, Medium: optUrl })),
  Options: v.nullish(v.array(VariationOption), []),
  brands: v.nullish(v.array(v.object({ name: str })), []),
  categories: v.nullish(v.array(v.object({ id: num, name: text })), []),
  promotions: v.nullish(v.array(v.unknown()), []),
  expires: v.nullish(v.string()),
  product_stock: v.nullish(v.array(StockRecord), []),
  ActiveCharity: v.nullish(Charity),
  AddOnProduct: v.nullish(AddOnGift),
});
export type Product = v.InferOutput<typeof Product>;

export const LiveBreaker = v.object({
  identifier: str,
  location: num,
  categories: v.nullish(v.array(num), []),
  /** Not in the spec's breaker fields, but "only breakers with stock above 0" needs it. */
  stock: v.nullish(num),
  next_live: v.nullish(v.object({ date: text, start: text, end: text, timezone: text })),
});
export type LiveBreaker = v.InferOutput<typeof LiveBreaker>;
export const LiveBreakers = v.array(LiveBreaker);

export const RelatedItem = v.object({
  title: str,
  slug,
  mainImage: v.nullish(v.union([optUrl, v.object({ Tiny: optUrl })])),
  price: num,
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
