/**
 * A visitor at home (the US, or no country named): never remembered, never offered CAD (spec §4 Country
 * offer). Its own module: the prompt's wake rule (wake.ts) reads it before input, without the rest.
 */
export const isHome = (country: unknown) => typeof country === 'string' && ['', 'US'].includes(country.trim().toUpperCase());
