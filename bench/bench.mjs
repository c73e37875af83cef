#!/usr/bin/env node
/**
 * npm run bench: how the demo pages load, in three parts, printed as
 * Markdown tables (they paste into a pull request):
 *
 *   lighthouse  Lighthouse mobile on the category, supplies and product pages,
 *               with and without server rendering (bench/lighthouse.mjs)
 *   scale       12, 48, 200 and 1000 cards: time until every card is
 *               interactive, longest task, JS heap (bench/scale.mjs)
 *   compare     the Preact build against the React 19 build of the same
 *               islands on the 48-card page (bench/compare.mjs)
 *   js          what a shopper downloads and runs on the category page, both
 *               builds in one run: before input, after idle and a scroll,
 *               once woken (scripts/measure-js.mjs; one table per run)
 *   first-tap   the first interaction as on a phone (390×844 touch emulation,
 *               CPU 4× slower, slow 4G: 150 ms RTT, 1.6 Mbps; cold cache,
 *               load + 2 s idle, then a tap with no pointer move before it):
 *               from the input event to the first frame showing the response
 *               (Add to cart, the cart icon, the account menu and Sign in, the
 *               search field, typing right after the tap, a first ArrowDown
 *               with the island code 300 ms late, a product page's quantity),
 *               on the sleeping page, `?ssr=0`, the page already woken and
 *               the React build, interleaved; lost-input counts per variant
 *               and the ratio sleeping ÷ woken (bench/first-tap.mjs)
 *   tap-trace   what the longest task after a tap is made of (style recalc,
 *               layout, font look-ups, paint, script), on the woken phone page,
 *               with the island reset as shipped and left out of the served
 *               stylesheet, interleaved
 *               (bench/tap-trace.mjs; --rows signin,account,cart,add)
 *   ssr         the render service (npm run ssr) under a PHP host's load:
 *               renders/s and latency percentiles, 1 against 2 workers, the
 *               render cache, memory over a long run (bench/ssr.mjs)
 *
 *   node bench/bench.mjs                   every part, 3 runs each
 *   node bench/bench.mjs --only scale      one part (lighthouse, scale, compare, js, first-tap, tap-trace, ssr)
 *   node bench/bench.mjs --only first-tap,lighthouse,js   several parts, in one run
 *   node bench/bench.mjs --only first-tap --rows add,cart
 *                                            first-tap: only these rows (add, cart,
 *                                            account, search, typing, keyboard, quantity)
 *   node bench/bench.mjs --only first-tap --variants react,reactWoken
 *                                            first-tap: only these variants (sleeping,
 *                                            ssr0, woken, react, reactWoken)
 *   node bench/bench.mjs --only first-tap --cpu 6
 *                                            first-tap: the CPU 6× slower instead of 4×
 *   node bench/bench.mjs --only first-tap --cpu low
 *                                            first-tap (and tap-trace): the slowdown that makes this
 *                                            machine score as a low-tier phone (`mid`: a mid-tier one),
 *                                            worked out first (bench/cpu-calibration.mjs)
 *   node bench/bench.mjs --runs 5          runs per measurement (median, min–max)
 *   node bench/bench.mjs --no-build        use the existing dist/, dist-react/, dist-demo/
 *   node bench/bench.mjs --tasks           compare: list each run's long tasks
 *                                            after the first hook (start+duration ms)
 *   node bench/bench.mjs --page-mock       answer the API in the page (the demo's
 *                                            MSW service worker) instead of the server
 *   node bench/bench.mjs --only ssr --requests 1500 --soak 150000
 *                                            ssr: requests per run and row (1500), and
 *                                            requests of the memory run (20000)
 *   node bench/bench.mjs --only ssr --ssr-parts soak,cache
 *                                            ssr: some of core (per core: CPU per grid, capacity,
 *                                            goodput at 4× overload), php (per core, the real PHP
 *                                            client and its throttle, 64 PHP workers, at 1×, 4×, 10×:
 *                                            bench/ssr-php.mjs), throughput, blocking, cache, soak
 *   node bench/bench.mjs --only ssr --ssr-parts php --ssr-php-k off
 *                                            php: the throttle's K (2), or off (never skips)
 *   node bench/bench.mjs --no-report       print only; by default each part run also
 *                                            replaces its section of docs/measurements.md
 *                                            (scripts/report.mjs), with this command and date
 *
 * The pages come from the demo server, started here on 127.0.0.1. Its mock
 * backend answers the API in Node (`startDemoServer({ mock: 'server' })`), as
 * Laravel would: in the demo's in-page mode MSW handles every request on the
 * page's main thread (cookie parsing, routing, the seeded catalog), work a
 * real shop never does, which would be counted in the islands' tasks. Every
 * request to another host is aborted. Chromium: scripts/chromium.mjs. The
 * script stops by itself, with a hard time limit.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRODUCT_PAGE, startDemoServer } from '../demo-pages/server.mjs';
import { launchChromium } from '../scripts/chromium.mjs';
import { compare } from './compare.mjs';
import { firstTap } from './first-tap.mjs';
import { lighthouse } from './lighthouse.mjs';
import { scale } from './scale.mjs';
import { ssr, SSR_PARTS } from './ssr.mjs';
import { tapTrace } from './tap-trace.mjs';
import { formatPageJs, measureVariants } from '../scripts/measure-js.mjs';
import { writeSection } from '../scripts/report.mjs';
import { calibrateCpu, TARGETS } from './cpu-calibration.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PARTS = ['lighthouse', 'scale', 'compare', 'js', 'first-tap', 'tap-trace', 'ssr'];
const PAGES = [
  ['category', '/'],
  ['supplies', '/c/supplies'],
  ['product', PRODUCT_PAGE],
];
const TOTAL_TIMEOUT_MS = 60 * 60_000;

const argv = process.argv.slice(2);
const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const RUNS = Math.max(1, Math.trunc(Number(option('--runs') ?? 3)) || 3);
const ONLY = argv.includes('--only') ? (option('--only') ?? '').split(',') : undefined;
if (ONLY !== undefined && !ONLY.every((part) => PARTS.includes(part))) {
  console.error(`bench: --only takes parts of ${PARTS.join(', ')}, comma-separated; got ${ONLY.join(',') || 'nothing'}`);
  process.exit(2);
}
const parts = ONLY ?? PARTS;
const BUILD = !argv.includes('--no-build');
const MOCK = argv.includes('--page-mock') ? 'page' : 'server';
const count = (name, fallback) => Math.max(1, Math.trunc(Number(option(name) ?? fallback)) || fallback);
/** first-tap and tap-trace: the CPU slowdown, a number or a phone to calibrate to (bench/cpu-calibration.mjs). */
const CPU = option('--cpu') ?? '4';
let calibrated;
/** The slowdown `--cpu` asks for; a phone's is worked out once, and said in the part's report. */
async function cpuRate(browser) {
  if (!Object.hasOwn(TARGETS, CPU)) {
    const rate = Number(CPU);
    if (!(rate >= 1)) throw new Error(`--cpu ${CPU}: expected a number >= 1, or one of ${Object.keys(TARGETS).join(', ')}`);
    return rate;
  }
  calibrated ??= await calibrateCpu(browser, CPU);
  const { rate, unthrottled, scored, score, phone } = calibrated;
  console.log(`CPU ${rate}× slower: Lighthouse's BenchmarkIndex ${unthrottled} unthrottled on this machine, ${scored} at ${rate}×, where ${phone} scores ${score}`);
  return rate;
}
const SSR_REQUESTS = count('--requests', 1500);
const SSR_SOAK = count('--soak', 20_000);
const SSR_ONLY = option('--ssr-parts')?.split(',') ?? SSR_PARTS;
const SSR_PHP_K = option('--ssr-php-k') ?? 'client';
const REPORT = !argv.includes('--no-report');
if (SSR_PHP_K !== 'off' && SSR_PHP_K !== 'client' && !(Number(SSR_PHP_K) >= 1)) {
  console.error(`bench: --ssr-php-k takes a number >= 1 or off; got ${SSR_PHP_K}`);
  process.exit(2);
}
if (SSR_ONLY.some((p) => !SSR_PARTS.includes(p))) {
  console.error(`bench: --ssr-parts takes some of ${SSR_PARTS.join(',')}; got ${SSR_ONLY.join(',')}`);
  process.exit(2);
}

