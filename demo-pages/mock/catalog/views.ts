/** The views derived from a raw product: teaser, full product, search result, upsell entry. */
import type { Product, ProductTeaser, SearchResultItem, UpsellEntry } from '../../../shared/api/schemas';
import { selectableOptions, type RawProduct } from './raw-product';

/** showATC: not reward-only and something in stock (a presale counts only with stock). */
export function canAddToCart(p: RawProduct): boolean {
  return !p.RewardRedemptionOnly && p.Available > 0;
}

/** Adding needs a choice: selectable variations, an add-on gift with options, or live break only. */
export function needsOptions(p: RawProduct): boolean {
  return (
    selectableOptions(p).length > 0 ||
    (p.AddOnProduct?.product.Options ?? []).length > 0 ||
    p.LiveBreakOnly
  );
}

/** The teaser card's product (spec §3). */
export function toTeaser(p: RawProduct): ProductTeaser {
  return {
    id: p.id,
    title: p.title,
    slug: p.slug,
    mainImage: p.MainImage?.Medium ?? null,
    mainImageTiny: p.MainImage?.Small ?? null,
    mainImageMedium: p.MainImage?.Medium ?? null,
    price: p.Price,
    listPrice: p.ListPrice,
    regPrice: p.regPrice,
    salePrice: p.salePrice,
    lowVar: p.LowestVariationPrice,
    depositPrice: p.DepositPrice,
    downPayment: p.DownPayment,
    sale: p.OnSale,
    isClearance: p.isClearance,
    isNew: p.isNew,
    presale: p.Presale,
    releaseDate: p.ReleaseDate ?? null,
    isGroupBreak: p.isGroupBreak,
    breakDate: p.breakDate,
    available: p.Available,
    saleLimit: p.SaleQuantityLimit,
    showATC: canAddToCart(p),
    rewardRedemptionOnly: p.RewardRedemptionOnly,
    blockPool: p.BlockPool,
    blockPoolLogo: p.BlockPoolLogo ?? null,
    caseapalooza: p.caseapalooza,
    isGuaranteedBreak: p.isGuaranteedBreak,
    assignedBreaker: p.assignedBreaker ? { ...p.assignedBreaker } : null,
    charity: p.ActiveCharity
      ? { charity_logo: p.ActiveCharity.charity_logo ?? null, charity_name: p.ActiveCharity.charity_name }
      : null,
    wholesale: p.wholesale,
    eligible: p.Eligible ?? true,
    needsOptions: needsOptions(p),
  };
}

/** The full product of POST /product/cart/load (spec §3): the raw product without the teaser extras. */
export function toProduct(p: RawProduct): Product {
  return {
    id: p.id,
    sku: p.sku,
    title: p.title,
    slug: p.slug,
    Price: p.Price,
    price: p.price,
    ListPrice: p.ListPrice,
    DepositPrice: p.DepositPrice,
    LowestVariationPrice: p.LowestVariationPrice,
    OnSale: p.OnSale,
    Available: p.Available,
    AvailableToShip: p.AvailableToShip,
    Eligible: p.Eligible,
    Presale: p.Presale,
    ReleaseDate: p.ReleaseDate ?? null,
    DownPayment: p.DownPayment,
    LiveBreakOnly: p.LiveBreakOnly,
    break_eligible: p.break_eligible,
    RewardRedemptionOnly: p.RewardRedemptionOnly,
    SaleQuantityLimit: p.SaleQuantityLimit,
    BlockPool: p.BlockPool,
    BlockPoolLogo: p.BlockPoolLogo ?? null,
    BlockPoolSpotsEligible: p.BlockPoolSpotsEligible,
    MainImage: p.MainImage ? { ...p.MainImage } : null,
    Options: (p.Options ?? []).map((o) => ({ ...o })),
    brands: (p.brands ?? []).map((b) => ({ ...b })),
    categories: (p.categories ?? []).map((c) => ({ ...c })),
    promotions: [...(p.promotions ?? [])],
    expires: p.expires ?? null,
    product_stock: (p.product_stock ?? []).map((r) => ({
      quantity: r.quantity,
      product_stock_locations: (r.product_stock_locations ?? []).map((l) => ({ ...l })),
    })),
    ActiveCharity: p.ActiveCharity ? { ...p.ActiveCharity } : null,
    AddOnProduct: p.AddOnProduct ? structuredClone(p.AddOnProduct) : null,
  };
}

/** An item of POST /auto-search's results. */
export function toSearchResult(p: RawProduct): SearchResultItem {
  return {
    Title: p.title,
    slug: p.slug,
    MainImage: p.MainImage ? { Tiny: p.MainImage.Small ?? null } : null,
    RewardRedemptionOnly: p.RewardRedemptionOnly,
    DownPayment: p.DownPayment,
    DepositPrice: p.DepositPrice,
    LowestVariationPrice: p.LowestVariationPrice,
    OnSale: p.OnSale,
    IsDiscounted: p.OnSale && p.regPrice > p.Price,
    SaleListPrice: p.OnSale ? p.ListPrice : 0,
    SalePrice: p.salePrice,
    RegularPrice: p.regPrice,
    Price: p.Price,
    Available: p.Available,
    Presale: p.Presale,
  };
}

/** An entry of GET /cart/load-upsell (upsell and supplies). */
export function toUpsellEntry(p: RawProduct): UpsellEntry {
  return {
    title: p.title,
    slug: p.slug,
    price: p.Price,
    mainImage: p.MainImage ? { Tiny: p.MainImage.Small ?? null } : null,
  };
}
