/**
 * Dismissed alert rows stay dismissed across page loads, keyed by the
 * alert's id (shared/storage.ts: without storage a dismissal lasts for this
 * page only).
 */
import { readStored, writeStored } from '../../../shared/storage';

const PREFIX = 'sfw:alert-dismissed:';

export function isDismissed(id: string): boolean {
  return id !== '' && readStored(PREFIX + id) === '1';
}

export function rememberDismissed(id: string): void {
  if (id !== '') writeStored(PREFIX + id, '1');
}
