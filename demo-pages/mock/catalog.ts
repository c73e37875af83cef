/**
 * Seeded catalog of the mock backend (DESIGN.md "Mock backend and demo pages").
 *
 * One `RawProduct` object per product holds everything every view needs, so
 * one edit changes the teaser card, the quick-add product, the search result
 * and the upsell entry alike. The views are derived by the small pure
 * functions at the bottom (`toTeaser`, `toProduct`, `toSearchResult`,
 * `toUpsellEntry`); the MSW handlers are built on top of this module.
 *
 * The catalog covers every product state of spec §4; `sampleIds` names one
 * product per state so demo pages and tests can point at them.
 *
 * Conventions:
 * - ids are 1..N, in array order; slugs are kebab-case.
 * - Prices are USD numbers. `Price` is what the shopper pays now. On sale,
 *   `regPrice` is the price before the sale and `salePrice` equals `Price`;
 *   otherwise `regPrice` equals `Price` and `salePrice` is 0.
 * - A variation option is a variation product: its `id` and `product_id` are
 *   both `parent id × 100 + n`, so they never clash with catalog ids.
 *   Selectable means quantity > 0 and price > 0 (spec §5).
 * - Stock: `product_stock` records name their warehouse; 0 and 19 are general
 *   stock (spec §9). `AvailableToShip` is the general stock, `Available` the
 *   total across all records.
 * - Images are local (no network in the demo), one file for every size.
 *   Product photos are JPEGs and logos PNGs, as on the real shop: raster
 *   images decode off the main thread, while every SVG <img> is laid out and
 *   painted on it (a grid of them shows up in `npm run bench`). Flags stay SVG.
 */
import type {
  AddOnGift,
  Charity,
  LiveBreaker,
  Product,
  ProductTeaser,
  SearchResultItem,
  StockRecord,
  UpsellEntry,
  VariationOption,
} from '../../shared/api/schemas';

// --- reference data ------------------------------------------------------

export type ImageName =
  | 'booster-box'
  | 'etb'
  | 'hobby-box'
  | 'sleeves'
  | 'binder'
  | 'slab'
  | 'toploader'
  | 'break';

/** Local URL of a demo product photo (demo-pages/public/img, served under /demo). */
export function img(name: string): string {
  return `/demo/img/${name}.jpg`;
}

export const BLOCK_POOL_LOGO = '/demo/img/logo-blockpool.png';
export const CHARITY_LOGO = '/demo/img/logo-charity.png';
export const BREAKER_IMG = img('breaker');
export const FLAG_US = '/demo/img/flag-us.svg';
export const FLAG_CA = '/demo/img/flag-ca.svg';

export const categories = {
  pokemon: { id: 1, name: 'Pokémon' },
  magic: { id: 2, name: 'Magic: The Gathering' },
  baseball: { id: 3, name: 'Baseball' },
  basketball: { id: 4, name: 'Basketball' },
  football: { id: 5, name: 'Football' },
  hockey: { id: 6, name: 'Hockey' },
  groupBreaks: { id: 7, name: 'Group Breaks' },
  supplies: { id: 8, name: 'Supplies' },
  graded: { id: 9, name: 'Graded Cards' },
  onePiece: { id: 10, name: 'One Piece' },
  lorcana: { id: 11, name: 'Disney Lorcana' },
  rewards: { id: 12, name: 'Rewards' },
  yugioh: { id: 13, name: 'Yu-Gi-Oh!' },
  soccer: { id: 14, name: 'Soccer' },
  /** Used by no product: the breaker that lists it covers nothing. */
  vintage: { id: 99, name: 'Vintage WOTC' },
} as const;
export type CategoryKey = keyof typeof categories;

/** Warehouse locations that mean general stock (spec §9). */
export const GENERAL_WAREHOUSES: readonly number[] = [0, 19];

// --- the raw product -------------------------------------------------------

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

interface GiftSeed {
  /** Catalog id of the gift product. */
  id: number;
  given: number;
  required: number;
  multiplies: boolean;
}

