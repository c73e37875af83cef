/**
 * Chunk group: the islands every page has, asleep in server HTML until the
 * page wakes, then all at once from this one chunk (one request, no import
 * glue between them). widgets/registry.ts picks from it. The header is not
 * here: it runs at load, from a small chunk of its own.
 */
export { default as cartDropdown } from '../cart-dropdown/island';
export { default as searchBar } from '../search-bar/island';
export { default as loginModal } from '../login-modal/island';
export { default as countryPrompt } from '../country-prompt/island';
export { default as regionDialog } from '../region-dialog/island';
export { default as cartDialogs } from '../cart-dialogs/island';
