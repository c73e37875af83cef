/** The product form runs at load, from a chunk of its own: the shopper came to this page for it. */
import { atLoad } from '../../shared/runtime/wake';

export const wake = atLoad;
