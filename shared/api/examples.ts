/**
 * Products as PHP prints them (numbers as text, flags as 0/1/"1"), for the
 * islands' example.ts (build/islands.mjs: the render service's warm-up, the
 * docs' and the embedding tests). No island imports these at
 * run time: the client bundles leave them out.
 */

/** An image the demo serves (its /islands page shows the examples). */
const IMAGE = '/demo/img/booster-box.jpg';

/** A teaser card; `i` picks its state: sale, new, clearance, presale, group break, reward-only, deposit, sold out, a choice to make. */
export function exampleTeaser(i: number) {
  const state = i % 10;
  return {
    id: String(9000 + i),
    title: `Warm-up Booster Box ${i}`,
    slug: `warm-up-booster-box-${i}`,
    mainImage: IMAGE,
    mainImageTiny: IMAGE,
    mainImageMedium: IMAGE,
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

/** `count` teaser cards, in every state. */
export function exampleTeasers(count: number, from = 0) {
  return Array.from({ length: count }, (_, i) => exampleTeaser(from + i));
}

/** A product page's product, with a choice of two options (one sold out). */
export const exampleProduct = {
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
  MainImage: { Small: IMAGE, Medium: IMAGE },
  Options: [
    { id: '1', type: 'Size', value: 'Hobby', option_type: 'select', sku: 'WU-1', product_id: '9001', price: '24.99', quantity: '5' },
    { id: '2', type: 'Size', value: 'Jumbo', option_type: 'select', sku: 'WU-2', product_id: '9001', price: '49.99', quantity: '0' },
  ],
  brands: [{ name: 'Warm-up Cards' }],
  categories: [{ id: '3', name: 'Booster Boxes' }],
  product_stock: [{ quantity: '12', product_stock_locations: [{ warehouse_id: '1' }] }],
};
