/**
 * What the longest task after a tap is made of, on the page already woken
 * (phone emulation, CPU 4× slower, `--cpu N` for another): a Chromium trace
 * of the tap, split into the task's style recalc (and the elements it
 * styled), its layout, the font look-ups inside them, its paint, and the
 * script around them (the rest). Each row runs with the island reset as
 * shipped (shared/styles/isolate.css) and with it left out of the stylesheet
 * as served, interleaved, so the reset's cost is read from one run.
 *
 * The page is woken first so that the task is the tap's own work, not the
 * island code arriving: the first-tap part (bench/first-tap.mjs) times the
 * sleeping page. Tracing slows the page somewhat: compare the cells of one
 * run, not these times with first-tap's.
 *
 * Rows (`--rows`): signin (Account, then Sign in: the Sign in tap is traced),
 * account, cart, add. Variants (`--variants`): woken, reactWoken.
 */
import { markdownTable, ms, openLocal, PHONE, spread, tap } from './common.mjs';

const WAKE_SETTLE_MS = 5000;
const AFTER_TAP_MS = 1200;
const CATEGORIES = 'devtools.timeline,disabled-by-default-devtools.timeline,blink,fonts';
/** Font look-ups that miss the renderer's cache (the second asks the browser process, on Linux). */
const FONT_EVENTS = ['FontCache::GetFontPlatformData', 'WebSandboxSupportLinux::GetWebFontRenderStyleForStrike'];
const PAINT_EVENTS = ['PrePaint', 'Paint', 'Layerize'];

export const ROWS = {
  signin: { before: (page) => page.getByRole('button', { name: 'Account' }).first(), target: (page) => page.locator('[data-modal-open="login-modal"]').filter({ visible: true }).first() },
  account: { target: (page) => page.getByRole('button', { name: 'Account' }).first() },
  cart: { target: (page) => page.locator('[data-widget="cart-dropdown"] .sfw-cart-dropdown__toggle').first() },
  add: { target: (page) => page.locator('.sfw-product-grid__item').getByRole('button', { name: 'Add to cart' }).first() },
};
const RESETS = [
  ['reset', 'island reset as shipped'],
  ['noReset', 'reset left out'],
];

/** The bundle's stylesheet less the island reset: every rule whose one declaration is `all` or `content: revert-layer`. */
export const withoutReset = (css) => css.replace(/[^{}]*\{\s*(?:all|content)\s*:\s*revert-layer\s*;?\s*\}/g, '');

/**
 * Serves the bundle's stylesheet through the bench, as built or without the reset. Both variants
 * take this path; editing the sheets in the page instead restyles it faster afterwards (measured:
 * such a page's style recalc after a tap halved), which would be counted as the reset's cost.
 */
async function serveStylesheet(page, reset) {
  const served = { unchanged: false };
  await page.route(/\/build(-react)?\/storefront[^/]*\.css(\?|$)/, async (route) => {
    const response = await route.fetch();
    const css = await response.text();
    const body = reset === 'noReset' ? withoutReset(css) : css;
    served.unchanged ||= reset === 'noReset' && body === css;
    await route.fulfill({ response, body });
  });
  return served;
}

/** Brought into view by script (no input event), then tapped. */
async function tapInView(page, locator) {
  await locator.scrollIntoViewIfNeeded();
  await tap(page, locator);
}

/** The trace events of one tap, as the CDP session reports them. */
async function traceTap(cdp, act) {
  const events = [];
  const collect = (data) => events.push(...data.value);
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  try {
    await act();
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
  }
  return events;
}

/** The longest main-thread task from the tap's click on, and what it spent (ms). */
export function breakDown(events) {
  const click = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click');
  if (!click) return null;
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.tid === click.tid && e.ts + e.dur >= click.ts);
  const task = tasks.sort((a, b) => b.dur - a.dur)[0];
  if (!task) return null;
  const within = events.filter((e) => e.ph === 'X' && e.tid === task.tid && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur);
  // The time covered by the named events, each instant once (font look-ups nest in each other).
  const total = (names) => {
    let sum = 0;
    let end = -Infinity;
    for (const e of within.filter((x) => names.includes(x.name)).sort((a, b) => a.ts - b.ts)) {
      sum += Math.max(0, e.ts + e.dur - Math.max(e.ts, end));
      end = Math.max(end, e.ts + e.dur);
    }
    return sum / 1000;
  };
  const styles = within.filter((e) => e.name === 'UpdateLayoutTree');
  const part = {
    task: task.dur / 1000,
    style: total(['UpdateLayoutTree']),
    elements: styles.reduce((sum, e) => sum + (e.args?.elementCount ?? 0), 0),
    layout: total(['Layout']),
    fonts: total(FONT_EVENTS),
    paint: total(PAINT_EVENTS),
  };
  return { ...part, script: Math.max(0, part.task - part.style - part.layout - part.paint) };
}

