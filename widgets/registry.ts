/**
 * Every island the page can name in `data-widget`. Islands come in chunk
 * groups packed by when they are needed (README "Chunk groups"): one chunk for
 * what every page mounts at load (groups/every-page.ts), one per page kind
 * (groups/category.ts); islands that load near the viewport, and the lazy
 * parts of islands (dialogs, the add-to-cart form, PayPal), stay chunks of
 * their own, loaded when needed.
 * Add a line here when you add a folder under widgets/ (see README).
 */
import type { Island } from '../shared/runtime/island';
import type { IslandRegistry } from '../shared/runtime/mount';

const everyPage = () => import('./groups/every-page');
const category = () => import('./groups/category');

/** Loads a group's chunk (once) and picks one island from it. */
const pick =
  <G extends Record<K, Island>, K extends keyof G>(group: () => Promise<G>, key: K) =>
  () =>
    group().then((g) => ({ default: g[key] }));

export const ISLANDS: IslandRegistry = {
  header: { load: pick(everyPage, 'header') },
  'cart-dropdown': { load: pick(everyPage, 'cartDropdown') },
  'login-modal': { load: pick(everyPage, 'loginModal') },
  'country-prompt': { load: pick(everyPage, 'countryPrompt') },
  'region-dialog': { load: pick(everyPage, 'regionDialog') },
  'loyalty-action': { load: () => import('./loyalty-action/island'), when: 'visible' },
  'search-bar': { load: pick(everyPage, 'searchBar') },
  'teaser-card': { load: pick(category, 'teaserCard') },
  'product-grid': { load: pick(category, 'productGrid') },
  'recently-viewed': { load: () => import('./recently-viewed/island'), when: 'visible' },
  'add-to-cart': { load: () => import('./add-to-cart/island') },
  'cart-dialogs': { load: pick(everyPage, 'cartDialogs') },
};
