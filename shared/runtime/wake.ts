/**
 * When each island wakes (docs/architecture.md "When islands wake"): a small table of
 * named strategies, one per registry line. (The storefront events sent
 * while the page wakes are kept for the islands: events.ts.)
 *
 * Server HTML already shows an island; its code is only needed once the
 * shopper does something. A hook with server HTML can sleep: no code is
 * fetched or run for it until the page wakes, once, at the first of
 * - an intent inside any island (intent.ts; not `pointerover` alone: the
 *   browser sends it when content scrolls under a still cursor);
 * - a storefront event (storefront:*), from legacy code or an island;
 * - a page restored from the back/forward cache, or a cart change in
 *   another tab (both announced as storefront:cart-updated);
 * - a strategy asking for it at load (a hook without server HTML, a config
 *   that lacks what an island shows);
 * - `Storefront.wake()`.
 *
 * Kept free of Preact and valibot: it is part of the entry script.
 */
import type { Strategy } from './contracts';
import { hasServerHtml, LOADING_ATTR } from './ssr';

export type { Strategy, WakeContext } from './contracts';

/** At page load (an enhancer of server markup, the product page's form). */
export const atLoad: Strategy = (_host, page) => page.hydrate();

/** When the hook comes within 300 px of the viewport (every browser of the support list has IntersectionObserver). */
export const nearViewport: Strategy = (host, page) => {
  page.wait();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.pop()!.isIntersecting) return; // one hook per observer: its latest entry
      observer.disconnect();
      page.hydrate();
    },
    { rootMargin: '300px' },
  );
  observer.observe(host);
  return () => observer.disconnect();
};

/**
 * With the page: server HTML sleeps until the page wakes. `empty`: what an
 * empty hook, or one holding only its loading frame (ssr.ts LOADING_ATTR),
 * does (default: it has nothing to show without code, so it wakes the page now). `awakeIf`: the config as written lacks what the island
 * shows, so it must run at load after all (spec §7: it asks the API).
 */
export function withPage({ empty = wakesPage, awakeIf }: { empty?: Strategy; awakeIf?: (config: Record<string, unknown>) => boolean } = {}): Strategy {
  return (host, page) => {
    if (!hasServerHtml(host) || host.lastElementChild?.hasAttribute(LOADING_ATTR)) return empty(host, page);
    if (awakeIf?.(page.config())) page.wakePage();
    else page.sleep();
  };
}
const wakesPage: Strategy = (_host, page) => page.wakePage();

/** The page config's element (shared/config.ts reads it fully, with valibot). */
export const CONFIG_ELEMENT_ID = 'storefront-config';

/** The config block's JSON as written, unchecked; {} when missing or not JSON. */
export function readRawConfig(doc: Document = document): Record<string, unknown> {
  try {
    const raw: unknown = JSON.parse(doc.getElementById(CONFIG_ELEMENT_ID)?.textContent || '{}');
    return raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** `raw.a.b` when each step is an object; undefined otherwise. */
export function valueAt(raw: unknown, ...path: string[]): unknown {
  let at = raw;
  for (const key of path) at = at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
  return at;
}
