/**
 * Which cart answer may be shown: the last action the shopper took wins,
 * whatever order the answers come back in.
 *
 * Every cart read (GET /cart/retrieve, /cart/get-count) and write (a removal,
 * an add's count from `storefront:cart-updated`) takes a number when it is
 * started. A write supersedes every read started before it (their answers
 * may predate it); a read started after a write is fine. An answer never
 * replaces a part (count, items) that was set from a newer one.
 */

/** The parts of the cart an answer sets: the badge (count, errors) and the list (items, subtotal). */
export type CartPart = 'count' | 'items';

export interface CartTicket {
  /** Taken when the call started, increasing. */
  seq: number;
  write: boolean;
}

export interface CartOrder {
  /** The newest write started. */
  write: number;
  /** The ticket each part was last set from. */
  count: number;
  items: number;
}

export function mayApply(order: CartOrder, part: CartPart, ticket: CartTicket): boolean {
  if (ticket.seq <= order[part]) return false;
  return ticket.write || ticket.seq > order.write;
}
