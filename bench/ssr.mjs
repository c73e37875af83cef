/**
 * npm run bench -- --only ssr: the render service (`npm run ssr`) under load,
 * as PHP-FPM calls it: a keep-alive client (node:http Agent), bodies as a PHP
 * host prints them (the demo pages' hooks and config, numbers as text and
 * flags as 0/1), on 127.0.0.1 only, each part bounded in requests and time.
 *
 *   renders/s and p50/p95/p99 at concurrency 1, 8 and 32 for the 48-card grid,
 *   the header's hooks and the product page (add-to-cart), with 1 and with 2
 *   workers (render cache off: every request renders), and the ratio;
 *   a small request's latency while 1 MiB grids are rendered (1 vs 2 workers);
 *   the category page with the render cache on against off;
 *   RSS and heap (/health, all workers) over a long run (--soak N requests).
 *
 * The load comes from this process, on the same cores as the workers: on a
 * 2-core machine the client takes part of the second core, so compare the
 * ratios of one run, not the absolute figures across machines.
 */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { markdownTable, mb, spread } from './common.mjs';
import { perCore } from './ssr-core.mjs';
import { phpOverload } from './ssr-php.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** PHP's Http client gives up after this long (docs/laravel.md "Settings", STOREFRONT_SSR_TIMEOUT): the page then renders in the browser. */
const PHP_TIMEOUT_MS = 200;
const PART_TIMEOUT_MS = 120_000;

/** A value as PHP's json_encode prints a database row: numbers as text, flags as 1/0/"1"/null. */
function asPhp(value, flags = { n: 0 }) {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return [value ? 1 : 0, value ? '1' : '0', value ? 1 : null][flags.n++ % 3];
  if (Array.isArray(value)) return value.map((item) => asPhp(item, flags));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asPhp(v, flags)]));
  return value;
}

/** The hooks and config of a demo page, as its Blade view would send them in one request. */
async function pageHooks(path) {
  const { renderPage } = await import(pathToFileURL(join(root, 'dist-demo/render.mjs')).href);
  const hooks = [];
  let config;
  renderPage({
    path,
    query: new URLSearchParams(),
    cookies: { demo_user: '1' },
    build: 'preact',
    mock: 'server',
    known: { cart: { count: 3, errors: false }, country: { country: 'US', opt: false }, recentSearches: ['pokemon 151', 'topps chrome'] },
    renderIsland: (widget, props, pageConfig) => {
      hooks.push({ widget, props });
      config = pageConfig;
      return '';
    },
  });
  return { config: asPhp(config), hooks: asPhp(hooks) };
}

export async function benchBodies(productPath) {
  const category = await pageHooks('/');
  const product = await pageHooks(productPath);
  const isHeader = (hook) => !['product-grid', 'recently-viewed', 'add-to-cart'].includes(hook.widget);
  const grid = category.hooks.find((hook) => hook.widget === 'product-grid');
  if (!grid || grid.props.products.length !== 48) throw new Error('the demo category page has no 48-card grid');
  return {
    grid: { config: category.config, hooks: [grid] },
    header: { config: category.config, hooks: category.hooks.filter(isHeader) },
    product: product,
  };
}

/** `npm run ssr` with these settings (on the cores `cores` names, taskset -c); resolves with its URL and a stop function. */
export async function startService(env, cores, dir = root) {
  const command = [process.execPath, 'dist-server/ssr-server.mjs'];
  const child = spawn(cores ? 'taskset' : command[0], cores ? ['-c', cores, ...command] : command.slice(1), {
    cwd: dir,
    env: { ...process.env, SSR_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const match = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
      if (match) resolve(match[0]);
    });
    exited.then((code) => reject(new Error(`npm run ssr exited ${code}: ${stderr}`)));
  });
  const stop = async () => {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
    await exited;
    clearTimeout(timer);
  };
  return { url, stop, stderr: () => stderr };
}

