// @vitest-environment node
/**
 * The render service's deadline rules (server/deadline.ts, render-queue.ts,
 * render-times.ts, count-hooks.ts), with a clock and render times the test
 * sets: which renders start, which requests are answered empty at once,
 * which are dropped, and the hook count read from a body without parsing it.
 */
import { describe, expect, it, vi } from 'vitest';
import { countHooks } from '../../../server/count-hooks';
import { deadlineOf, timeoutOf } from '../../../server/deadline';
import { RenderQueue } from '../../../server/render-queue';
import { RenderTimes } from '../../../server/render-times';

describe('the caller\'s timeout (X-Storefront-Timeout)', () => {
  it.each<[string, string | string[] | undefined, number]>([
    ['whole milliseconds', '350', 350],
    ['with spaces around', ' 120 ', 120],
    ['absent: the Laravel package\'s default', undefined, 200],
    ['not a number', 'soon', 200],
    ['a fraction', '1.5', 200],
    ['zero', '0', 200],
    ['over a minute', '600000', 200],
    ['sent twice: the first', ['90', '500'], 90],
  ])('%s', (_, header, ms) => {
    expect(timeoutOf(header)).toBe(ms);
  });

  it('the deadline is the arrival plus the timeout, less a fifth kept for the answer to travel and for pauses (at least 2 ms)', () => {
    expect(deadlineOf(1000, 200)).toBe(1160);
    expect(deadlineOf(1000, 5)).toBe(1003);
  });
});

describe('the render time expected from recent renders', () => {
  it('grows with the body; the first render replaces the starting guess, later ones move it by a tenth', () => {
    const times = new RenderTimes({ msPerKb: 1 });
    expect(times.expected(2048)).toBe(2);
    times.record(10_240, 5); // 0.5 ms per KB
    expect(times.expected(20_480)).toBeCloseTo(10);
    times.record(10_240, 7); // one slower render of the same size
    expect(times.expected(10_240)).toBeCloseTo(5.2);
  });

  it('weighs big requests more than small ones: a small request at ten times the rate moves a grid\'s estimate by a tenth', () => {
    const times = new RenderTimes({ weight: 0.5 });
    times.record(40_000, 4); // a grid: 0.1 ms per KB
    times.record(400, 0.4); // a hook of the header: 1 ms per KB
    expect(times.expected(40_000)).toBeGreaterThan(4);
    expect(times.expected(40_000)).toBeLessThan(4.4);
  });
});

/** A queue on a clock the test moves; its turns of the event loop run when the test says. */
function queueAt(start = 0) {
  const clock = { now: start };
  const turns: (() => void)[] = [];
  const queue = new RenderQueue({ now: () => clock.now, defer: (run: () => void) => turns.push(run) });
  const log: string[] = [];
  const job = (name: string, { deadline, cost, takes = cost, gone = false }: { deadline: number; cost: number; takes?: number; gone?: boolean }) => ({
    deadline,
    cost,
    gone: () => gone,
    shed: () => log.push(`${name} answered empty`),
    run: () => {
      log.push(`${name} rendered from ${clock.now}`);
      clock.now += takes;
    },
  });
  const runTurns = () => {
    while (turns.length) turns.shift()!();
  };
  return { clock, queue, job, log, runTurns, turns };
}

