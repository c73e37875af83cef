/**
 * Valibot issues, read for people, and the one lenient rule every answer,
 * prop and config block is parsed with (DESIGN "Take what PHP sends"):
 * a bad field costs that field, a bad list item that item, never the whole
 * island, grid or config block.
 */
import * as v from 'valibot';

type Schema = v.GenericSchema;
type PathItem = v.IssuePathItem;

/** "product.slug: must be a plain path slug" from a valibot issue. */
export function describeIssue(issue: v.BaseIssue<unknown> | undefined): string {
  if (!issue) return 'invalid';
  const path = v.getDotPath(issue);
  return path ? `field "${path}": ${issue.message}` : issue.message;
}

export type LenientResult<T> =
  | { success: true; output: T; dropped: string[] }
  | { success: false; issue: v.BaseIssue<unknown>; dropped: string[] };

/**
 * Parses `input` with `schema`; when that fails, cuts the smallest unit each
 * issue is in and parses again:
 * - a field its object can do without (its schema is optional, nullish or has
 *   a fallback) is removed, so it takes its default;
 * - otherwise the list item that holds it is removed (one card, one cart line);
 * - a field nothing can do without (no optional key or list above it) fails
 *   the whole parse.
 * Each cut is one line in `dropped`, e.g.
 * `dropped field "products.3.blockPoolLogo" (must be a relative or http(s) URL)`.
 * A valid input costs one plain parse.
 */
export function parseLenient<S extends Schema>(schema: S, input: unknown): LenientResult<v.InferOutput<S>> {
  // Stops at the first issue: a valid input costs the same, an invalid one almost nothing.
  const first = v.safeParse(schema, input, { abortEarly: true });
  if (first.success) return { success: true, output: first.output, dropped: [] };
  const dropped: string[] = [];
  const seen = new Set<string>();
  const data = copyOf(input, new Map());
  // Each list item alone first (the fields it can do without are cut there), then what is left in one parse.
  const inLists = listCuts(schema, schema, data, []);
  for (const { note } of inLists) dropped.push(note);
  applyCuts(inLists.filter((one) => Array.isArray(one.container)));
  let result: v.SafeParseResult<S> = first;
  // A cut can only uncover issues in a union that now fits another way: a few rounds at most.
  for (let round = 0; round < 3; round++) {
    result = v.safeParse(schema, data);
    if (result.success) return { success: true, output: result.output, dropped };
    // Stop when an issue reaches the root, or a cut changed nothing (made inside a transform's output).
    const cuts = planCuts(schema, result.issues)?.filter((one) => !seen.has(one.note));
    if (!cuts?.length) break;
    for (const { note } of cuts) {
      seen.add(note);
      dropped.push(note);
    }
    applyCuts(cuts);
  }
  return { success: false, issue: result.issues![0], dropped };
}

/**
 * The cuts in the items of the lists in `value` (found through its objects,
 * not inside unions or other lists' items), each item parsed alone. Up to its
 * first issue when that issue costs the whole item: thousands of bad cards
 * then cost a few microseconds each, not every issue of every card in one
 * parse. Field cuts are made at once; item cuts are returned (the paths of
 * later notes keep the items' places in the input).
 */
function listCuts(root: Schema, schema: Schema, value: unknown, path: PathItem[]): Cut[] {
  if (value === null || typeof value !== 'object') return [];
  const s = unwrapped(schema) as Schema & { entries?: Record<string, Schema>; item?: Schema };
  if (Array.isArray(value)) {
    if (s.type !== 'array' || !s.item) return [];
    const prefix = path.map((item) => `${String(item.key)}.`).join('');
    const cuts: Cut[] = [];
    for (let index = 0; index < value.length; index++) cuts.push(...itemCuts(root, s.item, value, index, path, prefix));
    return cuts;
  }
  if (s.type !== 'object' || !s.entries) return [];
  return Object.keys(s.entries).flatMap((key) => {
    const entry = (value as Record<string, unknown>)[key];
    return listCuts(root, s.entries![key]!, entry, [...path, { type: 'object', origin: 'value', input: value as Record<string, unknown>, key, value: entry }]);
  });
}

/** One list item's cuts: the item itself, or the fields it can do without (made here, returned for their notes). */
function itemCuts(root: Schema, schema: Schema, list: unknown[], index: number, path: PathItem[], prefix: string): Cut[] {
  const first = v.safeParse(schema, list[index], { abortEarly: true });
  if (first.success) return [];
  const itemPath = `${prefix}${index}`;
  const issue = first.issues[0];
  // The common case, without planCuts' general walk: an issue (not one inside a union's
  // options, see insideUnions) under no field the item can do without.
  if (!issue.issues?.some((sub) => sub.path?.length) && !inDroppable(schema, issue.path ?? [])) {
    return [{ container: list as unknown as Cut['container'], key: index, path: itemPath, note: noteOf('item', itemPath, dotPath(issue.path ?? []), issue.message) }];
  }
  const at: PathItem = { type: 'array', origin: 'value', input: list, key: index, value: list[index] };
  const inList = (issues: readonly v.BaseIssue<unknown>[]) =>
    planCuts(root, issues.map((one) => ({ ...one, path: [...path, at, ...(one.path ?? [])] as [PathItem, ...PathItem[]] }))) ?? [];
  const whole = inList(first.issues).find((cut) => cut.path === itemPath);
  if (whole) return [whole];
  const cuts: Cut[] = [];
  for (let round = 0; round < 3; round++) {
    const parsed = v.safeParse(schema, list[index]);
    if (parsed.success) break;
    const more = inList(parsed.issues).filter((cut) => !cuts.some((made) => made.note === cut.note));
    const item = more.find((cut) => cut.path === itemPath);
    if (item) return [...cuts, item];
    if (!more.length) break;
    applyCuts(more);
    cuts.push(...more);
  }
  return cuts;
}

