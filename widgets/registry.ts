/**
 * Every island the page can name in `data-widget`, with when it wakes
 * (README "When islands wake") and the chunk group it comes in (README
 * "Chunk groups"): the header alone runs at load, in a small chunk of its
 * own; the islands every page has sleep in server HTML and wake together
 * from one chunk (groups/every-page.ts); those of a category page from
 * another (groups/category.ts); islands that load near the viewport, and
 * the lazy parts of islands (dialogs, the add-to-cart form, PayPal), stay
 * chunks of their own.
 * Add a line here when you add a folder under widgets/ (see README).
 */
import type { Island } from '../shared/runtime/island';
import type { IslandRegistry } from '../shared/runtime/mount';
import { valueAt } from '../shared/runtime/wake';

const everyPage = () => import('./groups/every-page');
const category = () => import('./groups/category');

/** Loads a group's chunk (once) and picks one island from it. */
const pick =
  <G extends Record<K, Island>, K extends keyof G>(group: () => Promise<G>, key: K) =>
  () =>
    group().then((g) => ({ default: g[key] }));

/** A count the cart button can show without asking (a whole number, maybe as text from PHP). */
const isCount = (count: unknown) => (typeof count === 'number' && Number.isInteger(count) && count >= 0) || (typeof count === 'string' && /^\s*\d+\s*$/.test(count));

/**
 * Only a US visitor needs nothing at load; another is remembered, maybe offered CAD. The same rule as
 * countryOutcome (country-prompt/rules/country.ts), written again here: importing it would put a
 * chunk shared with the every-page group in front of the entry (one more request before input).
 */
const isHome = (country: unknown) => typeof country === 'string' && ['', 'US'].includes(country.trim().toUpperCase());

export const ISLANDS: IslandRegistry = {
  header: { load: () => import('./header/island') },
  // Without the count in the config, it asks GET /cart/get-count at load (spec §7).
  'cart-dropdown': { load: pick(everyPage, 'cartDropdown'), when: 'intent', wakeAtLoad: (config) => !isCount(valueAt(config, 'cart', 'count')) },
  'login-modal': { load: pick(everyPage, 'loginModal'), when: 'intent' },
  'country-prompt': { load: pick(everyPage, 'countryPrompt'), when: 'intent', wakeAtLoad: (config) => !isHome(valueAt(config, 'country', 'country')) },
  'region-dialog': { load: pick(everyPage, 'regionDialog'), when: 'intent' },
  'loyalty-action': { load: () => import('./loyalty-action/island'), when: 'visible' },
  'search-bar': { load: pick(everyPage, 'searchBar'), when: 'intent' },
  'teaser-card': { load: pick(category, 'teaserCard'), when: 'intent' },
  'product-grid': { load: pick(category, 'productGrid'), when: 'intent' },
  'recently-viewed': { load: () => import('./recently-viewed/island'), when: 'intent', emptyWhen: 'visible' },
  'add-to-cart': { load: () => import('./add-to-cart/island') },
  'cart-dialogs': { load: pick(everyPage, 'cartDialogs'), when: 'intent' },
};
