/**
 * How the browser tests wait: for what the page states, never for a number
 * of milliseconds, except where time is the test's subject (TIME_SUBJECT).
 *
 * `settled(page)` is the signal for an absence check ("nothing more
 * happens"): whatever the page would still do after an input (a replayed
 * click, a second POST, a reload, a wake, the idle prefetch) starts from an
 * event, a frame, a zero-delay timer or an idle callback, and shows as a hook
 * `loading` or a request; so the page has settled once two rounds of a frame
 * and an idle callback pass with no hook loading, no list item pending and no
 * request started or open. The runtime's only longer timers are the search
 * debounce and the PayPal SDK timeout (time subjects) and ANSWER_MS, a bound
 * on a wake already under way (a hook `loading`).
 */
import type { Page, Request } from 'playwright-core';

/** The only waits for a number of milliseconds in test/browser, each with why time is the subject. */
export const TIME_SUBJECT = {
  codeArrival:
    'the island code reaching the page 0–400 ms late (a route or the demo server holds it): the handoff must hold whenever the code lands among the inputs',
  inputGap: "the gaps between a shopper's inputs (letters 10–50 ms apart, taps 0–120 ms apart): inputs must land before, during and after the wake",
  keyAfterFocus: 'first-tap: ArrowDown 150 ms after the focus, the case the test names (a key soon after the focus, the code on its way)',
} as const;

/** Waits `ms` for a reason listed in TIME_SUBJECT. */
export function elapse(subject: keyof typeof TIME_SUBJECT, ms: number): Promise<void> {
  if (!(subject in TIME_SUBJECT)) throw new Error(`elapse: ${subject} is not a time subject`);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

interface Requests {
  open: Set<Request>;
  started: number;
}
const tracked = new WeakMap<Page, Requests>();

/** Starts counting the page's requests (idempotent); `useShop().open` does it before the page loads. */
export function trackRequests(page: Page): Requests {
  let requests = tracked.get(page);
  if (requests) return requests;
  const net: Requests = { open: new Set(), started: 0 };
  page.on('request', (request) => (net.open.add(request), net.started++));
  page.on('requestfinished', (request) => net.open.delete(request));
  page.on('requestfailed', (request) => net.open.delete(request));
  tracked.set(page, (requests = net));
  return requests;
}

/** One frame, then an idle callback; whether every hook then rests (none loading, no list item pending). */
const idleRound = () =>
  new Promise<boolean>((resolve) =>
    requestAnimationFrame(() => requestIdleCallback(() => resolve(!document.querySelector('[data-island="loading"], [data-widget] li[aria-busy="true"]')))),
  );

/**
 * Resolves once the page has settled (above): two rounds of a frame and an idle callback in a
 * row with every hook resting and no request started or open. A navigation starts it over.
 * Requests are counted from the first call for a page that `useShop().open` did not open.
 */
export async function settled(page: Page, timeoutMs = 30_000): Promise<void> {
  const net = trackRequests(page);
  const end = Date.now() + timeoutMs;
  for (let quiet = 0; quiet < 2; ) {
    if (Date.now() > end) throw new Error(`settled: the page did not settle within ${timeoutMs} ms (${net.open.size} requests open: ${[...net.open].map((r) => r.url()).join(', ')})`);
    const started = net.started;
    const rested = await page.evaluate(idleRound).catch(() => page.waitForLoadState('domcontentloaded').then(() => false));
    quiet = rested && net.open.size === 0 && net.started === started ? quiet + 1 : 0;
  }
}

/** For scripts/measure-js.mjs measurePageJs's `watch`: counts the page's requests from before its load; returns the wait for it to settle. */
export const watchSettled = (page: Page) => (trackRequests(page), () => settled(page));
