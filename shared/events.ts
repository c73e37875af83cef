/**
 * The DOM events on `window` that connect islands with each other and with
 * the host page's own (legacy) scripts. Events announce; state lives in the
 * stores. Every payload may carry a `source` so a sender can ignore its own
 * message.
 *
 * From legacy code:
 *   window.dispatchEvent(new CustomEvent('storefront:cart-updated'))
 *   window.dispatchEvent(new CustomEvent('storefront:modal-open', { detail: { id: 'login-modal' } }))
 */
export const EVENTS = {
  /** The cart changed on the server: islands refresh what they show. */
  cartUpdated: 'storefront:cart-updated',
  /** Open or close the cart dropdown. */
  cartToggle: 'storefront:cart-toggle',
  /** Close the cart dropdown. */
  cartHide: 'storefront:cart-hide',
  /** Open a modal by id (`login-modal`, `region-dialog`, `country-prompt`, `quick-add`, `cart-added`). */
  modalOpen: 'storefront:modal-open',
  /** Close a modal by id. */
  modalClose: 'storefront:modal-close',
  /** Open the quick-add dialog for a product. */
  quickAdd: 'storefront:quick-add',
} as const;

/** The BroadcastChannel on which a tab tells the others its cart changed (`cartChannel`). */
export const CART_CHANNEL = 'storefront:cart';
/** The `source` of a storefront:cart-updated that another tab's change caused: not told to the other tabs again. */
export const OTHER_TAB = 'other-tab';

export type EventName = (typeof EVENTS)[keyof typeof EVENTS];

interface WithSource {
  /** Who sent it; a widget ignores events it sent itself. */
  source?: string;
}

export interface EventDetails {
  /** `count`: the new item count when the sender knows it (no refetch needed). */
  'storefront:cart-updated': WithSource & { count?: number };
  'storefront:cart-toggle': WithSource;
  'storefront:cart-hide': WithSource;
  'storefront:modal-open': WithSource & { id: string };
  'storefront:modal-close': WithSource & { id: string };
  'storefront:quick-add': WithSource & { productId: number };
}

let lastAdd = 0;

export function emit<N extends EventName>(name: N, detail: EventDetails[N]): void {
  // An add the server took says the count it knows (stores/cart-add.ts); other senders leave `count` out.
  if (name === EVENTS.cartUpdated && 'count' in detail) lastAdd = Date.now();
  window.dispatchEvent(new CustomEvent(name, { detail }));
}

/** Whether an add to cart went through in the last `ms` (runtime/reload.ts tells the reloaded page). */
export const addedSince = (ms: number) => Date.now() - lastAdd < ms;

let channel: BroadcastChannel | null = null;
let channelUsers = 0;

/**
 * The tab's one BroadcastChannel to the other tabs, open while someone uses it
 * (the page runtime, the cart store): another tab's cart change arrives as
 * storefront:cart-updated with `source: OTHER_TAB`; `tell()` tells the other
 * tabs. One object, so what this tab posts never comes back to it.
 */
export function cartChannel(): { tell(): void; stop(): void } {
  if (channelUsers++ === 0) {
    channel = new BroadcastChannel(CART_CHANNEL);
    channel.onmessage = () => emit(EVENTS.cartUpdated, { source: OTHER_TAB });
  }
  let stopped = false;
  return {
    tell: () => channel?.postMessage('cart-updated'),
    stop() {
      if (stopped) return;
      stopped = true;
      if (--channelUsers > 0) return;
      channel?.close();
      channel = null;
    },
  };
}

/** The events sent before the page is awake, while the runtime keeps them (keepStorefrontEvents). */
let early: Event[] | null = null;
const STOREFRONT_EVENTS: readonly string[] = Object.values(EVENTS);

/**
 * For the page runtime (runtime/mount.ts), from the start of the entry
 * script until `forget()` (the page is awake): each storefront event reaches
 * the listeners there are (an island awake at load, legacy code), is kept
 * for the ones that start later (`on` gives them what was sent before, in
 * order: the islands that wake), and calls `onEarly` with the element it is
 * for, when there is one (the dialog a modal-open opens). A page restored from
 * the back/forward cache is sent as storefront:cart-updated meanwhile (once
 * awake, the cart store follows it itself), and another tab's cart change
 * while the runtime runs (`cartChannel`).
 */
export function keepStorefrontEvents(awake: () => boolean, onEarly: (addressee?: Element) => void) {
  const kept: Event[] = (early = []);
  const forget = () => {
    if (early === kept) early = null;
  };
  const onEvent = (event: Event) => {
    if (awake()) return;
    kept.push(event);
    onEarly(addresseeOf(event));
  };
  const onPageShow = (event: PageTransitionEvent) => event.persisted && !awake() && emit(EVENTS.cartUpdated, {});
  for (const type of STOREFRONT_EVENTS) window.addEventListener(type, onEvent, true);
  window.addEventListener('pageshow', onPageShow);
  const otherTabs = cartChannel();
  return {
    forget,
    stop(): void {
      forget();
      for (const type of STOREFRONT_EVENTS) window.removeEventListener(type, onEvent, true);
      window.removeEventListener('pageshow', onPageShow);
      otherTabs.stop();
    },
  };
}

/** The element on the page an event is for: the dialog a modal-open opens (it is in the server HTML, closed). */
function addresseeOf(event: Event): Element | undefined {
  const id: unknown = event.type === EVENTS.modalOpen ? (event as CustomEvent).detail?.id : undefined;
  return (typeof id === 'string' && document.querySelector(`[data-modal-id="${CSS.escape(id)}"]`)) || undefined;
}

/** Subscribes; returns the unsubscribe. A missing or odd `detail` arrives as `{}`. Gets the events sent before, while the page wakes. */
export function on<N extends EventName>(
  name: N,
  listener: (detail: Partial<EventDetails[N]>) => void,
): () => void {
  const handler = (event: Event) => {
    const detail = (event as CustomEvent).detail;
    listener(detail && typeof detail === 'object' ? detail : {});
  };
  window.addEventListener(name, handler);
  // A copy: an event the handler sends while these replay reaches it live, once.
  for (const event of early?.slice() ?? []) if (event.type === name) handler(event);
  return () => window.removeEventListener(name, handler);
}
