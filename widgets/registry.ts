/**
 * Every island the page can name in `data-widget`, found by the build: each
 * folder under widgets/ with an island.tsx (build/islands.mjs, docs/architecture.md "Adding an island").
 * Its wake.ts, when there, says when it wakes (docs/architecture.md "When
 * islands wake", the strategies of shared/runtime/wake.ts; without one:
 * withPage()) and its chunk group (docs/architecture.md "Chunk groups").
 */
export { ISLANDS } from 'sfw:islands';
