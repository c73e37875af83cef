/**
 * Stock messages on a product card (spec §4 "Stock messages", §9).
 *
 * One message at most. Precedence where the bullets overlap:
 * 1. Group breaks under 10 available: 'SOLD OUT!' at 0 (or below), else
 *    'Only N Spots Left!' (text kept as the spec writes it, also for N = 1).
 *    This beats 'LAST ONE' and 'Coming Soon!'. Group breaks with 10 or more
 *    fall through to the general rules.
 * 2. 'LAST ONE', then 'Coming Soon!', then 'Notify me when available', then
 *    'Out of stock' (spec order). So a presale item with none available that
 *    cannot be added says 'Coming Soon!', even when it is also new.
 * The shipping notice is separate and can show alongside.
 */
import type { ProductTeaser } from '../../../shared/api/schemas';
import { INELIGIBLE_TO_SHIP } from '../../../shared/rules/purchase';

export type StockKind = 'last-one' | 'coming-soon' | 'notify' | 'out-of-stock' | 'spots-left' | 'sold-out';

export interface StockMessage {
  /** 'notify' is rendered as a button, the others as text. */
  kind: StockKind;
  text: string;
}

export const GROUP_BREAK_LOW_STOCK = 10;

export function stockMessage(p: ProductTeaser): StockMessage | null {
  if (p.isGroupBreak && p.available < GROUP_BREAK_LOW_STOCK) {
    return p.available <= 0
      ? { kind: 'sold-out', text: 'SOLD OUT!' }
      : { kind: 'spots-left', text: `Only ${p.available} Spots Left!` };
  }
  if (p.available === 1 && p.showATC && p.saleLimit < 1) return { kind: 'last-one', text: 'LAST ONE' };
  if (p.available < 1 && p.presale) return { kind: 'coming-soon', text: 'Coming Soon!' };
  if (!p.showATC && p.isNew) return { kind: 'notify', text: 'Notify me when available' };
  if (!p.showATC && !p.presale) return { kind: 'out-of-stock', text: 'Out of stock' };
  return null;
}

/** Only an explicit `false` warns; a missing flag means eligible. */
export function shippingNotice(p: ProductTeaser): string | null {
  return p.eligible === false ? INELIGIBLE_TO_SHIP : null;
}
