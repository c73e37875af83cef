/**
 * nanostores' `atom` and `onMount`, imported by file rather than through the
 * package's index. esbuild splits chunks by file: through the index, the
 * stores the header needs before any input (panels, modals) would share a
 * chunk with `map` and `listenKeys`, which only woken islands use.
 */
export { atom } from '../../node_modules/nanostores/atom/index.js';
export { onMount } from '../../node_modules/nanostores/lifecycle/index.js';
