/**
 * localStorage that never throws. Storage may be missing or blocked (privacy
 * modes) or full: then a read finds nothing and a write is dropped, so what
 * it would remember lasts for this page only. `store` is for tests.
 */
export function readStored(key: string, store: Storage | null = localStore()): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string, store: Storage | null = localStore()): void {
  try {
    store?.setItem(key, value);
  } catch {
    // Full or blocked storage: nothing is remembered.
  }
}

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
