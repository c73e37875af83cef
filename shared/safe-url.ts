/**
 * Link and image URLs from data-props or server answers must be relative or
 * http(s). Preact, unlike React 19, renders `javascript:` hrefs as given.
 */
export function isSafeUrl(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed === '') return false;
  // Browsers ignore tabs and newlines inside a scheme ("java\tscript:"), so do we.
  const squeezed = trimmed.replace(/[\u0000-\u001f\u007f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(squeezed);
  if (scheme) return /^https?$/i.test(scheme[1]!);
  return true; // relative: "/x", "x", "//host" (protocol-relative keeps the page's http(s))
}

/** A product slug becomes the path "/{slug}": no scheme, no "//host", no "..". */
export function isSafeSlug(value: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._~\-/]*$/.test(value) && !value.includes('..') && !value.includes('//');
}

/** "/{slug}" for a product link. */
export function productPath(slug: string): string {
  return `/${slug}`;
}