function post(agent, url, body) {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}render`,
      { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': body.length } },
      (res) => {
        let size = 0;
        res.on('data', (chunk) => (size += chunk.length));
        const render = Number(/render;dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''))?.[1] ?? NaN);
        res.on('end', () => (res.statusCode === 200 ? resolve({ size, render }) : reject(new Error(`status ${res.statusCode}`))));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export async function getHealth(url) {
  const response = await fetch(`${url}health`);
  return response.json();
}

/**
 * `count` requests from `concurrency` keep-alive connections; `bodyOf(i)`
 * gives the i-th body (a Buffer). Latencies in ms.
 */
export async function load(url, { count, concurrency, bodyOf, timeoutMs = PART_TIMEOUT_MS }) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  const renders = [];
  let next = 0;
  const started = performance.now();
  const deadline = started + timeoutMs;
  const client = async () => {
    while (next < count && performance.now() < deadline) {
      const i = next++;
      const t = performance.now();
      const { render } = await post(agent, url, bodyOf(i));
      latencies.push(performance.now() - t);
      renders.push(render);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { latencies, renders, seconds };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

function summarise({ latencies, renders, seconds }) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const renderSorted = [...renders].sort((a, b) => a - b);
  return {
    render50: percentile(renderSorted, 50),
    rps: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    slow: latencies.filter((ms) => ms > PHP_TIMEOUT_MS).length,
    count: latencies.length,
  };
}

const perSecond = (n) => `${Math.round(n)}`;
const msText = (n) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;

/** Runs of one cell, as table cells: renders/s and p50/p95/p99 with the spread, answers over 200 ms summed. */
function cells(runs) {
  return [
    spread(runs.map((r) => r.rps), perSecond),
    spread(runs.map((r) => r.p50), msText),
    spread(runs.map((r) => r.p95), msText),
    spread(runs.map((r) => r.p99), msText),
    `${runs.reduce((n, r) => n + r.slow, 0)} of ${runs.reduce((n, r) => n + r.count, 0)}`,
  ];
}

async function throughput({ bodies, runs, requests, workerCounts }) {
  const results = {}; // workers → body → concurrency → runs
  // Both services run side by side and take turns, run by run: a change in the
  // machine's load hits both alike, and the ratios compare neighbouring runs.
  const services = {};
  try {
    for (const workers of workerCounts) {
      services[workers] = await startService({ SSR_WORKERS: String(workers), SSR_CACHE_BYTES: '0' });
      results[workers] = {};
    }
    for (const [name, body] of Object.entries(bodies)) {
      const buffer = Buffer.from(JSON.stringify(body));
      for (const workers of workerCounts) {
        results[workers][name] = { 1: [], 8: [], 32: [] };
        // Warm up (JIT, connections) before measuring.
        await load(services[workers].url, { count: 200, concurrency: 8, bodyOf: () => buffer });
      }
      for (const concurrency of [1, 8, 32])
        for (let run = 0; run < runs; run++)
          for (const workers of workerCounts)
            results[workers][name][concurrency].push(summarise(await load(services[workers].url, { count: requests, concurrency, bodyOf: () => buffer })));
    }
  } finally {
    await Promise.all(Object.values(services).map((service) => service.stop()));
  }
  const rows = [];
  for (const name of Object.keys(bodies))
    for (const concurrency of [1, 8, 32])
      for (const workers of workerCounts) rows.push([name, concurrency, workers, ...cells(results[workers][name][concurrency])]);
  console.log(`Every request renders (SSR_CACHE_BYTES=0); ${runs} runs of ${requests} requests per row, median (min–max); over 200 ms: summed over the runs.\n`);
  console.log(markdownTable(['body', 'concurrency', 'workers', 'renders/s', 'p50', 'p95', 'p99', `over ${PHP_TIMEOUT_MS} ms`], rows));
  if (workerCounts.length === 2) {
    const [one, two] = workerCounts;
    const ratioRows = [];
    for (const name of Object.keys(bodies))
      for (const concurrency of [8, 32]) {
        const ratios = results[two][name][concurrency].map((r, i) => r.rps / results[one][name][concurrency][i].rps);
        ratioRows.push([name, concurrency, spread(ratios, (x) => `${x.toFixed(2)}×`)]);
      }
    console.log(`\nThroughput of ${two} workers over ${one} (run by run):\n`);
    console.log(markdownTable(['body', 'concurrency', 'ratio'], ratioRows));
  }
}

/** A header request's latency while another client sends 1 MiB grids back to back. */
async function blocking({ bodies, runs, requests, workerCounts }) {
  const grid = bodies.grid.hooks[0];
  const cards = [];
  const big = () => JSON.stringify({ config: bodies.grid.config, hooks: [{ widget: 'product-grid', props: { products: cards } }] });
  for (let i = 0; big().length < 1000 * 1024; i++) cards.push({ ...grid.props.products[i % grid.props.products.length], id: String(100000 + i) });
  const bigBody = Buffer.from(big());
  const small = Buffer.from(JSON.stringify(bodies.header));
  const rows = [];
  for (const workers of workerCounts) {
    const service = await startService({ SSR_WORKERS: String(workers), SSR_CACHE_BYTES: '0' });
    try {
      const list = [];
      let bigRenders = 0;
      for (let run = 0; run < runs; run++) {
        let done = false;
        const background = (async () => {
          const agent = new Agent({ keepAlive: true, maxSockets: 1 });
          while (!done) {
            await post(agent, service.url, bigBody);
            bigRenders++;
          }
          agent.destroy();
        })();
        list.push(summarise(await load(service.url, { count: Math.min(requests, 1000), concurrency: 4, bodyOf: () => small })));
        done = true;
        await background;
      }
      const health = await getHealth(service.url);
      rows.push([workers, ...cells(list), bigRenders, health.overBudget]);
    } finally {
      await service.stop();
    }
  }
  console.log(`\nThe header's hooks (concurrency 4) while one client sends ${(bigBody.length / 1024).toFixed(0)} KB grids (${cards.length} cards) back to back:\n`);
  console.log(markdownTable(['workers', 'renders/s', 'p50', 'p95', 'p99', `over ${PHP_TIMEOUT_MS} ms`, 'big grids answered', 'stopped at the budget'], rows));
}

