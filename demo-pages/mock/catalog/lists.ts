/** The id and text lists the other calls answer with, and the live breakers. */
import type { LiveBreaker } from '../../../shared/api/schemas';
import { categories } from './reference';

/** GET /trending-searches/load. Each one finds something in `searchCatalog`. */
export const trending: string[] = [
  'pokemon 151',
  'prismatic evolutions',
  'topps chrome',
  'elite trainer box',
  'group break',
  'one piece',
  'dragon shield sleeves',
  'psa 10',
];

/** GET /recently-viewed (includes the HTML title and the no-image product). */
export const recentlyViewedIds: number[] = [2, 29, 3, 15, 19, 37, 10, 5];

/** 'Recommended for you:' in the cart dropdown: in stock, addable. */
export const upsellIds: number[] = [1, 3, 14, 34, 36, 38];

/** 'Protect your investment:' in the cart dropdown: cheap supplies. */
export const supplyIds: number[] = [41, 43, 44, 47, 49, 50];

// --- breakers -----------------------------------------------------------------

/** GET /check-live-break-eligible-status. */
export const breakers: LiveBreaker[] = [
  {
    identifier: 'Main Stage',
    location: 0,
    categories: [],
    stock: 25,
    next_live: { date: '2026-11-22', start: '19:00', end: '23:00', timezone: 'America/New_York' },
  },
  {
    identifier: 'Sports Room (Warehouse 7)',
    location: 7,
    categories: [categories.baseball.id, categories.basketball.id, categories.football.id],
    stock: 6,
    next_live: { date: '2026-11-23', start: '12:00', end: '16:00', timezone: 'America/New_York' },
  },
  {
    identifier: 'TCG Room (Warehouse 12)',
    location: 12,
    categories: [categories.pokemon.id, categories.magic.id, categories.onePiece.id, categories.lorcana.id],
    stock: 0,
    next_live: { date: '2026-11-24', start: '18:00', end: '22:00', timezone: 'America/Chicago' },
  },
  {
    identifier: 'Vintage Room',
    location: 3,
    categories: [categories.vintage.id],
    stock: 10,
    next_live: { date: '2026-11-25', start: '17:00', end: '20:00', timezone: 'America/Los_Angeles' },
  },
];
