/**
 * Delivers what the shopper did to an island's server HTML before it
 * listened (intent.ts holds it). A chunk of its own, loaded only when
 * something was held: most pages never need it.
 */
import type { Held } from './intent';
import { HOLD, PENDING } from './ssr';

/** Takes back what a held click showed (intent.ts pend): the control's and its panel's aria-busy, the panel hidden again for the island to open. */
function settle(intents: readonly Held[]): void {
  for (const { element } of intents) {
    const panel = document.getElementById(element.getAttribute('aria-controls') ?? '');
    for (const pending of panel ? [element, panel] : [element]) {
      const busy = pending.getAttribute(PENDING);
      if (busy === null) continue;
      pending.removeAttribute(PENDING);
      if (busy) pending.setAttribute('aria-busy', busy);
      else pending.removeAttribute('aria-busy');
      if (pending === panel) pending.hidden = true;
    }
  }
}

/** The element a held intent goes to now: the one of the same hold key or id (the island may have replaced it), else the same one. */
function currentElement(host: HTMLElement, element: HTMLElement): HTMLElement | null {
  const hold = element.getAttribute(HOLD);
  const byKey = hold ? host.querySelector<HTMLElement>(`[${HOLD}="${CSS.escape(hold)}"]`) : element.id ? host.querySelector<HTMLElement>(`#${CSS.escape(element.id)}`) : null;
  return byKey ?? (element.isConnected && host.contains(element) ? element : null);
}

/** Delivers what was held to the island, which now listens, once each and in order. */
export function deliver(host: HTMLElement, intents: readonly Held[]): void {
  settle(intents);
  for (const intent of intents) {
    const element = currentElement(host, intent.element);
    if (!element) continue;
    if (intent.kind === 'focus') {
      const active = document.activeElement;
      if (active === element) {
        // Focused before its handlers existed: the island sees that focus now.
        element.dispatchEvent(new FocusEvent('focus'));
        element.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      } else if (!active || active === document.body) {
        element.focus(); // the focused node was replaced: the same control gets it (its handlers run)
      }
    } else if (intent.kind === 'key') {
      element.dispatchEvent(new KeyboardEvent('keydown', { key: intent.key, code: intent.key, bubbles: true, cancelable: true }));
    } else {
      element.click();
    }
  }
}

/** The island failed: a held link goes where it leads; held buttons of dead server HTML do nothing. */
export function release(intents: readonly Held[]): void {
  settle(intents);
  for (const intent of intents) if (intent.kind === 'click' && intent.element.localName === 'a' && intent.element.isConnected) intent.element.click();
}
