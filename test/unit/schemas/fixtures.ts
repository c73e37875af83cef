/**
 * The fixtures of the rule table (rule.test.ts): every answer (spec §7), prop
 * and config schema with every field and nested object filled in, and what
 * each island, call or unit cannot work without.
 */
import * as v from 'valibot';
import * as s from '../../../shared/api/schemas';
import { PageConfig } from '../../../shared/config';
import { Props as AddToCartProps } from '../../../widgets/add-to-cart/island';
import { Props as CountryPromptProps } from '../../../widgets/country-prompt/island';
import { Props as LoyaltyProps } from '../../../widgets/loyalty-action/island';
import { Props as GridProps } from '../../../widgets/product-grid/island';
import { Props as SearchBarProps } from '../../../widgets/search-bar/island';
import { Props as TeaserProps } from '../../../widgets/teaser-card/island';
import { optional } from './walk';

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
export const roots: Root[] = [
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
      fieldData: { endpoint: '/storefront/field-data', sampleRate: '0.5', consent: true, pageType: 'product/{slug}' },
    },
  },
].map(asJson);

/** What each island or call cannot work without: the only fields that fail it. */
export const FATAL: Record<string, string[]> = {
  'GET /cart/get-count': ['CartQuantity'],
  'GET /cart/get-count (count)': ['count'],
  'POST /product/cart/load': ['id', 'title', 'slug'],
  'GET /determine-user-country': ['country'],
  'teaser-card props': ['product', 'product.id', 'product.title', 'product.slug', 'product.price'],
  'product-grid props': ['products'],
  'add-to-cart props': ['product', 'product.id', 'product.title', 'product.slug'],
  'loyalty-action props': ['type'],
};

/** What each unit needs (a key without a default); everything else is optional. */
export const NEEDS: Record<string, string[]> = {
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
  CountryCheck: ['country'],
};
