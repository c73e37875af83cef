/**
 * The server's card hash (json-hash.server.ts, read in place) is the
 * browser's (json-hash.ts, FNV-1a of JSON.stringify) for any value: a card
 * the server marked hydrates only when the two agree.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { jsonHash } from '../../../shared/runtime/json-hash';
import { jsonHash as serverJsonHash } from '../../../shared/runtime/json-hash.server';
import { ProductGridProps } from '../../../widgets/product-grid/ProductGrid';
import { roots } from '../schemas/fixtures';

class Money {
  constructor(readonly cents: number) {}
}

describe('the server form of jsonHash', () => {
  it('hashes every product of the grid fixture, read by its schema, as the browser does', () => {
    const { fixture } = roots.find((root) => root.name === 'product-grid props')!;
    const { products } = v.parse(ProductGridProps, fixture);
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) expect(serverJsonHash(product)).toBe(jsonHash(product));
  });

  it('agrees with the browser on any JSON-like value: escapes, lone surrogates, -0, NaN, undefined, functions, toJSON, class instances', () => {
    const odd = fc.constantFrom(undefined, () => 1, Symbol('s'), Number.NaN, -0, Infinity, new Date(0), new Money(5), { toJSON: () => 'x' }, '\ud800', 'a"b\\c\n\u0001', '😀');
    const value = fc.letrec((tie) => ({
      any: fc.oneof({ depthSize: 'small' }, fc.jsonValue(), odd, fc.string({ unit: 'binary' }), fc.array(tie('any')), fc.dictionary(fc.string(), tie('any'))),
    })).any;
    fc.assert(
      fc.property(fc.oneof(fc.array(value), fc.dictionary(fc.string({ unit: 'binary' }), value)), (input) => {
        expect(serverJsonHash(input)).toBe(jsonHash(input));
      }),
      { numRuns: 500 },
    );
  }, 60_000);
});
