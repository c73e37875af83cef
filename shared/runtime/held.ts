/**
 * What the shopper did to a server-rendered island before it mounted
 * (asleep, or its chunk still loading), kept for it: the click held and
 * replayed, the text typed put back. mount.ts calls these.
 */
import { hasServerHtml } from './ssr';

/** The hook attribute, and the attribute of mount.ts's claim states ('sleeping', 'loading', 'mounted', 'failed'). */
export const WIDGET_ATTR = 'data-widget';
export const CLAIMED = 'data-widget-claimed';
const SELECTOR = `[${WIDGET_ATTR}]`;

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
  const host = button?.closest<HTMLElement>(SELECTOR);
  const state = host?.getAttribute(CLAIMED);
  // Not yet claimed: the runtime waits for StorefrontBeforeMount.
  if (!button || !host || (state !== null && state !== 'sleeping' && state !== 'loading') || !hasServerHtml(host)) return null;
  if (button.type === 'submit' && button.form?.hasAttribute('action')) return null;
  return { host, button };
}

/** What the shopper typed into server HTML before its island mounted, put back after (hydration resets controlled fields). */
export function keepTyped(host: HTMLElement): () => void {
  const typed = [...host.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')]
    .filter((field) => !['checkbox', 'radio', 'hidden', 'submit', 'button'].includes(field.type) && field.value !== field.defaultValue)
    .map((field) => ({ field, value: field.value }));
  return () => {
    for (const { field, value } of typed) {
      if (!field.isConnected || field.value === value) continue;
      // The prototype's setter: React tracks values set on the element itself and would ignore the event.
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  };
}

