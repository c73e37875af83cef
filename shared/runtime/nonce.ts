/** The page's CSP nonce, from the script tag that carries it ('' on a page without one). Kept apart: the entry reads it. */
export function pageNonce(doc: Document = document): string {
  const script = doc.querySelector<HTMLScriptElement>('script[nonce]');
  // The browser hides the attribute's value once the page has a CSP; the property keeps it.
  return script?.nonce || script?.getAttribute('nonce') || '';
}