/** Whether `path` inside a value of `schema` passes a field its object can do without. */
function inDroppable(schema: Schema, path: readonly PathItem[]): boolean {
  let current: Schema | undefined = schema;
  return path.some((item) => droppable(item, (current = current && childSchema(current, item))));
}

/** A cut's line in `dropped`. */
function noteOf(kind: 'item' | 'field', cutPath: string, inner: string, message: string): string {
  return `dropped ${kind} "${cutPath}" (${inner ? `field "${inner}": ` : ''}${message})`;
}

/** The schema inside optional, nullish and the like. */
function unwrapped(schema: Schema): Schema {
  const wrapped = (schema as Schema & { wrapped?: Schema }).wrapped;
  return wrapped ? unwrapped(wrapped) : schema;
}

/** A deep copy of the plain objects and arrays in `value` (what JSON gives). */
function copyOf(value: unknown, copies: Map<unknown, unknown>): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (copies.has(value)) return copies.get(value);
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    copies.set(value, copy);
    for (const item of value) copy.push(copyOf(item, copies));
    return copy;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const copy: Record<string, unknown> = {};
  copies.set(value, copy);
  for (const key of Object.keys(value)) copy[key] = copyOf((value as Record<string, unknown>)[key], copies);
  return copy;
}

interface Cut {
  container: Record<string | number, unknown>;
  key: string | number;
  path: string;
  note: string;
}

/** The cut for every issue, one per unit, none inside another; null when an issue reaches the root. */
function planCuts(schema: Schema, issues: readonly v.BaseIssue<unknown>[]): Cut[] | null {
  const byPath = new Map<string, Cut>();
  for (const issue of issues.flatMap(insideUnions)) {
    const path = issue.path ?? [];
    // The schema of each value along the path.
    const schemas: (Schema | undefined)[] = [];
    let current: Schema | undefined = schema;
    for (const item of path) schemas.push((current = current && childSchema(current, item)));
    let at = path.length - 1;
    while (at >= 0 && !droppable(path[at]!, schemas[at])) at--;
    if (at < 0) return null;
    const item = path[at]!;
    const cutPath = dotPath(path.slice(0, at + 1));
    if (byPath.has(cutPath)) continue;
    const inner = dotPath(path.slice(at + 1));
    const note = noteOf(item.type === 'array' ? 'item' : 'field', cutPath, inner, issue.message);
    byPath.set(cutPath, { container: item.input as Cut['container'], key: item.key as string | number, path: cutPath, note });
  }
  // A field inside a dropped item goes with it: one note.
  return [...byPath.values()].filter(({ path }) => !path.split('.').some((_, i, keys) => i > 0 && byPath.has(keys.slice(0, i).join('.'))));
}

/**
 * A union that no option fits reports one issue, with each option's issues
 * inside; those of the options that got past the type check (they have a
 * path) say what to cut. Their paths start at the union.
 */
function insideUnions(issue: v.BaseIssue<unknown>): v.BaseIssue<unknown>[] {
  const inner = (issue.issues ?? []).filter((sub) => sub.path?.length);
  if (inner.length === 0) return [issue];
  return inner.flatMap((sub) => insideUnions({ ...sub, path: [...(issue.path ?? []), ...sub.path!] as typeof sub.path }));
}

/** A list item can always go; an object key when its object can do without it. */
function droppable(item: PathItem, keySchema: Schema | undefined): boolean {
  if (item.type === 'array') return true;
  if (item.type !== 'object' || !keySchema) return false;
  // The same test valibot's object() makes for a missing key.
  const s = keySchema as Schema & { fallback?: unknown };
  return s.type === 'optional' || s.type === 'nullish' || s.type === 'exact_optional' || s.fallback !== undefined;
}

/** The schema of `item.key` inside `schema`, looking through wrappers, pipes and unions. */
export function childSchema(schema: Schema, item: Pick<PathItem, 'type' | 'key'>): Schema | undefined {
  const s = schema as Schema & { wrapped?: Schema; entries?: Record<string, Schema>; item?: Schema; pipe?: readonly unknown[]; options?: readonly Schema[] };
  if (s.wrapped) return childSchema(s.wrapped, item);
  if (item.type === 'array' && s.type === 'array' && s.item) return s.item;
  if (item.type === 'object' && s.entries && typeof item.key === 'string' && item.key in s.entries) return s.entries[item.key];
  for (const inner of [...(s.pipe ?? []).slice(1), ...(s.options ?? [])]) {
    if ((inner as Schema).kind !== 'schema') continue;
    const found = childSchema(inner as Schema, item);
    if (found) return found;
  }
  return undefined;
}

function applyCuts(cuts: Cut[]): void {
  // All the items cut from one list go in one pass (12,000 bad cards must not cost 12,000 splices).
  const itemsCut = new Map<unknown[], Set<number>>();
  for (const { container, key } of cuts) {
    if (Array.isArray(container) && typeof key === 'number') {
      const keys = itemsCut.get(container) ?? new Set<number>();
      itemsCut.set(container, keys.add(key));
    } else delete container[key];
  }
  for (const [list, keys] of itemsCut) {
    let kept = 0;
    for (let i = 0; i < list.length; i++) if (!keys.has(i)) list[kept++] = list[i];
    list.length = kept;
  }
}

function dotPath(path: readonly PathItem[]): string {
  return path.map((item) => String(item.key)).join('.');
}
