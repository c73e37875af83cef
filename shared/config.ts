/**
 * The page config: `<script type="application/json" id="storefront-config">`
 * written by the template, and the CSRF token of `<meta name="csrf-token">`.
 * Read once, validated key by key: a bad key logs one warning and takes its
 * default, the other keys still apply (`"clientId": null`, a factor "1.37"
 * from a DECIMAL column are fine). Only a block that is not JSON or not an
 * object logs an error, and then every default applies.
 */
import * as v from 'valibot';
import { flag, num, str } from './api/schemas';
import { parseLenient } from './api/lenient';

export const CONFIG_ELEMENT_ID = 'storefront-config';

export const PageConfig = v.object({
  region: v.nullish(
    v.object({
      factor: v.nullish(v.pipe(num, v.gtValue(0)), 1),
      symbol: v.nullish(v.pipe(v.string(), v.maxLength(5)), '$'),
      country: v.nullish(v.picklist(['US', 'CA']), 'US'),
    }),
    {},
  ),
  user: v.nullish(
    v.object({
      loggedIn: flag,
      /** The shopper's saved searches (the search bars' Recent Searches when their props give none). */
      recentSearches: v.nullish(v.array(str)),
    }),
    {},
  ),
  paypal: v.nullish(
    v.object({
      clientId: v.nullish(v.string(), ''),
      /** Where the SDK is loaded from; only the demo and tests change it. */
      sdkBaseUrl: v.pipe(v.nullish(v.string()), v.transform((base) => base || undefined)),
    }),
    {},
  ),
  /**
   * What the server knows at render time (so a passive page view makes
   * no API call). Each part missing: the island asks the API (spec §7).
   * The cart: the count and error flag the cart button shows, GET /cart/get-count's answer.
   */
  cart: v.nullish(v.object({ count: v.nullish(v.pipe(num, v.integer(), v.minValue(0))), errors: flag })),
  /** GET /determine-user-country's answer; without `country` the prompt asks. */
  country: v.nullish(v.object({ country: v.nullish(str), opt: flag })),
  /**
   * Field data (docs/embedding.md "Field data"), off when absent. The entry decides from the raw block
   * (shared/runtime/field.ts: Math.random() below sampleRate; deliver.ts: consent read as a flag, shared/flag.ts), the field chunk reads
   * it with shared/field/settings.ts, the same rules (imported here, they would be a second chunk for it:
   * test/unit/field/settings.test.ts holds the two together); this schema is the one that warns about a bad key.
   */
  fieldData: v.nullish(
    v.object({
      endpoint: v.nullish(v.pipe(v.string(), v.regex(/^(\/(?!\/)|https?:\/\/)\S*$/, 'must be a path or an http(s) URL')), null),
      sampleRate: v.nullish(v.pipe(num, v.minValue(0), v.maxValue(1)), 0),
      consent: flag,
      pageType: v.nullish(v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9_/{}.-]{0,59}$/, 'must be a page type such as "category"')), 'page'),
    }),
  ),
});
export type PageConfig = v.InferOutput<typeof PageConfig>;

const DEFAULTS: PageConfig = v.parse(PageConfig, {});

let cached: PageConfig | undefined;

export function readPageConfig(doc?: Document): PageConfig {
  if (cached) return cached;
  const element = (doc ?? document).getElementById(CONFIG_ELEMENT_ID);
  if (!element) return (cached = DEFAULTS);
  const prefix = `[storefront] #${CONFIG_ELEMENT_ID}`;
  let raw: unknown;
  try {
    raw = JSON.parse(element.textContent || '{}');
  } catch {
    console.error(`${prefix} is not valid JSON; using defaults. Got: ${element.textContent}`);
    return (cached = DEFAULTS);
  }
  return (cached = parsePageConfig(raw));
}

/**
 * Validates a config object (the block's JSON, or what the server renderer
 * is given) key by key; a block that is not an object gives the defaults.
 */
export function parsePageConfig(raw: unknown): PageConfig {
  if (raw === undefined) return DEFAULTS;
  const prefix = `[storefront] #${CONFIG_ELEMENT_ID}`;
  const result = parseLenient(PageConfig, raw);
  for (const note of result.dropped) console.warn(`${prefix}: ${note}; its default applies.`);
  if (!result.success) {
    console.error(`${prefix}: ${result.issue.message}; using defaults.`);
    return DEFAULTS;
  }
  return result.output;
}

/** The server renderer: the config of the page being rendered (no document there). */
export function setPageConfig(config: PageConfig): void {
  cached = config;
}

/** The CSRF token the template printed, read fresh each time (it may be replaced). */
export function readCsrfMeta(doc: Document = document): string | null {
  return doc.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content || null;
}

/** Forgets the cached config: the server renderer after each render (the next page's may differ), and tests. */
export function resetPageConfig(): void {
  cached = undefined;
}
