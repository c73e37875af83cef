/** What the cart button and its badge say (spec §2: count badge, red '!' on errors). */
export interface CartBadge {
  count: number;
  /** CartErrors */
  errors: boolean;
}

const items = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/** The badge text: the count, '!' when the cart has errors, null (no badge) when empty. */
export function badgeText({ count, errors }: CartBadge): string | null {
  if (errors) return '!';
  return count > 0 ? String(count) : null;
}

/** The cart button's accessible name. */
export function cartButtonLabel({ count, errors }: CartBadge): string {
  return errors ? 'Cart has a problem' : `Cart, ${items(count)}`;
}

/** What the live region says when the count changes; null when nothing changed. */
export function countAnnouncement(before: CartBadge, after: CartBadge): string | null {
  if (before.count === after.count && before.errors === after.errors) return null;
  if (after.errors && !before.errors) return 'There is a problem with your cart.';
  return after.count > 0 ? `Your cart now has ${items(after.count)}.` : 'Your shopping cart is empty.';
}

/** Said once the opened cart has loaded (after 'Loading your cart…' when the load lasted: CartDropdown). */
export function loadedAnnouncement(count: number): string {
  return count > 0 ? `Your cart has ${items(count)}.` : 'Your shopping cart is empty.';
}
