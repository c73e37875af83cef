import { describe, expect, it } from 'vitest';
import type { LiveBreaker, Product } from '../../../shared/api/schemas';
import { activeBreaker, eligibleBreakers, formatNextLive, isBreakerEligible } from '../../../widgets/add-to-cart/rules';
import type { FormState } from '../../../widgets/add-to-cart/rules';
import { breaker, product, state } from './factory';

// The factory's product is in category 7.
describe('isBreakerEligible (§5 "Breakers")', () => {
  it.each<[string, Partial<LiveBreaker>, Partial<Product>, boolean]>([
    ['stock above 0, no categories', { stock: 3 }, {}, true],
    ['stock 0', { stock: 0 }, {}, false],
    ['negative stock', { stock: -2 }, {}, false],
    ['stock missing (null) → eligible', { stock: null }, {}, true],
    ['stock missing (absent) → eligible', { stock: undefined }, {}, true],
    ['covers the product category', { categories: [7] }, {}, true],
    ['covers one of several product categories', { categories: [8] }, { categories: [{ id: 7, name: 'a' }, { id: 8, name: 'b' }] }, true],
    ['one of its categories matches', { categories: [4, 7] }, {}, true],
    ['covers other categories only', { categories: [8, 9] }, {}, false],
    ['lists categories, product has none', { categories: [7] }, { categories: [] }, false],
    ['covers the category but no stock', { stock: 0, categories: [7] }, {}, false],
  ])('%s → %s', (_, b, p, expected) => {
    expect(isBreakerEligible(breaker(b), product(p))).toBe(expected);
  });
});

describe('eligibleBreakers', () => {
  it('keeps only eligible breakers, in order', () => {
    const list = [
      breaker({ identifier: 'a' }),
      breaker({ identifier: 'b', stock: 0 }),
      breaker({ identifier: 'c', categories: [7] }),
      breaker({ identifier: 'd', categories: [1] }),
    ];
    expect(eligibleBreakers(list, product()).map((b) => b.identifier)).toEqual(['a', 'c']);
  });
  it.each([[null], [undefined]])('no list (%s) → none', (list) => {
    expect(eligibleBreakers(list, product())).toEqual([]);
  });
});

describe('activeBreaker', () => {
  const list = [breaker({ identifier: 'jim' }), breaker({ identifier: 'sold', stock: 0 })];
  it.each<[string, Partial<Product>, Partial<FormState>, string | null]>([
    ['ticked and chosen', {}, { liveBreak: true, breakerId: 'jim' }, 'jim'],
    ['ticked, nothing chosen', {}, { liveBreak: true }, null],
    ['ticked, empty id', {}, { liveBreak: true, breakerId: '' }, null],
    ['chosen without tick (leftover)', {}, { breakerId: 'jim' }, null],
    ['live-break-only, chosen without tick', { LiveBreakOnly: true }, { breakerId: 'jim' }, 'jim'],
    ['ticked, ineligible breaker', {}, { liveBreak: true, breakerId: 'sold' }, null],
    ['ticked, unknown breaker', {}, { liveBreak: true, breakerId: 'nobody' }, null],
  ])('%s → %s', (_, p, s, expected) => {
    expect(activeBreaker(product(p), state(s), list)?.identifier ?? null).toBe(expected);
  });
});

describe('formatNextLive (in the breaker’s own timezone, never throws)', () => {
  const live = (over: Partial<NonNullable<LiveBreaker['next_live']>>) => ({
    date: '2025-11-22',
    start: '19:00',
    end: '21:00',
    timezone: 'America/New_York',
    ...over,
  });
  it.each<[string, LiveBreaker['next_live'], string]>([
    ['winter, IANA zone', live({}), 'Sat, Nov 22, 7:00 PM – 9:00 PM EST'],
    ['summer shows daylight time', live({ date: '2025-07-12', start: '19:00:00', end: '21:30:00' }), 'Sat, Jul 12, 7:00 PM – 9:30 PM EDT'],
    ['day daylight time ends: the session is in EST', live({ date: '2025-11-02' }), 'Sun, Nov 2, 7:00 PM – 9:00 PM EST'],
    ['day daylight time starts: the session is in EDT', live({ date: '2025-03-09' }), 'Sun, Mar 9, 7:00 PM – 9:00 PM EDT'],
    ['early on the day daylight time starts: still EST', live({ date: '2025-03-09', start: '01:00', end: '01:45' }), 'Sun, Mar 9, 1:00 AM – 1:45 AM EST'],
    ['zone east of UTC', live({ timezone: 'Asia/Tokyo' }), 'Sat, Nov 22, 7:00 PM – 9:00 PM GMT+9'],
    ['Pacific zone', live({ timezone: 'America/Los_Angeles' }), 'Sat, Nov 22, 7:00 PM – 9:00 PM PST'],
    ['abbreviation kept as sent', live({ timezone: 'EST' }), 'Sat, Nov 22, 7:00 PM – 9:00 PM EST'],
    ['12-hour times', live({ start: '7:00 PM', end: '9:15 pm' }), 'Sat, Nov 22, 7:00 PM – 9:15 PM EST'],
    ['midnight and noon', live({ start: '00:00', end: '12:00' }), 'Sat, Nov 22, 12:00 AM – 12:00 PM EST'],
    ['date-time strings, empty date', live({ date: '', start: '2025-11-22 19:00:00', end: '2025-11-22 21:00:00' }), 'Sat, Nov 22, 7:00 PM – 9:00 PM EST'],
    ['ISO date-time', live({ date: '', start: '2025-11-22T19:00:00', end: '2025-11-22T21:00:00' }), 'Sat, Nov 22, 7:00 PM – 9:00 PM EST'],
    ['no timezone', live({ timezone: '' }), 'Sat, Nov 22, 7:00 PM – 9:00 PM'],
    ['unknown zone shown as sent', live({ timezone: 'Mars/Olympus' }), 'Sat, Nov 22, 7:00 PM – 9:00 PM Mars/Olympus'],
    ['bad date → times only', live({ date: 'soon' }), '7:00 PM – 9:00 PM EST'],
    ['impossible date → times only', live({ date: '2025-02-31' }), '7:00 PM – 9:00 PM EST'],
    ['no end → start only', live({ end: '' }), 'Sat, Nov 22, 7:00 PM EST'],
    ['hour out of range dropped', live({ start: '25:00' }), 'Sat, Nov 22, 9:00 PM EST'],
    ['no times → date only, no zone', live({ start: '', end: 'tbd' }), 'Sat, Nov 22'],
    ['nothing usable', live({ date: 'x', start: 'y', end: 'z' }), ''],
    ['null', null, ''],
    ['undefined', undefined, ''],
    ['wrong types', { date: 20251122, start: null, end: {}, timezone: 5 } as unknown as LiveBreaker['next_live'], ''],
  ])('%s → %j', (_, next, expected) => {
    expect(formatNextLive(next)).toBe(expected);
  });
});
