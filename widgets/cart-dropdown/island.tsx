/**
 * cart-dropdown: the cart icon with its count badge and the dropdown
 * (spec §2, §4 Cart dropdown).
 *
 * Markup (no props):
 *   <div data-widget="cart-dropdown"></div>
 *
 * - The count is fetched on start (GET /cart/get-count); a red '!' replaces
 *   it when the cart has errors.
 * - Opening takes the header's one open panel ('cart'), so the overlay shows
 *   and other panels close; the cart loads when stale, then the upsell when
 *   it has items.
 * - REMOVE sends one removal at a time; one activated while another runs
 *   waits its turn (its row shows the deleting spinner).
 *
 * Events (on window):
 *   storefront:cart-toggle   opens or closes the dropdown
 *   storefront:cart-hide     closes it
 *   storefront:cart-updated  the cart changed: reload if open, else refetch
 *                            the count; also sent after a removal
 *                            ({ source: 'cart-dropdown' }) and passed to
 *                            other tabs (BroadcastChannel 'storefront:cart').
 */
import * as v from 'valibot';
import { defineIsland } from '../../shared/runtime/island';
import { CartDropdown } from './CartDropdown';

export default defineIsland('cart-dropdown', v.object({}), CartDropdown);
