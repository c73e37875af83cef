/**
 * The one set of capture listeners for "the shopper reached an island"
 * (a pointer over, a touch, a press, a key, a focus, a click inside a hook).
 * Each event goes to the hook it happened in: the runtime fetches that
 * island's code (mount.ts), wakes the page (page.ts), or lets a mounted
 * island prepare the part that was reached (the grid hydrates that card).
 *
 * What the shopper did to an island's server HTML before it listened is
 * held for it, and stopped (no handler, the island's or the host page's,
 * sees it now), then taken in the commit that makes it listen (island.tsx)
 * and delivered (deliver.ts), in the order it happened; the host page's delegated handlers
 * see that delivery, once. The delivery does not pass through these
 * listeners (`take` stops them for that task), so they run once per native
 * event:
 * - a focus: the island sees it (its onFocus runs), on the same control;
 * - ArrowDown / ArrowUp on a combobox: kept from the browser (no caret
 *   move) and sent to the combobox;
 * - a click on a button, or on a link that names the panel it opens in
 *   `aria-controls` (the cart's link, which the island makes its dropdown's
 *   disclosure): kept from the browser and clicked on the same element once
 *   the island listens; a held link whose island failed goes where it leads.
 *   A link clicked with a modifier (a new tab) is the browser's. The click
 *   shows at once (ssr.ts PENDING): the control is busy, the panel it
 *   controls opens in its loading state.
 * Links, forms with an action, Enter and typing are left to the browser:
 * their default action happens once, on the server HTML (typed.ts keeps the
 * text through hydration).
 *
 * Islands hydrate the elements the server rendered and keep them, so a press
 * the island wakes under begins and ends on the same node, and the browser's
 * own click reaches it once (a test checks every island's controls).
 *
 * Kept free of Preact: it is part of the entry script.
 */
import type { Held, HeldInputs } from './contracts';
import { HELD_CLICK, hasServerHtml, HOOK_SELECTOR, PENDING, stateOf } from './ssr';

/** What the runtime does with an intent. */
export interface IntentHandlers {
  /** A pointer over or a focus in the hook: its code will soon be needed. */
  near(host: HTMLElement): void;
  /** The shopper reached `target` in a ready hook: its island prepares it (Island.reach). */
  reach(host: HTMLElement, target: Element): void;
  /** The shopper reached an island: the page wakes, that hook first when it sleeps (page.ts). */
  wake(first: HTMLElement): void;
  /** Whether a pointer moving counts (only while islands sleep: it is frequent). */
  watchMoves(): boolean;
}

const HELD_KEYS = /^Arrow(Down|Up)$/;

/** Marks the control busy and opens the hidden panel it controls, each keeping its own aria-busy to put back (deliver.ts settle). */
function pend(control: HTMLElement): void {
  const panel = document.getElementById(control.getAttribute('aria-controls') ?? '');
  for (const element of panel?.hidden ? [control, panel] : [control]) {
    if (element.hasAttribute(PENDING)) continue;
    element.setAttribute(PENDING, element.getAttribute('aria-busy') ?? '');
    element.setAttribute('aria-busy', 'true');
    element.hidden = false;
  }
}

/** Listens (capture phase, on the window) until stop(); `take(host)` hands over what was held for it. */
export function listenForIntent(handlers: IntentHandlers): HeldInputs & { stop(): void } {
  const held = new Map<HTMLElement, Held[]>();
  let stopped = false;

  const hold = (host: HTMLElement, intent: Held) => {
    const list = held.get(host) ?? [];
    list.push(intent);
    held.set(host, list);
  };

  function onEvent(event: Event): void {
    // A move that did not move is the browser's own after a layout or a load, under a still (or emulated) cursor.
    if (event.type === 'pointermove' && !(handlers.watchMoves() && ((event as MouseEvent).movementX || (event as MouseEvent).movementY))) return;
    const target = event.target instanceof Element ? event.target : null;
    const host = target?.closest<HTMLElement>(HOOK_SELECTOR);
    if (!target || !host) return;
    if (event.type === 'pointerover') return handlers.near(host);
    // Only server HTML whose island is on its way holds (no state: not claimed yet, the runtime waits for StorefrontBeforeMount).
    const state = stateOf(host);
    if (event.type === 'focusin') handlers.near(host);
    const control = event.type === 'click' ? target.closest<HTMLElement>(HELD_CLICK) : null;
    const mouse = event as MouseEvent;
    // The browser's, asleep or awake: a form with an action posts; a link clicked with a modifier opens in a new tab or window.
    const browsers = control instanceof HTMLButtonElement ? control.type === 'submit' && control.form?.hasAttribute('action') : mouse.ctrlKey || mouse.metaKey || mouse.shiftKey || mouse.altKey;
    if (state !== 'ready' && state !== 'failed' && hasServerHtml(host)) {
      const element = target as HTMLElement;
      let held: Held | undefined;
      if (event.type === 'focusin') held = { kind: 'focus', element };
      else if (event instanceof KeyboardEvent && HELD_KEYS.test(event.key) && target.closest('[role="combobox"]')) {
        held = { kind: 'key', element, key: event.key };
      } else if (control && host.contains(control) && !browsers) {
        held = { kind: 'click', element: control };
        pend(control);
      }
      if (held) {
        // Kept from the browser (a form without action would reload the page; a focus cannot be: its listener is not passive, so saying so is quiet) and from every handler: the island may already listen.
        event.preventDefault();
        event.stopImmediatePropagation();
        held.event = event;
        hold(host, held);
      }
    }
    if (state === 'ready') handlers.reach(host, target);
    handlers.wake(host);
  }

  // The ways to reach an island, after a pointer over it.
  const types = ['pointerover', 'pointermove', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'click'];
  // On the window, the first stop of every event: a host page's capture listener on the document (or on the
  // window, added after the entry ran and before a delivery re-added these) then sees a held click once, delivered, not also the one held.
  // Passive where nothing is ever held (pointers, touches): a held event is prevented.
  const listen = (on: boolean) => {
    for (const type of types) (on ? addEventListener : removeEventListener)(type, onEvent, { capture: true, passive: /^[pt]/.test(type) });
  };
  listen(true);

  return {
    has: (host) => held.has(host),
    take(host) {
      const list = held.get(host) ?? [];
      held.delete(host);
      // Its delivery (this task, deliver.ts) does not come back here: the listener runs once per native event.
      if (list.length) {
        listen(false);
        queueMicrotask(() => stopped || listen(true));
      }
      return list;
    },
    stop() {
      stopped = true;
      listen(false);
    },
  };
}
