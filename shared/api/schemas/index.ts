/**
 * Schemas for every server answer (spec §3, §7), checked at the boundary.
 *
 * Laravel answers are loose: decimals come as "19.99", flags as 0/1 or "1",
 * optional fields as null. The schemas normalise that once here, so the rest
 * of the code sees plain numbers and booleans.
 *
 * Every answer and prop is parsed with `parseLenient` (api/lenient.ts): a
 * field that is still wrong is dropped when its schema is optional (it takes
 * its default), and a list item is dropped when a field it cannot do without
 * is wrong. So the schemas say what each unit needs: a key without a default
 * (`num`, `str`, `slug`, `v.string()`) is one its card, line or island cannot
 * work without; everything else is optional.
 *
 * Files: fields.ts (number, flag, text, URL and slug fields), cart.ts,
 * product.ts, browsing.ts (recently viewed, search, login, region).
 */
export * from './fields';
export * from './cart';
export * from './product';
export * from './browsing';
