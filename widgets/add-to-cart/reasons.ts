/**
 * Why "Add to Cart" is disabled, in words the shopper can act on. The rules
 * (rules/disabled.ts) give reason codes in the spec's order; the form shows
 * the first one in the order the fields appear, next to the button.
 */
import type { Product } from '../../shared/api/schemas';
import type { AddToCartBlocker } from './rules';

/** Field order of the form, so the hint names the first field to fix. */
const ORDER: readonly AddToCartBlocker[] = [
  'variation-not-chosen',
  'addon-not-chosen',
  'live-break-required',
  'breaker-not-chosen',
  'quantity-over-variation',
  'quantity-over-available',
];

export interface ReasonContext {
  product: Product;
  available: number;
  /** Eligible breakers, or null while they are not loaded. */
  breakerCount: number | null;
  /** A breaker is chosen and applies (its warehouse may set the available quantity). */
  withBreaker?: boolean;
}

export function blockerText(blocker: AddToCartBlocker, { product, available, breakerCount, withBreaker }: ReasonContext): string {
  switch (blocker) {
    case 'variation-not-chosen':
      return 'Choose an option';
    case 'addon-not-chosen':
      return 'Choose your free gift, or opt out';
    case 'live-break-required':
    case 'breaker-not-chosen':
      return breakerCount === 0 ? 'No live breaker is available right now' : 'Choose a breaker';
    case 'quantity-over-variation':
    case 'quantity-over-available':
      if (available >= 1) return `Only ${available} available`;
      if (withBreaker) return 'Not available with this breaker';
      // Stock that sits only in a breaker's warehouse can still be opened live.
      if (product.break_eligible && product.Available > 0) return 'Available on a live break only: choose a breaker';
      return product.Presale ? 'Coming Soon!' : 'Out of stock';
  }
}

/** The hint for the first blocker in field order, or null when nothing blocks. */
export function firstReason(blockers: readonly AddToCartBlocker[], context: ReasonContext): string | null {
  const first = ORDER.find((b) => blockers.includes(b));
  return first ? blockerText(first, context) : null;
}
