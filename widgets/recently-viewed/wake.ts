/**
 * A chunk of its own. Server HTML without the list is its loading frame: nothing to show until it
 * asks, so, as an empty hook, it loads near the viewport; with the list it sleeps until the page wakes.
 */
import { nearViewport, withPage } from '../../shared/runtime/wake';

export const wake = withPage({ empty: nearViewport });
