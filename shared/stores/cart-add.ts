/**
 * Adding to the cart, shared by the add-to-cart form, the teaser cards'
 * direct add and the add-ons of the confirmation dialog (spec §4 Add to cart).
 *
 * Success: the count updates, `storefront:cart-updated` is announced, the
 * trackers are told (USD), the quick-add dialog closes and the
 * 'Product added to your cart!' dialog opens with the answer's related items.
 * Errors: the server's strings, to be listed under the button.
 */
import { atom } from 'nanostores';
import { addCartItem } from '../api/calls';
import { ApiError, logFailure } from '../api/client';
import type { AddOnGift, CartAddResponse, CartAddPayload, RelatedItem } from '../api/schemas';
import { serverMessages } from '../api/server-errors';
import { emit, EVENTS } from '../events';
import { closeModal, openModal } from './modals';

export const CART_ADDED_MODAL = 'cart-added';
export const QUICK_ADD_MODAL = 'quick-add';
export const GENERIC_ADD_ERROR = 'We could not add this item to your cart. Please try again.';

export interface LastAdd {
  title: string;
  quantity: number;
  related: RelatedItem[];
  /** The free add-on offer of the product just added, if any. */
  addon: AddOnGift | null;
}

/** What the confirmation dialog shows. */
export const $lastAdd = atom<LastAdd | null>(null);

export type AddResult = { ok: true; related: RelatedItem[] } | { ok: false; errors: string[] };

export interface AddOptions {
  /** Who adds: events carry it so the sender can ignore its own message. */
  source: string;
  addon?: AddOnGift | null;
  /** false for add-ons added from inside the confirmation dialog. */
  openConfirmation?: boolean;
}

/** Sends one cart add; the caller keeps its own busy state against double clicks. */
export async function addToCart(payload: CartAddPayload, options: AddOptions): Promise<AddResult> {
  let answer: CartAddResponse;
  try {
    answer = await addCartItem(payload);
  } catch (error) {
    const errors = serverErrors(error);
    if (errors) return { ok: false, errors };
    logFailure('Add to cart', error);
    return { ok: false, errors: [GENERIC_ADD_ERROR] };
  }
  if (answer.errors.length) return { ok: false, errors: answer.errors };
  // The cart store's listener (cart.ts, onMount) shows the answer's count, no count request.
  emit(EVENTS.cartUpdated, { source: options.source, count: answer.cart?.CartQuantity ?? undefined });
  track(payload);
  if (options.openConfirmation !== false) {
    $lastAdd.set({ title: payload.title, quantity: payload.quantity, related: answer.related, addon: options.addon ?? null });
    // The added dialog opens in place of the quick-add one, which closes a frame after the focus moved
    // (the new dialog gives it back to the quick-add's opener: Modal.tsx). Closed first, the dialog holding
    // the focus left the page before the focus moved, and Orca moved to the new title silently.
    openModal(CART_ADDED_MODAL);
    requestAnimationFrame(() => setTimeout(() => closeModal(QUICK_ADD_MODAL)));
  }
  return { ok: true, related: answer.related };
}

/** An error answer's own messages: the spec's `errors` list, or Laravel's 422 `{message, errors: {field: […]}}`. */
function serverErrors(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.kind !== 'http') return null;
  const messages = serverMessages(error.body, error.status);
  return messages.length ? messages : null;
}

interface Trackers {
  fbq?: (...args: unknown[]) => void;
  gtag?: (...args: unknown[]) => void;
}

/** Tells the page's ad tracker and analytics, in USD; never fails when they are absent or broken. */
export function track(payload: CartAddPayload): void {
  const w = window as unknown as Trackers;
  const value = Math.round(payload.price * payload.quantity * 100) / 100;
  try {
    w.fbq?.('track', 'AddToCart', { content_ids: [String(payload.product_id)], content_name: payload.title, content_type: 'product', value, currency: 'USD' });
  } catch (error) {
    logFailure('fbq AddToCart', error);
  }
  try {
    w.gtag?.('event', 'add_to_cart', {
      currency: 'USD',
      value,
      items: [{ item_id: String(payload.product_id), item_name: payload.title, price: payload.price, quantity: payload.quantity }],
    });
  } catch (error) {
    logFailure('gtag add_to_cart', error);
  }
}
