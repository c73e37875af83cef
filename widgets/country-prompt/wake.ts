/** From the chunk of the islands every page has; awake at load unless the visitor is at home. */
import { valueAt, withPage } from '../../shared/runtime/wake';

export const group = 'every-page';

/**
 * Only a US visitor needs nothing at load; another is remembered, maybe offered CAD. The same rule as
 * countryOutcome (rules/country.ts), written again here: importing it puts a chunk shared with the
 * every-page group in front of the entry, measured +93 B gzip and one more file of JS run before
 * input, which takes the demo category page over its 8 KB (8236 B). test/unit/runtime/config-reader.test.ts
 * holds the two together.
 */
const isHome = (country: unknown) => typeof country === 'string' && ['', 'US'].includes(country.trim().toUpperCase());

export const wake = withPage({ awakeIf: (config) => !isHome(valueAt(config, 'country', 'country')) });
