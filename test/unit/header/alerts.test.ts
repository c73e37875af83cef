import { describe, expect, it } from 'vitest';
import { isDismissed, rememberDismissed } from '../../../widgets/header/rules/alerts';

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
});
