/**
 * shared/api/fast-valid.ts: the server renderer's compiled path for valid
 * input gives what valibot gives, output (keys in the same order) and issues
 * alike, for every answer, prop and config schema, on their full fixtures
 * and on thousands of mutations of them (fields replaced by what PHP or a
 * bad row may send, removed, or set to undefined).
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { withFastValidPath } from '../../../shared/api/fast-valid';
import { parseLenient } from '../../../shared/api/lenient';
import { ProductTeaser } from '../../../shared/api/schemas';
import { roots } from './fixtures';

/** A copy of `schema` with the fast path (the schemas the app shares stay as they are). */
const fastCopy = <S extends v.GenericSchema>(schema: S): S => withFastValidPath({ ...schema });

const odd = [
  0, 1, -1, 2.5, NaN, Infinity, -0, '', ' ', '0', '1', '12', ' 7 ', '1.50', '-3', '1e3', '9'.repeat(400), 'x', 'true', 'false', 'TRUE',
  'null', null, undefined, true, false, [], [1], {}, { a: 1 }, '/img/b.jpg', 'https://x.test/a.jpg', 'javascript:alert(1)',
  '//evil.test/x', 'a/../b', 'slug-1', 'bad slug', '\u0000', 'é—😀', '\ud800', 'US', 'CA', 'ca', 'C$', 'CAD $', 'CAD $$', 0.5, -2, 3.7,
];

type Path = (string | number)[];
/** Every path to a value inside `value` (objects and arrays included). */
function paths(value: unknown, at: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [at];
  const inner = Object.entries(value).flatMap(([key, item]) => paths(item, [...at, Array.isArray(value) ? Number(key) : key]));
  return [at, ...inner];
}

/** `value` with the value at `path` replaced (or removed, `remove`); a fresh copy. */
function mutate(value: unknown, path: Path, replacement: unknown, remove: boolean): unknown {
  const copy = structuredClone(value);
  if (path.length === 0) return replacement;
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove && !Array.isArray(parent)) delete parent[last];
  else parent[last] = replacement;
  return copy;
}

/** What valibot and the fast copy make of `input`, side by side. */
function both(schema: v.GenericSchema, fast: v.GenericSchema, input: unknown) {
  const slow = v.safeParse(schema, structuredClone(input));
  const quick = v.safeParse(fast, structuredClone(input));
  const issues = (r: typeof slow) => r.issues?.map((issue) => [v.getDotPath(issue), issue.message]);
  return {
    slow: { success: slow.success, output: slow.output, json: JSON.stringify(slow.output), keys: JSON.stringify(slow.output, keyOrder), issues: issues(slow) },
    quick: { success: quick.success, output: quick.output, json: JSON.stringify(quick.output), keys: JSON.stringify(quick.output, keyOrder), issues: issues(quick) },
  };
}
/** Object keys in their order, undefined values included (JSON.stringify leaves them out). */
const keyOrder = (_key: string, value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.keys(value).map((k) => [k, (value as Record<string, unknown>)[k] ?? null])) : value;

describe('fast-valid', () => {
  it('compiles the grid and teaser props and the page config (the render service parses them on every uncached grid)', () => {
    for (const name of ['product-grid props', 'teaser-card props', '#storefront-config']) {
      const { schema } = roots.find((root) => root.name === name)!;
      const copy = { ...schema };
      withFastValidPath(copy);
      expect(copy['~run'], name).not.toBe(schema['~run']);
    }
  });

  it.each(roots.map((root) => [root.name, root] as const))('%s: the full fixture reads the same', (_name, root) => {
    const { slow, quick } = both(root.schema, fastCopy(root.schema), root.fixture);
    expect(quick).toEqual(slow);
    expect(quick.keys).toBe(slow.keys);
  });

  it.each(roots.map((root) => [root.name, root] as const))('%s: any field replaced or removed reads the same', (_name, root) => {
    const fast = fastCopy(root.schema);
    const all = paths(root.fixture);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(all.length - 1), fc.constantFrom(...odd), fc.boolean()), { minLength: 1, maxLength: 4 }),
        (changes) => {
          let input = root.fixture;
          for (const [at, replacement, remove] of changes) {
            const path = all[at]!;
            try {
              input = mutate(input, path, replacement, remove);
            } catch {
              // the path went with an earlier change
            }
          }
          const { slow, quick } = both(root.schema, fast, input);
          expect(quick).toEqual(slow);
          expect(quick.keys).toBe(slow.keys);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('reads the same where code cannot be generated (node --disallow-code-generation-from-strings)', () => {
    const Function = globalThis.Function;
    globalThis.Function = function () {
      throw new EvalError('Code generation from strings disallowed for this context');
    } as unknown as FunctionConstructor;
    let fast: v.GenericSchema;
    const Grid = v.object({ products: v.array(v.object({ ...ProductTeaser.entries })) });
    try {
      fast = fastCopy(Grid);
    } finally {
      globalThis.Function = Function;
    }
    expect(fast['~run']).not.toBe(Grid['~run']);
    const { fixture } = roots.find((root) => root.name === 'product-grid props')!;
    const all = paths(fixture);
    fc.assert(
      fc.property(fc.nat(all.length - 1), fc.constantFrom(...odd), fc.boolean(), (at, replacement, remove) => {
        const { slow, quick } = both(Grid, fast, mutate(fixture, all[at]!, replacement, remove));
        expect(quick).toEqual(slow);
        expect(quick.keys).toBe(slow.keys);
      }),
      { numRuns: 300 },
    );
  });

  it('the lenient parse of a grid keeps its notes and cuts with the fast path', () => {
    const Grid = v.object({ products: v.array(ProductTeaser) });
    const fast = fastCopy(Grid);
    const card = (id: number, extra: Record<string, unknown> = {}) => ({ id, title: `Card ${id}`, slug: `card-${id}`, price: '1.50', ...extra });
    const input = { products: [card(1), card(2, { slug: '../x' }), card(3, { isNew: 'maybe' }), card(4, { id: 'four' }), card(5, { sale: '1' })] };
    const slow = parseLenient(Grid, structuredClone(input));
    const quick = parseLenient(fast, structuredClone(input));
    expect(quick).toEqual(slow);
    expect(quick.dropped).toHaveLength(3);
  });
});
