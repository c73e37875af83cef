import { atom } from './atom';

/**
 * The one open header panel (spec §2: opening one closes the others):
 * 'main-menu', 'account', 'mobile-search', 'cart', or null.
 */
export const $openPanel = atom<string | null>(null);

export function togglePanel(id: string): void {
  $openPanel.set($openPanel.get() === id ? null : id);
}

export function closePanels(): void {
  $openPanel.set(null);
}
