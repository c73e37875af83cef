/** Walking valibot schemas and data for the rule table (rule.test.ts): fields, positions, the unit a bad value costs. */
import * as v from 'valibot';
import { childSchema } from '../../../shared/api/lenient';

export type Schema = v.GenericSchema & {
  wrapped?: Schema;
  entries?: Record<string, Schema>;
  item?: Schema;
  pipe?: readonly { kind: string }[];
  options?: readonly Schema[];
  fallback?: unknown;
};
export type Path = (string | number)[];

// --- walking schemas and data ----------------------------------------------------

/** Can its object do without this key? valibot's own test for a missing key. */
export const optional = (field: Schema) => ['optional', 'nullish', 'exact_optional'].includes(field.type) || field.fallback !== undefined;

/** The objects and arrays a schema describes, through wrappers, pipes and unions. */
export function structures(schema: Schema): Schema[] {
  if (schema.wrapped) return structures(schema.wrapped);
  const own = (schema.entries && schema.type.endsWith('object')) || schema.type === 'array' ? [schema] : [];
  const inner = [...(schema.pipe ?? []).slice(1), ...(schema.options ?? [])].filter((x): x is Schema => x.kind === 'schema');
  return [...own, ...inner.flatMap(structures)];
}

const isObject = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);

/** Every object position a schema has ("products.[].assignedBreaker"). */
export function objectPositions(schema: Schema, at = ''): string[] {
  return structures(schema).flatMap((st) =>
    st.type === 'array'
      ? objectPositions(st.item!, `${at}[].`)
      : [at.replace(/\.$/, ''), ...Object.entries(st.entries!).flatMap(([key, field]) => objectPositions(field, `${at}${key}.`))],
  );
}

export interface Case {
  path: Path;
  field: Schema;
}

/** Every field of every object the fixture fills (the first item of each list), and the positions it covered. */
export function fieldsOf(schema: Schema, value: unknown, path: Path = [], covered = new Set<string>()): { cases: Case[]; covered: Set<string> } {
  const cases: Case[] = [];
  const position = path.map((k) => (typeof k === 'number' ? '[]' : k)).join('.');
  for (const st of structures(schema)) {
    if (st.type === 'array' && Array.isArray(value) && value.length > 0) {
      cases.push(...fieldsOf(st.item!, value[0], [...path, 0], covered).cases);
    } else if (st.type !== 'array' && isObject(value) && v.safeParse(st, value).success) {
      covered.add(position);
      for (const [key, field] of Object.entries(st.entries!)) {
        cases.push({ path: [...path, key], field });
        if (key in value) cases.push(...fieldsOf(field, value[key], [...path, key], covered).cases);
      }
      break; // one union option: the one the fixture is
    }
  }
  return { cases, covered };
}

/** A value this field rejects: an object where a scalar is meant, text where a number or object is. */
export function wrongValue(field: Schema): unknown {
  return [{ unexpected: true }, 'not ✗ valid', -1.5, []].find((x) => !v.safeParse(field, x).success);
}

export function mutate(data: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(data);
  let container: any = copy;
  for (const key of path.slice(0, -1)) container = container[key];
  const last = path.at(-1)!;
  if (value !== REMOVE) container[last] = value;
  else if (Array.isArray(container)) container.splice(last as number, 1);
  else delete container[last];
  return copy;
}
export const REMOVE = Symbol('remove');

/**
 * The unit a bad value at `path` costs: the deepest list item, or key its
 * object can do without, at or above it; null when nothing can (the island
 * or call needs it).
 */
export function unitOf(schema: Schema, path: Path): Path | null {
  const schemas: (Schema | undefined)[] = [];
  let current: Schema | undefined = schema;
  for (const key of path) {
    current = current && childSchema(current, { type: typeof key === 'number' ? 'array' : 'object', key });
    schemas.push(current);
  }
  for (let at = path.length - 1; at >= 0; at--) {
    if (typeof path[at] === 'number' || (schemas[at] && optional(schemas[at]!))) return path.slice(0, at + 1);
  }
  return null;
}
