/**
 * The Preact build against the React 19 build of the same islands, on the
 * 48-card demo category page (`/`), 1280×900, CPU 4× slower. Measures:
 * - JS gzip: the sum of the gzip sizes of the /build… .js responses the page
 *   actually loaded (bodies gzipped here, level 9; the demo's mock backend,
 *   /demo/mock.js, is not counted);
 * - islands mounted: ms from navigation start until every [data-widget] hook
 *   in the viewport has a data-island state and, when ready, content (React
 *   renders after the runtime marks the host, so the mark alone would flatter
 *   it), and the product grid shows a card in every place in the viewport;
 * - longest task: the longest 'longtask' entry up to then plus 500 ms, over
 *   the whole page load (parsing and laying out the server's HTML too) and
 *   from the moment the runtime claims the first hook (the islands' own work:
 *   loading, evaluating and mounting them), which is what the budget is about.
 */
import { gzipSync } from 'node:zlib';
import { kb, longest, markdownTable, median, ms, openThrottled, spread, task } from './common.mjs';

const CPU_SLOWDOWN = 4;
const VIEWPORT = { width: 1280, height: 900 };
const PAGE = '/';
const SETTLE_MS = 500;
const RUN_TIMEOUT_MS = 60_000;
/** Budgets of DESIGN.md / the issue, for the Preact build. */
const BUDGET = { jsGzip: 60 * 1024, longTaskMs: 50 };

/**
 * In the page: performance.now() once every hook in the viewport is mounted
 * (or failed) and no product grid shows an empty place for a card in the
 * viewport (the grid fills in after its mount), else false. Cheap enough to
 * poll every frame: the grid fills its places in order, so only its first
 * empty place is measured, and that through its list item, whose box
 * `content-visibility: auto` keeps laid out (measuring the placeholder inside
 * would force the layout of a skipped item, one per card: seconds at 1000).
 */
function islandsMounted() {
  const inViewport = (el) => {
    const rect = el.getBoundingClientRect();
    return (rect.width > 0 || rect.height > 0) && rect.bottom > 0 && rect.top < innerHeight && rect.right > 0 && rect.left < innerWidth;
  };
  const hosts = [...document.querySelectorAll('[data-widget]')];
  const done = hosts.every((host) => {
    if (!inViewport(host)) return true;
    const state = host.getAttribute('data-island');
    if (state === 'failed') return true;
    const pending = host.querySelector('li[aria-busy="true"]');
    return state === 'ready' && host.childNodes.length > 0 && !(pending && inViewport(pending.closest('li') ?? pending));
  });
  return window.Storefront && done ? performance.now() : false;
}

async function measure(browser, baseUrl, variant, listTasks) {
  const { context, page, pageErrors } = await openThrottled(browser, { viewport: VIEWPORT, cpuSlowdown: CPU_SLOWDOWN });
  try {
    const bodies = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (/^\/build(-react)?\//.test(pathname) && pathname.endsWith('.js') && response.ok()) {
        bodies.push(response.body().then((body) => gzipSync(body, { level: 9 }).length, () => 0));
      }
    });
    const url = new URL(PAGE, baseUrl);
    url.searchParams.set('reset', '1');
    if (variant === 'react') url.searchParams.set('build', 'react');
    await page.goto(url.href, { waitUntil: 'commit', timeout: RUN_TIMEOUT_MS });
    const handle = await page.waitForFunction(islandsMounted, null, { polling: 'raf', timeout: RUN_TIMEOUT_MS });
    const mountedMs = /** @type {number} */ (await handle.jsonValue());
    await page.waitForTimeout(SETTLE_MS);
    const bench = await page.evaluate(() => /** @type {any} */ (window).__bench);
    const jsGzip = (await Promise.all(bodies)).reduce((sum, n) => sum + n, 0);
    if (pageErrors.length) console.warn(`  ${variant}: page errors: ${pageErrors.join('; ')}`);
    if (bench.unsupported.includes('longtask')) console.warn('  longtask entries are not supported by this Chromium');
    const from = bench.islandsStart ?? 0;
    return {
      jsGzip,
      mountedMs,
      longestMs: longest(bench.tasks),
      islandsLongestMs: longest(bench.tasks, from),
      longTasks: bench.tasks.length,
      tasks: listTasks ? bench.tasks.filter(([s]) => s >= from).map(([s, d]) => `${Math.round(s)}+${Math.round(d)}`).join(' ') : '',
      chunks: bodies.length,
    };
  } finally {
    await context.close();
  }
}

/** Runs the comparison, printing each run and then the table. */
export async function compare({ browser, baseUrl, runs, mock, listTasks }) {
  const results = { preact: [], react: [] };
  // Alternate the variants so a slow moment of the machine hits both.
  for (let i = 0; i < runs; i++) {
    for (const variant of ['preact', 'react']) {
      const r = await measure(browser, baseUrl, variant, listTasks);
      results[variant].push(r);
      console.log(`  run ${i + 1} ${variant.padEnd(6)} ${kb(r.jsGzip).padStart(9)} JS in ${r.chunks} files, mounted ${ms(r.mountedMs)}, longest task ${task(r.longestMs)}, from the first hook on ${task(r.islandsLongestMs)} (${r.longTasks} long tasks) ${r.tasks}`.trimEnd());
    }
  }
  const keys = ['jsGzip', 'mountedMs', 'longestMs', 'islandsLongestMs'];
  const summary = Object.fromEntries(
    Object.entries(results).map(([variant, rs]) => [
      variant,
      { ...Object.fromEntries(keys.map((k) => [k, median(rs.map((r) => r[k]))])), islandsWorstMs: Math.max(...rs.map((r) => r.islandsLongestMs)) },
    ]),
  );
  const { preact, react } = summary;
  const api = mock === 'server' ? 'API answered by the demo server' : 'API answered in the page (MSW)';
  const ratio = (a, b) => (a > 0 && b > 0 ? (a / b).toFixed(2) : 'n/a');
  console.log(`\n### Preact vs React: demo category page ${PAGE} (48 cards)\n\nChromium, CPU ${CPU_SLOWDOWN}× slower, ${VIEWPORT.width}×${VIEWPORT.height}, ${api}, ${runs === 1 ? '1 run' : `median (min–max) of ${runs} runs`}.\n`);
  console.log(
    markdownTable(
      ['variant', 'JS gzip', 'islands mounted', 'longest task (page)', 'longest task (islands)'],
      [
        ...Object.entries(results).map(([variant, rs]) => [
          variant,
          ...[
            ['jsGzip', kb],
            ['mountedMs', ms],
            ['longestMs', task],
            ['islandsLongestMs', task],
          ].map(([key, format]) => spread(rs.map((r) => r[key]), format)),
        ]),
        ['Preact/React', ...keys.map((k) => ratio(preact[k], react[k]))],
      ],
    ),
  );
  console.log('\n(page: every long task from navigation; islands: from the first hook the runtime claims; Preact/React: the ratio of the medians)');
  const verdict = (ok) => (ok ? 'ok' : 'OVER BUDGET');
  console.log(
    `\nPreact budgets: JS ${kb(preact.jsGzip)} of ${kb(BUDGET.jsGzip)}: ${verdict(preact.jsGzip <= BUDGET.jsGzip)}; islands' longest task ${task(preact.islandsLongestMs)} (none over ${BUDGET.longTaskMs} ms): ${verdict(preact.islandsLongestMs <= BUDGET.longTaskMs)}; worst of ${runs} runs: ${task(preact.islandsWorstMs)}`,
  );
}
