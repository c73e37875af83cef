/**
 * recently-viewed: the shopper's recently viewed products as a slider of
 * teaser cards (spec §2, §4 "Recently viewed slider", §9 breakpoints).
 * Its code loads only when the hook comes near the viewport.
 *
 *   <section aria-labelledby="rv-title">
 *     <h2 id="rv-title">Recently viewed</h2>
 *     <div data-widget="recently-viewed"></div>
 *   </section>
 *
 * Props: none. Calls GET /recently-viewed (a list of product teasers, bare or
 * as `{ products: [...] }`). Shows a spinner, then the slides, or
 * 'No products to display!', or 'There was an issue retrieving the feed!'.
 * Slides per view by window width: up to 550 px 2, 750 px 3, 1000 px 4,
 * 1600 px 6, wider 7. Events: as teaser-card, with `source: 'recently-viewed'`.
 */
import * as v from 'valibot';
import { defineIsland } from '../../shared/runtime/island';
import { RecentlyViewed } from './RecentlyViewed';

export default defineIsland('recently-viewed', v.object({}), RecentlyViewed);