/** The category page asked again: render cache on (warm) against off. */
async function cache({ bodies, runs, requests }) {
  const body = Buffer.from(JSON.stringify({ config: bodies.grid.config, hooks: [...bodies.header.hooks, ...bodies.grid.hooks] }));
  const rows = [];
  const byMode = {};
  for (const [mode, bytes] of [
    ['off', '0'],
    ['on', String(32 * 1024 * 1024)],
  ]) {
    const service = await startService({ SSR_WORKERS: '2', SSR_CACHE_BYTES: bytes });
    try {
      await load(service.url, { count: 200, concurrency: 2, bodyOf: () => body });
      for (const concurrency of [1, 8]) {
        const list = [];
        for (let run = 0; run < runs; run++) list.push(summarise(await load(service.url, { count: requests, concurrency, bodyOf: () => body })));
        byMode[`${mode}${concurrency}`] = list;
        rows.push([mode, concurrency, ...cells(list), spread(list.map((r) => r.render50), (x) => `${x.toFixed(3)} ms`)]);
      }
      const { cache: stats } = await getHealth(service.url);
      if (mode === 'on') console.log(`\nCache after the runs: ${stats.hits} hits, ${stats.misses} misses, ${stats.entries} entries, ${mb(stats.bytes)}.`);
    } finally {
      await service.stop();
    }
  }
  console.log(`\nThe category page (header hooks and the 48-card grid in one request) asked again, 2 workers:\n`);
  console.log(markdownTable(['render cache', 'concurrency', 'requests/s', 'p50', 'p95', 'p99', `over ${PHP_TIMEOUT_MS} ms`, 'render p50 (Server-Timing)'], rows));
  const ratio = (pick) => byMode.off1.map((off, i) => pick(off) / pick(byMode.on1[i]));
  const renderRatio = spread(ratio((r) => r.render50), (x) => `${x.toFixed(0)}×`);
  const tripRatio = spread(ratio((r) => r.p50), (x) => `${x.toFixed(1)}×`);
  console.log(`\nCached over rendered at concurrency 1 (run by run): the service's render step ${renderRatio} faster; the whole round trip (p50) ${tripRatio} (HTTP and the client's share stay).`);
}

