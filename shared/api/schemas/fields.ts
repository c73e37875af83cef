/**
 * The field schemas every answer is built from: numbers, flags, text, URLs
 * and slugs as Laravel sends them, normalised to plain numbers, booleans and
 * strings (see ./index.ts).
 */
import * as v from 'valibot';
import { isSafeUrl, isSafeSlug } from '../../safe-url';

/** A number, or a numeric string as Laravel sends decimals. */
export const num = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^-?\d+(\.\d+)?$/, 'must be a number'))], 'must be a number'),
  v.transform(Number),
  v.finite(),
);
/** A number that may be missing; missing reads as 0. */
export const numOr0 = v.nullish(num, 0);
/** A count the server may send as a flag (false/true read as 0/1), e.g. BlockPoolSpotsEligible. */
export const countOr0 = v.nullish(v.union([num, v.pipe(v.boolean(), v.transform(Number))]), 0);
/**
 * A flag as PHP writes it: true/false, 1/0, "1"/"0", "true"/"false", "" or
 * null; a count used as a flag (2, "3") is true. `flagOr(true)`: missing is true.
 */
export const flagOr = (missing: boolean) =>
  v.pipe(
    v.nullish(
      v.union([v.boolean(), v.number(), v.pipe(v.string(), v.trim(), v.regex(/^(-?\d+(\.\d+)?|true|false|)$/i, 'must be a flag'))], 'must be a flag'),
      missing,
    ),
    v.transform((x) => (typeof x === 'string' ? x !== '' && x.toLowerCase() !== 'false' && Number(x) !== 0 : x !== false && x !== 0)),
  );
export const flag = flagOr(false);
/** Text; a number (a numeric SKU or title) reads as its digits. */
export const str = v.pipe(v.union([v.string(), v.pipe(v.number(), v.finite())]), v.transform(String));
/** Text that may be missing; missing reads as ''. */
export const text = v.nullish(str, '');
export const url = v.pipe(v.string(), v.check(isSafeUrl, 'must be a relative or http(s) URL'));
/** An optional URL; "" (PHP's "none") reads as null. */
export const optUrl = v.nullish(v.union([url, v.pipe(v.literal(''), v.transform(() => null))]));
export const slug = v.pipe(v.string(), v.check(isSafeSlug, 'must be a plain path slug'));
