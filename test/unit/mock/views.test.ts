/** The catalog's views are what the mock backend answers: each must pass the schema the islands read it with. */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { LiveBreaker, Product, ProductTeaser, SearchResultItem, UpsellEntry } from '../../../shared/api/schemas';
import { breakers, productById, products, sampleIds, toProduct, toSearchResult, toTeaser, toUpsellEntry } from '../../../demo-pages/mock/catalog';

describe('schemas', () => {
  it.each(products.map((p) => [p.id, p] as const))('product %i: views pass their schemas unchanged', (_id, p) => {
    // Parsing changes nothing: the views are already normalised.
    expect(v.parse(ProductTeaser, toTeaser(p))).toEqual(toTeaser(p));
    expect(v.parse(Product, toProduct(p))).toEqual(toProduct(p));
    expect(v.parse(SearchResultItem, toSearchResult(p))).toEqual(toSearchResult(p));
    expect(v.parse(UpsellEntry, toUpsellEntry(p))).toEqual(toUpsellEntry(p));
  });

  it('the views survive a JSON round trip (what MSW sends)', () => {
    for (const p of products) {
      expect(v.parse(ProductTeaser, JSON.parse(JSON.stringify(toTeaser(p))))).toEqual(toTeaser(p));
      expect(v.parse(Product, JSON.parse(JSON.stringify(toProduct(p))))).toEqual(toProduct(p));
    }
  });

  it.each(breakers.map((b) => [b.identifier, b] as const))('breaker %s passes LiveBreaker', (_name, b) => {
    expect(v.parse(LiveBreaker, b)).toEqual(b);
    expect(b.next_live?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(b.next_live?.start).toMatch(/^\d{2}:\d{2}$/);
    expect(b.next_live?.end).toMatch(/^\d{2}:\d{2}$/);
    expect(() => new Intl.DateTimeFormat('en-US', { timeZone: b.next_live?.timezone })).not.toThrow();
  });

  it('toProduct returns copies: editing a view leaves the catalog alone', () => {
    const p = productById(sampleIds.variations)!;
    const full = toProduct(p);
    full.Options![0]!.quantity = 999;
    expect(p.Options![0]!.quantity).not.toBe(999);
  });
});
