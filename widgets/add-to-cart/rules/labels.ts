/**
 * Texts of the add-to-cart form (spec §4 "Stock messages", §5 "Presale", §6).
 *
 * Notices carry their full sentence in `text`; `link`, when present, names
 * the words of that sentence that link to a page, so the component can wrap
 * them without rebuilding the sentence. The reward-only notice is the one the
 * teaser card shows too (shared/rules/purchase.ts).
 */
import type { Product } from '../../../shared/api/schemas';
import { SHOP_PAGES } from '../../../shared/links';
import { buysWithNormalButton, INELIGIBLE_TO_SHIP, REWARD_ONLY_NOTICE } from '../../../shared/rules/purchase';

export const PRESALE_SUFFIX = ' - Presale';
export const LAST_ONE_AVAILABLE = 'Last one available!';

export type NoticeKind = 'reward-only' | 'live-break-only' | 'ineligible';

export interface Notice {
  kind: NoticeKind;
  text: string;
  link?: { text: string; href: string };
}

export const rewardOnlyNotice: Notice = { kind: 'reward-only', ...REWARD_ONLY_NOTICE };

export const liveBreakOnlyNotice: Notice = {
  kind: 'live-break-only',
  text: 'This product is only available for live break during break hours.',
};

/** The link the spec names for the break schedule (§2), for use next to the live-break notice. */
export const liveBreakScheduleLink = { text: 'the live break schedule', href: SHOP_PAGES.liveBreakSchedule };

/** The link after the ineligible-to-ship notice. */
export const internationalBuyersLink = { text: 'Shipping for international buyers', href: SHOP_PAGES.internationalBuyers };

export const ineligibleNotice: Notice = {
  kind: 'ineligible',
  text: INELIGIBLE_TO_SHIP,
};

export function displayTitle(product: Product): string {
  return product.Presale ? `${product.title}${PRESALE_SUFFIX}` : product.title;
}

export function buttonLabel(product: Product): string {
  return product.Presale ? 'Preorder' : 'Add to Cart';
}

/** 'Last one available!' when exactly one is left and no sale limit applies (SaleQuantityLimit < 1). */
export function lastOneAvailable(product: Product, available: number): string | null {
  return available === 1 && product.SaleQuantityLimit < 1 ? LAST_ONE_AVAILABLE : null;
}

/**
 * The notices that apply, in this order: reward-only, live-break-only,
 * ineligible. Only an explicit `Eligible: false` warns; missing means eligible.
 * A reward-only product has no normal add button (§6): the component shows
 * the notice instead of it.
 */
export function productNotices(product: Product): Notice[] {
  const notices: Notice[] = [];
  if (!buysWithNormalButton(product)) notices.push(rewardOnlyNotice);
  if (product.LiveBreakOnly) notices.push(liveBreakOnlyNotice);
  if (product.Eligible === false) notices.push(ineligibleNotice);
  return notices;
}

export interface FormBadge {
  kind: 'presale' | 'pool' | 'charity';
  text: string;
  /** An image shown before the text, or null. */
  logo: string | null;
}

/**
 * The badges above the price, in this order: presale (with its release date;
 * only when `showPresale`, as the quick-add title already says it), Block
 * Pool (with its spots), the charity the product supports.
 */
export function formBadges(product: Product, showPresale: boolean): FormBadge[] {
  const badges: FormBadge[] = [];
  if (showPresale && product.Presale) {
    badges.push({ kind: 'presale', text: `Presale${product.ReleaseDate ? ` · Releases ${releaseDate(product.ReleaseDate)}` : ''}`, logo: null });
  }
  if (product.BlockPool) {
    const spots = product.BlockPoolSpotsEligible > 0 ? ` · ${product.BlockPoolSpotsEligible} spots` : '';
    badges.push({ kind: 'pool', text: `Block Pool eligible${spots}`, logo: product.BlockPoolLogo ?? null });
  }
  const charity = product.ActiveCharity;
  if (charity) badges.push({ kind: 'charity', text: `Supports ${charity.charity_name}`, logo: charity.charity_logo ?? null });
  return badges;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** '2027-01-30' → 'Jan 30, 2027'; anything else as sent. */
function releaseDate(value: string): string {
  const time = /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value.slice(0, 10)) : NaN;
  return Number.isNaN(time) ? value : dateFormat.format(time);
}
