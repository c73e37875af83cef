/**
 * The country offer (spec §4 Country offer, §6, §9): only non-US visitors
 * are remembered, and only they are ever offered CAD prices.
 */
import type { CountryCheck } from '../../../shared/api/schemas';
import { writeStored } from '../../../shared/storage';

export interface CountryOutcome {
  /** The country to remember, or null (US, or the answer named none). */
  remember: string | null;
  /** Open the CAD offer. */
  offer: boolean;
}

export function countryOutcome(check: CountryCheck): CountryOutcome {
  // wake.ts (isHome) applies the same rule before the prompt's code loads.
  const country = check.country.trim().toUpperCase();
  if (country === '' || country === 'US') return { remember: null, offer: false };
  return { remember: country, offer: check.opt };
}

/** localStorage key of the remembered country (read it across page loads). */
export const COUNTRY_STORAGE_KEY = 'sfw-visitor-country';

export function rememberCountry(country: string): void {
  writeStored(COUNTRY_STORAGE_KEY, country); // without storage the region store still has it for this page
}
