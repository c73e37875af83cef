/**
 * Chunk group: the islands every page mounts at load, in one chunk (one
 * request, no import glue between them). widgets/registry.ts picks from it.
 */
export { default as header } from '../header/island';
export { default as cartDropdown } from '../cart-dropdown/island';
export { default as searchBar } from '../search-bar/island';
export { default as loginModal } from '../login-modal/island';
export { default as countryPrompt } from '../country-prompt/island';
export { default as regionDialog } from '../region-dialog/island';
export { default as cartDialogs } from '../cart-dialogs/island';
