/**
 * Every island the page can name in `data-widget`, each a lazy chunk.
 * Add a line here when you add a folder under widgets/ (see README).
 */
import type { IslandRegistry } from '../shared/runtime/mount';

export const ISLANDS: IslandRegistry = {
};