interface Seed extends Partial<Omit<RawProduct, 'id' | 'title' | 'Options' | 'categories' | 'brands' | 'AddOnProduct'>> {
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

function make(seed: Seed): RawProduct {
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

const sportsRoom: AssignedBreaker = { location: 'Sports Room', img: BREAKER_IMG, img_version: 3 };
const tcgRoom: AssignedBreaker = { location: 'TCG Room', img: BREAKER_IMG, img_version: 3 };

const hockeyFightsCancer: Charity = {
  charity_code: 'HFC-2026',
  monetary_type: 'fixed',
  monetary_value: 5,
  charity_name: 'Hockey Fights Cancer',
  charity_logo: CHARITY_LOGO,
};

const seeds: Seed[] = [
  // --- Pokémon ---
  { id: 1, title: 'Pokémon TCG: Scarlet & Violet—151 Booster Bundle', image: 'booster-box', cats: ['pokemon'], brand: 'The Pokémon Company', price: 49.99, available: 24, break_eligible: true },
  { id: 2, title: 'Pokémon TCG: Prismatic Evolutions Elite Trainer Box', image: 'etb', cats: ['pokemon'], brand: 'The Pokémon Company', price: 89.99, available: 8, isNew: true, SaleQuantityLimit: 2 },
  { id: 3, title: 'Pokémon TCG: Surging Sparks Booster Box', image: 'booster-box', cats: ['pokemon'], brand: 'The Pokémon Company', price: 134.99, was: 159.99, available: 15, break_eligible: true },
  { id: 4, title: 'Pokémon TCG: Journey Together Booster Box', image: 'booster-box', cats: ['pokemon'], brand: 'The Pokémon Company', price: 144.99, available: 20, break_eligible: true, gift: { id: 41, given: 1, required: 1, multiplies: true }, expires: '2026-12-31 23:59:59' },
  { id: 5, title: 'Pokémon TCG: Destined Rivals Elite Trainer Box', image: 'etb', cats: ['pokemon'], brand: 'The Pokémon Company', price: 54.99, available: 1, SaleQuantityLimit: 0 },
  { id: 6, title: 'Pokémon TCG: Mega Evolution—Ascended Heroes Booster Box', image: 'booster-box', cats: ['pokemon'], brand: 'The Pokémon Company', price: 159.99, available: 40, Presale: true, ReleaseDate: '2027-01-30', SaleQuantityLimit: 2 },
  { id: 7, title: 'Pokémon TCG: Mega Evolution—Perfect Order Elite Trainer Box', image: 'etb', cats: ['pokemon'], brand: 'The Pokémon Company', price: 59.99, available: 0, Presale: true, ReleaseDate: '2027-03-27' },
  { id: 8, title: 'Pokémon TCG: Black Bolt & White Flare Binder Collection', image: 'binder', cats: ['pokemon'], brand: 'The Pokémon Company', price: 39.99, available: 0, isNew: true },
  { id: 9, title: 'Pokémon TCG: Paldean Fates Tech Sticker Collection', image: 'etb', cats: ['pokemon'], brand: 'The Pokémon Company', price: 19.99, available: 0 },
  { id: 10, title: 'Pokémon Mystery Power Box <img src=x onerror=alert(1)>', image: 'booster-box', cats: ['pokemon'], brand: 'Steel City Collectibles', price: 29.99, available: 30 },
  { id: 11, title: 'Pokémon TCG: Charizard ex Super-Premium Collection', image: 'etb', cats: ['pokemon', 'rewards'], brand: 'The Pokémon Company', price: 119.99, available: 5, RewardRedemptionOnly: true },
  { id: 12, title: "Pokémon TCG: Trainer's Toolkit 2026", image: 'etb', cats: ['pokemon'], brand: 'The Pokémon Company', price: 34.99, available: 18, gift: { id: 42, given: 1, required: 1, multiplies: false }, expires: '2026-12-31 23:59:59' },
  { id: 13, title: 'Pokémon TCG: Holiday Calendar 2026', image: 'etb', cats: ['pokemon'], brand: 'The Pokémon Company', price: 44.99, available: 25, SaleQuantityLimit: 3 },
  // --- Magic: The Gathering ---
  { id: 14, title: 'Magic: The Gathering—Foundations Play Booster Box', image: 'booster-box', cats: ['magic'], brand: 'Wizards of the Coast', price: 139.99, available: 22, break_eligible: true },
  { id: 15, title: 'Magic: The Gathering—Secrets of Strixhaven Collector Booster Box', image: 'booster-box', cats: ['magic'], brand: 'Wizards of the Coast', price: 449.99, available: 12, Presale: true, ReleaseDate: '2027-04-23', DownPayment: true, DepositPrice: 100 },
  { id: 16, title: 'Magic: The Gathering—Duskmourn Play Booster Box', image: 'booster-box', cats: ['magic'], brand: 'Wizards of the Coast', price: 89.99, was: 134.99, available: 9, isClearance: true },
  { id: 17, title: 'Magic: The Gathering—Innistrad Remastered Play Boosters', image: 'booster-box', cats: ['magic'], brand: 'Wizards of the Coast', price: 5.99, options: [['Single Pack', 5.99, 36], ['Sealed Booster Box (36)', 0, 4], ['3-Pack Blister', 17.49, 0], ['12-Pack Bundle', 64.99, 6]] },
  { id: 18, title: 'Magic: The Gathering—Edge of Eternities Commander Deck', image: 'etb', cats: ['magic'], brand: 'Wizards of the Coast', price: 44.99, available: 14 },
  // --- Sports ---
  { id: 19, title: '2025 Topps Chrome Baseball Hobby Box', image: 'hobby-box', cats: ['baseball'], brand: 'Topps', price: 329.99, break_eligible: true, stock: [[7, 6], [12, 0], [19, 4]] },
  { id: 20, title: '2025-26 Panini Prizm Basketball Hobby Box', image: 'hobby-box', cats: ['basketball'], brand: 'Panini', price: 1099.99, break_eligible: true, stock: [[7, 3], [0, 0]] },
  { id: 21, title: '2025 Panini Prizm Football Hobby Box', image: 'hobby-box', cats: ['football'], brand: 'Panini', price: 899.99, LiveBreakOnly: true, break_eligible: true, stock: [[19, 8]] },
  { id: 22, title: '2025 Bowman Chrome Baseball Hobby Box', image: 'hobby-box', cats: ['baseball'], brand: 'Topps', price: 279.99, available: 10, gift: { id: 44, given: 1, required: 2, multiplies: false }, expires: '2026-12-15 23:59:59' },
  { id: 23, title: '2025-26 Upper Deck Series 1 Hockey Hobby Box', image: 'hobby-box', cats: ['hockey'], brand: 'Upper Deck', price: 139.99, available: 17, ActiveCharity: hockeyFightsCancer },
  { id: 24, title: '2025 Topps Series 2 Baseball Jumbo Box', image: 'hobby-box', cats: ['baseball'], brand: 'Topps', price: 219.99, available: 11, BlockPool: true, BlockPoolLogo: BLOCK_POOL_LOGO, BlockPoolSpotsEligible: 3 },
  { id: 25, title: '2025 Topps Museum Collection Baseball Hobby Box', image: 'hobby-box', cats: ['baseball'], brand: 'Topps', price: 399.99, available: 4, Eligible: false },
  { id: 26, title: '2025-26 Topps Chrome UEFA Club Competitions Soccer', image: 'hobby-box', cats: ['soccer'], brand: 'Topps', price: 279.99, options: [['Hobby Box', 279.99, 10], ["Breaker's Delight Box", 329.99, 6], ['Sapphire Edition Box', 449.99, 2]] },
  { id: 27, title: '2025 Topps Chrome Update Series Hobby Case (12 Boxes)', image: 'hobby-box', cats: ['baseball'], brand: 'Topps', price: 2999.99, available: 3, wholesale: true },
  { id: 28, title: '2025 Panini Donruss Optic Football Mega Box', image: 'hobby-box', cats: ['football'], brand: 'Panini', price: 79.99, was: 99.99, list: 109.99, available: 21 },
  // --- Group breaks ---
  { id: 29, title: 'Group Break #2141: 2025 Topps Chrome Baseball 12-Box Case (Random Team)', image: 'break', cats: ['groupBreaks', 'baseball'], brand: 'Steel City Collectibles', price: 89.99, available: 3, breakDate: '2026-11-28', assignedBreaker: sportsRoom, isGuaranteedBreak: true },
  { id: 30, title: 'Group Break #2142: 2025-26 Panini Prizm Basketball Half Case (Pick Your Team)', image: 'break', cats: ['groupBreaks', 'basketball'], brand: 'Steel City Collectibles', price: 149.99, available: 0, breakDate: '2026-11-24', assignedBreaker: sportsRoom },
  { id: 31, title: 'Group Break #2143: 2025 Panini National Treasures Football Case (Random Division)', image: 'break', cats: ['groupBreaks', 'football'], brand: 'Steel City Collectibles', price: 249.99, available: 12, breakDate: null },
  { id: 32, title: 'Group Break #2144: Pokémon Prismatic Evolutions Booster Bundle Case (Random Slot)', image: 'break', cats: ['groupBreaks', 'pokemon'], brand: 'Steel City Collectibles', price: 24.99, was: 29.99, available: 20, breakDate: '2026-12-02', assignedBreaker: tcgRoom },
  { id: 33, title: 'Caseapalooza Break #88: 2025 Bowman Baseball Jumbo Case (Random Team)', image: 'break', cats: ['groupBreaks', 'baseball'], brand: 'Steel City Collectibles', price: 64.99, available: 30, breakDate: '2026-12-05', caseapalooza: true, isGuaranteedBreak: true, assignedBreaker: sportsRoom },
  // --- Other TCGs ---
  { id: 34, title: 'One Piece Card Game: OP-13 Carrying On His Will Booster Box', image: 'booster-box', cats: ['onePiece'], brand: 'Bandai', price: 129.99, available: 16, isNew: true, break_eligible: true },
  { id: 35, title: 'Disney Lorcana: Whispers in the Well Booster Box', image: 'booster-box', cats: ['lorcana'], brand: 'Ravensburger', price: 119.99, was: 144.99, available: 9 },
  { id: 36, title: 'Yu-Gi-Oh! 25th Anniversary Rarity Collection II Booster Box', image: 'booster-box', cats: ['yugioh'], brand: 'Konami', price: 94.99, available: 11 },
  { id: 37, title: 'One Piece Card Game: Premium Booster—The Best Vol. 2', image: null, cats: ['onePiece'], brand: 'Bandai', price: 149.99, available: 7 },
  { id: 38, title: "Disney Lorcana: Archazia's Island Illumineer's Trove", image: 'etb', cats: ['lorcana'], brand: 'Ravensburger', price: 49.99, available: 13 },
  // --- Graded ---
  { id: 39, title: 'PSA 10 Charizard ex #199 Special Illustration Rare (151)', image: 'slab', cats: ['graded', 'pokemon'], brand: 'PSA', price: 899.99, available: 1, SaleQuantityLimit: 1 },
  { id: 40, title: 'BGS 9.5 Shohei Ohtani 2018 Topps Update Rookie #US1', image: 'slab', cats: ['graded', 'baseball'], brand: 'Beckett', price: 449.99, available: 2 },
  // --- Supplies ---
  { id: 41, title: 'Ultra Pro 3" x 4" Regular Toploaders (25ct)', image: 'toploader', cats: ['supplies'], brand: 'Ultra Pro', price: 4.99, available: 500 },
  { id: 42, title: 'Dragon Shield Matte Sleeves (100ct)', image: 'sleeves', cats: ['supplies'], brand: 'Dragon Shield', price: 12.99, optionType: 'Color', options: [['Black', 12.99, 60], ['Crimson', 12.99, 25], ['Jet', 12.99, 0], ['Clear', 12.99, 40]] },
  { id: 43, title: 'Ultra Pro Penny Sleeves (100ct)', image: 'sleeves', cats: ['supplies'], brand: 'Ultra Pro', price: 1.49, available: 800 },
  { id: 44, title: 'Ultra Pro Magnetic One-Touch Card Holder (35pt)', image: 'toploader', cats: ['supplies'], brand: 'Ultra Pro', price: 3.99, available: 240 },
  { id: 45, title: 'Ultra Pro 9-Pocket PRO-Binder', image: 'binder', cats: ['supplies'], brand: 'Ultra Pro', price: 24.99, available: 60 },
  { id: 46, title: 'Vault X Exo-Tec 4-Pocket Zip Binder', image: 'binder', cats: ['supplies'], brand: 'Vault X', price: 19.99, available: 45 },
  { id: 47, title: 'BCW Resealable Team Bags (100ct)', image: 'sleeves', cats: ['supplies'], brand: 'BCW', price: 3.49, available: 300 },
  { id: 48, title: 'BCW Graded Slab Storage Box', image: 'slab', cats: ['supplies'], brand: 'BCW', price: 9.99, available: 70 },
  { id: 49, title: 'Ultra Pro Graded Card Sleeves (100ct)', image: 'slab', cats: ['supplies'], brand: 'Ultra Pro', price: 5.99, available: 150 },
  { id: 50, title: 'Ultra Pro Card Storage Box (800ct)', image: 'toploader', cats: ['supplies'], brand: 'Ultra Pro', price: 2.99, available: 120 },
];

function buildCatalog(): RawProduct[] {
  const list = seeds.map(make);
  const byIdMap = new Map(list.map((p) => [p.id, p]));
  for (const seed of seeds) {
    if (!seed.gift) continue;
    const gift = byIdMap.get(seed.gift.id);
    const owner = byIdMap.get(seed.id);
    if (!gift || !owner) throw new Error(`catalog: add-on gift ${seed.gift.id} of product ${seed.id} not found`);
    const Options = selectableOptions(gift).length > 0 ? (gift.Options ?? []) : [];
    const addOn: AddOnGift = {
      addon: {
        gift_product_id: gift.id,
        quantity_given: seed.gift.given,
        quantity_required: seed.gift.required,
        gift_quantity_multiplies: seed.gift.multiplies,
      },
      product: {
        id: gift.id,
        title: gift.title,
        Options,
        variation_product_stocks: Options.map((o) => ({ product_id: o.product_id, quantity: o.quantity })),
      },
    };
    owner.AddOnProduct = addOn;
  }
  return list;
}

/** Every product, ids 1..N in order. Mutable on purpose: handlers may change stock. */
export const products: RawProduct[] = buildCatalog();

export function productById(id: number): RawProduct | undefined {
  return products.find((p) => p.id === id);
}

export function productBySlug(slug: string): RawProduct | undefined {
  return products.find((p) => p.slug === slug);
}

/** One product per state of spec §4, for demo pages and tests. */
export const sampleIds = {
  plain: 1,
  rewardOnly: 11,
  presaleWithStock: 6,
  presaleWithoutStock: 7,
  groupBreak3Spots: 29,
  groupBreakSoldOut: 30,
  groupBreakTba: 31,
  groupBreakOnSale: 32,
  sale: 3,
  clearance: 16,
  isNew: 2,
  newOutOfStock: 8,
  outOfStock: 9,
  lastOne: 5,
  deposit: 15,
  variations: 17,
  startsAt: 26,
  giftMultiplies: 4,
  giftOnce: 22,
  giftWithOptions: 12,
  liveBreakOnly: 21,
  warehouseStock: 19,
  warehouseStockOnly: 20,
  blockPool: 24,
  charity: 23,
  ineligible: 25,
  htmlTitle: 10,
  noImage: 37,
  wholesale: 27,
  caseapalooza: 33,
  singleWithLimit: 39,
  supply: 41,
} as const satisfies Record<string, number>;

// --- lists for the other calls -------------------------------------------------

/** GET /trending-searches/load. Each one finds something in `searchCatalog`. */
export const trending: string[] = [
  'pokemon 151',
  'prismatic evolutions',
  'topps chrome',
  'elite trainer box',
  'group break',
  'one piece',
  'dragon shield sleeves',
  'psa 10',
];

/** GET /recently-viewed (includes the HTML title and the no-image product). */
export const recentlyViewedIds: number[] = [2, 29, 3, 15, 19, 37, 10, 5];

/** 'Recommended for you:' in the cart dropdown: in stock, addable. */
export const upsellIds: number[] = [1, 3, 14, 34, 36, 38];

/** 'Protect your investment:' in the cart dropdown: cheap supplies. */
export const supplyIds: number[] = [41, 43, 44, 47, 49, 50];

// --- breakers -----------------------------------------------------------------

/** GET /check-live-break-eligible-status. */
export const breakers: LiveBreaker[] = [
  {
    identifier: 'Main Stage',
    location: 0,
    categories: [],
    stock: 25,
    next_live: { date: '2026-11-22', start: '19:00', end: '23:00', timezone: 'America/New_York' },
  },
  {
    identifier: 'Sports Room (Warehouse 7)',
    location: 7,
    categories: [categories.baseball.id, categories.basketball.id, categories.football.id],
    stock: 6,
    next_live: { date: '2026-11-23', start: '12:00', end: '16:00', timezone: 'America/New_York' },
  },
  {
    identifier: 'TCG Room (Warehouse 12)',
    location: 12,
    categories: [categories.pokemon.id, categories.magic.id, categories.onePiece.id, categories.lorcana.id],
    stock: 0,
    next_live: { date: '2026-11-24', start: '18:00', end: '22:00', timezone: 'America/Chicago' },
  },
  {
    identifier: 'Vintage Room',
    location: 3,
    categories: [categories.vintage.id],
    stock: 10,
    next_live: { date: '2026-11-25', start: '17:00', end: '20:00', timezone: 'America/Los_Angeles' },
  },
];

// --- search -----------------------------------------------------------------------

function words(s: string): string[] {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * Case- and accent-insensitive search: every word of the query must start a
 * word of the title ('poke 151' finds 'Pokémon TCG: … 151 …'). An empty query
 * finds nothing. Catalog order.
 */
export function searchCatalog(q: string): RawProduct[] {
  const terms = words(q);
  if (terms.length === 0) return [];
  return products.filter((p) => {
    const titleWords = words(p.title);
    return terms.every((t) => titleWords.some((w) => w.startsWith(t)));
  });
}

// --- derivations -------------------------------------------------------------------

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
