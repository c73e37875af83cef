/**
 * The raw product of the seeded catalog and how one is built from a short seed.
 * Conventions (prices, variation ids, stock) are listed in ./index.ts.
 */
import type { Product, StockRecord, VariationOption } from '../../../shared/api/schemas';
import { categories, GENERAL_WAREHOUSES, img, type CategoryKey, type ImageName } from './reference';

export interface AssignedBreaker {
  location: string;
  img: string;
  img_version: number;
}

/** Fields the teaser card reads that the full product does not carry. */
export interface TeaserExtras {
  /** Price before the sale; equals Price when not on sale. (ListPrice is the teaser's listPrice.) */
  regPrice: number;
  /** Equals Price when on sale, otherwise 0. */
  salePrice: number;
  isNew: boolean;
  isClearance: boolean;
  isGroupBreak: boolean;
  /** 'YYYY-MM-DD', or null for a group break whose date is not set (TBA). */
  breakDate: string | null;
  caseapalooza: boolean;
  isGuaranteedBreak: boolean;
  assignedBreaker: AssignedBreaker | null;
  wholesale: boolean;
}

/**
 * The full product of spec §3 (normalised, as the `Product` schema outputs it)
 * plus the teaser-only fields. `showATC` and `needsOptions` are not stored:
 * they are derived (`canAddToCart`, `needsOptions`) so they never disagree
 * with the stock and options.
 */
export type RawProduct = Product & TeaserExtras;

// --- building products -------------------------------------------------------

export interface GiftSeed {
  /** Catalog id of the gift product. */
  id: number;
  given: number;
  required: number;
  multiplies: boolean;
}

export interface Seed extends Partial<Omit<RawProduct, 'id' | 'title' | 'Options' | 'categories' | 'brands' | 'AddOnProduct'>> {
  id: number;
  title: string;
  image: ImageName | null;
  cats: CategoryKey[];
  brand: string;
  price: number;
  /** Price before the sale; setting it puts the product on sale. */
  was?: number;
  /** MSRP, when it differs from the regular price. */
  list?: number;
  available?: number;
  /** Variations: [value, price, quantity]. */
  options?: Array<[string, number, number]>;
  optionType?: string;
  /** Stock by warehouse: [warehouse id, quantity]. Default: all general stock. */
  stock?: Array<[number, number]>;
  gift?: GiftSeed;
}

/** 'Pokémon TCG: Scarlet & Violet—151' → 'pokemon-tcg-scarlet-and-violet-151'. */
export function slugify(title: string): string {
  return title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&/g, ' and ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function skuOf(cats: CategoryKey[], id: number): string {
  const prefix: Record<CategoryKey, string> = {
    pokemon: 'PKM', magic: 'MTG', baseball: 'BSB', basketball: 'BKB', football: 'FTB', hockey: 'HKY',
    groupBreaks: 'GBK', supplies: 'SUP', graded: 'GRD', onePiece: 'OPC', lorcana: 'LOR', rewards: 'RWD',
    yugioh: 'YGO', soccer: 'SOC', vintage: 'VIN',
  };
  const main = cats.find((c) => c !== 'groupBreaks' && c !== 'rewards') ?? cats[0] ?? 'supplies';
  return `${cats.includes('groupBreaks') ? 'GBK' : prefix[main]}-${String(id).padStart(5, '0')}`;
}

/** Variation options that can be chosen: quantity above 0 and price above 0 (spec §5). */
export function selectableOptions(p: Pick<Product, 'Options'>): VariationOption[] {
  return (p.Options ?? []).filter((o) => o.quantity > 0 && o.price > 0);
}

export function productFromSeed(seed: Seed): RawProduct {
  const { id, title, image, cats, brand, price, was, list, available, options, optionType, stock, gift: _gift, ...rest } = seed;
  const sku = skuOf(cats, id);
  const Options: VariationOption[] = (options ?? []).map(([value, optPrice, quantity], i) => ({
    id: id * 100 + i + 1,
    type: optionType ?? 'Format',
    value,
    option_type: 'select',
    sku: `${sku}-${i + 1}`,
    product_id: id * 100 + i + 1,
    price: optPrice,
    quantity,
  }));
  const selectable = selectableOptions({ Options });
  const selectablePrices = new Set(selectable.map((o) => o.price));
  const product_stock: StockRecord[] | undefined = stock?.map(([warehouse_id, quantity]) => ({
    quantity,
    product_stock_locations: [{ warehouse_id }],
  }));
  const total =
    available ??
    (product_stock ? product_stock.reduce((n, r) => n + r.quantity, 0) : selectable.reduce((n, o) => n + o.quantity, 0));
  const general = product_stock
    ? product_stock
        .filter((r) => (r.product_stock_locations ?? []).some((l) => GENERAL_WAREHOUSES.includes(l.warehouse_id)))
        .reduce((n, r) => n + r.quantity, 0)
    : total;
  const onSale = was !== undefined;
  const image_ = image ? img(image) : null;
  return {
    id,
    sku,
    title,
    slug: slugify(title),
    Price: price,
    price,
    ListPrice: list ?? was ?? price,
    DepositPrice: 0,
    // 'Starts at' only when the choices differ in price.
    LowestVariationPrice: selectablePrices.size > 1 ? Math.min(...selectablePrices) : 0,
    OnSale: onSale,
    Available: total,
    AvailableToShip: general,
    Eligible: true,
    Presale: false,
    ReleaseDate: null,
    DownPayment: false,
    LiveBreakOnly: false,
    break_eligible: false,
    RewardRedemptionOnly: false,
    SaleQuantityLimit: 0,
    BlockPool: false,
    BlockPoolLogo: null,
    BlockPoolSpotsEligible: 0,
    MainImage: image_ ? { Small: image_, Medium: image_ } : null,
    Options,
    brands: [{ name: brand }],
    categories: cats.map((c) => ({ id: categories[c].id, name: categories[c].name })),
    promotions: [],
    expires: null,
    product_stock: product_stock ?? [{ quantity: total, product_stock_locations: [{ warehouse_id: 0 }] }],
    ActiveCharity: null,
    AddOnProduct: null,
    regPrice: was ?? price,
    salePrice: onSale ? price : 0,
    isNew: false,
    isClearance: false,
    isGroupBreak: cats.includes('groupBreaks'),
    breakDate: null,
    caseapalooza: false,
    isGuaranteedBreak: false,
    assignedBreaker: null,
    wholesale: false,
    ...rest,
  };
}
