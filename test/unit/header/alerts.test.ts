import { describe, expect, it } from 'vitest';
import { isDismissed, rememberDismissed } from '../../../widgets/header/rules/alerts';

const broken = {
  getItem() {
    throw new Error('SecurityError');
  },
  setItem() {
    throw new Error('QuotaExceededError');
  },
} as unknown as Storage;

describe('dismissed alerts', () => {
  it('are remembered by id', () => {
    expect(isDismissed('a')).toBe(false);
    rememberDismissed('a');
    expect(isDismissed('a')).toBe(true);
    expect(isDismissed('b')).toBe(false);
  });

  it('ignore an empty id', () => {
    rememberDismissed('');
    expect(isDismissed('')).toBe(false);
  });

  it('never throw when storage is blocked or missing', () => {
    expect(() => rememberDismissed('a', broken)).not.toThrow();
    expect(isDismissed('a', broken)).toBe(false);
    expect(isDismissed('a', null)).toBe(false);
  });
});
