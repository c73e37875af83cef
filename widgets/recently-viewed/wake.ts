/**
 * A chunk of its own. Server HTML without the list is its loading frame (LOADING_CLASS): nothing to show
 * until it asks, so it loads near the viewport; with the list it sleeps until the page wakes.
 */
import { nearViewport, withPage, type Strategy } from '../../shared/runtime/wake';

export const wake: Strategy = (host, page) => (host.querySelector('.sfw-recently-viewed__status') ? nearViewport : withPage({ empty: nearViewport }))(host, page);
