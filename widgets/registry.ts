/**
 * Every island the page can name in `data-widget`: the chunk it comes in
 * (docs/architecture.md "Chunk groups") and when it wakes (docs/architecture.md "When islands wake",
 * the strategies of shared/runtime/wake.ts; without `wake`: withPage()).
 * The header alone runs at load,
 * in a small chunk of its own; the islands every page has sleep in server
 * HTML and wake together from one chunk (groups/every-page.ts); those of a
 * category page from another (groups/category.ts); islands that load near
 * the viewport, and the lazy parts of islands (dialogs, the add-to-cart
 * form, PayPal), stay chunks of their own.
 * Add a line here when you add a folder under widgets/ (see docs/architecture.md "Adding an island").
 */
import type { Island } from '../shared/runtime/island';
import type { IslandEntry, IslandRegistry } from '../shared/runtime/mount';
import { atLoad, nearViewport, valueAt, withPage } from '../shared/runtime/wake';

/** A group's chunk: `chunk` is its name (build.mjs chunkName: the idle prefetch finds its files by it). */
const group = <M,>(chunk: string, load: () => Promise<M>) => ({ chunk, load });

const everyPage = group('every-page', () => import('./groups/every-page'));
const category = group('category', () => import('./groups/category'));

/** One island of a group's chunk (loaded once). */
const pick = <G extends Record<K, Island>, K extends keyof G>(group: { chunk: string; load: () => Promise<G> }, key: K): Pick<IslandEntry, 'chunk' | 'load'> => ({
  chunk: group.chunk,
  load: () => group.load().then((g) => ({ default: g[key] })),
});

/** A count the cart button can show without asking: a whole number, maybe as text from PHP (not in an array: [5] reads as "5"). */
const isCount = (count: unknown) => typeof count != 'object' && /^\s*\d+\s*$/.test(String(count));

/**
 * Only a US visitor needs nothing at load; another is remembered, maybe offered CAD. The same rule as
 * countryOutcome (country-prompt/rules/country.ts), written again here: importing it would put a
 * chunk shared with the every-page group in front of the entry (one more request before input).
 * test/unit/runtime/config-reader.test.ts holds the two together.
 */
const isHome = (country: unknown) => typeof country === 'string' && ['', 'US'].includes(country.trim().toUpperCase());

export const ISLANDS: IslandRegistry = {
  header: { load: () => import('./header/island'), wake: atLoad },
  // Without the count in the config, it asks GET /cart/get-count at load (spec §7).
  'cart-dropdown': { ...pick(everyPage, 'cartDropdown'), wake: withPage({ awakeIf: (config) => !isCount(valueAt(config, 'cart', 'count')) }) },
  'login-modal': pick(everyPage, 'loginModal'),
  'country-prompt': { ...pick(everyPage, 'countryPrompt'), wake: withPage({ awakeIf: (config) => !isHome(valueAt(config, 'country', 'country')) }) },
  'region-dialog': pick(everyPage, 'regionDialog'),
  'loyalty-action': { load: () => import('./loyalty-action/island'), wake: nearViewport },
  'search-bar': pick(everyPage, 'searchBar'),
  'teaser-card': pick(category, 'teaserCard'),
  'product-grid': pick(category, 'productGrid'),
  // Server HTML without the list is its loading frame (LOADING_CLASS): nothing to show until it asks, so it loads near the viewport.
  'recently-viewed': { load: () => import('./recently-viewed/island'), wake: (host, page) => (host.querySelector('.sfw-recently-viewed__status') ? nearViewport : withPage({ empty: nearViewport }))(host, page) },
  'add-to-cart': { load: () => import('./add-to-cart/island'), wake: atLoad },
  'cart-dialogs': pick(everyPage, 'cartDialogs'),
};
