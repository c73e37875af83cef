/**
 * recently-viewed: the shopper's recently viewed products as a slider of
 * teaser cards (spec §2, §4 "Recently viewed slider", §9 breakpoints).
 * Server-rendered (with `products`), it sleeps until the page wakes; an
 * empty hook loads its code when it comes near the viewport.
 *
 *   <section aria-labelledby="rv-title">
 *     <h2 id="rv-title">Recently viewed</h2>
 *     <div data-widget="recently-viewed"></div>
 *   </section>
 *
 * Props:
 * - products (optional, list of product teasers, as GET /recently-viewed
 *   answers): the list the server already knows. Given, it is
 *   shown at once (and server-rendered) and nothing is called; a bad item
 *   costs that item.
 * Without products: calls GET /recently-viewed (a list of product teasers, bare or
 * as `{ products: [...] }`). Shows a spinner, then the slides, or
 * 'No products to display!', or 'There was an issue retrieving the feed!'.
 * Slides per view by window width: up to 550 px 2, 750 px 3, 1000 px 4,
 * 1600 px 6, wider 7. Events: as teaser-card, with `source: 'recently-viewed'`.
 */
import * as v from 'valibot';
import { ProductTeaser } from '../../shared/api/schemas';
import { defineIsland } from '../../shared/runtime/island';
import { RecentlyViewed } from './RecentlyViewed';

export const RecentlyViewedProps = v.object({ products: v.nullish(v.array(ProductTeaser)) });

// A list: read and checked slide by slide, hydrated whole (shared/runtime/list.tsx).
export default defineIsland('recently-viewed', RecentlyViewedProps, RecentlyViewed, { list: { prop: 'products' } });
