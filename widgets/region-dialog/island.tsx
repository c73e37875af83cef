/**
 * region-dialog: the 'Choose your region' dialog (spec §2 Dialogs, §3 Region/currency).
 *
 *   <div data-widget="region-dialog"></div>
 *
 * Props: none. Opens as modal id 'region-dialog': from the header flag
 * (`data-region-open`), or from legacy code with
 *   window.dispatchEvent(new CustomEvent('storefront:modal-open', { detail: { id: 'region-dialog' } }))
 * Links to /opt-in-localized?currency=USD and ?currency=USDCAD (the current
 * currency, from the page config's region factor, carries aria-current) and
 * to /international-buyers.
 */
import * as v from 'valibot';
import { defineIsland } from '../../shared/runtime/island';
import { RegionDialog } from './RegionDialog';

export default defineIsland('region-dialog', v.object({}), RegionDialog);
