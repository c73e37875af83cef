/** The built catalog: every product, lookups, the sample ids and the search. */
import type { AddOnGift } from '../../../shared/api/schemas';
import { productFromSeed, selectableOptions, type RawProduct } from './raw-product';
import { seeds } from './seeds';

function buildCatalog(): RawProduct[] {
  const list = seeds.map(productFromSeed);
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

/**
 * `?cards=N` repeats the catalog (for the bench): copy `round` of a product
 * has id + round × the catalog's size, and the mock backend reads that id as
 * the product it copies, so a far card adds to the cart like the first.
 */
export function catalogCopy(p: RawProduct, round: number): RawProduct {
  return round === 0 ? p : { ...p, id: p.id + round * products.length };
}
export function copiedId(id: number): number {
  return id > products.length ? ((id - 1) % products.length) + 1 : id;
}

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