describe('the render queue', () => {
  it('a burst: queued while the renders ahead and its own end by its deadline, the rest refused at once', () => {
    const { queue, job, log, runTurns } = queueAt();
    const added = Array.from({ length: 10 }, (_, i) => queue.add(job(`r${i}`, { deadline: 180, cost: 30 })));
    expect(added).toEqual([true, true, true, true, true, true, false, false, false, false]);
    runTurns();
    expect(log).toEqual(['r0 rendered from 0', 'r1 rendered from 30', 'r2 rendered from 60', 'r3 rendered from 90', 'r4 rendered from 120', 'r5 rendered from 150']);
  });

  it('renders slower than expected: a queued request whose deadline came too close is answered empty, not started, and the next one still renders', () => {
    const { queue, job, log, runTurns } = queueAt();
    queue.add(job('slow', { deadline: 180, cost: 10, takes: 100 }));
    queue.add(job('late', { deadline: 100, cost: 10 }));
    queue.add(job('fine', { deadline: 180, cost: 10 }));
    runTurns();
    expect(log).toEqual(['slow rendered from 0', 'late answered empty', 'fine rendered from 100']);
  });

  it('a request whose client closed the connection while it waited is dropped: neither rendered nor answered', () => {
    const { queue, job, log, runTurns } = queueAt();
    queue.add(job('first', { deadline: 180, cost: 10 }));
    queue.add(job('gone', { deadline: 180, cost: 10, gone: true }));
    queue.add(job('third', { deadline: 180, cost: 10 }));
    runTurns();
    expect(log).toEqual(['first rendered from 0', 'third rendered from 10']);
  });

  it('the queued work counts only what still waits: after the renders, a new request fits again', () => {
    const { clock, queue, job, runTurns } = queueAt();
    for (let i = 0; i < 6; i++) queue.add(job(`r${i}`, { deadline: 180, cost: 30 }));
    expect(queue.fits(clock.now + 180, 30)).toBe(false);
    runTurns();
    expect(queue.queued).toBe(0);
    expect(queue.fits(clock.now + 180, 30)).toBe(true);
  });

  it('a turn in which a connection or a request came in is followed by another before the next render (Node takes in one connection a turn), up to 64 turns or 2 ms', () => {
    const { clock, queue, job, log, turns } = queueAt();
    queue.add(job('a', { deadline: 500, cost: 10 }));
    queue.arrived(); // its connection and its request
    queue.arrived();
    turns.shift()!();
    expect(log).toEqual([]); // the loop turned again instead
    queue.arrived(); // the next connection, taken in on that turn
    turns.shift()!();
    expect(log).toEqual([]);
    turns.shift()!(); // nothing came in: render
    expect(log).toEqual(['a rendered from 0']);
    // A flood never keeps the worker from rendering: after 64 turns with arrivals, or 2 ms of them, it renders anyway.
    queue.add(job('b', { deadline: 500, cost: 10 }));
    let waited = 0;
    while (log.length === 1) {
      queue.arrived();
      turns.shift()!();
      waited++;
    }
    expect(waited).toBe(65); // 64 turns taking in, then b's render
    queue.add(job('c', { deadline: 500, cost: 10 }));
    waited = 0;
    while (log.length === 2) {
      queue.arrived();
      clock.now += 0.5;
      turns.shift()!();
      waited++;
    }
    expect(waited).toBeLessThanOrEqual(6);
  });

  it('one render per turn of the event loop; a request seen during a render counts as arrived when that render began', () => {
    const { clock, queue, job, turns } = queueAt(1000);
    expect(queue.arrival()).toBe(1000);
    const seen: number[] = [];
    queue.add({ ...job('a', { deadline: 2000, cost: 40 }), run: () => ((clock.now += 40), seen.push(queue.arrival())) });
    queue.add(job('b', { deadline: 2000, cost: 40 }));
    expect(turns).toHaveLength(1);
    turns.shift()!();
    expect(seen).toEqual([1000]);
    // Between two renders, what the loop reads may have come in since the first began.
    expect(queue.arrival()).toBe(1000);
    expect(turns).toHaveLength(1);
    turns.shift()!(); // b
    turns.shift()!(); // nothing left: the loop is idle again
    expect(turns).toHaveLength(0);
    expect(queue.arrival()).toBe(clock.now);
  });

  it('a render costs the queue its whole turn: its own time and what the loop did before the next (the requests it read and refused)', () => {
    const { clock, queue, job, turns } = queueAt();
    const took: [string, number][] = [];
    const timed = (name: string, takes: number) => ({ ...job(name, { deadline: 180, cost: 10, takes }), took: (ms: number) => took.push([name, ms]) });
    queue.add(timed('a', 10));
    queue.add(timed('b', 12));
    turns.shift()!(); // a renders
    clock.now += 4; // the loop reads and refuses requests
    turns.shift()!(); // b renders
    expect(took).toEqual([['a', 14]]);
    turns.shift()!(); // nothing left
    expect(took).toEqual([['a', 14], ['b', 12]]);
    expect(turns).toHaveLength(0);
  });
});

