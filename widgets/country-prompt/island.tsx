/**
 * country-prompt: the CAD offer for non-US visitors (spec §4 Country offer, §6).
 *
 *   <div data-widget="country-prompt" data-props='{"flagUrl":"/img/flags/ca.svg"}'></div>
 *
 * Props (all optional):
 * - flagUrl: the flag image in the offer (relative or http(s)); default, and
 *   instead of an unsafe URL (dropped with one warning): the bundle's own
 *   Canadian flag.
 * On load it calls GET /determine-user-country. A non-US country is
 * remembered in the region store (`country`, when it is CA) and in
 * localStorage `sfw-visitor-country`. With `opt` true the required modal
 * 'country-prompt' opens: 'Would you like to see prices in CAD?' posts
 * /opt-in-currency-display, 'No thanks.' gets /opt-out-currency, and the
 * page reloads either way (also when the call failed). A failed check shows
 * nothing (logged as a warning).
 */
import * as v from 'valibot';
import { optUrl } from '../../shared/api/schemas';
import { defineIsland } from '../../shared/runtime/island';
import { CountryPrompt } from './CountryPrompt';

export const Props = v.object({ flagUrl: optUrl });

export default defineIsland('country-prompt', Props, CountryPrompt);
