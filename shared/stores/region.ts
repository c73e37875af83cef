import { atom } from 'nanostores';
import type { Currency } from '../money';
import { readPageConfig } from '../config';

export interface Region extends Currency {
  country: 'US' | 'CA';
}

/** Currency factor, symbol and country, from the page config (spec §3 Region/currency). */
export const $region = atom<Region>({ factor: 1, symbol: '$', country: 'US' });

/** Called once by the runtime before islands mount. */
export function initRegion(): void {
  const { region } = readPageConfig();
  $region.set({ factor: region.factor, symbol: region.symbol, country: region.country });
}