describe('the hook count of a body, read without parsing it', () => {
  const cases: [string, string][] = [
    ['no hooks', '{"config": {}, "hooks": []}'],
    ['hooks first', '{"hooks": [{"widget": "a"}, {"widget": "b"}], "config": {"hooks": [1, 2, 3]}}'],
    ['nested lists and "hooks" keys in props', '{"config":{"a":[[],{}]},"hooks":[{"widget":"g","props":{"hooks":[1,2],"x":[{"y":[]}]}},{"widget":"h"}]}'],
    ['strings with brackets, commas and escaped quotes', '{"hooks": [{"widget": "a", "props": {"t": "Box ], [\\"1\\", {2}"}}, {"widget": "b\\\\"}, {"widget": "c"}]}'],
    ['items that are not objects', '{"hooks": [7, null, "x", [1], {"widget": "a"}, true]}'],
    ['white space everywhere', ' {\n "config" : null ,\t"hooks" :\r\n [ {} ,\n {} ] \n} '],
    ['the key twice: the last counts, as in JSON.parse', '{"hooks": [1, 2, 3], "hooks": [4]}'],
    ['non-ASCII text', '{"hooks": [{"widget": "teaser-card", "props": {"title": "Pokémon 151 — “Box”"}}]}'],
  ];
  it.each(cases)('%s: as many as JSON.parse finds', (_, text) => {
    expect(countHooks(Buffer.from(text))).toBe(JSON.parse(text).hooks.length);
  });

  it.each([
    ['not JSON', '{"hooks": [1, 2'],
    ['a list, not an object', '[{"hooks": [1]}]'],
    ['hooks not a list', '{"hooks": {"widget": "a"}}'],
    ['hooks a string', '{"hooks": "[1, 2]"}'],
    ['hooks a number', '{"hooks": 3}'],
    ['no hooks key', '{"config": {}}'],
    ['an unclosed string', '{"hooks": ["a]}'],
  ])('%s: undefined (the full parse says why)', (_, text) => {
    expect(countHooks(Buffer.from(text))).toBeUndefined();
  });

  it('a 48-card grid as PHP sends it', () => {
    const card = { id: '7', title: 'Box "A" [1/2]', price: '9.99', sale: 1, flags: [0, '1', null] };
    const text = JSON.stringify({ config: { cart: { count: '3' } }, hooks: [{ widget: 'product-grid', props: { products: Array(48).fill(card) } }, { widget: 'search-bar', props: null }] });
    expect(countHooks(Buffer.from(text))).toBe(2);
  });
});

it('RenderQueue defaults to the event loop (setImmediate)', async () => {
  const queue = new RenderQueue({ now: () => performance.now() });
  const run = vi.fn();
  queue.add({ deadline: Infinity, cost: 0, gone: () => false, shed: () => {}, run });
  expect(run).not.toHaveBeenCalled();
  await new Promise((resolve) => setImmediate(resolve));
  expect(run).toHaveBeenCalledOnce();
});

describe('the expectation recovers', () => {
  it('a render paused by the machine counts as twice what was expected, not all of its pause', () => {
    const times = new RenderTimes({ weight: 0.5 });
    times.record(10_240, 5); // 0.5 ms per KB
    times.record(10_240, 500); // paused: counted as 10
    expect(times.expected(10_240)).toBeCloseTo(7.5);
  });

  it('relaxed when a request is refused with nothing queued: an expectation grown too high comes down until a render fits again', () => {
    const times = new RenderTimes();
    times.record(10_240, 400); // measured while the machine was busy: 400 ms for a grid
    const { clock, queue } = queueAt();
    let refused = 0;
    while (!queue.fits(clock.now + 180, times.expected(10_240))) {
      times.relax();
      refused++;
    }
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThan(20);
  });
});