const killer = setTimeout(() => {
  console.error(`bench: gave up after ${TOTAL_TIMEOUT_MS / 60_000} min`);
  process.exit(1);
}, TOTAL_TIMEOUT_MS);
killer.unref();

/** The build and its size report (scripts/size.mjs), with the React build too when the comparison needs it. */
function build(both) {
  const args = ['scripts/size.mjs', ...(both ? ['--both'] : [])];
  console.log(`Building (node ${args.join(' ')})…`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) return reject(new Error(`build failed:\n${out}`));
      for (const line of out.split('\n')) if (/category page|Preact\/React/.test(line)) console.log(`  ${line.trim()}`);
      resolve();
    });
  });
}

/** Runs one part, keeping what it prints (its Markdown tables) for its section of docs/measurements.md. */
async function reported(part, run) {
  const printed = [];
  const log = console.log;
  console.log = (...args) => {
    printed.push(args.map(String).join(' '));
    log(...args);
  };
  try {
    await run();
  } finally {
    console.log = log;
  }
  // Another CPU slowdown gets a section of its own, beside the default one.
  const own = CPU !== '4' && ['first-tap', 'tap-trace'].includes(part);
  const cpu = Object.hasOwn(TARGETS, CPU) ? `CPU as ${TARGETS[CPU].phone.replace(/,$/, '')}` : `CPU ${CPU}× slower`;
  if (REPORT) writeSection(`bench-${part}${own ? `-cpu${CPU}` : ''}`, `Bench: ${part}${own ? `, ${cpu}` : ''}`, `npm run bench -- ${argv.join(' ')}`.trim(), printed.join('\n'));
}

