/** The header runs at load, from a small chunk of its own (docs/architecture.md "When islands wake"). */
import { atLoad } from '../../shared/runtime/wake';

export const wake = atLoad;
