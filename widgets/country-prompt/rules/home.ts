/**
 * Whether a visitor's country is the shop's own (spec §4 Country offer, §6,
 * §9): a US visitor, or one the answer named no country for, is neither
 * remembered nor offered CAD. The one source of the rule for the prompt
 * (country.ts) and for its wake strategy (wake.ts, in the entry script).
 */
export const isHome = (country: unknown): boolean => typeof country === 'string' && ['', 'US'].includes(country.trim().toUpperCase());
