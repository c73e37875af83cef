/**
 * Field data, the entry's part (docs/embedding.md "Field data"): only what must be there before anything
 * loads, every byte of it run before input on every page, field data on or not. A page whose config has a
 * `fieldData` block asks the runtime's lazy part (deliver.ts `field`, a chunk every page fetches at idle
 * anyway) once the browser is idle, and again on each `Storefront.fieldData.consent()`;
 * it decides there, once per page view, whether this view is sampled, and loads the field chunk only for a
 * sampled view with consent. What only the runtime knows is noted meanwhile where it is known (note.ts).
 *
 * Kept free of Preact: it is part of the entry script (only the entry imports it).
 */
import type { FieldState } from './deliver';
import { withHandoff } from './page';
import { whenIdle } from './prefetch';

/** Starts field data when the config has a `fieldData` block; returns `consent(granted)`, the page's later word. */
export function startField(field: FieldState | undefined): (granted: boolean) => void {
  if (field) whenIdle(() => withHandoff((m) => m.field(field)));
  return (granted) => field && withHandoff((m) => m.field(field, granted));
}
