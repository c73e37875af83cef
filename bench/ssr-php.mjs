/**
 * npm run bench -- --only ssr --ssr-parts php: overload turned away at the
 * client, measured with the real PHP client (php/storefront-ssr.php and its
 * throttle, laravel/client/Throttle.php) as a PHP-FPM pool runs it: WORKERS
 * PHP CLI processes (bench/ssr-php-worker.php), each serving page after page
 * and keeping its own counts, all on core 1, against one render-service
 * worker pinned to core 0, on 127.0.0.1. Every page is a new shopper's
 * 48-card grid (the render cache never answers), X-Storefront-Timeout: 200.
 *
 *   capacity   grids/s the worker answers with 4 requests in flight (node's
 *              client, bench/ssr-core.mjs), before and after the shape's
 *              loads; their mean is what goodput is compared with
 *   loads      1×, 4× and 10× that capacity for SECONDS (the pages due at
 *              that rate across the workers, open loop), then RECOVERY s at
 *              half the capacity
 *   shapes     a kept connection per PHP worker ('kept', the default), and a
 *              new connection per page ('curl': STOREFRONT_SSR_KEEP_ALIVE=false)
 *
 * Per load: goodput (pages of the burst with server HTML, per second of the
 * time its pages took: a client core that falls behind stretches the burst) ÷
 * capacity, and the load the PHP workers managed to offer; the share of the worker's CPU spent on pages that got their
 * HTML (their count × the capacity runs' CPU per grid ÷ the CPU it used:
 * the same ratio when the worker has its core, still telling when others
 * take turns on it); pages whose wait reached PHP's deadline (an answer after it is
 * never read: the page waited the whole timeout); pages skipped by the
 * throttle (never sent) and refused by the service (/health shed); the
 * recovery: after the burst, the start of the last page with its hook
 * empty (0: none). `--ssr-php-k off` measures the same without the throttle,
 * `--ssr-php-k 1.5` another K. The load average is printed with each run:
 * other processes on the machine share both cores.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { markdownTable, spread } from './common.mjs';
import { CLIENT_CORE, closedLoop, cpuMs, gridBodies, pin, TIMEOUT_MS, WARM_UP, warmWorker, WORKER_CORE } from './ssr-core.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const WORKERS = 64;
const SECONDS = 5;
const RECOVERY = 3;
const LOADS = [1, 4, 10];
const SHAPES = { kept: 'kept (one per PHP worker)', curl: 'new per page (curl)' };
const CAPACITY_REQUESTS = 1000;

/** WORKERS PHP processes on the client core running `job`; resolves with every page, [due, start, end, html]. */
async function pool(job, dir) {
  const file = join(dir, 'job.json');
  writeFileSync(file, JSON.stringify(job));
  const pages = [];
  const errors = [];
  let ready = 0;
  let go;
  const allReady = new Promise((resolve) => (go = resolve));
  const children = Array.from({ length: job.workers }, (_, worker) => {
    const child = spawn('taskset', ['-c', CLIENT_CORE, 'php', '-d', 'error_log=/dev/null', join(here, 'ssr-php-worker.php'), file, String(worker)], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.startsWith('ready\n') && !child.ready) (child.ready = true), ++ready === job.workers && go();
    });
    child.stderr.on('data', (d) => (err = (err + d).slice(-500)));
    const closed = new Promise((resolve) =>
      child.once('close', (code) => {
        if (code !== 0) errors.push(`worker ${worker} exited ${code}: ${err}`);
        for (const line of out.trim().split('\n').slice(1)) if (line) pages.push(line.split(' ').map(Number));
        if (!child.ready) go(); // it failed before: the others are not waited for
        resolve();
      }),
    );
    return { child, closed };
  });
  await allReady;
  // Every worker started and holds its connection: the pages are due from half a second on.
  const t0 = Date.now() / 1000 + 0.5;
  for (const { child } of children) child.stdin.end(`${t0}\n`);
  await Promise.all(children.map(({ closed }) => closed));
  if (errors.length) throw new Error(errors.slice(0, 3).join('\n'));
  return pages;
}

const health = async (url) => (await fetch(`${url}health`)).json();

/** One load: the burst at `rate` for SECONDS, then RECOVERY s at `tail`; the figures of its pages and the service's counts. */
async function overload({ url, workerPid, transport, k, grid, rate, tail, dir }) {
  const before = await health(url);
  const cpuBefore = cpuMs(workerPid);
  const job = { url: url.replace(/\/$/, ''), transport, k, timeout: TIMEOUT_MS, grid, workers: WORKERS, phases: [[0, SECONDS, rate], [SECONDS, RECOVERY, tail]] };
  const pages = await pool(job, dir);
  const cpu = cpuMs(workerPid) - cpuBefore;
  const after = await health(url);
  const burst = pages.filter(([due]) => due < SECONDS);
  const after_ = pages.filter(([due]) => due >= SECONDS);
  const emptyAfter = after_.filter(([, , , html]) => !html);
  return {
    pages: pages.length,
    cpu,
    rendered: pages.filter(([, , , html]) => html).length,
    // Over the time the burst's pages took: a client core that falls behind stretches the burst (its
    // pages start late), and counting them over SECONDS would credit the service with more than it did.
    goodput: burst.filter(([, , , html]) => html).length / Math.max(SECONDS, ...burst.map(([, , end]) => end)),
    // The load the PHP workers managed to offer: the burst's pages over the time in which they started.
    offered: burst.length / Math.max(SECONDS, ...burst.map(([, start]) => start)),
    late: pages.filter(([, start, end]) => end - start >= TIMEOUT_MS / 1000 - 0.001).length,
    lagMax: Math.max(0, ...pages.map(([due, start]) => start - due)),
    // Sent: answered by the service, or dropped by it unanswered once PHP gave up (left).
    sent: after.requests + after.left - (before.requests + before.left),
    shed: after.shed - before.shed,
    recovery: emptyAfter.length ? Math.max(...emptyAfter.map(([, start]) => start)) - SECONDS : 0,
    emptyAfter: emptyAfter.length,
    tailPages: after_.length,
  };
}

