/**
 * Field data's notes (shared/runtime/field.ts): a fact only the runtime knows, noted where it is known, as a
 * performance mark `sfw:<kind>` carrying it, whatever field data decided: the field chunk
 * (shared/field/collect.ts) reads the marks when it loads, later. One line where the fact is, no buffer of
 * ours; a mark names an island and times, nothing of the shopper. Island-side code (deliver.ts, reload.ts,
 * island.tsx): the entry carries none of it.
 */

/** The marks' names start with it. */
export const MARK = 'sfw:';

/** held {island, input, ms}, wake {island, mounted (performance.now()), hydrate}, fail {kind, island}, fallback {island}. */
export const note = (kind: 'held' | 'wake' | 'fail' | 'fallback', detail: object): void => void performance.mark(MARK + kind, { detail });
