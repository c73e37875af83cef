/** The types of the module build/islands.mjs makes from the island folders (tsconfig.json `paths`). */
import type { IslandRegistry } from '../shared/runtime/mount';

export declare const ISLANDS: IslandRegistry;
