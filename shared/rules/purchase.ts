/**
 * Can this product be bought with the normal add button? (spec §6) One rule
 * for the teaser card and the add-to-cart form, which read the two product
 * shapes (teaser `rewardRedemptionOnly`, full product `RewardRedemptionOnly`).
 *
 * Reward-only products cannot: instead of the button both show the notice
 * that they are only available within the Rewards Program, linked to its
 * page (§2). The spec gives that notice as a paraphrase; the sentence keeps
 * its words. Other reasons a button is disabled or missing (stock, choices)
 * stay with each island's own rules.
 *
 * The ineligible-to-ship sentence is here too: both show it when the product
 * says it may not ship to the visitor's country (§4 "Stock messages").
 */
import { SHOP_PAGES } from '../links';

export const REWARD_ONLY_NOTICE = {
  text: 'This product is only available within the Rewards Program.',
  /** The words of `text` that link to the Rewards Program. */
  link: { text: 'Rewards Program', href: SHOP_PAGES.rewardsProgram },
} as const;

/** Shown when a product may not ship to the visitor's country; both islands link it to SHOP_PAGES.internationalBuyers. */
export const INELIGIBLE_TO_SHIP = 'This item may be ineligible to ship to your country';

/** Either product shape; both flags are already booleans after the schemas. */
export type PurchaseFlags = { rewardRedemptionOnly: boolean } | { RewardRedemptionOnly: boolean };

export function buysWithNormalButton(product: PurchaseFlags): boolean {
  const rewardOnly = 'rewardRedemptionOnly' in product ? product.rewardRedemptionOnly : product.RewardRedemptionOnly;
  return !rewardOnly;
}
