/** The seeded demo catalog: identity, derivations, breakers, lists and search. */
import { describe, expect, it } from 'vitest';
import { breakers, canAddToCart, needsOptions, productById, productBySlug, products, recentlyViewedIds, sampleIds, searchCatalog, supplyIds, toSearchResult, toTeaser, trending, upsellIds } from '../../../demo-pages/mock/catalog';
import { inCategory } from './raw';

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
