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
