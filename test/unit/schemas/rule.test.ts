/**
 * The rule, as a table over every schema: for every field of every answer,
 * prop and config key (read from the schemas' own `entries`, so a field added
 * later is covered), and each of {wrong type, null, missing}:
 * - a field its unit can do without is read as its default, or dropped with
 *   one note naming it, and nothing else changes;
 * - a field its unit needs costs that unit only (one card, one cart line, one
 *   optional block), with one note naming it;
 * - only what an island or call cannot work without fails it, and that list
 *   is written out below.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import * as s from '../../../shared/api/schemas';
import { PageConfig } from '../../../shared/config';
import { childSchema, parseLenient } from '../../../shared/api/lenient';
import { Props as AddToCartProps } from '../../../widgets/add-to-cart/island';
import { Props as CountryPromptProps } from '../../../widgets/country-prompt/island';
import { Props as LoyaltyProps } from '../../../widgets/loyalty-action/island';
import { Props as GridProps } from '../../../widgets/product-grid/island';
import { Props as SearchBarProps } from '../../../widgets/search-bar/island';
import { Props as TeaserProps } from '../../../widgets/teaser-card/island';

type Schema = v.GenericSchema & {
  wrapped?: Schema;
  entries?: Record<string, Schema>;
  item?: Schema;
  pipe?: readonly { kind: string }[];
  options?: readonly Schema[];
  fallback?: unknown;
};
type Path = (string | number)[];

// --- fixtures: every field and every nested object filled in ------------------

const image = '/img/a.jpg';
const teaser = {
  id: 1, title: 'Booster Box', slug: 'booster-box', mainImage: image, mainImageTiny: image, mainImageMedium: image,
  price: '49.99', listPrice: 59.99, regPrice: 59.99, salePrice: 49.99, lowVar: 0, depositPrice: 0, downPayment: 0,
  sale: 1, isClearance: false, isNew: '1', presale: 0, releaseDate: '2027-01-30', isGroupBreak: 1, breakDate: '2026-12-01',
  available: 3, saleLimit: 2, showATC: true, rewardRedemptionOnly: 0, blockPool: 1, blockPoolLogo: image, caseapalooza: 0,
  isGuaranteedBreak: 1, assignedBreaker: { location: 'Room 1', img: image, img_version: 3 },
  charity: { charity_logo: image, charity_name: 'Fights Cancer' }, wholesale: 0, eligible: 1, needsOptions: 0,
};
const option = { id: 171, type: 'Format', value: 'Single Pack', option_type: 'select', sku: 'S-1', product_id: 17, price: '5.99', quantity: 36 };
const product = {
  id: 17, sku: 'SKU-17', title: 'Play Boosters', slug: 'play-boosters', Price: '5.99', price: 5.99, ListPrice: 5.99,
  DepositPrice: 0, LowestVariationPrice: 5.99, OnSale: 0, Available: 40, AvailableToShip: 40, Eligible: 1, Presale: 0,
  ReleaseDate: null, DownPayment: 0, LiveBreakOnly: 0, break_eligible: 1, RewardRedemptionOnly: 0, SaleQuantityLimit: 0,
  BlockPool: 1, BlockPoolLogo: image, BlockPoolSpotsEligible: 3, MainImage: { Small: image, Medium: image },
  Options: [option], brands: [{ name: 'Wizards' }], categories: [{ id: 4, name: 'Magic' }], promotions: [],
  expires: '2026-12-31 23:59:59', product_stock: [{ quantity: 6, product_stock_locations: [{ warehouse_id: 7 }] }],
  ActiveCharity: { charity_code: 'HFC', monetary_type: 'percent', monetary_value: '5', charity_name: 'Fights Cancer', charity_logo: image },
  AddOnProduct: {
    addon: { gift_product_id: 42, quantity_given: 1, quantity_required: '2', gift_quantity_multiplies: 0 },
    product: { id: 42, title: 'Sleeves', Options: [{ ...option, id: 421, product_id: 42 }], variation_product_stocks: [{ product_id: 421, quantity: 5 }] },
  },
};
const cartItem = { id: 1, title: 'Booster Box', Title: 'Booster Box', price: '10.25', Price: 10.25, quantity: 2, Image: { Tiny: image }, product: { slug: 'booster-box' } };
const upsellEntry = { title: 'Sleeves', slug: 'sleeves', price: 12.99, mainImage: { Tiny: image } };
const related = { title: 'Sleeves', slug: 'sleeves', mainImage: { Tiny: image }, price: '12.99' };
const breaker = { identifier: 'Room 1', location: 7, categories: [4], stock: 3, next_live: { date: '2026-12-01', start: '18:00', end: '22:00', timezone: 'EST' } };
const searchItem = {
  Title: 'Booster Box', slug: 'booster-box', MainImage: { Tiny: image }, RewardRedemptionOnly: 0, DownPayment: 0, DepositPrice: 0,
  LowestVariationPrice: 0, OnSale: 1, IsDiscounted: 1, SaleListPrice: 59.99, SalePrice: 49.99, RegularPrice: 59.99, Price: 49.99,
  Available: 3, Presale: 0,
};

interface Root {
  name: string;
  schema: v.GenericSchema;
  fixture: unknown;
}
/** As JSON arrives: no object shared between two places. */
const asJson = (root: Root): Root => ({ ...root, fixture: JSON.parse(JSON.stringify(root.fixture)) });

