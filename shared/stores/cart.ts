/**
 * The cart as every island sees it (spec §4 Cart dropdown). The logic lives
 * here, components only read `$cart` and call these actions.
 */
import { map } from 'nanostores';
import { getCart, getCartCount, getUpsell, removeCartItem } from '../api/calls';
import { logFailure, isAborted } from '../api/client';
import type { CartResponse } from '../api/schemas';
import { cartChannel, emit, EVENTS, on, OTHER_TAB } from '../events';
import { subtotal } from '../money';
import { mayApply, type CartOrder, type CartTicket } from './cart-order';
import { EMPTY_CART, fromCart, itemPrice, type CartAnswer, type CartState } from './cart-state';
import { $openPanel } from './panels';
import { readPageConfig } from '../config';

/** The header panel id of the cart dropdown. */
export const CART_PANEL = 'cart';
/** `source` of the events the cart dropdown sends. */
export const CART_SOURCE = 'cart-dropdown';

export const $cart = map<CartState>({ ...EMPTY_CART });

/** The cart now: `$cart.get()` on an unwatched store would mount it, i.e. start syncing. */
const read = (): CartState => $cart.value ?? EMPTY_CART;

// Ordering (cart-order.ts): every read and write takes a ticket when it starts.
let lastSeq = 0;
const order: CartOrder = { write: 0, count: 0, items: 0 };
let countRequest: AbortController | undefined;
/** The GET /cart/retrieve in flight (not its upsell). */
let retrieveRequest: AbortController | undefined;
let upsellRequest: AbortController | undefined;
/**
 * The removals running, one at a time (removeItem). Reads wait for them: an
 * answer the server computed before a removal it had not yet seen would
 * bring the removed item back.
 */
let removals: Promise<void> | undefined;

function ticket(write: boolean): CartTicket {
  const seq = ++lastSeq;
  if (write) {
    order.write = seq;
    // Their answers could only be dropped now.
    countRequest?.abort();
    retrieveRequest?.abort();
  }
  return { seq, write };
}

/** Applies the parts of an answer that nothing newer superseded; false when none was applied. */
function apply(t: CartTicket, { count, errors, items }: CartAnswer): boolean {
  const cart = read();
  const next: Partial<CartState> = {};
  if (mayApply(order, 'count', t)) {
    order.count = t.seq;
    Object.assign(next, { count, counted: true, errors: errors ?? cart.errors });
  }
  if (items && mayApply(order, 'items', t)) {
    order.items = t.seq;
    const total = subtotal(items.map((item) => ({ quantity: item.quantity, price: itemPrice(item) })));
    // Fresh unless a newer write (an add) changed the cart since.
    Object.assign(next, { items, total, status: 'ready', stale: cart.stale && t.seq < order.write });
  }
  if (Object.keys(next).length) $cart.set({ ...cart, ...next });
  return Object.keys(next).length > 0;
}

/** GET /cart/get-count: the badge. */
export async function refreshCount(): Promise<void> {
  while (removals) await removals;
  countRequest?.abort();
  const controller = (countRequest = new AbortController());
  const t = ticket(false);
  try {
    apply(t, await getCartCount({ signal: controller.signal }));
  } catch (error) {
    logFailure('Cart count', error);
  } finally {
    if (countRequest === controller) countRequest = undefined;
  }
}

/** GET /cart/retrieve, then GET /cart/load-upsell only when the cart has items. */
export async function loadCart(): Promise<void> {
  while (removals) await removals;
  retrieveRequest?.abort();
  upsellRequest?.abort();
  const controller = (retrieveRequest = new AbortController());
  const t = ticket(false);
  $cart.setKey('status', 'loading');
  try {
    if (!apply(t, fromCart(await getCart({ signal: controller.signal })))) return;
  } catch (error) {
    if (isAborted(error) || !mayApply(order, 'items', t)) return;
    logFailure('Cart', error);
    $cart.setKey('status', 'error');
    return;
  } finally {
    if (retrieveRequest === controller) retrieveRequest = undefined;
  }
  if (read().items.length === 0) {
    $cart.setKey('upsell', []);
    $cart.setKey('supplies', []);
    return;
  }
  const upsellController = (upsellRequest = new AbortController());
  try {
    const { upsell, supplies } = await getUpsell({ signal: upsellController.signal });
    $cart.setKey('upsell', upsell);
    $cart.setKey('supplies', supplies);
  } catch (error) {
    logFailure('Upsell', error); // spec §8: fails silently
  }
}

/** Loads the cart only when it is stale (spec §4: opening loads the cart if stale). */
export function loadCartIfStale(): Promise<void> {
  return read().stale && !retrieveRequest ? loadCart() : Promise.resolve();
}

