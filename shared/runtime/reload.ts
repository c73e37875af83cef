/**
 * The one reload-once policy. Code that does not come (a chunk tried twice)
 * most likely means the shop published a new build and removed the old
 * files: the page reloads onto the new build, saying why in one console
 * line; never twice within a minute (a loop), never offline. The reloaded
 * page tells the shopper what happened (notice.ts). (Vite leaves this to the
 * shop: `vite:preloadError`.)
 *
 * Island-side code (deliver.ts, in the delivery chunk): the entry carries
 * none of it, to keep what runs before input small.
 */
import { addedSince } from '../events';
import { note } from './note';
import { NOTICE } from './ssr';

const RELOADED = 'sfw-reloaded';
/** A reload within this long of the last one would be a loop. */
const LOOP_MS = 60_000;

/** Reloads the page for `name`, whose code is gone, saying why; false (nothing done) right after such a reload, offline, or without sessionStorage. */
export function reloadOnce(name: string, error: unknown): boolean {
  try {
    if (navigator.onLine === false || Date.now() - Number(sessionStorage.getItem(RELOADED) ?? 0) < LOOP_MS) return false;
    sessionStorage.setItem(RELOADED, String(Date.now()));
    sessionStorage.setItem(NOTICE, addedSince(10_000) ? 'added' : 'updated'); // an add went through just before: the reload was for its confirmation
  } catch {
    return false;
  }
  console.error(`[storefront] ${name} could not load its code (${error instanceof Error ? error.message : String(error)}); the shop was probably updated: reloading the page once.`);
  note('fail', { kind: 'reload', island: name }); // sent as the page goes (field data)
  location.reload();
  return true;
}

