/** What the cart store holds (shared/stores/cart.ts), and how its items read. */
import type { CartItem, CartResponse, UpsellEntry } from '../api/schemas';

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
  /** Items whose REMOVE was activated during another removal: sent next, in order. */
  queued: Array<string | number>;
  upsell: UpsellEntry[];
  supplies: UpsellEntry[];
}

export const EMPTY_CART: CartState = {
  count: 0,
  counted: false,
  errors: false,
  items: [],
  total: 0,
  stale: true,
  status: 'idle',
  deletingId: null,
  queued: [],
  upsell: [],
  supplies: [],
};

/** Unit price of a cart item: the spec lists both `price` and `Price`. */
export function itemPrice(item: CartItem): number {
  return item.price || item.Price;
}

export function itemTitle(item: CartItem): string {
  return item.title || item.Title;
}

/** A cart answer, or a part of one. */
export interface CartAnswer {
  count: number;
  errors?: boolean;
  items?: CartItem[];
}

export const fromCart = (answer: CartResponse): CartAnswer => ({ count: answer.CartQuantity, errors: answer.CartErrors, items: answer.cart_items });
