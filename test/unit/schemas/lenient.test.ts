/**
 * parseLenient itself: several bad units at once, one note per unit, and it
 * always ends.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CartResponse, ProductTeaser } from '../../../shared/api/schemas';
import { parseLenient } from '../../../shared/api/lenient';

const card = (id: number, extra: Record<string, unknown> = {}) => ({ id, title: `Card ${id}`, slug: `card-${id}`, price: 1, ...extra });
const Grid = v.object({ products: v.array(ProductTeaser) });

describe('parseLenient', () => {
  it('drops several bad cards and fields in one go, one note each, in order, keeping the rest', () => {
    const result = parseLenient(Grid, {
      products: [card(1), card(2, { slug: '../x' }), card(3, { isNew: 'maybe' }), card(4, { id: 'four' }), card(5)],
    });
    expect(result.success && result.output.products.map((p) => [p.id, p.isNew])).toEqual([[1, false], [3, false], [5, false]]);
    expect(result.dropped).toEqual([
      'dropped item "products.1" (field "slug": must be a plain path slug)',
      'dropped field "products.2.isNew" (must be a flag)',
      'dropped item "products.3" (field "id": must be a number)',
    ]);
  });

  it('a unit is reported once, for the field it could not do without; its bad optional fields go with it', () => {
    // price (optional) comes before quantity (needed) in a cart line.
    const result = parseLenient(CartResponse, { cart_items: [{ id: 1, price: 'x', quantity: null }, { id: 2, quantity: 1 }] });
    expect(result.success && result.output.cart_items.map((i) => i.id)).toEqual([2]);
    expect(result.dropped).toEqual(['dropped item "cart_items.0" (field "quantity": must be a number)']);
  });

  it('a cart line without a quantity is left out, and the count is that of the lines left', () => {
    const result = parseLenient(CartResponse, { cart_items: [{ id: 1, quantity: 2 }, { id: 2, quantity: 'x' }, { id: 3, quantity: '1' }] });
    expect(result.success && [result.output.CartQuantity, result.output.cart_items.map((i) => i.id)]).toEqual([3, [1, 3]]);
  });

  it('Laravel-shaped cards (flags 0/1/"1"/null, numbers as strings) beside a bad one read exactly as they do alone', () => {
    // As Eloquent serialises a teaser: tinyint flags, decimals as strings, nulls for unset columns.
    const laravel = [
      card(1, { price: '49.99', listPrice: '59.99', sale: 1, isNew: '1', presale: 0, isClearance: null, available: '3', saleLimit: '0', needsOptions: '0' }),
      card(2, { price: '5', sale: '0', isNew: null, isGroupBreak: 1, breakDate: null, available: 0, showATC: 1 }),
    ];
    const badFlag = card(3, { isNew: 'maybe', price: '7.50' });
    // Alone: the good ones whole, the third without its bad flag.
    const alone = [laravel[0], { ...badFlag, isNew: undefined }, laravel[1]].map((item) => parseLenient(ProductTeaser, item));
    expect(alone.map((r) => r.success && r.dropped.length)).toEqual([0, 0, 0]);
    const result = parseLenient(Grid, { products: [laravel[0], card(9, { price: null }), badFlag, laravel[1]] });
    expect(result.success && result.output.products).toEqual(alone.map((r) => r.success && r.output));
    expect(result.dropped).toEqual(['dropped item "products.1" (field "price": must be a number)', 'dropped field "products.2.isNew" (must be a flag)']);
  });

  it('thousands of bad cards among good ones: each bad one left out with its note, every good one kept in order', () => {
    const products = Array.from({ length: 6000 }, (_, i) => (i % 3 === 1 ? card(i) : card(i, { price: null, id: i % 3 ? i : `x${i}` })));
    const result = parseLenient(Grid, { products });
    expect(result.success && result.output.products.map((p) => p.id)).toEqual(products.filter((_, i) => i % 3 === 1).map((p) => p.id));
    expect(result.dropped).toHaveLength(4000);
    expect(result.dropped[0]).toBe('dropped item "products.0" (field "id": must be a number)');
  });

  it('does not touch its input', () => {
    const input = { products: [card(1), card(2, { slug: '../x' })] };
    const copy = structuredClone(input);
    parseLenient(Grid, input);
    expect(input).toEqual(copy);
  });

  it('ends, failing, when a cut cannot change what the schema sees (a field made by a transform)', () => {
    const Made = v.pipe(v.unknown(), v.transform(() => ({ list: [{ n: 'x' }] })), v.object({ list: v.array(v.object({ n: v.number() })), more: v.literal(1) }));
    const result = parseLenient(Made, {});
    expect(result.success).toBe(false);
    expect(new Set(result.dropped).size).toBe(result.dropped.length);
  });
});
