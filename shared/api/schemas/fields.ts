/**
 * The field schemas every answer is built from: numbers, flags, text, URLs
 * and slugs as Laravel sends them, normalised to plain numbers, booleans and
 * strings (see ./index.ts).
 */
import * as v from 'valibot';
import { isSafeUrl, isSafeSlug } from '../../safe-url';
import { toFlag } from '../../flag';

const NUMBER = /^-?\d+(\.\d+)?$/;

/*
 * num and flagOr read the value with one function, not a union of the types
 * PHP may send: a union builds an issue (and its message) for every option
 * that does not fit, so each numeric string and each 1/0 flag cost one or two
 * issues: half the parse of a 48-card grid. What passes, what fails and the
 * messages are the same.
 */

/** The number in a number or a numeric string (trimmed); NaN for anything else. */
const toNumber = (x: unknown) => (typeof x === 'number' ? x : typeof x === 'string' && NUMBER.test(x.trim()) ? Number(x.trim()) : NaN);

/** A number, or a numeric string as Laravel sends decimals. */
export const num = v.pipe(v.unknown(), v.transform(toNumber), v.number('must be a number'), v.finite());
/** A number that may be missing; missing reads as 0. */
export const numOr0 = v.nullish(num, 0);
/** A count the server may send as a flag (false/true read as 0/1), e.g. BlockPoolSpotsEligible. */
export const countOr0 = v.nullish(v.union([num, v.pipe(v.boolean(), v.transform(Number))]), 0);
/**
 * A flag as PHP writes it: true/false, 1/0, "1"/"0", "true"/"false", "" or
 * null; a count used as a flag (2, "3") is true. `flagOr(true)`: missing is true.
 */
export const flagOr = (missing: boolean) => v.nullish(v.pipe(v.unknown(), v.transform(toFlag), v.boolean('must be a flag')), missing);
export const flag = flagOr(false);
/** Text; a number (a numeric SKU or title) reads as its digits. */
export const str = v.pipe(v.union([v.string(), v.pipe(v.number(), v.finite())]), v.transform(String));
/** Text that may be missing; missing reads as ''. */
export const text = v.nullish(str, '');
export const url = v.pipe(v.string(), v.check(isSafeUrl, 'must be a relative or http(s) URL'));
/** An optional URL; "" (PHP's "none") reads as null. */
export const optUrl = v.nullish(v.union([url, v.pipe(v.literal(''), v.transform(() => null))]));
export const slug = v.pipe(v.string(), v.check(isSafeSlug, 'must be a plain path slug'));
