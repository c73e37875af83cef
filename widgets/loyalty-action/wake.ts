/** Loads near the viewport, from a chunk of its own (it sits in the footer). */
import { nearViewport } from '../../shared/runtime/wake';

export const wake = nearViewport;
