/**
 * A flag as PHP writes it: true/false, 1/0, "1"/"0", "true"/"false", "" (false); a count used as a
 * flag (2, "3") is true. Plain, without valibot: the API's `flag` schema (shared/api/schemas/fields.ts)
 * and the lazy runtime (deliver.ts: field data's consent) read flags with it.
 */
const FLAG = /^(-?\d+(\.\d+)?|true|false|)$/i;

/** A flag's value; undefined for what is not a flag. */
export function toFlag(x: unknown): boolean | undefined {
  if (typeof x === 'boolean') return x;
  if (typeof x === 'number') return Number.isNaN(x) ? undefined : x !== 0;
  if (typeof x !== 'string') return undefined;
  const text = x.trim();
  return FLAG.test(text) ? text !== '' && text.toLowerCase() !== 'false' && Number(text) !== 0 : undefined;
}