/** Memory over a long run: every request a different shopper (cart count), so the cache fills and evicts. */
async function soak({ bodies, count }) {
  const service = await startService({});
  const rows = [];
  try {
    const shoppers = 2000;
    const variants = Object.values(bodies);
    const bodyOf = (i) => {
      const body = variants[i % variants.length];
      return Buffer.from(JSON.stringify({ ...body, config: { ...body.config, cart: { count: String(Math.floor(i / variants.length) % shoppers), errors: 0 } } }));
    };
    const row = (done, h) => [
      done.toLocaleString('en-US'),
      mb(h.memory.rss),
      mb(h.memory.heapUsed),
      `${h.cache.entries} (${mb(h.cache.bytes)})`,
      h.cache.evictions,
      h.requests,
      `${h.workers.answered} of ${h.workers.count}, ${h.workers.restarts} restarts`,
    ];
    rows.push(row(0, await getHealth(service.url)));
    const steps = 5;
    let done = 0;
    const started = performance.now();
    for (let step = 1; step <= steps; step++) {
      const n = Math.round((count * step) / steps) - done;
      const offset = done;
      // No time limit per step: the bench's own limit bounds the run.
      const { latencies } = await load(service.url, { count: n, concurrency: 8, bodyOf: (i) => bodyOf(offset + i), timeoutMs: Infinity });
      done += latencies.length;
      rows.push(row(done, await getHealth(service.url)));
    }
    const health = await getHealth(service.url);
    console.log(`\n${done.toLocaleString('en-US')} requests (grid, header, product page in turn, ${shoppers} shoppers' carts), concurrency 8, default settings (${health.workers.count} workers, cache ${mb(health.cache.limitBytes)} in all), ${Math.round((performance.now() - started) / 1000)} s; /health after each fifth (all workers summed):\n`);
    console.log(markdownTable(['requests', 'RSS', 'heap used', 'cache entries', 'evictions', 'requests counted', 'workers'], rows));
    const restarts = service.stderr().match(/worker \d+ exited[^\n]*/g);
    if (restarts) console.log(`\nThe service said: ${restarts.join('; ')}`);
  } finally {
    await service.stop();
  }
}

/**
 * @param {object} options
 * @param {number} options.runs rounds per row
 * @param {number} options.requests requests per round
 * @param {number} options.soak requests of the memory run
 * @param {string} options.productPath the demo product page
 */
export const SSR_PARTS = ['core', 'php', 'throughput', 'blocking', 'cache', 'soak'];

export async function ssr({ runs, requests, soak: soakCount, productPath, parts = SSR_PARTS, phpK = 'client' }) {
  const bodies = await benchBodies(productPath);
  const sizes = Object.entries(bodies).map(([name, body]) => `${name} ${(JSON.stringify(body).length / 1024).toFixed(1)} KB (${body.hooks.length} hooks)`);
  console.log(`Bodies: ${sizes.join(', ')}.\n`);
  const workerCounts = [1, 2];
  if (parts.includes('core')) await perCore({ grid: bodies.grid, runs, requests, startService });
  if (parts.includes('php')) await phpOverload({ grid: bodies.grid, runs, k: phpK, startService });
  if (parts.includes('throughput')) await throughput({ bodies, runs, requests, workerCounts });
  if (parts.includes('blocking')) await blocking({ bodies, runs, requests, workerCounts });
  if (parts.includes('cache')) await cache({ bodies, runs, requests });
  if (parts.includes('soak')) await soak({ bodies, count: soakCount });
}