/** Every answer (spec §7) and prop schema, with a full, valid fixture. */
const roots: Root[] = [
  { name: 'GET /cart/retrieve', schema: s.CartResponse, fixture: { CartQuantity: 2, cart_items: [cartItem, { ...cartItem, id: 2 }], CartErrors: 0 } },
  { name: 'GET /cart/get-count', schema: s.CartCount, fixture: { CartQuantity: 3, CartErrors: 0 } },
  { name: 'GET /cart/get-count (count)', schema: s.CartCount, fixture: { count: 3, errors: 0 } },
  { name: 'GET /cart/load-upsell', schema: s.UpsellResponse, fixture: { upsell: [upsellEntry, upsellEntry], supplies: [upsellEntry] } },
  { name: 'POST /cart/add-item', schema: s.CartAddResponse, fixture: { errors: ['Sold out'], cart: { CartQuantity: 3, CartTotal: '20.50' }, related: [related, related] } },
  { name: 'POST /product/cart/load', schema: s.Product, fixture: product },
  { name: 'GET /check-live-break-eligible-status', schema: s.LiveBreakers, fixture: [breaker, breaker] },
  { name: 'GET /recently-viewed', schema: s.RecentlyViewed, fixture: [teaser, { ...teaser, id: 2 }] },
  { name: 'GET /trending-searches/load', schema: s.TrendingResponse, fixture: { trending: ['pokemon 151'] } },
  { name: 'POST /auto-search', schema: s.SearchResponse, fixture: { results: [searchItem, searchItem], total: '2' } },
  { name: 'POST /login (refused)', schema: s.LoginError, fixture: { error: 'These credentials do not match our records.' } },
  { name: 'GET /determine-user-country', schema: s.CountryCheck, fixture: { country: 'CA', opt: 1 } },
  { name: 'teaser-card props', schema: TeaserProps, fixture: { product: teaser } },
  { name: 'product-grid props', schema: GridProps, fixture: { products: [teaser, { ...teaser, id: 2 }, { ...teaser, id: 3 }] } },
  { name: 'add-to-cart props', schema: AddToCartProps, fixture: { product } },
  { name: 'country-prompt props', schema: CountryPromptProps, fixture: { flagUrl: image } },
  { name: 'search-bar props', schema: SearchBarProps, fixture: { loggedIn: 1, recentSearches: ['pokemon 151', 'topps'], variant: 'mobile' } },
  { name: 'loyalty-action props', schema: LoyaltyProps, fixture: { type: 'share' } },
  {
    name: '#storefront-config',
    schema: PageConfig,
    fixture: {
      region: { factor: '1.37', symbol: 'C$', country: 'CA' },
      user: { loggedIn: 1, recentSearches: ['pokemon 151'] },
      paypal: { clientId: 'abc', sdkBaseUrl: '/sdk' },
      cart: { count: '3', errors: 0 },
      country: { country: 'CA', opt: '1' },
    },
  },
].map(asJson);

