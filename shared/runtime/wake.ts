/**
 * When a page with server-rendered islands wakes (issue 13, README "When
 * islands wake"). Server HTML already shows every island; its code is only
 * needed once the shopper does something. So a hook holding server HTML
 * sleeps: no island code is fetched or run for it until the page wakes,
 * which happens, once, at the first of:
 * - a pointer moving over, a touch, a press, a key or a focus inside any
 *   island (not `pointerover`: the browser sends it when content scrolls
 *   under a still cursor, which is no sign of the shopper);
 * - a storefront event (storefront:*), from legacy code or an island;
 * - a page restored from the back/forward cache, or a cart change in
 *   another tab (both re-announced as storefront:cart-updated);
 * - at load, when an island must run then anyway (wakeAtLoad).
 * Then every sleeping hook mounts, and the storefront events that arrived
 * while it slept are dispatched again once every woken island listens.
 *
 * Kept free of Preact and valibot: it is part of the entry script.
 */
import { CART_CHANNEL, EVENTS } from '../events';

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

/** What counts as the shopper reaching an island (its code is needed). */
export const INTENT_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

const STOREFRONT_EVENTS: readonly string[] = Object.values(EVENTS);

/**
 * Listens for what wakes the page and calls `wake` once. Storefront events
 * seen until `settled()` are kept; `replay()` dispatches them again (call it
 * once every woken island listens). Returns { replay, stop }.
 */
export function listenForWake(inIsland: (target: EventTarget | null) => boolean, wake: () => void, settled: () => boolean) {
  const queue: CustomEvent[] = [];
  const replayed = new WeakSet<Event>();
  let woken = false;
  /** Stops what can only wake the page (storefront events are kept until stop()). */
  const stopWaking = () => {
    for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, true);
    window.removeEventListener('pageshow', onPageShow);
    channel?.close();
  };
  const wakeOnce = () => {
    if (woken) return;
    woken = true;
    stopWaking();
    wake();
  };
  const onIntent = (event: Event) => inIsland(event.target) && wakeOnce();
  // Added when the first hook falls asleep, before any island's code loaded, this listener comes before
  // the islands' own on window: an event sent while the woken islands mount stops here, and the replay
  // brings it to all of them once, in order.
  const onEvent = (event: Event) => {
    if (replayed.has(event) || settled()) return;
    event.stopImmediatePropagation();
    queue.push(new CustomEvent(event.type, { detail: (event as CustomEvent).detail }));
    wakeOnce();
  };
  const announceCartChange = () => {
    queue.push(new CustomEvent(EVENTS.cartUpdated, { detail: {} }));
    wakeOnce();
  };
  const onPageShow = (event: PageTransitionEvent) => event.persisted && announceCartChange();
  for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
  for (const type of STOREFRONT_EVENTS) window.addEventListener(type, onEvent);
  window.addEventListener('pageshow', onPageShow);
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CART_CHANNEL) : null;
  if (channel) channel.onmessage = announceCartChange;

  return {
    wake: wakeOnce,
    replay() {
      for (const event of queue.splice(0)) {
        replayed.add(event);
        window.dispatchEvent(event);
      }
    },
    stop() {
      stopWaking();
      for (const type of STOREFRONT_EVENTS) window.removeEventListener(type, onEvent);
    },
  };
}
