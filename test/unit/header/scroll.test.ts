import { describe, expect, it } from 'vitest';
import { barsHidden } from '../../../widgets/header/rules/scroll';

describe('barsHidden: top bar and info bar hide beyond 10 px (spec §9)', () => {
  it.each([
    // scrollY, wasHidden, panelOpen, hidden
    [0, false, false, false],
    [10, false, false, false],
    [11, false, false, true],
    [500, false, false, true],
    [0, true, false, false], // back at the top
    [-20, true, false, false], // elastic overscroll counts as the top
    [5, true, false, true], // between top and threshold nothing changes (no flicker)
    [5, false, false, false],
    [500, false, true, false], // nothing hides while a panel is open
    [500, true, true, true],
    [0, true, true, false],
  ])('scrollY %i, hidden before %s, panel open %s → %s', (y, was, panel, hidden) => {
    expect(barsHidden(y, was, panel)).toBe(hidden);
  });
});