/** What each island or call cannot work without: the only fields that fail it. */
const FATAL: Record<string, string[]> = {
  'GET /cart/get-count': ['CartQuantity'],
  'GET /cart/get-count (count)': ['count'],
  'POST /product/cart/load': ['id', 'title', 'slug'],
  'POST /login (refused)': ['error'],
  'GET /determine-user-country': ['country'],
  'teaser-card props': ['product', 'product.id', 'product.title', 'product.slug', 'product.price'],
  'product-grid props': ['products'],
  'add-to-cart props': ['product', 'product.id', 'product.title', 'product.slug'],
  'loyalty-action props': ['type'],
};

/** What each unit needs (a key without a default); everything else is optional. */
const NEEDS: Record<string, string[]> = {
  CartItem: ['id', 'quantity'],
  CartResponse: [],
  CartSummary: [],
  UpsellEntry: ['title', 'slug', 'price'],
  UpsellResponse: [],
  ProductTeaser: ['id', 'title', 'slug', 'price'],
  VariationOption: ['id', 'product_id'],
  StockRecord: [],
  AddOnGift: ['addon', 'product'],
  Charity: [],
  Product: ['id', 'title', 'slug'],
  LiveBreaker: ['identifier', 'location'],
  RelatedItem: ['title', 'slug', 'price'],
  CartAddResponse: [],
  SearchResultItem: ['Title', 'slug', 'Price'],
  SearchResponse: [],
  TrendingResponse: [],
  LoginError: ['error'],
  CountryCheck: ['country'],
};

// --- walking schemas and data ----------------------------------------------------

/** Can its object do without this key? valibot's own test for a missing key. */
const optional = (field: Schema) => ['optional', 'nullish', 'exact_optional'].includes(field.type) || field.fallback !== undefined;

/** The objects and arrays a schema describes, through wrappers, pipes and unions. */
function structures(schema: Schema): Schema[] {
  if (schema.wrapped) return structures(schema.wrapped);
  const own = (schema.entries && schema.type.endsWith('object')) || schema.type === 'array' ? [schema] : [];
  const inner = [...(schema.pipe ?? []).slice(1), ...(schema.options ?? [])].filter((x): x is Schema => x.kind === 'schema');
  return [...own, ...inner.flatMap(structures)];
}

const isObject = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);

/** Every object position a schema has ("products.[].assignedBreaker"). */
function objectPositions(schema: Schema, at = ''): string[] {
  return structures(schema).flatMap((st) =>
    st.type === 'array'
      ? objectPositions(st.item!, `${at}[].`)
      : [at.replace(/\.$/, ''), ...Object.entries(st.entries!).flatMap(([key, field]) => objectPositions(field, `${at}${key}.`))],
  );
}

interface Case {
  path: Path;
  field: Schema;
}

/** Every field of every object the fixture fills (the first item of each list), and the positions it covered. */
function fieldsOf(schema: Schema, value: unknown, path: Path = [], covered = new Set<string>()): { cases: Case[]; covered: Set<string> } {
  const cases: Case[] = [];
  const position = path.map((k) => (typeof k === 'number' ? '[]' : k)).join('.');
  for (const st of structures(schema)) {
    if (st.type === 'array' && Array.isArray(value) && value.length > 0) {
      cases.push(...fieldsOf(st.item!, value[0], [...path, 0], covered).cases);
    } else if (st.type !== 'array' && isObject(value) && v.safeParse(st, value).success) {
      covered.add(position);
      for (const [key, field] of Object.entries(st.entries!)) {
        cases.push({ path: [...path, key], field });
        if (key in value) cases.push(...fieldsOf(field, value[key], [...path, key], covered).cases);
      }
      break; // one union option: the one the fixture is
    }
  }
  return { cases, covered };
}

/** A value this field rejects: an object where a scalar is meant, text where a number or object is. */
function wrongValue(field: Schema): unknown {
  return [{ unexpected: true }, 'not ✗ valid', -1.5, []].find((x) => !v.safeParse(field, x).success);
}

