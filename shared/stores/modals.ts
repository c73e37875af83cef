import { atom, onMount } from './atom';
import { EVENTS, on } from '../events';

/** Ids of the open modals, the last one on top. */
export const $openModals = atom<readonly string[]>([]);

/** The ids' old names (CHANGELOG.md): templates that still send them keep working. */
const RENAMED: Readonly<Record<string, string>> = { login: 'login-modal', region: 'region-dialog' };
const warned = new Set<string>();

function current(id: string): string {
  const renamed = RENAMED[id];
  if (!renamed) return id;
  if (!warned.has(id)) console.warn(`[storefront] modal id "${id}" is now "${renamed}" (CHANGELOG.md); opening "${renamed}".`);
  warned.add(id);
  return renamed;
}

export function openModal(requested: string): void {
  const id = current(requested);
  const open = $openModals.get();
  if (!open.includes(id)) $openModals.set([...open, id]);
}

/** The modal each open one replaced, until it takes that one's opener (Modal.tsx). */
const replaced = new Map<string, string>();

/**
 * Opens `to` in place of `from` (the quick-add dialog giving way to the added one): `from` closes
 * a frame after `to` is shown with the focus on its title, and `to` gives the focus back to
 * `from`'s opener. Closed first, the dialog holding the focus leaves the page before the focus
 * moves, and Orca then moves to the new title silently: the shopper never hears it open.
 */
export function replaceModal(from: string, to: string): void {
  if (!$openModals.get().includes(from)) return openModal(to);
  replaced.set(to, from);
  openModal(to);
  requestAnimationFrame(() =>
    setTimeout(() => {
      replaced.delete(to); // taken by now, unless `to` never showed (its island gone)
      closeModal(from);
    }),
  );
}

/** The modal `id` opened in place of, once: Modal.tsx asks as it opens. */
export function takeReplaced(id: string): string | undefined {
  const from = replaced.get(id);
  replaced.delete(id);
  return from;
}

export function closeModal(requested: string): void {
  const id = current(requested);
  const open = $openModals.get();
  if (open.includes(id)) $openModals.set(open.filter((x) => x !== id));
}

/** While a modal watches the store, legacy code opens and closes modals with the documented events. */
onMount($openModals, () => {
  if (typeof window === 'undefined') return;
  const offOpen = on(EVENTS.modalOpen, ({ id }) => typeof id === 'string' && openModal(id));
  const offClose = on(EVENTS.modalClose, ({ id }) => typeof id === 'string' && closeModal(id));
  return () => {
    offOpen();
    offClose();
  };
});
