/**
 * The rule, as a table over every schema: for every field of every answer,
 * prop and config key (read from the schemas' own `entries`, so a field added
 * later is covered), and each of {wrong type, null, missing}:
 * - a field its unit can do without is read as its default, or dropped with
 *   one note naming it, and nothing else changes;
 * - a field its unit needs costs that unit only (one card, one cart line, one
 *   optional block), with one note naming it;
 * - only what an island or call cannot work without fails it, and that list
 *   is written out in fixtures.ts.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import * as s from '../../../shared/api/schemas';
import { parseLenient } from '../../../shared/api/lenient';
import { FATAL, NEEDS, roots } from './fixtures';
import { fieldsOf, mutate, objectPositions, optional, REMOVE, type Schema, structures, unitOf, wrongValue } from './walk';

// --- the table -------------------------------------------------------------------

describe.each(roots)('$name', ({ name, schema, fixture }) => {
  const { cases, covered } = fieldsOf(schema as Schema, fixture);

  it('the fixture is valid and fills every object the schema has (so every field below is tried)', () => {
    const parsed = parseLenient(schema, fixture);
    expect(parsed.success && parsed.dropped).toEqual([]);
    expect([...covered].sort()).toEqual([...new Set(objectPositions(schema as Schema))].sort());
  });

  const rows = cases.flatMap(({ path, field }) => {
    const wrong = wrongValue(field as Schema);
    return [
      ...(wrong === undefined ? [] : [{ path, field, kind: 'wrong type', value: wrong }]),
      { path, field, kind: 'null', value: null },
      { path, field, kind: 'missing', value: REMOVE },
    ];
  });

  it.each(rows.map((row) => [row.path.join('.'), row.kind, row] as const))('%s: %s', (_path, _kind, { path, field, value }) => {
    const result = parseLenient(schema, mutate(fixture, path, value));
    const accepted = value === REMOVE ? optional(field as Schema) : v.safeParse(field, value).success;
    if (accepted) {
      // Read as PHP meant it (null, missing: the default): nothing dropped.
      expect(result.success && result.dropped).toEqual([]);
      return;
    }
    const unit = unitOf(schema as Schema, path);
    if (!unit) {
      // Only what the island or call cannot work without fails it, naming the field.
      expect(FATAL[name] ?? []).toContain(path.join('.'));
      expect(result.success).toBe(false);
      return;
    }
    // Exactly that unit is gone, with one note naming it; the rest is as it was.
    expect(result.success).toBe(true);
    expect(result.dropped).toHaveLength(1);
    expect(result.dropped[0]).toMatch(new RegExp(`^dropped (field|item) "${unit.join('\\.')}" \\(`));
    const without = parseLenient(schema, mutate(fixture, unit, REMOVE));
    expect(result.success && result.output).toEqual(without.success && without.output);
  });

  it('fails the whole island or call only for the fields written out as fatal', () => {
    const fatal = cases.filter(({ path }) => unitOf(schema as Schema, path) === null).map(({ path }) => path.join('.'));
    expect(fatal.sort()).toEqual([...(FATAL[name] ?? [])].sort());
  });
});

describe('what each unit needs', () => {
  it.each(Object.entries(NEEDS))('%s needs %j', (name, needs) => {
    const schema = (s as unknown as Record<string, Schema>)[name]!;
    const [object] = structures(schema);
    const needed = Object.entries(object!.entries!).filter(([, field]) => !optional(field)).map(([key]) => key);
    expect(needed).toEqual(needs);
  });

  it('lists every object schema of the module', () => {
    const objects = Object.entries(s as unknown as Record<string, Schema>)
      .filter(([name, x]) => typeof x === 'object' && x.kind === 'schema' && x.type === 'object' && name !== 'CartAddPayload')
      .map(([name]) => name);
    expect(objects.sort()).toEqual(Object.keys(NEEDS).sort());
  });
});
