/** Reference data of the seeded catalog: image URLs, categories and general-stock warehouses. */

export type ImageName =
  | 'booster-box'
  | 'etb'
  | 'hobby-box'
  | 'sleeves'
  | 'binder'
  | 'slab'
  | 'toploader'
  | 'break';

/** Local URL of a demo product photo (demo-pages/public/img, served under /demo). */
export function img(name: string): string {
  return `/demo/img/${name}.jpg`;
}

export const BLOCK_POOL_LOGO = '/demo/img/logo-blockpool.png';
export const CHARITY_LOGO = '/demo/img/logo-charity.png';
export const BREAKER_IMG = img('breaker');
export const FLAG_US = '/demo/img/flag-us.svg';
export const FLAG_CA = '/demo/img/flag-ca.svg';

export const categories = {
  pokemon: { id: 1, name: 'Pokémon' },
  magic: { id: 2, name: 'Magic: The Gathering' },
  baseball: { id: 3, name: 'Baseball' },
  basketball: { id: 4, name: 'Basketball' },
  football: { id: 5, name: 'Football' },
  hockey: { id: 6, name: 'Hockey' },
  groupBreaks: { id: 7, name: 'Group Breaks' },
  supplies: { id: 8, name: 'Supplies' },
  graded: { id: 9, name: 'Graded Cards' },
  onePiece: { id: 10, name: 'One Piece' },
  lorcana: { id: 11, name: 'Disney Lorcana' },
  rewards: { id: 12, name: 'Rewards' },
  yugioh: { id: 13, name: 'Yu-Gi-Oh!' },
  soccer: { id: 14, name: 'Soccer' },
  /** Used by no product: the breaker that lists it covers nothing. */
  vintage: { id: 99, name: 'Vintage WOTC' },
} as const;
export type CategoryKey = keyof typeof categories;

/** Warehouse locations that mean general stock (spec §9). */
export const GENERAL_WAREHOUSES: readonly number[] = [0, 19];
