/**
 * The hooks the render service renders before it takes traffic
 * (server/warm-up.ts): every server-rendered widget, as PHP sends
 * them (numbers as text, flags as 0/1/"1"), the cards in the states that
 * take different paths (sale, new, clearance, presale, group break,
 * reward-only, deposit, sold out, a choice to make), so the first shopper's
 * page renders as fast as the next one's. test/unit/ssr-server/warm-up.test.ts
 * holds it to every widget of the renderer.
 */

/** A teaser card as PHP prints it; `i` picks its state. */
function teaser(i: number) {
  const state = i % 10;
  return {
    id: String(9000 + i),
    title: `Warm-up Booster Box ${i}`,
    slug: `warm-up-booster-box-${i}`,
    mainImage: `/images/warm-up-${i}.jpg`,
    mainImageTiny: `/images/warm-up-${i}-tiny.jpg`,
    mainImageMedium: `/images/warm-up-${i}-medium.jpg`,
    price: `${20 + i}.99`,
    listPrice: state === 1 ? `${30 + i}.00` : null,
    salePrice: state === 1 ? `${20 + i}.99` : '0',
    sale: state === 1 ? 1 : 0,
    isNew: state === 2 ? '1' : 0,
    isClearance: state === 3 ? 1 : null,
    presale: state === 4 ? 1 : 0,
    releaseDate: state === 4 ? '2030-01-15' : null,
    isGroupBreak: state === 5 ? 1 : 0,
    breakDate: state === 5 ? '2030-01-20 19:00:00' : null,
    rewardRedemptionOnly: state === 6 ? 1 : 0,
    depositPrice: state === 7 ? '5.00' : '0',
    downPayment: state === 7 ? 1 : 0,
    available: state === 8 ? '0' : String(3 + i),
    saleLimit: state === 9 ? '2' : '0',
    showATC: 1,
    needsOptions: state === 9 ? '1' : 0,
  };
}

const product = {
  id: '9001',
  sku: 'WU-9001',
  title: 'Warm-up Booster Box',
  slug: 'warm-up-booster-box',
  Price: '24.99',
  price: '24.99',
  ListPrice: '29.99',
  OnSale: 1,
  Available: '12',
  AvailableToShip: '12',
  SaleQuantityLimit: '4',
  MainImage: { Small: '/images/warm-up-small.jpg', Medium: '/images/warm-up-medium.jpg' },
  Options: [
    { id: '1', type: 'Size', value: 'Hobby', option_type: 'select', sku: 'WU-1', product_id: '9001', price: '24.99', quantity: '5' },
    { id: '2', type: 'Size', value: 'Jumbo', option_type: 'select', sku: 'WU-2', product_id: '9001', price: '49.99', quantity: '0' },
  ],
  brands: [{ name: 'Warm-up Cards' }],
  categories: [{ id: '3', name: 'Booster Boxes' }],
  product_stock: [{ quantity: '12', product_stock_locations: [{ warehouse_id: '1' }] }],
};

const config = {
  region: { factor: '1', symbol: '$', country: 'US' },
  user: { loggedIn: 0, recentSearches: ['warm-up'] },
  cart: { count: '2', errors: 0 },
};

/** One hook per server-rendered widget, with the page config PHP sends beside them. */
export const warmUp: { widget: string; props: unknown; config: unknown }[] = [
  { widget: 'product-grid', props: { products: Array.from({ length: 48 }, (_, i) => teaser(i)) } },
  { widget: 'teaser-card', props: { product: teaser(1) } },
  { widget: 'recently-viewed', props: { products: [teaser(2), teaser(3), teaser(4)] } },
  { widget: 'add-to-cart', props: { product } },
  { widget: 'search-bar', props: { variant: 'desktop' } },
  { widget: 'cart-dropdown', props: null },
  { widget: 'cart-dialogs', props: null },
  { widget: 'login-modal', props: null },
  { widget: 'region-dialog', props: null },
  { widget: 'country-prompt', props: null },
].map((hook) => ({ ...hook, config }));
