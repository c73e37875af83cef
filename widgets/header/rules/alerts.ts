/**
 * Dismissed alert rows stay dismissed across page loads, keyed by the
 * alert's id. Storage may be unavailable (privacy modes): then a dismissal
 * lasts for this page only.
 */
const PREFIX = 'sfw:alert-dismissed:';

export function isDismissed(id: string, storage: Storage | null = safeStorage()): boolean {
  try {
    return id !== '' && storage?.getItem(PREFIX + id) === '1';
  } catch {
    return false;
  }
}

export function rememberDismissed(id: string, storage: Storage | null = safeStorage()): void {
  if (id === '') return;
  try {
    storage?.setItem(PREFIX + id, '1');
  } catch {
    // Full or blocked storage: the row still hides on this page.
  }
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
