/** Product answers: the teaser card's product, the full product (spec §3) and its parts, live breakers. */
import * as v from 'valibot';
import { countOr0, flag, flagOr, num, numOr0, optUrl, slug, str, text } from './fields';

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
