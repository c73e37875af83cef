/**
 * Field data, the entry's part (docs/embedding.md "Field data"): only what must be there before anything
 * loads, every byte of it run before input on every page, field data on or not. The sample is drawn here,
 * once per page view (Math.random() below the config's `fieldData.sampleRate`): a view not sampled runs
 * and fetches nothing more. A sampled one asks the runtime's lazy part (deliver.ts `field`, a chunk every
 * page fetches at idle anyway: the entry names no chunk of its own) when the browser is idle and on each
 * `Storefront.fieldData.consent()`; with consent it loads the field chunk. What only the runtime knows is
 * noted meanwhile where it is known (note.ts).
 *
 * Kept free of Preact: it is part of the entry script (only the entry imports it).
 */
import type { FieldState } from './deliver';
import { withHandoff } from './page';
import { whenIdle } from './prefetch';

/** Starts field data when the config has a `fieldData` block; returns `consent(granted)`, the page's later word. */
export function startField(field: FieldState | undefined): (granted?: boolean) => void {
  // Not sampled (undefined, null, NaN: never below; a numeric string reads as its number, as shared/config.ts reads it): nothing more runs.
  const sampled = Math.random() < (field?.sampleRate as number);
  const consent = (granted?: boolean) => sampled && withHandoff((m) => m.field(field!, granted));
  whenIdle(() => consent());
  return consent;
}