async function main() {
  if (BUILD) await build(parts.some((p) => ['compare', 'js', 'first-tap', 'tap-trace'].includes(p)));
  const pageParts = parts.filter((p) => p !== 'ssr');
  const server = pageParts.length ? await startDemoServer({ port: 0, host: '127.0.0.1', mock: MOCK }) : null;
  const browser = pageParts.some((p) => p !== 'lighthouse') ? await launchChromium() : null;
  try {
    for (const part of parts) {
      console.log(`\n## ${part}\n`);
      await reported(part, async () => {
        if (part === 'lighthouse') await lighthouse({ root, baseUrl: server.url, runs: RUNS, pages: PAGES });
        if (part === 'scale') await scale({ browser, baseUrl: server.url, runs: RUNS });
        if (part === 'compare') await compare({ browser, baseUrl: server.url, runs: RUNS, mock: MOCK, listTasks: argv.includes('--tasks') });
        if (part === 'first-tap') await firstTap({ browser, baseUrl: server.url, runs: RUNS, only: option('--rows')?.split(','), variants: option('--variants')?.split(','), cpu: await cpuRate(browser) });
        if (part === 'tap-trace') await tapTrace({ browser, baseUrl: server.url, runs: RUNS, only: option('--rows')?.split(','), variants: option('--variants')?.split(','), cpu: await cpuRate(browser) });
        if (part === 'js') {
          // The JS table is measured with the API answered by the demo server (no in-page mock scripts).
          const baseUrl = MOCK === 'server' ? server.url : undefined;
          for (let run = 1; run <= RUNS; run++) console.log(`run ${run}:`, formatPageJs(await measureVariants({ path: '/', browser, baseUrl })));
        }
        if (part === 'ssr') await ssr({ runs: RUNS, requests: SSR_REQUESTS, soak: SSR_SOAK, productPath: PRODUCT_PAGE, parts: SSR_ONLY, phpK: SSR_PHP_K });
      });
    }
  } finally {
    await browser?.close();
    await server?.close();
  }
}

try {
  await main();
  clearTimeout(killer);
} catch (error) {
  console.error('bench failed:', error);
  process.exitCode = 1;
}
