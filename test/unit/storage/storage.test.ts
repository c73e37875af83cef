/** The never-throwing localStorage wrapper (shared/storage.ts) that the header alerts and the country prompt use. */
import { describe, expect, it } from 'vitest';
import { readStored, writeStored } from '../../../shared/storage';

const broken = {
  getItem() {
    throw new Error('SecurityError');
  },
  setItem() {
    throw new Error('QuotaExceededError');
  },
} as unknown as Storage;

describe('readStored / writeStored', () => {
  it('remember a value across reads (localStorage by default)', () => {
    expect(readStored('k')).toBeNull();
    writeStored('k', 'v');
    expect(readStored('k')).toBe('v');
    expect(localStorage.getItem('k')).toBe('v');
  });

  it.each<[string, Storage | null]>([
    ['blocked or full', broken],
    ['missing', null],
  ])('never throw when storage is %s: a read finds nothing', (_, store) => {
    expect(() => writeStored('k', 'v', store)).not.toThrow();
    expect(readStored('k', store)).toBeNull();
  });
});
