/**
 * A click on a server-rendered island before it mounted (asleep, or its
 * chunk still loading) is held for it and replayed (mount.ts). What was
 * typed meanwhile is put back by the island itself (typed.ts).
 */
import { hasServerHtml } from './ssr';

/** The hook attribute, and the attribute of mount.ts's claim states ('sleeping', 'loading', 'mounted', 'failed'). */
export const WIDGET_ATTR = 'data-widget';
export const CLAIMED = 'data-widget-claimed';
/** Every hook on the page. */
export const HOOK_SELECTOR = `[${WIDGET_ATTR}]`;

/**
 * A click on a server-rendered button before its island mounted (asleep, or
 * its chunk still loading) is held and replayed on the same button once it
 * did. Links and forms with an action work without JavaScript: left alone,
 * unless marked `data-sfw-hold="<key>"` (the cart's link, which the island
 * turns into its dropdown toggle): the click goes to the element of the
 * same key once mounted, or to the link itself if the island failed.
 */
export const HOLD = 'data-sfw-hold';

export function heldButton(event: Event): { host: HTMLElement; button: HTMLElement } | null {
  const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>(`button, a[${HOLD}]`);
  const host = button?.closest<HTMLElement>(HOOK_SELECTOR);
  const state = host?.getAttribute(CLAIMED);
  // Not yet claimed: the runtime waits for StorefrontBeforeMount.
  if (!button || !host || (state !== null && state !== 'sleeping' && state !== 'loading') || !hasServerHtml(host)) return null;
  if (button.type === 'submit' && button.form?.hasAttribute('action')) return null;
  return { host, button };
}
