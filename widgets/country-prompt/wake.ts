/** From the chunk of the islands every page has; awake at load unless the visitor is at home. */
import { valueAt, withPage } from '../../shared/runtime/wake';

export const group = 'every-page';

/**
 * Only a US visitor needs nothing at load; another is remembered, maybe offered CAD. The same rule as
 * countryOutcome (rules/country.ts), written again here: importing it puts a chunk shared with the
 * every-page group in front of the entry: one more file of JS run before input (11), and of the woken
 * page (31, over the 30 of test/browser/measure-js.test.ts), and +94 B gzip (8,068 B, measured 2026-12-03).
 * test/unit/runtime/config-reader.test.ts holds the two together.
 */
const isHome = (country: unknown) => typeof country === 'string' && ['', 'US'].includes(country.trim().toUpperCase());

export const wake = withPage({ awakeIf: (config) => !isHome(valueAt(config, 'country', 'country')) });
