#!/usr/bin/env node
/**
 * What a shopper downloads and runs: the JS of a demo page, measured in
 * Chromium, split into before any input and after.
 *
 *   node scripts/measure-js.mjs               build both variants, measure `/`
 *   node scripts/measure-js.mjs --no-build    use the existing dist/ and dist-react/
 *   node scripts/measure-js.mjs --path /x     another demo page
 *   node scripts/measure-js.mjs --files       also list every script
 *   npm run size -- --page                    the same table after the size table
 *
 * For each variant (the Preact build, and the React build of the same islands
 * via `?build=react`), in a fresh browser context, API answered by the demo
 * server as Laravel would (`startDemoServer({ mock: 'server' })`):
 * 1. before any input: load the page, then 3 s with no input and no scroll.
 *    "Ran" = the script's code executed: it appears in V8's precise coverage
 *    (Playwright's JS coverage, CDP Profiler.startPreciseCoverage) with a
 *    range whose count is > 0; for a module that is its body having been
 *    evaluated. A script only fetched (`<link rel="modulepreload">`,
 *    `prefetch`) is fetched but did not run. "axios ran" = a script that ran
 *    has a source under node_modules/axios/ (from its source map).
 * 2. after: scroll to the end of the page, wait until no script has arrived
 *    for a second: every script fetched by then.
 * 3. woken: move the mouse over the header (the shopper's first move wakes
 *    the server-rendered islands, docs/architecture.md "When islands wake"), wait until
 *    none sleeps and no script arrives: every script whose code ran by then.
 *    This is where the framework runs, so it is the fair React/Preact ratio.
 * Sizes are gzip -9 of each response body. Scripts of the demo itself
 * (/demo/…) are left out; every request to another host is aborted.
 *
 * Exported for bench/bench.mjs and scripts/size.mjs: measurePageJs, measureVariants,
 * formatPageJs.
 */
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { openLocal } from './open-local.mjs';

export const QUIET_MS = 3000;
const SETTLE_MS = 1000;
const AFTER_TIMEOUT_MS = 15_000;
const VIEWPORT = { width: 1280, height: 900 };


/** Sources of a script, from its source map (the build writes `<file>.map` beside each, unlinked); empty when it has none. */
async function sourcesOf(url) {
  try {
    const map = await (await fetch(`${url}.map`)).json();
    return map.sources ?? [];
  } catch {
    return [];
  }
}

/**
 * Measures one page load in `browser` (playwright-core Chromium).
 * Returns { before: { fetched, ran, axiosRan }, after: { fetched }, woken: { ran } }, each
 * list of { url, gzip }, plus `errors` (page errors seen). `init`: a script
 * (function or source) run in the page before its own, as page.addInitScript.
 * `watch(page)`, called before the load, returns a wait for the page's own work to be
 * over (the browser tests' settled()): then used instead of `quietMs` and the quiet seconds after the scroll and the wake.
 */
export async function measurePageJs(browser, url, { quietMs = QUIET_MS, init, watch } = {}) {
  const { context, page, pageErrors: errors } = await openLocal(browser, { viewport: VIEWPORT });
  const settled = watch?.(page);
  try {
    if (init) await page.addInitScript(init);
    /** url → { url, gzip, body, at } of every script response. */
    const scripts = new Map();
    const pending = [];
    let lastArrival = Date.now();
    /** No script for SETTLE_MS (or `watch`'s wait). */
    const quiet = async () => {
      if (settled) return settled();
      const start = (lastArrival = Date.now());
      while (Date.now() - lastArrival < SETTLE_MS && Date.now() - start < AFTER_TIMEOUT_MS) await page.waitForTimeout(200);
    };
    page.on('response', (response) => {
      const u = new URL(response.url());
      if (!u.pathname.endsWith('.js') || u.pathname.startsWith('/demo/') || !response.ok()) return;
      lastArrival = Date.now();
      pending.push(
        response.body().then(
          (body) => void scripts.set(response.url(), { url: response.url(), gzip: gzipSync(body, { level: 9 }).length, body: body.toString('utf8') }),
          () => undefined,
        ),
      );
    });

    await page.coverage.startJSCoverage({ resetOnNavigation: false, reportAnonymousScripts: false });
    await page.goto(url, { waitUntil: 'load' });
    await (settled ? settled() : page.waitForTimeout(quietMs));
    const coverage = await page.coverage.stopJSCoverage();
    await Promise.all(pending);
    const beforeUrls = new Set(scripts.keys());
    const ranUrls = new Set(coverage.filter((e) => e.functions.some((f) => f.ranges.some((r) => r.count > 0))).map((e) => e.url));

    const ran = [...beforeUrls].filter((u) => ranUrls.has(u)).map((u) => scripts.get(u));
    // What runs from here on (scroll, then the first move): a second coverage, joined with the first.
    await page.coverage.startJSCoverage({ resetOnNavigation: false, reportAnonymousScripts: false });
    let axiosRan = false;
    for (const s of ran) if ((await sourcesOf(s.url)).some((src) => src.includes('node_modules/axios/'))) axiosRan = true;

    // After: scroll to the end (in steps, so every lazy island sees the viewport), then wait for quiet.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
        scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      scrollTo(0, document.documentElement.scrollHeight);
    });
    await quiet();
    await Promise.all(pending);
    const afterFetched = [...scripts.values()];

    // Woken: the first move over the header; then every island runs.
    await page.mouse.move(VIEWPORT.width / 2, 20);
    await page.mouse.move(VIEWPORT.width / 2 + 40, 30, { steps: 4 });
    await page.waitForFunction(() => !document.querySelector('[data-island="sleeping"], [data-island="loading"]'), null, { timeout: AFTER_TIMEOUT_MS }).catch(() => undefined);
    await quiet();
    await Promise.all(pending);
    const later = await page.coverage.stopJSCoverage();
    for (const e of later) if (e.functions.some((f) => f.ranges.some((r) => r.count > 0))) ranUrls.add(e.url);
    const wokenRan = [...scripts.keys()].filter((u) => ranUrls.has(u)).map((u) => scripts.get(u));

    const strip = ({ url: u, gzip }) => ({ url: u, gzip });
    return {
      url,
      before: { fetched: [...beforeUrls].map((u) => strip(scripts.get(u))), ran: ran.map(strip), axiosRan },
      after: { fetched: afterFetched.map(strip) },
      woken: { ran: wokenRan.map(strip) },
      errors,
    };
  } finally {
    await context.close();
  }
}

