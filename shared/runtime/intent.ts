/**
 * The one set of capture listeners for "the shopper reached an island"
 * (a pointer over, a touch, a press, a key, a focus, a click inside a hook).
 * Each event goes to the hook it happened in: the runtime (mount.ts) fetches
 * that island's code, wakes the page, or lets a mounted island prepare the
 * part that was reached (the grid hydrates that card).
 *
 * What the shopper did to an island's server HTML before it listened is
 * held for it, and stopped (no handler, the island's or the host page's,
 * sees it now), then delivered once it listens (hook.ts), in the order it
 * happened; the host page's delegated handlers see that delivery, once:
 * - a focus: the island sees it (its onFocus runs), on the same control;
 * - ArrowDown / ArrowUp on a combobox: kept from the browser (no caret
 *   move) and sent to the combobox;
 * - a click on a button, or on a link marked `data-sfw-hold="<key>"` (the
 *   cart's link, which the island turns into its dropdown toggle): kept
 *   from the browser and clicked on the element of the same key, or the
 *   same element; a held link whose island failed goes where it leads.
 *   The click shows at once (ssr.ts PENDING): the control is busy, the
 *   panel it controls opens in its loading state.
 * Links, forms with an action, Enter and typing are left to the browser:
 * their default action happens once, on the server HTML (typed.ts keeps the
 * text through hydration).
 *
 * An island that woke during a press may have replaced the control pressed
 * (the cart's link became its button; React hydrates at once on the
 * pointerdown). Measured: Chromium 156, Firefox 153 and WebKitGTK 2.50 send
 * no click when the mouse events began on the old control, and Firefox sends
 * it to an ancestor when they began after (its mousedown goes to the parent).
 * Either way, a press released on the control of the same hold key is a
 * click on it, once: the browser's own click on that control counts.
 *
 * Kept free of Preact: it is part of the entry script.
 */
import { withHandoff } from './hook';
import { hasServerHtml, HOLD, HOOK_SELECTOR, PENDING, stateOf } from './ssr';

export type Held =
  | { kind: 'focus'; element: HTMLElement }
  | { kind: 'key'; element: HTMLElement; key: string }
  | { kind: 'click'; element: HTMLElement };

/** What the runtime does with an intent. */
export interface IntentHandlers {
  /** A pointer over or a focus in the hook: its code will soon be needed. */
  near(host: HTMLElement): void;
  /** The shopper reached `target` in the hook: its code is needed now. */
  reach(host: HTMLElement, target: Element): void;
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
export function listenForIntent(handlers: IntentHandlers) {
  const held = new Map<HTMLElement, Held[]>();
  /** The held control (data-sfw-hold) the press under way began on, while its island was not ready; `released`: it, once released there or on its replacement, until that release's click. */
  let pressed: HTMLElement | null | undefined;
  let released: HTMLElement | null | undefined;

  const hold = (host: HTMLElement, intent: Held) => {
    const list = held.get(host) ?? [];
    list.push(intent);
    held.set(host, list);
  };

  function onEvent(event: Event): void {
    if (event.type === 'pointerdown') pressed = released = undefined; // a new press, wherever it lands
    // A move that did not move is the browser's own after a layout or a load, under a still (or emulated) cursor.
    if (event.type === 'pointermove' && !(handlers.watchMoves() && ((event as MouseEvent).movementX || (event as MouseEvent).movementY))) return;
    const target = event.target instanceof Element ? event.target : null;
    const host = target?.closest<HTMLElement>(HOOK_SELECTOR);
    if (!target || !host) return;
    if (event.type === 'pointerover') return handlers.near(host);
    // Only server HTML whose island is on its way holds (no state: not claimed yet, the runtime waits for StorefrontBeforeMount).
    const state = stateOf(host);
    const keyed = target.closest<HTMLElement>(`[${HOLD}]`);
    const key = keyed?.getAttribute(HOLD);
    if (event.type === 'pointerdown' && state !== 'ready') pressed = keyed;
    if (event.type === 'mouseup') {
      // Released on the control pressed, or on the one of the same hold key that replaced it: when the
      // control pressed is gone once this task ends and no click of the press came (see above), the
      // control of that key gets one.
      const press = pressed;
      if (press && key === press.getAttribute(HOLD)) {
        released = press;
        setTimeout(() => released === press && !press.isConnected && withHandoff((m) => m.deliver(host, [{ kind: 'click', element: press }])));
      }
      return;
    }
    if (event.type === 'focusin') handlers.near(host);
    const control = event.type === 'click' ? target.closest<HTMLElement>(`button, a[${HOLD}]`) : null;
    const submits = control instanceof HTMLButtonElement && control.type === 'submit' && control.form?.hasAttribute('action');
    if (event.type === 'click' && released) {
      // The release's own click, on the control pressed or on the one that replaced it: the press is answered.
      if (key === released.getAttribute(HOLD)) released = undefined;
      // Sent to an ancestor (Firefox, when the control left the page before the mouse events): the release delivers it.
      else if (!released.isConnected && !control) return void (event.preventDefault(), event.stopImmediatePropagation());
    }
    if (state !== 'ready' && state !== 'failed' && hasServerHtml(host)) {
      const element = target as HTMLElement;
      let held: Held | undefined;
      if (event.type === 'focusin') held = { kind: 'focus', element };
      else if (event instanceof KeyboardEvent && HELD_KEYS.test(event.key) && target.closest('[role="combobox"]')) {
        held = { kind: 'key', element, key: event.key };
      } else if (control && host.contains(control) && !submits) {
        held = { kind: 'click', element: control };
        pend(control);
      }
      if (held) {
        // Kept from the browser (a form without action would reload the page; a focus cannot be: its listener is not passive, so saying so is quiet) and from every handler: the island may already listen.
        event.preventDefault();
        event.stopImmediatePropagation();
        hold(host, held);
      }
    }
    handlers.reach(host, target);
  }

  // The ways to reach an island, after a pointer over it; and a press released (a tap's too), which is not one.
  const types = ['pointerover', 'pointermove', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'click', 'mouseup'];
  // On the window, the first stop of every event: a host page's capture listener on the document (or on the
  // window, added after the entry ran) then sees a held click once, delivered, not also the one held.
  // Passive where nothing is ever held (pointers, touches, the release): a held event is prevented.
  for (const type of types) addEventListener(type, onEvent, { capture: true, passive: /^[ptm]/.test(type) });

  return {
    /** Whether something is held for the hook. */
    has: (host: HTMLElement) => held.has(host),
    /** Removes and returns what was held for the hook. */
    take(host: HTMLElement): Held[] {
      const list = held.get(host) ?? [];
      held.delete(host);
      return list;
    },
    stop() {
      for (const type of types) removeEventListener(type, onEvent, { capture: true });
    },
  };
}