async function runOnce(browser, baseUrl, row, variant, reset, cpu) {
  const { context, page } = await openLocal(browser, PHONE);
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    const url = new URL('/', baseUrl);
    url.searchParams.set('reset', '1');
    if (variant === 'reactWoken') url.searchParams.set('build', 'react');
    const served = await serveStylesheet(page, reset);
    await page.goto(url.href, { waitUntil: 'load' });
    // Said here, not in the route's handler: a throw there would leave the page waiting for its stylesheet.
    if (served.unchanged) throw new Error('tap-trace: the stylesheet has no island reset to leave out');
    await page.evaluate(() => /** @type {any} */ (window).Storefront.wake());
    await page.waitForTimeout(WAKE_SETTLE_MS);
    const { before, target } = ROWS[row];
    if (before) {
      await tapInView(page, before(page));
      await target(page).waitFor({ state: 'visible', timeout: 10_000 });
      await page.waitForTimeout(300);
    }
    const events = await traceTap(cdp, async () => {
      await tapInView(page, target(page));
      await page.waitForTimeout(AFTER_TAP_MS);
    });
    return breakDown(events);
  } finally {
    await context.close();
  }
}

export async function tapTrace({ browser, baseUrl, runs, only, variants, cpu = 4 }) {
  const rows = only ?? Object.keys(ROWS);
  const builds = variants?.filter((v) => v === 'woken' || v === 'reactWoken') ?? ['woken', 'reactWoken'];
  // --variants is first-tap's too: this part takes its woken ones, and says so when there are none.
  if (!builds.length) throw new Error(`tap-trace: --variants names neither woken nor reactWoken; got ${variants.join(', ')}`);
  const unknown = rows.filter((r) => !(r in ROWS));
  if (unknown.length) throw new Error(`tap-trace: --rows takes some of ${Object.keys(ROWS).join(', ')}; got ${unknown.join(', ')}`);
  const results = {};
  for (let run = 1; run <= runs; run++) {
    for (const row of rows) {
      for (const variant of builds) {
        for (const [reset] of RESETS) {
          const parts = await runOnce(browser, baseUrl, row, variant, reset, cpu);
          ((results[`${row} ${variant}`] ??= {})[reset] ??= []).push(parts);
          const line = parts ? `task ${ms(parts.task)}: style ${ms(parts.style)} (${parts.elements} elements), layout ${ms(parts.layout)}, fonts ${ms(parts.fonts)}, paint ${ms(parts.paint)}, script ${ms(parts.script)}` : 'no click seen';
          console.log(`  run ${run} ${row} ${variant} ${reset}: ${line}`);
        }
      }
    }
  }
  console.log(`\n### The longest task after the tap, page already woken, CPU ${cpu}× slower: median (min–max) of ${runs} runs, traced\n`);
  const cell = (list, key) => {
    const xs = list.filter(Boolean).map((p) => p[key]);
    return xs.length ? spread(xs, ms) : 'none';
  };
  const table = [];
  for (const [name, byReset] of Object.entries(results)) {
    for (const [reset, label] of RESETS) {
      const list = byReset[reset] ?? [];
      table.push([`${name}, ${label}`, cell(list, 'task'), cell(list, 'style'), cell(list, 'layout'), cell(list, 'fonts'), cell(list, 'paint'), cell(list, 'script')]);
    }
  }
  console.log(markdownTable(['tap, page, reset', 'longest task', 'style recalc', 'layout', 'font look-ups (in style or layout)', 'paint', 'script (the rest)'], table));
  console.log('\n(font look-ups: FontCache::GetFontPlatformData and WebSandboxSupportLinux::GetWebFontRenderStyleForStrike; the second is a Linux call to the browser process)');
}
