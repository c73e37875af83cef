/**
 * Delivers what the shopper did to an island's server HTML before it
 * listened (intent.ts holds it), and what happens when its code does not
 * come. Out of the entry (what runs before input): an island's ready commit
 * calls `deliver` (island.tsx imports it); the entry imports this chunk only
 * for an enhancer's held input, a failed island or an unknown widget.
 *
 * Code that does not arrive: a chunk is tried twice (page.ts, lazyPart); when
 * it fails again, the page's build is most likely gone. What the shopper
 * asked for still happens: a held link is followed, a form with an action
 * was never held (it posts), and anything else reloads the page once
 * (reload.ts, the one policy).
 */
import type { Held, Island } from './contracts';
import { reloadOnce } from './reload';
import { note } from './note';
import { PENDING, WIDGET_ATTR } from './ssr';
import { toFlag } from '../flag';

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

/** The element a held intent goes to now: the same one (hydration keeps it), else the one of its id (the island rendered anew: its server HTML did not match). */
function currentElement(host: HTMLElement, element: HTMLElement): HTMLElement | null {
  if (element.isConnected && host.contains(element)) return element;
  return element.id ? host.querySelector<HTMLElement>(`#${CSS.escape(element.id)}`) : null;
}

/**
 * Delivers what was held to the island, which now listens, once each and in
 * order; `reach` (Island.reach) prepares each target first, as the capture
 * listener does for a live input (the delivery does not pass through it).
 */
export function deliver(host: HTMLElement, intents: readonly Held[], reach?: Island['reach']): void {
  settle(intents);
  for (const intent of intents) {
    const element = currentElement(host, intent.element);
    if (!element) continue;
    reach?.(host, element);
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
    // Field data: the input's time to the frame that shows its answer.
    const since = intent.event?.timeStamp;
    if (since !== undefined) requestAnimationFrame(() => note('held', { island: host.getAttribute(WIDGET_ATTR), input: intent.kind === 'key' ? 'keydown' : intent.kind, ms: performance.now() - since }));
  }
}

/**
 * The island failed: a held link goes where it leads. `error`: its code did
 * not load; a held click only the island could answer then reloads the page
 * once, and so does a later click on one of its buttons. One console line.
 */
export function release(host: HTMLElement, name: string, intents: readonly Held[], error?: unknown): void {
  settle(intents);
  const links = intents.filter((intent) => intent.kind === 'click' && intent.element.localName === 'a' && intent.element.isConnected);
  const stranded = intents.some((intent) => intent.kind === 'click' && intent.element.localName !== 'a');
  if (error === undefined) return links[0]?.element.click();
  note('fail', { kind: 'chunk', island: name });
  if (!links.length && stranded && reloadOnce(name, error)) return;
  console.error(`[storefront] ${name} could not be loaded:`, error);
  links[0]?.element.click();
  // Its buttons are dead server HTML now (a form with an action still posts).
  host.addEventListener('click', (event) => {
    const button = (event.target as Element).closest('button');
    if (button && !(button.type === 'submit' && button.form?.hasAttribute('action'))) reloadOnce(name, error);
  });
}

/** A hook naming a widget the registry does not have. */
export function unknown(host: HTMLElement, registry: object): void {
  console.error(`[storefront] Unknown widget "${host.getAttribute(WIDGET_ATTR)}". Known widgets: ${Object.keys(registry).join(', ')}.`);
}

/**
 * A lazy part's import (for React.lazy), tried twice; when its code is gone
 * the page reloads once (the part shows its fallback meanwhile), else the
 * error reaches the island's boundary, which logs it.
 */
export function lazyPart<T>(name: string, load: () => Promise<T>): () => Promise<T> {
  return () => load().catch(() => load()).catch((error: unknown) => (reloadOnce(name, error) ? new Promise<T>(() => {}) : Promise.reject(error)));
}

/** The config's `fieldData` block as written (shared/config.ts checks it); `started`: the field chunk was asked for. */
export interface FieldState {
  sampleRate?: unknown;
  consent?: unknown;
  started?: boolean;
}

/**
 * Field data on a sampled page view (shared/runtime/field.ts): loads the field chunk
 * (shared/field/collect.ts) once, with consent (a true flag), after the load event. Called when the
 * browser is idle and on each consent; `granted`: the page's consent, given or taken back (the chunk reads
 * it again before it sends).
 */
export function field(state: FieldState, granted?: unknown): void {
  // A flag as PHP prints it (1, "1", "true"): the config's reading (shared/config.ts `flag`). The chunk reads `true`.
  state.consent = toFlag(granted ?? state.consent) === true;
  if (!state.consent || state.started) return;
  if (document.readyState !== 'complete') return void addEventListener('load', () => field(state), { once: true });
  state.started = true;
  void import('../field/collect').then((m) => m.collect(state));
}
