import { atom } from 'nanostores';
import { $openModals } from './modals';

/**
 * Polite announcements (cart count, a saved gift) said once, by the one live
 * region a screen reader can reach: the page's while no dialog is open, else
 * the top dialog's (a modal `<dialog>` hides everything outside it from the
 * accessibility tree). A message waits until that region claims it; each
 * region shows only the messages it claimed.
 */
export interface Announcement {
  id: number;
  text: string;
  /** The region that says it; null until one claimed it. */
  scope: string | null;
}

export const PAGE_SCOPE = 'page';
/** A region keeps its last few messages: older ones leave (a removal is not read). */
const KEEP = 3;

export const $announcements = atom<readonly Announcement[]>([]);
let lastId = 0;

export function announce(text: string): void {
  $announcements.set([...$announcements.get(), { id: ++lastId, text, scope: null }]);
}

/** The scope whose region is exposed now: the top open dialog, else the page. */
export function activeScope(): string {
  const open = $openModals.get();
  return open[open.length - 1] ?? PAGE_SCOPE;
}

/** The region of `scope` takes the waiting messages, when it is the exposed one. */
export function claimAnnouncements(scope: string): void {
  const all = $announcements.get();
  if (activeScope() !== scope || !all.some((a) => a.scope === null)) return;
  const claimed = all.map((a) => (a.scope === null ? { ...a, scope } : a));
  const mine = claimed.filter((a) => a.scope === scope);
  const drop = new Set(mine.slice(0, -KEEP));
  $announcements.set(claimed.filter((a) => !drop.has(a)));
}

/** A region that is no longer exposed forgets what it said (it must not say it again when it comes back). */
export function releaseAnnouncements(scope: string): void {
  const all = $announcements.get();
  if (all.some((a) => a.scope === scope)) $announcements.set(all.filter((a) => a.scope !== scope));
}
