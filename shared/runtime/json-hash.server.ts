/**
 * json-hash.ts for the server renderer (build.mjs swaps it in): FNV-1a of
 * exactly the text JSON.stringify(value) writes, read from the value in
 * place, so the browser's hash of the same product is the same. A 48-card
 * grid's products: ~150 us instead of ~210 us (stringify, then hash the 35 KB).
 * A string JSON escapes is hashed from JSON.stringify's text of it; a value
 * that is not plain JSON data (toJSON, a class instance, a bigint), whole.
 */
import { hashText } from './props';

const PRIME = 0x01000193;
/** Set when the walk met a value it does not write as JSON.stringify would. */
let unusual = false;

function mixText(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), PRIME);
  return h;
}

function mixString(h: number, text: string): number {
  let x = Math.imul(h ^ 0x22, PRIME);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Escaped by JSON (a surrogate when alone): hashed from JSON's own text of it.
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c < 0xe000)) return mixText(h, JSON.stringify(text));
    x = Math.imul(x ^ c, PRIME);
  }
  return Math.imul(x ^ 0x22, PRIME);
}

/** JSON leaves these out of an object and writes null for them in a list. */
const skipped = (value: unknown) => value === undefined || typeof value === 'function' || typeof value === 'symbol';

function mixValue(h: number, value: unknown): number {
  if (typeof value === 'string') return mixString(h, value);
  if (typeof value === 'number') return mixText(h, Number.isFinite(value) ? String(value) : 'null');
  if (typeof value === 'boolean') return mixText(h, value ? 'true' : 'false');
  if (value === null) return mixText(h, 'null');
  const proto = typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (Array.isArray(value) && proto === Array.prototype) {
    h = Math.imul(h ^ 0x5b, PRIME);
    for (let i = 0; i < value.length; i++) {
      if (i > 0) h = Math.imul(h ^ 0x2c, PRIME);
      h = skipped(value[i]) ? mixText(h, 'null') : mixValue(h, value[i]);
    }
    return Math.imul(h ^ 0x5d, PRIME);
  }
  if ((proto === Object.prototype || proto === null) && !('toJSON' in (value as object))) {
    const object = value as Record<string, unknown>;
    h = Math.imul(h ^ 0x7b, PRIME);
    let first = true;
    for (const key of Object.keys(object)) {
      if (skipped(object[key])) continue;
      if (!first) h = Math.imul(h ^ 0x2c, PRIME);
      first = false;
      h = mixValue(Math.imul(mixString(h, key) ^ 0x3a, PRIME), object[key]);
    }
    return Math.imul(h ^ 0x7d, PRIME);
  }
  unusual = true;
  return h;
}

export function jsonHash(value: unknown): string {
  unusual = false;
  const h = mixValue(0x811c9dc5, value);
  return unusual ? hashText(JSON.stringify(value)) : (h >>> 0).toString(36);
}
