/** From the chunk of the islands every page has; awake at load unless the visitor is at home. */
import { valueAt, withPage } from '../../shared/runtime/wake';
import { isHome } from './rules/home';

export const group = 'every-page';

/** Only a visitor at home needs nothing at load; another is remembered, maybe offered CAD. */
export const wake = withPage({ awakeIf: (config) => !isHome(valueAt(config, 'country', 'country')) });
