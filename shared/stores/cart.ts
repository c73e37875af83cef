/**
 * The cart as every island sees it (spec §4 Cart dropdown). The logic lives
 * here, components only read `$cart` and call these actions.
 */
import { map } from 'nanostores';
import { getCart, getCartCount, getUpsell, removeCartItem } from '../api/calls';
import { logFailure, isAborted } from '../api/client';
import type { CartItem, CartResponse, UpsellEntry } from '../api/schemas';
import { emit, EVENTS, on } from '../events';
import { subtotal } from '../money';
import { $openPanel } from './panels';
import { readPageConfig } from '../config';

/** The header panel id of the cart dropdown. */
export const CART_PANEL = 'cart';
/** `source` of the events the cart dropdown sends. */
export const CART_SOURCE = 'cart-dropdown';

export interface CartState {
  count: number;
  /** False until a count came from the server (so the first one is not announced as a change). */
  counted: boolean;
  /** CartErrors: the badge shows a red exclamation mark instead of the count. */
  errors: boolean;
  items: CartItem[];
  /** Sum of quantity × price in USD. */
  total: number;
  /** True until the items are loaded, and again after every cart change. */
  stale: boolean;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The item whose removal is under way. */
  deletingId: string | number | null;
  upsell: UpsellEntry[];
  supplies: UpsellEntry[];
}

const initial: CartState = {
  count: 0,
  counted: false,
  errors: false,
  items: [],
  total: 0,
  stale: true,
  status: 'idle',
  deletingId: null,
  upsell: [],
  supplies: [],
};

export const $cart = map<CartState>({ ...initial });

/** Unit price of a cart item: the spec lists both `price` and `Price`. */
export function itemPrice(item: CartItem): number {
  return item.price || item.Price;
}

export function itemTitle(item: CartItem): string {
  return item.title || item.Title;
}

function applyCart(answer: CartResponse): void {
  const items = answer.cart_items;
  $cart.set({
    ...$cart.get(),
    count: answer.CartQuantity,
    counted: true,
    errors: answer.CartErrors,
    items,
    total: subtotal(items.map((item) => ({ quantity: item.quantity, price: itemPrice(item) }))),
    stale: false,
    status: 'ready',
  });
}

let countRequest: AbortController | undefined;
/** GET /cart/get-count: the badge. */
export async function refreshCount(): Promise<void> {
  countRequest?.abort();
  const controller = (countRequest = new AbortController());
  try {
    const { count, errors } = await getCartCount({ signal: controller.signal });
    $cart.set({ ...$cart.get(), count, errors: errors ?? $cart.get().errors, counted: true });
  } catch (error) {
    logFailure('Cart count', error);
  }
}

let cartRequest: AbortController | undefined;
/** GET /cart/retrieve, then GET /cart/load-upsell only when the cart has items. */
export async function loadCart(): Promise<void> {
  cartRequest?.abort();
  const controller = (cartRequest = new AbortController());
  $cart.setKey('status', 'loading');
  try {
    applyCart(await getCart({ signal: controller.signal }));
  } catch (error) {
    if (isAborted(error)) return;
    logFailure('Cart', error);
    $cart.setKey('status', 'error');
    return;
  }
  if ($cart.get().items.length === 0) {
    $cart.setKey('upsell', []);
    $cart.setKey('supplies', []);
    return;
  }
  try {
    const { upsell, supplies } = await getUpsell({ signal: controller.signal });
    $cart.setKey('upsell', upsell);
    $cart.setKey('supplies', supplies);
  } catch (error) {
    logFailure('Upsell', error); // spec §8: fails silently
  }
}

/** Loads the cart only when it is stale (spec §4: opening loads the cart if stale). */
export function loadCartIfStale(): Promise<void> {
  const { stale, status } = $cart.get();
  return stale && status !== 'loading' ? loadCart() : Promise.resolve();
}

/** POST /cart/remove-item. A second click while one removal runs does nothing. */
export async function removeItem(id: string | number): Promise<void> {
  if ($cart.get().deletingId !== null) return;
  $cart.setKey('deletingId', id);
  try {
    applyCart(await removeCartItem(id));
    // Other islands, legacy code and other tabs learn about the change.
    emit(EVENTS.cartUpdated, { source: CART_SOURCE });
  } catch (error) {
    logFailure('Removing a cart item', error); // spec §8: no user message
  } finally {
    $cart.setKey('deletingId', null);
  }
}

/** A cart change happened somewhere: reload if shown, else only the count. */
export function cartChanged(isOpen: boolean): Promise<void> {
  $cart.setKey('stale', true);
  return isOpen ? loadCart() : refreshCount();
}

/** A cart-updated event with the new count (an add answer's CartQuantity). */
function applyCartSummary(count: number): void {
  // An older count request still running must not overwrite this one.
  countRequest?.abort();
  $cart.set({ ...$cart.get(), count, counted: true, stale: true });
}

const isOpen = () => $openPanel.get() === CART_PANEL;

/**
 * Keeps the cart fresh while a cart dropdown is mounted (spec §4): fetches the
 * count, loads the cart when the dropdown opens, follows the toggle/hide and
 * cart-updated events, other tabs (BroadcastChannel) and pages restored from
 * the back/forward cache. Returns the cleanup, which also aborts fetches.
 */
export function startCartSync(): () => void {
  void refreshCount();
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('storefront:cart') : null;
  const changed = () => void cartChanged(isOpen());
  if (channel) channel.onmessage = changed;
  const offs = [
    $openPanel.listen((id) => {
      if (id === CART_PANEL) void loadCartIfStale();
    }),
    on(EVENTS.cartToggle, () => $openPanel.set(isOpen() ? null : CART_PANEL)),
    on(EVENTS.cartHide, () => isOpen() && $openPanel.set(null)),
    on(EVENTS.cartUpdated, ({ source, count }) => {
      channel?.postMessage('cart-updated');
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
    channel?.close();
    countRequest?.abort();
    cartRequest?.abort();
  };
}

/** Tests only. */
export function resetCart(): void {
  countRequest?.abort();
  cartRequest?.abort();
  $cart.set({ ...initial });
}

/** The count the page's config gives (the server knew it), shown before any call; on the server, per page. */
export function initCartCount(): void {
  const count = readPageConfig().cart?.count;
  $cart.set({ ...$cart.get(), count: count ?? 0, counted: count !== undefined });
}
