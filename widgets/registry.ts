/**
 * Every island the page can name in `data-widget`, each a lazy chunk.
 * Add a line here when you add a folder under widgets/ (see README).
 */
import type { IslandRegistry } from '../shared/runtime/mount';

export const ISLANDS: IslandRegistry = {
  header: { load: () => import('./header/island') },
  'cart-dropdown': { load: () => import('./cart-dropdown/island') },
  'login-modal': { load: () => import('./login-modal/island') },
  'country-prompt': { load: () => import('./country-prompt/island') },
  'region-dialog': { load: () => import('./region-dialog/island') },
  'loyalty-action': { load: () => import('./loyalty-action/island'), when: 'visible' },
  'search-bar': { load: () => import('./search-bar/island') },
  'teaser-card': { load: () => import('./teaser-card/island') },
  'product-grid': { load: () => import('./product-grid/island') },
  'recently-viewed': { load: () => import('./recently-viewed/island'), when: 'visible' },
  'add-to-cart': { load: () => import('./add-to-cart/island') },
  'cart-dialogs': { load: () => import('./cart-dialogs/island') },
};
