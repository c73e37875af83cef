/**
 * CLS and INP in the field chunk (shared/field/vitals.ts) by web-vitals' definitions: each row a sequence of
 * entries and what web-vitals 6.2.3 makes of it (its LayoutShiftManager and InteractionManager, the p98 rule).
 */
import { describe, expect, it } from 'vitest';
import { addShift, addTiming, inpOf, windows, type Interaction, type Shift, type Timing } from '../../../shared/field/vitals';

const shift = (startTime: number, value: number, hadRecentInput = false): Shift => ({ startTime, value, hadRecentInput });

/** [why, shifts, CLS, the start times of its window's shifts] */
const CLS: Array<[string, Shift[], number, number[]]> = [
  ['no shift', [], 0, []],
  ['one window: each shift < 1 s after the last, all < 5 s after the first', [shift(0, 0.1), shift(900, 0.1), shift(1800, 0.05)], 0.25, [0, 900, 1800]],
  ['a gap of 1 s opens a new window; the larger counts', [shift(0, 0.1), shift(1000, 0.05), shift(1500, 0.02)], 0.1, [0]],
  ['the later window when it is larger', [shift(0, 0.05), shift(2000, 0.04), shift(2500, 0.04)], 0.08, [2000, 2500]],
  ['a window ends 5 s after its first shift', [0, 900, 1800, 2700, 3600, 4500, 5400].map((t) => shift(t, 0.01)), 0.06, [0, 900, 1800, 2700, 3600, 4500]],
  ['shifts after recent input do not count, nor keep a window open', [shift(0, 0.1), shift(500, 0.5, true), shift(1200, 0.1)], 0.1, [0]],
  ['a shift of 0 does not open a window that the next joins', [shift(0, 0), shift(500, 0.02)], 0.02, [500]],
];

describe('CLS: the largest session window', () => {
  it.each(CLS)('%s', (_why, shifts, value, starts) => {
    const w = windows<Shift>();
    for (const s of shifts) addShift(w, s);
    expect(w.largest.value).toBeCloseTo(value, 10);
    expect(w.largest.entries.map((s) => s.startTime)).toEqual(starts);
  });
});

const timing = (interactionId: number, duration: number, startTime = interactionId * 1000, entryType = 'event'): Timing => ({ interactionId, duration, startTime, entryType });

/** [why, entries, the interaction count, INP (undefined: none)] */
const INP: Array<[string, Timing[], number, number | undefined]> = [
  ['no interaction', [], 0, undefined],
  ['entries of no interaction (mouseover: interactionId 0) are none', [timing(0, 300)], 0, undefined],
  ['one interaction: its longest entry', [timing(1, 48), timing(1, 120), timing(1, 64)], 1, 120],
  ['under 40 ms: none, unless it is the first input', [timing(1, 32)], 1, undefined],
  ['the first input counts whatever its duration', [timing(1, 16, 1000, 'first-input')], 1, 16],
  ['under 50 interactions: the longest', [timing(1, 80), timing(2, 400), timing(3, 200)], 49, 400],
  ['50 interactions or more: the second longest (one skipped for every 50)', [timing(1, 80), timing(2, 400), timing(3, 200)], 50, 200],
  ['more to skip than were long: the shortest of those kept', [timing(1, 80), timing(2, 400)], 200, 80],
  ['of 12 long interactions only the 10 longest are kept', Array.from({ length: 12 }, (_, i) => timing(i + 1, 40 + 8 * i)), 600, 56],
];

describe('INP: the p98 of the longest interactions', () => {
  it.each(INP)('%s', (_why, entries, count, value) => {
    const longest: Array<Interaction<Timing>> = [];
    for (const e of entries) addTiming(longest, e);
    expect(inpOf(longest, count)?.latency).toBe(value);
  });

  it("keeps an interaction's entries of its latency that started with the first (pointerdown, pointerup, click of one tap)", () => {
    const longest: Array<Interaction<Timing>> = [];
    const down = timing(7, 104, 500);
    const click = { ...timing(7, 104, 500), entryType: 'event' };
    const late = timing(7, 104, 520);
    for (const e of [timing(7, 56, 500), down, click, late]) addTiming(longest, e);
    expect(longest).toEqual([{ id: 7, latency: 104, entries: [down, click] }]);
  });
});
