/** hashValue: the card hash the server prints and the browser checks (ProductGrid.tsx cardHash). */
import { describe, expect, it } from 'vitest';
import { hashValue } from '../../../shared/runtime/props';

describe('hashValue', () => {
  const product = { id: 7, title: 'Box — "151"', price: 12.5, tags: ['a', 'b'], logo: null, showATC: true };

  it('is the same for an equal value (a copy, a JSON round trip), and leaves out undefined keys as JSON does', () => {
    expect(hashValue(structuredClone(product))).toBe(hashValue(product));
    expect(hashValue({ ...product, extra: undefined })).toBe(hashValue(product));
    expect(hashValue(product)).toMatch(/^[0-9a-z]+$/);
  });

  it('differs when a key, a value, a kind, the nesting or the split of text between values differs', () => {
    const others = [
      { ...product, id: 8 },
      { ...product, id: '7' },
      { ...product, logo: 'null' },
      { ...product, showATC: 'true' },
      { ...product, tags: ['ab'] },
      { ...product, tags: ['a', ['b']] },
      { ...product, tags: { 0: 'a', 1: 'b' } },
      { ...product, title: 'Box — "15', tags: ['1a', 'b'] },
      { ...product, titles: product.title },
    ];
    const hashes = new Set([product, ...others].map(hashValue));
    expect(hashes.size).toBe(others.length + 1);
  });
});
