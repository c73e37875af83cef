import { describe, expect, it } from 'vitest';
import {
  breakers,
  canAddToCart,
  needsOptions,
  productById,
  productBySlug,
  products,
  recentlyViewedIds,
  sampleIds,
  searchCatalog,
  selectableOptions,
  supplyIds,
  toSearchResult,
  toTeaser,
  trending,
  upsellIds,
  type RawProduct,
} from '../../../demo-pages/mock/catalog';

const GENERAL = [0, 19];
const atWarehouse = (p: RawProduct, w: number) =>
  (p.product_stock ?? []).filter((r) => (r.product_stock_locations ?? []).some((l) => l.warehouse_id === w));
const inCategory = (p: RawProduct, name: string) => (p.categories ?? []).some((c) => c.name === name);

describe('identity', () => {
  it('has at least 48 products with ids 1..N in order', () => {
    expect(products.length).toBeGreaterThanOrEqual(48);
    expect(products.map((p) => p.id)).toEqual(products.map((_, i) => i + 1));
  });

  it('ids and slugs are unique; slugs are kebab-case', () => {
    expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
    for (const p of products) expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('every product has categories with ids and a brand', () => {
    for (const p of products) {
      expect(p.categories?.length).toBeGreaterThan(0);
      for (const c of p.categories ?? []) expect(c.id).toBeGreaterThan(0);
      expect(p.brands?.[0]?.name).toBeTruthy();
    }
  });

  it('images are local demo photos and logos, or null', () => {
    for (const p of products) {
      for (const src of [p.MainImage?.Small, p.MainImage?.Medium, p.BlockPoolLogo, p.ActiveCharity?.charity_logo, p.assignedBreaker?.img]) {
        if (src != null) expect(src).toMatch(/^\/demo\/img\/[a-z0-9-]+\.(jpg|png)$/);
      }
    }
  });

  it('lookups by id and slug', () => {
    expect(productById(1)?.id).toBe(1);
    expect(productBySlug(productById(5)!.slug)?.id).toBe(5);
    expect(productById(9999)).toBeUndefined();
  });
});

type StateRow = [state: string, key: keyof typeof sampleIds, predicate: (p: RawProduct) => boolean];

const states: StateRow[] = [
  ['reward-only', 'rewardOnly', (p) => p.RewardRedemptionOnly && !toTeaser(p).showATC],
  ['presale with stock', 'presaleWithStock', (p) => p.Presale && p.Available > 0 && !!p.ReleaseDate && canAddToCart(p)],
  ['presale without stock (Coming Soon!)', 'presaleWithoutStock', (p) => p.Presale && p.Available === 0 && !canAddToCart(p)],
  ['group break, 3 spots left', 'groupBreak3Spots', (p) => p.isGroupBreak && p.Available === 3 && !!p.breakDate],
  ['group break, 0 spots (SOLD OUT!)', 'groupBreakSoldOut', (p) => p.isGroupBreak && p.Available === 0 && !!p.breakDate],
  ['group break without a date (TBA)', 'groupBreakTba', (p) => p.isGroupBreak && p.breakDate === null && p.Available > 0],
  ['group break on sale', 'groupBreakOnSale', (p) => p.isGroupBreak && p.OnSale && !!p.breakDate],
  ['sale', 'sale', (p) => p.OnSale && !p.isClearance && p.regPrice > p.Price && p.salePrice === p.Price],
  ['clearance', 'clearance', (p) => p.OnSale && p.isClearance],
  ['new', 'isNew', (p) => p.isNew && canAddToCart(p) && !p.OnSale],
  ['new and out of stock (Notify me)', 'newOutOfStock', (p) => p.isNew && !canAddToCart(p) && !p.Presale],
  ['plain out of stock', 'outOfStock', (p) => !canAddToCart(p) && !p.isNew && !p.Presale && !p.RewardRedemptionOnly && !p.isGroupBreak],
  ['LAST ONE (1 available, no sale limit)', 'lastOne', (p) => p.Available === 1 && p.SaleQuantityLimit === 0 && canAddToCart(p)],
  ['1 available but with a sale limit (no LAST ONE)', 'singleWithLimit', (p) => p.Available === 1 && p.SaleQuantityLimit >= 1],
  ['deposit / down payment', 'deposit', (p) => p.DownPayment && p.DepositPrice > 0 && p.DepositPrice < p.Price],
  [
    'variations, some not selectable (quantity 0 / price 0)',
    'variations',
    (p) => {
      const opts = p.Options ?? [];
      return (
        selectableOptions(p).length > 0 &&
        opts.some((o) => o.quantity === 0) &&
        opts.some((o) => o.price === 0) &&
        needsOptions(p) &&
        p.LowestVariationPrice === Math.min(...selectableOptions(p).map((o) => o.price))
      );
    },
  ],
  ["lowest variation price ('Starts at')", 'startsAt', (p) => p.LowestVariationPrice > 0 && toTeaser(p).lowVar > 0],
  [
    'add-on gift that multiplies',
    'giftMultiplies',
    (p) => !!p.AddOnProduct?.addon.gift_quantity_multiplies && (p.AddOnProduct.product.Options ?? []).length === 0,
  ],
  [
    'add-on gift that does not multiply (or more)',
    'giftOnce',
    (p) => p.AddOnProduct?.addon.gift_quantity_multiplies === false && p.AddOnProduct.addon.quantity_required > 1,
  ],
  [
    'add-on gift with options',
    'giftWithOptions',
    (p) => {
      const gift = p.AddOnProduct?.product;
      return (
        !!gift &&
        (gift.Options ?? []).length > 1 &&
        (gift.variation_product_stocks ?? []).length === (gift.Options ?? []).length &&
        needsOptions(p) &&
        toTeaser(p).needsOptions
      );
    },
  ],
  ['live-break-only', 'liveBreakOnly', (p) => p.LiveBreakOnly && p.break_eligible && toTeaser(p).needsOptions],
  [
    'break-eligible with stock at warehouses 7 and 12 and general stock',
    'warehouseStock',
    (p) =>
      p.break_eligible &&
      atWarehouse(p, 7).some((r) => r.quantity > 0) &&
      atWarehouse(p, 12).length > 0 &&
      GENERAL.some((w) => atWarehouse(p, w).some((r) => r.quantity > 0)) &&
      p.AvailableToShip < p.Available,
  ],
  [
    'break-eligible with general stock 0, stock only at a warehouse',
    'warehouseStockOnly',
    (p) => p.break_eligible && p.AvailableToShip === 0 && atWarehouse(p, 7).some((r) => r.quantity > 0),
  ],
  ['block pool with logo', 'blockPool', (p) => p.BlockPool && !!p.BlockPoolLogo && p.BlockPoolSpotsEligible > 0],
  ['charity', 'charity', (p) => !!p.ActiveCharity?.charity_name && !!toTeaser(p).charity?.charity_logo],
  ['ineligible to ship', 'ineligible', (p) => p.Eligible === false && toTeaser(p).eligible === false],
  ['title with HTML in it', 'htmlTitle', (p) => p.title.includes('<img src=x onerror=alert(1)>')],
  [
    'no image at all',
    'noImage',
    (p) => p.MainImage === null && toTeaser(p).mainImage === null && toSearchResult(p).MainImage === null,
  ],
  ['wholesale', 'wholesale', (p) => p.wholesale],
  ['caseapalooza', 'caseapalooza', (p) => p.caseapalooza && p.isGroupBreak],
  ['supply (cheap)', 'supply', (p) => inCategory(p, 'Supplies') && p.Price < 15],
];

describe('covers every product state', () => {
  it.each(states)('%s', (_state, key, predicate) => {
    const p = productById(sampleIds[key]);
    expect(p, `sampleIds.${key}`).toBeDefined();
    expect(predicate(p!)).toBe(true);
  });

  it('every sample id is a state row', () => {
    const covered = new Set(states.map(([, key]) => key));
    expect(Object.keys(sampleIds).filter((k) => k !== 'plain' && !covered.has(k as keyof typeof sampleIds))).toEqual([]);
  });

  it('several cheap supplies exist', () => {
    expect(products.filter((p) => inCategory(p, 'Supplies') && p.Price < 15).length).toBeGreaterThanOrEqual(6);
  });
});

describe('derivations', () => {
  it('showATC is false for reward-only and out-of-stock products, true when in stock', () => {
    for (const p of products) {
      expect(toTeaser(p).showATC).toBe(!p.RewardRedemptionOnly && p.Available > 0);
    }
  });

  it('needsOptions only for variations, add-ons with options and live-break-only', () => {
    const needing = products.filter((p) => toTeaser(p).needsOptions).map((p) => p.id).sort((a, b) => a - b);
    expect(needing).toEqual(
      [sampleIds.giftWithOptions, sampleIds.variations, sampleIds.liveBreakOnly, sampleIds.startsAt, 42].sort((a, b) => a - b),
    );
  });

  it('sale prices are consistent', () => {
    for (const p of products) {
      if (p.OnSale) {
        expect(p.salePrice).toBe(p.Price);
        expect(p.regPrice).toBeGreaterThan(p.Price);
        expect(toSearchResult(p).IsDiscounted).toBe(true);
      } else {
        expect(p.salePrice).toBe(0);
        expect(p.regPrice).toBe(p.Price);
      }
    }
  });

  it('add-on gifts point at catalog products', () => {
    for (const p of products.filter((x) => x.AddOnProduct)) {
      const gift = productById(p.AddOnProduct!.addon.gift_product_id);
      expect(gift?.title).toBe(p.AddOnProduct!.product.title);
    }
  });

  it('variation option ids never clash with catalog ids', () => {
    for (const p of products) for (const o of p.Options ?? []) expect(productById(o.id)).toBeUndefined();
  });
});

describe('breakers', () => {
  it('one general, one at warehouse 7 covering products, one at 12 without stock, one covering nothing', () => {
    const covers = (cats: number[]) =>
      products.filter((p) => p.break_eligible && (p.categories ?? []).some((c) => cats.includes(c.id)));
    const general = breakers.find((b) => b.location === 0);
    const w7 = breakers.find((b) => b.location === 7);
    const w12 = breakers.find((b) => b.location === 12);
    expect(general?.stock).toBeGreaterThan(0);
    expect(w7?.stock).toBeGreaterThan(0);
    expect(covers(w7?.categories ?? []).map((p) => p.id)).toEqual(
      expect.arrayContaining([sampleIds.warehouseStock, sampleIds.warehouseStockOnly]),
    );
    expect(w12?.stock).toBe(0);
    const none = breakers.find((b) => (b.categories ?? []).length > 0 && covers(b.categories ?? []).length === 0);
    expect(none).toBeDefined();
    expect(products.some((p) => (p.categories ?? []).some((c) => (none!.categories ?? []).includes(c.id)))).toBe(false);
  });
});

describe('lists', () => {
  it('has 8 trending searches, each finding something', () => {
    expect(trending).toHaveLength(8);
    for (const q of trending) expect(searchCatalog(q).length, q).toBeGreaterThan(0);
  });

  it('recently viewed, upsell and supply ids exist', () => {
    expect(recentlyViewedIds).toHaveLength(8);
    for (const id of [...recentlyViewedIds, ...upsellIds, ...supplyIds]) expect(productById(id)).toBeDefined();
    for (const id of supplyIds) expect(inCategory(productById(id)!, 'Supplies')).toBe(true);
    for (const id of upsellIds) expect(canAddToCart(productById(id)!)).toBe(true);
  });
});

describe('searchCatalog', () => {
  it('is case- and accent-insensitive, every word must start a title word', () => {
    const ids = (q: string) => searchCatalog(q).map((p) => p.id);
    expect(ids('POKEMON 151')).toEqual(ids('pokémon 151'));
    expect(ids('poke 151')).toContain(1);
    expect(ids('topps chrome')).toEqual(expect.arrayContaining([19, 26, 27, 29]));
    expect(ids('topps chrome')).not.toContain(22); // Bowman Chrome is not Topps-titled
    expect(ids('chrome bowman')).toContain(22);
    expect(ids('hrome')).toEqual([]);
  });

  it('finds nothing for an empty or blank query', () => {
    expect(searchCatalog('')).toEqual([]);
    expect(searchCatalog('   ')).toEqual([]);
    expect(searchCatalog('zzzz')).toEqual([]);
  });
});