/**
 * @param {object} options
 * @param {{config: unknown, hooks: unknown[]}} options.grid the 48-card grid request
 * @param {number} options.runs
 * @param {string} options.k the throttle's K, or 'off'
 * @param {(env: object, pin?: string) => Promise<{url: string, stop: () => Promise<void>, stderr: () => string}>} options.startService
 */
export async function phpOverload({ grid, runs, k = '2', startService }) {
  if (spawnSync('php', ['-r', 'echo 1;']).status !== 0) {
    console.log('PHP client under overload: not measured (no php).');
    return;
  }
  if (availableParallelism() < 2 || !pin(process.pid, CLIENT_CORE)) {
    console.log('PHP client under overload: not measured (needs taskset and two cores).');
    return;
  }
  const bodyOf = gridBodies(grid);
  const dir = mkdtempSync(join(tmpdir(), 'storefront-bench-php-'));
  const rows = [];
  const results = [];
  let offset = 0;
  try {
    for (let run = 1; run <= runs; run++) {
      const service = await startService({ SSR_WORKERS: '1' }, WORKER_CORE);
      try {
        const pids = await warmWorker(service, bodyOf, offset);
        const [workerPid] = pids;
        offset += WARM_UP;
        for (const [transport, shapeName] of Object.entries(SHAPES)) {
          const newConnections = transport === 'curl';
          const capacityBefore = await closedLoop(service.url, pids, bodyOf, { count: CAPACITY_REQUESTS, concurrency: 4, offset, newConnections });
          offset += CAPACITY_REQUESTS;
          const measured = [];
          for (const load of LOADS) {
            const loadAvg = loadavg()[0];
            measured.push({ load, loadAvg, ...(await overload({ url: service.url, workerPid, transport, k, grid, rate: load * capacityBefore.perSecond, tail: capacityBefore.perSecond / 2, dir })) });
          }
          const capacityAfter = await closedLoop(service.url, pids, bodyOf, { count: CAPACITY_REQUESTS, concurrency: 4, offset, newConnections });
          offset += CAPACITY_REQUESTS;
          const capacity = (capacityBefore.perSecond + capacityAfter.perSecond) / 2;
          const cpuPerGrid = (capacityBefore.cpuPerGrid + capacityAfter.cpuPerGrid) / 2;
          for (const m of measured) {
            // The share of its CPU the worker spent on pages that got their HTML, as bench/ssr-core.mjs says it:
            // goodput ÷ capacity as the worker sees it, still telling when other processes take turns on its core.
            m.cpuShare = (m.rendered * cpuPerGrid) / m.cpu;
            results.push({ transport, capacity, ...m });
            rows.push([
              run,
              shapeName,
              `${m.load}× (${(m.offered / capacity).toFixed(1)}× offered)`,
              m.loadAvg.toFixed(1),
              `${Math.round(capacity)} (${Math.round(capacityBefore.perSecond)} / ${Math.round(capacityAfter.perSecond)})`,
              Math.round(m.goodput),
              (m.goodput / capacity).toFixed(2),
              m.cpuShare.toFixed(2),
              `${m.late} of ${m.pages}`,
              m.pages - m.sent,
              m.shed,
              `${m.recovery.toFixed(2)} s (${m.emptyAfter} of ${m.tailPages} empty)`,
              `${Math.round(m.lagMax * 1000)} ms`,
            ]);
          }
        }
      } finally {
        await service.stop();
      }
    }
  } finally {
    pin(process.pid, `0-${availableParallelism() - 1}`);
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `\nThe PHP client under overload (K = ${k}): one service worker on core ${WORKER_CORE}; ${WORKERS} PHP workers (php/storefront-ssr.php, their own counts each) on core ${CLIENT_CORE}; the 48-card grid, a new shopper each page, X-Storefront-Timeout: ${TIMEOUT_MS}; each load for ${SECONDS} s, then ${RECOVERY} s at half the capacity.\n`,
  );
  console.log(markdownTable(['run', 'connections', 'load (what the PHP workers managed to offer)', 'load avg', 'capacity (grids/s: mean of before / after)', 'goodput', 'goodput ÷ capacity', 'worker CPU on pages with HTML', `pages that waited ${TIMEOUT_MS} ms`, 'not sent (skipped by the throttle)', 'refused by the service', 'after the burst: last page without HTML', 'longest wait for a PHP worker'], rows));
  for (const transport of Object.keys(SHAPES)) {
    for (const load of LOADS) {
      const of = results.filter((r) => r.transport === transport && r.load === load);
      const pick = (f) => spread(of.map(f), (x) => x.toFixed(2));
      console.log(`${SHAPES[transport]}, ${load}×, over ${runs} runs: goodput ÷ capacity ${pick((r) => r.goodput / r.capacity)}; worker CPU on pages with HTML ${pick((r) => r.cpuShare)}; pages that waited the deadline ${of.reduce((n, r) => n + r.late, 0)}; recovery ${pick((r) => r.recovery)} s.`);
    }
  }
}