/**
 * POST /cart/remove-item, one removal at a time. A REMOVE activated while
 * another runs (keyboard or assistive technology reach it under the overlay)
 * is queued and shown as deleting; an item already on its way is not sent again.
 */
export function removeItem(id: string | number): Promise<void> {
  const { deletingId, queued } = read();
  if (deletingId === null) {
    $cart.setKey('deletingId', id);
    const run: Promise<void> = runRemovals().finally(() => {
      if (removals === run) removals = undefined;
    });
    removals = run;
  } else if (deletingId !== id && !queued.includes(id)) {
    $cart.setKey('queued', [...queued, id]);
  }
  return removals ?? Promise.resolve();
}

async function runRemovals(): Promise<void> {
  let failed = false;
  for (let id = read().deletingId; id !== null; id = nextRemoval()) {
    const t = ticket(true);
    let answer: CartResponse | undefined;
    try {
      answer = await removeCartItem(id);
    } catch (error) {
      logFailure('Removing a cart item', error); // spec §8: no user message
      failed = true;
    }
    if (answer) {
      apply(t, fromCart(answer));
      // Other islands, legacy code and other tabs learn about the change.
      emit(EVENTS.cartUpdated, { source: CART_SOURCE });
    }
  }
  // The server's cart is unknown after a failure (and reads it stopped are lost): read it again.
  if (failed) void cartChanged(isOpen());
}

/** The next queued removal becomes the one under way (null when none is left). */
function nextRemoval(): string | number | null {
  const [next = null, ...rest] = read().queued;
  $cart.set({ ...read(), deletingId: next, queued: rest });
  return next;
}

/** A cart change happened somewhere: reload if shown, else only the count. */
export function cartChanged(isOpen: boolean): Promise<void> {
  $cart.setKey('stale', true);
  return isOpen ? loadCart() : refreshCount();
}

/** A cart-updated event with the new count (an add answer's CartQuantity): a write. */
function applyCartSummary(count: number): void {
  apply(ticket(true), { count });
  $cart.setKey('stale', true);
}

const isOpen = () => $openPanel.get() === CART_PANEL;

let followers = 0;
let stopFollowing: (() => void) | undefined;

/**
 * Keeps the cart fresh while a cart dropdown is on the page (spec §4):
 * fetches the count unless the page's config gave it, loads the cart when
 * the dropdown opens, follows the toggle/hide and cart-updated events, other
 * tabs (BroadcastChannel) and pages restored from the back/forward cache.
 * Returns the stop; the last one stops it at once (a removed dropdown makes
 * no further call), which also aborts the reads.
 */
export function followCart(): () => void {
  if (typeof window === 'undefined') return () => {}; // the server renders the page's count only
  if (followers++ === 0) stopFollowing = startFollowing();
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    if (--followers === 0) stopFollowing?.();
  };
}

function startFollowing(): () => void {
  // A count the page gave (initCartCount) is the state at page load: no call.
  if (readPageConfig().cart?.count == null) void refreshCount();
  const otherTabs = cartChannel();
  const changed = () => void cartChanged(isOpen());
  const offs = [
    $openPanel.listen((id) => {
      if (id === CART_PANEL) void loadCartIfStale();
    }),
    on(EVENTS.cartToggle, () => $openPanel.set(isOpen() ? null : CART_PANEL)),
    on(EVENTS.cartHide, () => isOpen() && $openPanel.set(null)),
    on(EVENTS.cartUpdated, ({ source, count }) => {
      // Another tab's change is not told back (two waking tabs would echo it).
      if (source !== OTHER_TAB) otherTabs.tell();
      // Our own removal already applied the server's answer.
      if (source === CART_SOURCE) return;
      // A sender that knows the new count (an add answer) saves the count request.
      if (typeof count === 'number' && Number.isInteger(count) && count >= 0) {
        applyCartSummary(count);
        if (isOpen()) void loadCart();
      } else changed();
    }),
  ];
  const onPageShow = (event: PageTransitionEvent) => event.persisted && changed();
  window.addEventListener('pageshow', onPageShow);
  return () => {
    offs.forEach((off) => off());
    window.removeEventListener('pageshow', onPageShow);
    otherTabs.stop();
    countRequest?.abort();
    retrieveRequest?.abort();
    upsellRequest?.abort();
  };
}

/**
 * The count and error flag the page's config gives (the server knew them),
 * shown before any call; on the server, per page. They take no ticket: any
 * later answer or write is newer than the page.
 */
export function initCartCount(): void {
  const { count, errors = false } = readPageConfig().cart ?? {};
  $cart.set({ ...read(), count: count ?? 0, counted: count != null, errors: count != null && errors });
}
