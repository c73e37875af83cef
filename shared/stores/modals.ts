import { atom, onMount } from 'nanostores';
import { EVENTS, on } from '../events';

/** Ids of the open modals, the last one on top. */
export const $openModals = atom<readonly string[]>([]);

export function openModal(id: string): void {
  const open = $openModals.get();
  if (!open.includes(id)) $openModals.set([...open, id]);
}

export function closeModal(id: string): void {
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
