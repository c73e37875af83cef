/**
 * The server-rendering contract both sides share. The server renderer puts
 * a marker first in the hook's HTML:
 *
 *   <template data-sfw-ssr="<hash>.<ids>"></template><div class="sfw-teaser-card">…
 *
 * A <template> (not a comment, which HTML minifiers strip) is inert and
 * invisible. `hash` covers the render version, the widget, the props and the
 * page config as the server parsed them: the client parses the same hook with
 * the same schemas and hydrates only when its hash is the same; otherwise (an
 * old cache, a hand-edited template) it renders from scratch. `ids` seeds
 * the element ids of that island, so hydration gives the same ids.
 *
 * The hash itself is props.ts's (renderHash), on the islands' side.
 *
 * Kept free of Preact: the entry runtime reads the marker too. The hook's
 * state attribute is here too, for the same reason (one chunk both load).
 */
export const SSR_ATTR = 'data-sfw-ssr';

export interface SsrMarker {
  hash: string;
  ids: string;
}

export function markerHtml(marker: SsrMarker): string {
  return `<template ${SSR_ATTR}="${marker.hash}.${marker.ids}"></template>`;
}

/** The marker of a hook that holds server HTML; null for an empty hook (client render). */
export function readMarker(host: Element): SsrMarker | null {
  const first = host.firstElementChild;
  if (!first || first.localName !== 'template' || !first.hasAttribute(SSR_ATTR)) return null;
  const [hash = '', ids = ''] = (first.getAttribute(SSR_ATTR) ?? '').split('.');
  return { hash, ids };
}

/** Takes the marker out of a hook's server HTML (hydration must not see it); nothing when there is none. */
export function removeMarker(host: Element): void {
  if (readMarker(host)) host.firstElementChild!.remove();
}

/** True when the hook holds anything but whitespace (server HTML, marked or not). */
export function hasServerHtml(host: Element): boolean {
  return host.firstElementChild !== null || (host.textContent ?? '').trim() !== '';
}

/**
 * Marks server HTML that is only a loading frame (the recently-viewed slider
 * without its list): nothing to show until its code asks, so its hook wakes
 * as an empty one does (wake.ts withPage).
 */
export const LOADING_ATTR = 'data-sfw-loading';

/**
 * The hook attribute, and the hook's state as the runtime sets it:
 * 'sleeping' (server HTML, no code yet), 'waiting' (until near the
 * viewport), 'loading' (code on its way or mounting), 'ready' (it listens),
 * 'failed' (unknown widget, bad props, a chunk that did not load: its server
 * HTML, if any, works as without JavaScript). No state: not claimed yet.
 */
export const WIDGET_ATTR = 'data-widget';
/** Every hook on the page. */
export const HOOK_SELECTOR = `[${WIDGET_ATTR}]`;

export const STATE_ATTR = 'data-island';
export type HostState = 'sleeping' | 'waiting' | 'loading' | 'ready' | 'failed';

export const stateOf = (host: Element) => host.getAttribute(STATE_ATTR) as HostState | null;

/**
 * The controls whose click on server HTML is held for the island (intent.ts): a button, and a link that
 * names the panel it opens (the cart's link to /cart, its dropdown's disclosure once the island runs).
 * Any other link is followed, as without JavaScript.
 */
export const HELD_CLICK = 'button, a[aria-controls]';

/**
 * A held click shows at once that it was taken (intent.ts; styles in
 * shared/styles/base.css): the control is busy and the panel it controls
 * (`aria-controls`, hidden in the server HTML) opens in its loading state.
 * The attribute keeps the element's own `aria-busy` to put back (deliver.ts).
 */
export const PENDING = 'data-sfw-pending';

/** The mark a reload-once leaves for the page it reloads (reload.ts), which says why once (notice.ts): 'added' or 'updated'. */
export const NOTICE = 'sfw-notice';
