/**
 * The hooks the render service renders before it takes traffic
 * (server/warm-up.ts): each island's `example` props (build/islands.mjs), as
 * PHP sends them (the grid's cards in the states that take different paths),
 * with a page config PHP sends beside them, so the first shopper's page
 * renders as fast as the next one's. test/unit/ssr-server/warm-up.test.ts
 * holds it to every widget of the renderer.
 */
import { EXAMPLES } from 'sfw:examples';

const config = {
  region: { factor: '1', symbol: '$', country: 'US' },
  user: { loggedIn: 0, recentSearches: ['warm-up'] },
  cart: { count: '2', errors: 0 },
};

/** One hook per island with an example; the renderer keeps those it renders (widgets/server.tsx). */
export const examples: { widget: string; props: unknown; config: unknown }[] = Object.entries(EXAMPLES).map(([widget, props]) => ({ widget, props, config }));
