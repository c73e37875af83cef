/**
 * Badges on a product card (spec §4 "Badges on a product card").
 *
 * - Reward-only: only 'Reward Only', nothing else (not even the extras).
 * - Not on sale: the spec's bullets are independent, so they stack in the
 *   order given: presale, group break date, new.
 * - On sale: group break date (group breaks only), then 'Clearance' or 'Sale'.
 *   Presale and 'New!' are not shown on sale items.
 * - Extras from the teaser fields, after the spec badges, in both cases:
 *   block pool, charity, caseapalooza, guaranteed break with its breaker.
 */
import type { ProductTeaser } from '../../../shared/api/schemas';

export type BadgeKind =
  | 'reward'
  | 'presale'
  | 'break-date'
  | 'new'
  | 'clearance'
  | 'sale'
  | 'block-pool'
  | 'charity'
  | 'caseapalooza'
  | 'guaranteed-break';

export interface Badge {
  kind: BadgeKind;
  text: string;
  /** Shown next to the text (presale release date). */
  date?: string;
  /** Image shown with the badge (block pool, charity, breaker). */
  logo?: string;
}

const TBA = 'TBA';

export function teaserBadges(p: ProductTeaser): Badge[] {
  if (p.rewardRedemptionOnly) return [{ kind: 'reward', text: 'Reward Only' }];

  const badges: Badge[] = [];
  // The break date is the badge text itself, so it carries no separate date.
  const breakDate = (): Badge => ({ kind: 'break-date', text: p.breakDate || TBA });

  if (p.sale) {
    if (p.isGroupBreak) badges.push(breakDate());
    badges.push(p.isClearance ? { kind: 'clearance', text: 'Clearance' } : { kind: 'sale', text: 'Sale' });
  } else {
    if (p.presale) badges.push(withOptional({ kind: 'presale', text: 'Presale' }, 'date', p.releaseDate));
    if (p.isGroupBreak) badges.push(breakDate());
    if (p.isNew) badges.push({ kind: 'new', text: 'New!' });
  }

  if (p.blockPool) badges.push(withOptional({ kind: 'block-pool', text: 'Block Pool' }, 'logo', p.blockPoolLogo));
  if (p.charity) badges.push(withOptional({ kind: 'charity', text: 'Charity' }, 'logo', p.charity.charity_logo));
  // The spec names the flag but gives no wording; the event's name is the text.
  if (p.caseapalooza) badges.push({ kind: 'caseapalooza', text: 'Caseapalooza' });
  const location = p.assignedBreaker?.location;
  if (p.isGuaranteedBreak && location) {
    badges.push(withOptional({ kind: 'guaranteed-break', text: location }, 'logo', p.assignedBreaker?.img));
  }
  return badges;
}

/** Accessible name of the badge list: 'Presale 2025-06-01, New!'. Dates count, they are visible. */
export function badgeLabel(badges: readonly Badge[]): string {
  return badges.map((b) => (b.date ? `${b.text} ${b.date}` : b.text)).join(', ');
}

/** Sets the optional field only when the server sent a non-empty value. */
function withOptional(badge: Badge, key: 'date' | 'logo', value: string | null | undefined): Badge {
  return value ? { ...badge, [key]: value } : badge;
}
