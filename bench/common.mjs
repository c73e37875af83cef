/** What the parts of `npm run bench` share: statistics, Markdown tables, in-page probes. */
import { openLocal } from '../scripts/open-local.mjs';

export { openLocal };

/** The phone the page parts emulate: 390×844, touch. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Taps the element's centre with a touch (Input.dispatchTouchEvent: touchstart, touchend, then the click the browser derives). */
export async function tap(page, locator) {
  const box = await locator.boundingBox({ timeout: 10_000 });
  if (!box) throw new Error('nothing to tap: the element is not shown');
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** "median (min–max)" over the runs, or the one value of a single run. */
export function spread(xs, format) {
  if (xs.length === 1) return format(xs[0]);
  const min = Math.min(...xs);
  const max = Math.max(...xs);
  if (min === max) return format(min);
  const [lo, hi] = [format(min), format(max)];
  // "120 ms (110–130)": the unit once.
  const unit = / [^\d\s]+$/.exec(hi)?.[0];
  const bare = (text) => (unit && text.endsWith(unit) ? text.slice(0, -unit.length) : text);
  return `${format(median(xs))} (${bare(lo)}–${bare(hi)})`;
}

export function markdownTable(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((_, i) => (i === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n');
}

export const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
export const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;
export const ms = (n) => `${Math.round(n)} ms`;
/** Long task entries exist only over 50 ms: 0 means there was none. */
export const task = (n) => (n > 0 ? ms(n) : 'none');

/**
 * Runs in the page before any of its scripts: long tasks, long animation
 * frames (a frame's tasks, rendering included), and when the runtime claims
 * its first hook.
 */
export function observeLongTasks() {
  const w = /** @type {any} */ (window);
  /** What a long animation frame spent its time on: its scripts (longest first) and its style and layout. */
  const frameParts = (/** @type {any} */ frame) => {
    const file = (/** @type {string} */ url) => url.replace(/^.*\//, '').replace(/\?.*$/, '') || '(page)';
    const scripts = [...(frame.scripts ?? [])]
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 3)
      .map((s) => `${s.invoker || s.invokerType} in ${file(s.sourceURL)}${s.sourceFunctionName ? ` ${s.sourceFunctionName}` : ''} ${Math.round(s.duration)} ms (forced style/layout ${Math.round(s.forcedStyleAndLayoutDuration)})`);
    const render = frame.styleAndLayoutStart ? Math.round(frame.startTime + frame.duration - frame.styleAndLayoutStart) : 0;
    return [...scripts, `frame's style+layout+paint ${render} ms`].join('; ');
  };
  w.__bench = { tasks: [], frames: [], islandsStart: null, unsupported: [] };
  for (const [type, list] of [
    ['longtask', w.__bench.tasks],
    ['long-animation-frame', w.__bench.frames],
  ]) {
    try {
      new PerformanceObserver((entries) => {
        for (const entry of entries.getEntries()) list.push(type === 'longtask' ? [entry.startTime, entry.duration] : [entry.startTime, entry.duration, frameParts(entry)]);
      }).observe({ type, buffered: true });
    } catch {
      w.__bench.unsupported.push(type);
    }
  }
  const claims = new MutationObserver(() => {
    w.__bench.islandsStart = performance.now();
    claims.disconnect();
  });
  claims.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-island'] });
}

/** The longest of [start, duration] entries starting at or after `from` (0 when none). */
/** The longest of [start, duration, what] entries starting at or after `from` (undefined when none). */
export const longestEntry = (entries, from = 0) => entries.filter(([start]) => start >= from).sort((a, b) => b[1] - a[1])[0];

export const longest = (entries, from = 0) => Math.max(0, ...entries.filter(([start]) => start >= from).map(([, duration]) => duration));

/**
 * In the page: wakes the server-rendered islands right after load, as a
 * shopper's first input then would (docs/architecture.md "When islands wake"): the scale
 * and compare parts measure hydration, so they take its worst case, at once.
 */
function wakeAtLoad() {
  addEventListener('load', () => setTimeout(() => /** @type {any} */ (window).Storefront?.wake()));
}

/** openLocal's page, CPU throttled, its long tasks observed and its islands woken at load. */
export async function openThrottled(browser, { viewport, cpuSlowdown }) {
  const { context, page, pageErrors } = await openLocal(browser, { viewport });
  await page.addInitScript(observeLongTasks);
  await page.addInitScript(wakeAtLoad);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  return { context, page, cdp, pageErrors };
}
