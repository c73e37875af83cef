/**
 * The page config's `fieldData` as the field chunk reads it (collect.ts), without valibot: the chunk loads
 * alone, and valibot would be a second chunk. shared/config.ts validates the same keys with the same rules
 * and warns about a bad one; here a bad key takes its default quietly (test/unit/field/settings.test.ts
 * holds the two together).
 */

/** A route template or page type: what a beacon says instead of the URL. */
export const PAGE_TYPE = /^[a-z0-9][a-z0-9_/{}.-]{0,59}$/;

/** A path on this origin ('/storefront/field-data', not '//host') or an http(s) URL. */
export const validEndpoint = (endpoint: string): boolean => /^(\/(?!\/)|https?:\/\/)\S*$/.test(endpoint);

export interface FieldSettings {
  endpoint: string;
  pageType: string;
}

/** The endpoint and page type of a `fieldData` block; null when it has no usable endpoint (nothing can be sent). */
export function fieldSettings(raw: unknown): FieldSettings | null {
  const { endpoint, pageType } = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  if (typeof endpoint !== 'string' || !validEndpoint(endpoint)) return null;
  return { endpoint, pageType: typeof pageType === 'string' && PAGE_TYPE.test(pageType) ? pageType : 'page' };
}
