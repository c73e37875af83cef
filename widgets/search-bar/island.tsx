/**
 * search-bar: the header search with live suggestions (spec §2, §4, §5).
 *
 * Markup (desktop header, and the mobile search panel of the header):
 *   <div data-widget="search-bar" data-props='{"loggedIn":true,"recentSearches":["pokemon 151"]}'></div>
 *   <div data-widget="search-bar" data-props='{"loggedIn":true,"recentSearches":["pokemon 151"],"variant":"mobile"}'></div>
 *
 * Props:
 *   loggedIn        boolean: logged-in shoppers see Recent Searches.
 *   recentSearches  string[]: the shopper's saved searches. All bars
 *                   on a page share one list (the first bar's); clearing empties all.
 *   Each one missing (or null) is taken from the page config's `user`
 *   (`loggedIn`, `recentSearches`), so a layout can leave both out; given,
 *   the prop wins. Neither: logged out, no saved searches.
 *   variant         'desktop' (default) | 'mobile': the mobile bar focuses its input
 *                   when the header opens the 'mobile-search' panel.
 *
 * Calls: POST /auto-search (failures ignored), GET /trending-searches/load
 * (once per page, when a field opens), GET /clear-user-searches. None at load. Events: none.
 */
import * as v from 'valibot';
import { flag, str } from '../../shared/api/schemas';
import { defineIsland } from '../../shared/runtime/island';
import { SearchBar } from './SearchBar';

export const Props = v.object({
  loggedIn: v.nullish(flag),
  recentSearches: v.nullish(v.array(str)),
  variant: v.nullish(v.picklist(['desktop', 'mobile']), 'desktop'),
});

export default defineIsland('search-bar', Props, SearchBar);