/**
 * Measures `path` for the Preact and the React build in one run (one demo
 * server, one browser). `build: true` builds both first (build.mjs).
 * `browser` and `baseUrl` (a demo server answering the API itself): reuse
 * the caller's (npm run bench); without them it starts and stops its own.
 */
export async function measureVariants({ path = '/', build = false, quietMs = QUIET_MS, browser, baseUrl } = {}) {
  if (build) {
    const { build: buildAll } = await import('../build.mjs');
    await buildAll(['preact', 'react']);
  }
  const { startDemoServer } = await import('../demo-pages/server.mjs');
  const { launchChromium } = await import('./chromium.mjs');
  const server = baseUrl ? null : await startDemoServer({ port: 0, host: '127.0.0.1', mock: 'server' });
  const chromium = browser ?? (await launchChromium());
  try {
    const results = {};
    for (const variant of ['preact', 'react']) {
      const url = new URL(path, baseUrl ?? server.url);
      url.searchParams.set('reset', '1');
      if (variant === 'react') url.searchParams.set('build', 'react');
      results[variant] = await measurePageJs(chromium, url.href, { quietMs });
    }
    return { path, quietMs, ...results };
  } finally {
    if (!browser) await chromium.close();
    await server?.close();
  }
}

const sum = (list) => list.reduce((n, s) => n + s.gzip, 0);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** The table (and with `files`, every script) as text. */
export function formatPageJs({ path, quietMs, preact, react }, { files = false } = {}) {
  const lines = [`\nJS a shopper downloads on the demo page ${path}, in Chromium (API answered by the demo server; gzip -9 of each response)`];
  const cell = (list) => `${kb(sum(list)).padStart(9)} ${String(list.length).padStart(3)} files`;
  const row = (...cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(14) : String(c).padStart([20, 20, 10, 24, 22][i - 1]))).join('');
  lines.push(row('', 'ran before input', 'fetched by then', 'axios ran', 'after scroll + idle', 'ran once woken'));
  for (const [variant, r] of [['preact', preact], ['react', react]]) {
    lines.push(row(variant, cell(r.before.ran), cell(r.before.fetched), r.before.axiosRan ? 'yes' : 'no', cell(r.after.fetched), cell(r.woken.ran)));
  }
  const ratio = (pick) => (sum(pick(preact)) > 0 ? `${(sum(pick(react)) / sum(pick(preact))).toFixed(2)}x` : 'n/a');
  lines.push(row('React/Preact', ratio((r) => r.before.ran), ratio((r) => r.before.fetched), '', ratio((r) => r.after.fetched), ratio((r) => r.woken.ran)));
  lines.push(`(before input: load, then ${quietMs / 1000} s with no input and no scroll; ran = executed, from V8 coverage; a prefetched script is fetched, not run;`);
  lines.push(` once woken: after the first mouse move over the header, every island hydrated: where the framework runs)`);
  if (files) {
    for (const [variant, r] of [['preact', preact], ['react', react]]) {
      const ran = new Set(r.before.ran.map((s) => s.url));
      const before = new Set(r.before.fetched.map((s) => s.url));
      lines.push(`\n${variant}:`);
      for (const s of [...r.after.fetched].sort((a, b) => b.gzip - a.gzip)) {
        const when = ran.has(s.url) ? 'ran before input' : before.has(s.url) ? 'fetched before input' : 'after';
        lines.push(`  ${kb(s.gzip).padStart(8)}  ${when.padEnd(21)} ${new URL(s.url).pathname}`);
      }
    }
  }
  for (const [variant, r] of [['preact', preact], ['react', react]]) if (r.errors.length) lines.push(`${variant}: page errors: ${r.errors.join('; ')}`);
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const path = argv.includes('--path') ? argv[argv.indexOf('--path') + 1] : '/';
  const killer = setTimeout(() => {
    console.error('measure-js: gave up after 5 minutes');
    process.exit(1);
  }, 5 * 60_000);
  killer.unref();
  try {
    console.log(formatPageJs(await measureVariants({ path, build: !argv.includes('--no-build') }), { files: argv.includes('--files') }));
  } catch (error) {
    console.error('measure-js failed:', error);
    process.exitCode = 1;
  } finally {
    clearTimeout(killer);
  }
}
