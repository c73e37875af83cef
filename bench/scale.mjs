/**
 * How the category page scales: `/?cards=N` for 12, 48, 200 and 1000 cards,
 * Preact build, 1280×900, CPU 4× slower. Measures:
 * - all cards interactive: ms from navigation start until the grid holds N
 *   cards, its hook is mounted and no card still waits for its code (see
 *   NOT_INTERACTIVE). The check reads the DOM, never its layout, so
 *   polling it every frame lays nothing out;
 * - longest task ('longtask') and longest animation frame
 *   ('long-animation-frame': a frame's tasks plus its rendering), over the
 *   whole load up to then plus 500 ms, and the number of tasks over 50 ms;
 * - JS heap: V8's used heap after a garbage collection (CDP
 *   HeapProfiler.collectGarbage, Runtime.getHeapUsage), what the page keeps.
 */
import { longest, markdownTable, mb, ms, openThrottled, spread, task } from './common.mjs';

export const CARD_COUNTS = [12, 48, 200, 1000];
const CPU_SLOWDOWN = 4;
const VIEWPORT = { width: 1280, height: 900 };
const SETTLE_MS = 500;
const RUN_TIMEOUT_MS = 180_000;
/**
 * A card that is not interactive yet: a place the client-rendered grid has
 * not filled (busy, shared/runtime/list.tsx). Server-rendered cards that wait for hydration add their selector here.
 */
const NOT_INTERACTIVE = ['li[aria-busy="true"]'];

/** In the page: performance.now() once the grid shows `n` cards, all interactive, else false. */
function allCardsInteractive([n, notInteractive]) {
  const grid = document.querySelector('[data-widget="product-grid"]');
  if (!grid || grid.getAttribute('data-island') !== 'ready') return false;
  // Live collections: their lengths are cached until the DOM changes.
  if (notInteractive.some((selector) => grid.querySelector(selector))) return false;
  return grid.getElementsByClassName('sfw-teaser-card').length >= n ? performance.now() : false;
}

async function measure(browser, baseUrl, cards) {
  const { context, page, cdp, pageErrors } = await openThrottled(browser, { viewport: VIEWPORT, cpuSlowdown: CPU_SLOWDOWN });
  try {
    const url = new URL('/', baseUrl);
    url.searchParams.set('cards', String(cards));
    url.searchParams.set('reset', '1');
    await page.goto(url.href, { waitUntil: 'commit', timeout: RUN_TIMEOUT_MS });
    const handle = await page.waitForFunction(allCardsInteractive, [cards, NOT_INTERACTIVE], { polling: 'raf', timeout: RUN_TIMEOUT_MS });
    const interactiveMs = /** @type {number} */ (await handle.jsonValue());
    await page.waitForTimeout(SETTLE_MS);
    const bench = await page.evaluate(() => /** @type {any} */ (window).__bench);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    if (pageErrors.length) console.warn(`  ${cards} cards: page errors: ${pageErrors.join('; ')}`);
    if (bench.unsupported.length) console.warn(`  not supported by this Chromium: ${bench.unsupported.join(', ')}`);
    return {
      interactiveMs,
      longestTaskMs: longest(bench.tasks),
      longestFrameMs: longest(bench.frames),
      longTasks: bench.tasks.length,
      heap: usedSize,
    };
  } finally {
    await context.close();
  }
}

/** Runs the scaling measurement, printing each run and then the table. */
export async function scale({ browser, baseUrl, runs }) {
  const results = new Map(CARD_COUNTS.map((n) => [n, []]));
  for (let i = 0; i < runs; i++) {
    for (const cards of CARD_COUNTS) {
      const r = await measure(browser, baseUrl, cards);
      results.get(cards).push(r);
      console.log(`  run ${i + 1} ${String(cards).padStart(4)} cards: interactive ${ms(r.interactiveMs)}, longest task ${task(r.longestTaskMs)} (${r.longTasks} over 50 ms), longest frame ${task(r.longestFrameMs)}, heap ${mb(r.heap)}`);
    }
  }
  console.log(`\n### Scaling: \`/?cards=N\`, Preact build\n\nChromium, CPU ${CPU_SLOWDOWN}× slower, ${VIEWPORT.width}×${VIEWPORT.height}, ${runs === 1 ? '1 run' : `median (min–max) of ${runs} runs`}.\n`);
  const rows = [...results].map(([cards, rs]) => {
    const col = (key, format) => spread(rs.map((r) => r[key]), format);
    return [cards, col('interactiveMs', ms), col('longestTaskMs', task), col('longTasks', String), col('longestFrameMs', task), col('heap', mb)];
  });
  console.log(markdownTable(['cards', 'all cards interactive', 'longest task', 'tasks > 50 ms', 'longest frame', 'JS heap (after GC)'], rows));
  console.log(`\n(tasks and frames over the whole load: from navigation until every card is interactive, plus ${SETTLE_MS} ms)`);
}
