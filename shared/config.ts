/**
 * The page config: `<script type="application/json" id="storefront-config">`
 * written by the template, and the CSRF token of `<meta name="csrf-token">`.
 * Read once, validated; a bad block logs one clear error and the defaults
 * apply, so the islands still work.
 */
import * as v from 'valibot';
import { describeIssue } from './runtime/issues';

export const CONFIG_ELEMENT_ID = 'storefront-config';

const PageConfig = v.object({
  region: v.optional(
    v.object({
      factor: v.optional(v.pipe(v.number(), v.gtValue(0)), 1),
      symbol: v.optional(v.pipe(v.string(), v.maxLength(5)), '$'),
      country: v.optional(v.picklist(['US', 'CA']), 'US'),
    }),
    {},
  ),
  user: v.optional(v.object({ loggedIn: v.optional(v.boolean(), false) }), {}),
  paypal: v.optional(
    v.object({
      clientId: v.optional(v.string(), ''),
      /** Where the SDK is loaded from; only the demo and tests change it. */
      sdkBaseUrl: v.optional(v.string()),
    }),
    {},
  ),
  /** What the server knows of the cart: the count the cart button shows before any call. */
  cart: v.optional(v.object({ count: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))) })),
});
export type PageConfig = v.InferOutput<typeof PageConfig>;

const DEFAULTS: PageConfig = v.parse(PageConfig, {});

let cached: PageConfig | undefined;

export function readPageConfig(doc?: Document): PageConfig {
  if (cached) return cached;
  const element = (doc ?? document).getElementById(CONFIG_ELEMENT_ID);
  if (!element) return (cached = DEFAULTS);
  let raw: unknown;
  try {
    raw = JSON.parse(element.textContent || '{}');
  } catch {
    console.error(`[storefront] #${CONFIG_ELEMENT_ID} is not valid JSON; using defaults. Got: ${element.textContent}`);
    return (cached = DEFAULTS);
  }
  return (cached = parsePageConfig(raw));
}

/** Validates a config object (the block's JSON, or what the server renderer is given); defaults when bad. */
export function parsePageConfig(raw: unknown): PageConfig {
  if (raw === undefined) return DEFAULTS;
  const result = v.safeParse(PageConfig, raw);
  if (!result.success) {
    console.error(`[storefront] #${CONFIG_ELEMENT_ID}: ${describeIssue(result.issues[0])}; using defaults.`);
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

/** Tests only: forget the cached config. */
export function resetPageConfig(): void {
  cached = undefined;
}