function mutate(data: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(data);
  let container: any = copy;
  for (const key of path.slice(0, -1)) container = container[key];
  const last = path.at(-1)!;
  if (value !== REMOVE) container[last] = value;
  else if (Array.isArray(container)) container.splice(last as number, 1);
  else delete container[last];
  return copy;
}
const REMOVE = Symbol('remove');

/**
 * The unit a bad value at `path` costs: the deepest list item, or key its
 * object can do without, at or above it; null when nothing can (the island
 * or call needs it).
 */
function unitOf(schema: Schema, path: Path): Path | null {
  const schemas: (Schema | undefined)[] = [];
  let current: Schema | undefined = schema;
  for (const key of path) {
    current = current && childSchema(current, { type: typeof key === 'number' ? 'array' : 'object', key });
    schemas.push(current);
  }
  for (let at = path.length - 1; at >= 0; at--) {
    if (typeof path[at] === 'number' || (schemas[at] && optional(schemas[at]!))) return path.slice(0, at + 1);
  }
  return null;
}

// --- the table -------------------------------------------------------------------

describe.each(roots)('$name', ({ name, schema, fixture }) => {
  const { cases, covered } = fieldsOf(schema as Schema, fixture);

  it('the fixture is valid and fills every object the schema has (so every field below is tried)', () => {
    const parsed = parseLenient(schema, fixture);
    expect(parsed.success && parsed.dropped).toEqual([]);
    expect([...covered].sort()).toEqual([...new Set(objectPositions(schema as Schema))].sort());
  });

  const rows = cases.flatMap(({ path, field }) => {
    const wrong = wrongValue(field as Schema);
    return [
      ...(wrong === undefined ? [] : [{ path, field, kind: 'wrong type', value: wrong }]),
      { path, field, kind: 'null', value: null },
      { path, field, kind: 'missing', value: REMOVE },
    ];
  });

  it.each(rows.map((row) => [row.path.join('.'), row.kind, row] as const))('%s: %s', (_path, _kind, { path, field, value }) => {
    const result = parseLenient(schema, mutate(fixture, path, value));
    const accepted = value === REMOVE ? optional(field as Schema) : v.safeParse(field, value).success;
    if (accepted) {
      // Read as PHP meant it (null, missing: the default): nothing dropped.
      expect(result.success && result.dropped).toEqual([]);
      return;
    }
    const unit = unitOf(schema as Schema, path);
    if (!unit) {
      // Only what the island or call cannot work without fails it, naming the field.
      expect(FATAL[name] ?? []).toContain(path.join('.'));
      expect(result.success).toBe(false);
      return;
    }
    // Exactly that unit is gone, with one note naming it; the rest is as it was.
    expect(result.success).toBe(true);
    expect(result.dropped).toHaveLength(1);
    expect(result.dropped[0]).toMatch(new RegExp(`^dropped (field|item) "${unit.join('\\.')}" \\(`));
    const without = parseLenient(schema, mutate(fixture, unit, REMOVE));
    expect(result.success && result.output).toEqual(without.success && without.output);
  });

  it('fails the whole island or call only for the fields written out as fatal', () => {
    const fatal = cases.filter(({ path }) => unitOf(schema as Schema, path) === null).map(({ path }) => path.join('.'));
    expect(fatal.sort()).toEqual([...(FATAL[name] ?? [])].sort());
  });
});

describe('what each unit needs', () => {
  it.each(Object.entries(NEEDS))('%s needs %j', (name, needs) => {
    const schema = (s as unknown as Record<string, Schema>)[name]!;
    const [object] = structures(schema);
    const needed = Object.entries(object!.entries!).filter(([, field]) => !optional(field)).map(([key]) => key);
    expect(needed).toEqual(needs);
  });

  it('lists every object schema of the module', () => {
    const objects = Object.entries(s as unknown as Record<string, Schema>)
      .filter(([name, x]) => typeof x === 'object' && x.kind === 'schema' && x.type === 'object' && name !== 'CartAddPayload')
      .map(([name]) => name);
    expect(objects.sort()).toEqual(Object.keys(NEEDS).sort());
  });
});
