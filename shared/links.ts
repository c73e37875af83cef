/**
 * The shop's own pages the islands link to (spec §2), one place for each
 * path. The words of each link stay with the island that shows it.
 */
export const SHOP_PAGES = {
  /** Where reward-only products are had. */
  rewardsProgram: '/claim-loyalty-rewards',
  /** The live break schedule. */
  liveBreakSchedule: '/steel-city-break-room',
  /** Shipping for international buyers (the ineligible-to-ship notice, the region dialog). */
  internationalBuyers: '/international-buyers',
  /** The cart page (the cart button's link without JavaScript, View Cart). */
  cart: '/cart',
  /** Checkout. */
  checkout: '/checkout',
} as const;
