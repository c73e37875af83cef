/** From the chunk of the islands every page has; without the count in the config, it asks GET /cart/get-count at load (spec §7). */
import { valueAt, withPage } from '../../shared/runtime/wake';

export const group = 'every-page';

/** A count the cart button can show without asking: a whole number, maybe as text from PHP (not in an array: [5] reads as "5"). */
const isCount = (count: unknown) => typeof count != 'object' && /^\s*\d+\s*$/.test(String(count));

export const wake = withPage({ awakeIf: (config) => !isCount(valueAt(config, 'cart', 'count')) });
