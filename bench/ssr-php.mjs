/**
 * npm run bench -- --only ssr --ssr-parts php: overload turned away at the
 * client, measured with the real PHP client (php/storefront-ssr.php and its
 * throttle, laravel/client/Throttle.php) as a PHP-FPM pool runs it: WORKERS
 * PHP CLI processes (bench/ssr-php-worker.php), each serving page after page
 * (its kept connection used again just before the load, as a busy pool's are),
 * their counts shared as the client shares them, all on core 1, against one render-service
 * worker pinned to core 0, on 127.0.0.1. Every page is a new shopper's
 * 48-card grid (the render cache never answers), X-Storefront-Timeout: 200.
 *
 *   capacity   grids/s the same PHP client gets from the worker when it is
 *              never idle and never overloaded: CAPACITY_WORKERS PHP workers
 *              in a closed loop (each sends its next page when its last one
 *              ended), throttle off, for CAPACITY_SECONDS, just before and just
 *              after each load; their mean is what that load's goodput is
 *              compared with. This machine's speed drifts by a quarter within
 *              a minute (the worker's CPU per grid swings 4.2–7.3 ms), and node's
 *              client, once per shape, got more from the worker than the PHP
 *              client does: ratios against it said 0.6–0.8 at loads where the
 *              worker was never idle. Node's figure is still printed.
 *   loads      1×, 4× and 10× that capacity (the one just before) for
 *              SECONDS (the pages due at that rate across the workers, open
 *              loop), then RECOVERY s at half the capacity
 *   shapes     a kept connection per PHP worker ('kept', the default), and a
 *              new connection per page ('curl': STOREFRONT_SSR_KEEP_ALIVE=false),
 *              each worker's process past its first curl handle, as a pool's are
 *
 * Per load: goodput (pages of the burst with server HTML, per second of the
 * time its pages took: a client core that falls behind stretches the burst) ÷
 * capacity, and the load the PHP workers managed to offer. A load they offered at under 3/4 of its
 * rate is no overload (a service faster than one core of PHP can feed): its row says so, and the summary
 * names it NOT MEASURED.
 *
 * The same ratio as the worker's core sees it, in one window, with no capacity
 * taken at another moment: from 0.5 s into the burst to 0.5 s before its
 * planned end, the share of the time the worker was busy (its CPU ÷ the
 * time), less the share of that CPU it spent on the requests it refused
 * (their count in the window × the CPU one refusal costs, measured for the
 * shape with REFUSALS requests given a 1 ms deadline). It counts what the
 * throttle is for: a worker left idle (too many skipped) and a worker
 * refusing (too few). It does not count a render made slower during the
 * burst (the CPU a render took there is printed beside the closed loops'; why
 * it is slower is not known, docs/render-service.md).
 *
 * Then: pages whose wait reached PHP's deadline (an answer after it is never
 * read: the page waited the whole timeout); the requests whose exchange reached
 * it (from the throttle's lock just before the request to its lock once the
 * answer is in), and of them those that reach it even less the time their PHP
 * process spent runnable, waiting for the client core (/proc/self/schedstat):
 * answers after PHP's deadline that were the service's or the wire's, not a
 * client core too small for the pool (its workers all start a page as the
 * burst begins, before the counts have seen it); and beside them the answers the
 * service wrote after the whole timeout by its own clock (/health late: from
 * when it saw the request, so the time before that, the connection and the
 * client's own core, is not in it); pages skipped by the throttle
 * (never sent) and refused by the service (/health shed); the recovery: the
 * time from the burst's last page sent (a pool that fell behind sends its
 * backlog after the planned end: the burst ends for the service when the last
 * of it arrives) to the start of the last later page with its hook empty (0:
 * none), and beside it the time from the planned end. The throttle is the
 * client's as shipped (its K and window); `--ssr-php-k off` measures the same
 * without it, `--ssr-php-k 1.5` another K. The
 * load average is printed with each run: other processes on the machine
 * share both cores.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { markdownTable, spread } from './common.mjs';
import { CLIENT_CORE, closedLoop, cpuMs, gridBodies, HEADERS, pin, TIMEOUT_MS, WARM_UP, warmWorker, WORKER_CORE } from './ssr-core.mjs';

const here = dirname(fileURLToPath(import.meta.url));
/**
 * The pool: more PHP workers than the service's queue holds, or the pool, not the service, is the limit. The
 * queue holds a deadline's worth of renders (160 ms): with a grid at 1.5–2.5 ms, 64 workers all waiting
 * fit in it, so the service refused nothing and "4×" and "10×" were 1.0× offered (2026-12-03). 256 workers
 * offered every load, but took the one client core (load average 7–19) and late pages with it.
 */
const WORKERS = 128;
const SECONDS = 5;
const RECOVERY = 3;
const LOADS = [1, 4, 10];
/** The share of a load's rate its pages must start at to count as offered (see the top). */
const OFFERED_SHARE = 0.75;
const SHAPES = { kept: 'kept (one per PHP worker)', curl: 'new per page (curl)' };
const CAPACITY_REQUESTS = 1000;
const CAPACITY_WORKERS = 8;
const CAPACITY_SECONDS = 3;
const REFUSALS = 5000;

let pools = 0;

/**
 * `job.workers` PHP processes on the client core running `job` against `job.url`; `started(t0)` once the
 * pages are due from t0 (epoch seconds). Resolves with every page: [due, start, end, html, its exchange, the exchange's wait for the client core] (ssr-php-worker.php).
 */
async function pool(job, dir, started = () => {}) {
  const file = join(dir, 'job.json');
  // Its own shoppers: a page of an earlier pool is not answered from the render cache.
  writeFileSync(file, JSON.stringify({ ...job, url: job.url.replace(/\/$/, ''), timeout: TIMEOUT_MS, nonce: `${process.pid}-${++pools}` }));
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
  started(t0);
  await Promise.all(children.map(({ closed }) => closed));
  if (errors.length) throw new Error(errors.slice(0, 3).join('\n'));
  return pages;
}

/** The client's own K and window, as laravel/client/Throttle.php says them. */
const clientK = () =>
  spawnSync('php', ['-r', `require ${JSON.stringify(join(here, '../php/storefront-ssr.php'))}; echo StorefrontWidgets\\Ssr\\Throttle::K, ', window ', StorefrontWidgets\\Ssr\\Throttle::WINDOW, ' s';`], { encoding: 'utf8' }).stdout;

const health = async (url) => (await fetch(`${url}health`)).json();

/** One load: the burst at `rate` for SECONDS, then RECOVERY s at `tail`; the figures of its pages and the service's counts. */
async function overload({ url, workerPid, transport, k, grid, rate, tail, dir }) {
  const before = await health(url);
  const job = { url, transport, k, grid, workers: WORKERS, phases: [[0, SECONDS, rate], [SECONDS, RECOVERY, tail]] };
  // The worker's CPU and refusals inside the burst (from 0.5 s in to 0.5 s before its planned end), sampled by this
  // process: late when the client core is swamped, so each sample keeps the time it was really taken.
  let window;
  const sample = async () => {
    const at = performance.now() / 1000;
    const cpu = cpuMs(workerPid) / 1000;
    const { shed, renders } = await health(url);
    return { at, cpu, shed, renders };
  };
  const sampleAt = (t0, s) => new Promise((resolve) => setTimeout(() => resolve(sample()), Math.max(0, (t0 + s) * 1000 - Date.now())));
  const pages = await pool(job, dir, (t0) => (window = Promise.all([sampleAt(t0, 0.5), sampleAt(t0, SECONDS - 0.5)])));
  const [from, to] = await window;
  const after = await health(url);
  const burst = pages.filter(([due]) => due < SECONDS);
  const after_ = pages.filter(([due]) => due >= SECONDS);
  const emptyAfter = after_.filter(([, , , html]) => !html);
  return {
    pages: pages.length,
    // Over the time the burst's pages took: a client core that falls behind stretches the burst (its
    // pages start late), and counting them over SECONDS would credit the service with more than it did.
    goodput: burst.filter(([, , , html]) => html).length / Math.max(SECONDS, ...burst.map(([, , end]) => end)),
    // The load the PHP workers managed to offer: the burst's pages over the time in which they started.
    offered: burst.length / Math.max(SECONDS, ...burst.map(([, start]) => start)),
    late: pages.filter(([, start, end]) => end - start >= TIMEOUT_MS / 1000 - 0.001).length,
    // Requests whose exchange (skips() to done(), ssr-php-worker.php) reached the deadline, and of them those
    // that reach it even without the time their PHP process waited for the client core: answers after PHP's
    // deadline that were the service's or the wire's, not a client core that cannot run every worker at once.
    exchangeLate: pages.filter(([, , , , exchange]) => exchange >= TIMEOUT_MS / 1000 - 0.001).length,
    answersLate: pages.filter(([, , , , exchange, queued]) => exchange - queued >= TIMEOUT_MS / 1000 - 0.001).length,
    // The same seen by the service: answers it handed to the system after the whole timeout from when it saw the request.
    serviceLate: (after.late ?? 0) - (before.late ?? 0),
    lagMax: Math.max(0, ...pages.map(([due, start]) => start - due)),
    // Sent: answered by the service, or dropped by it unanswered once PHP gave up (left).
    sent: after.requests + after.left - (before.requests + before.left),
    shed: after.shed - before.shed,
    recovery: emptyAfter.length ? Math.max(0, Math.max(...emptyAfter.map(([, start]) => start)) - Math.max(SECONDS, ...burst.map(([, start]) => start))) : 0,
    recoveryPlanned: emptyAfter.length ? Math.max(...emptyAfter.map(([, start]) => start)) - SECONDS : 0,
    emptyAfter: emptyAfter.length,
    busy: (to.cpu - from.cpu) / (to.at - from.at),
    windowCpu: to.cpu - from.cpu,
    windowShed: to.shed - from.shed,
    windowRenders: to.renders - from.renders,
    tailPages: after_.length,
  };
}

/** Grids/s the PHP client gets in a closed loop (see the top), and the worker's CPU per grid over it. */
async function phpCapacity({ url, workerPid, transport, grid, dir }) {
  const cpuBefore = cpuMs(workerPid);
  const job = { url, transport, k: 'off', grid, workers: CAPACITY_WORKERS, phases: [[0, CAPACITY_SECONDS, 0]] };
  const pages = await pool(job, dir);
  const rendered = pages.filter(([, , , html]) => html).length;
  return { perSecond: rendered / Math.max(CAPACITY_SECONDS, ...pages.map(([, , end]) => end)), cpuPerGrid: (cpuMs(workerPid) - cpuBefore) / rendered };
}

/**
 * @param {object} options
 * @param {{config: unknown, hooks: unknown[]}} options.grid the 48-card grid request
 * @param {number} options.runs
 * @param {string} options.k the throttle's K, 'client' (the client's own), or 'off'
 * @param {(env: object, pin?: string) => Promise<{url: string, stop: () => Promise<void>, stderr: () => string}>} options.startService
 */
export async function phpOverload({ grid, runs, k = 'client', startService }) {
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
          // Node's client, for reference (see the top).
          const nodeCapacity = await closedLoop(service.url, pids, bodyOf, { count: CAPACITY_REQUESTS, concurrency: 4, offset, newConnections });
          offset += CAPACITY_REQUESTS;
          // The CPU one refused request costs the worker (its HTTP exchange, its body dropped unread): every one refused (a 1 ms deadline).
          const refusing = await closedLoop(service.url, pids, bodyOf, { count: REFUSALS, concurrency: 4, offset, newConnections, headers: { ...HEADERS, 'X-Storefront-Timeout': '1' } });
          offset += REFUSALS;
          if (refusing.empty !== REFUSALS) throw new Error(`the service rendered ${REFUSALS - refusing.empty} of ${REFUSALS} requests with a 1 ms deadline`);
          const refusalMs = refusing.cpuPerGrid;
          const shape = { url: service.url, workerPid, transport, grid, dir };
          for (const load of LOADS) {
            const loadAvg = loadavg()[0];
            const capacityBefore = await phpCapacity(shape);
            const m = { load, loadAvg, ...(await overload({ ...shape, k, rate: load * capacityBefore.perSecond, tail: capacityBefore.perSecond / 2 })) };
            const capacityAfter = await phpCapacity(shape);
            const capacity = (capacityBefore.perSecond + capacityAfter.perSecond) / 2;
            const cpuPerGrid = (capacityBefore.cpuPerGrid + capacityAfter.cpuPerGrid) / 2;
            // Goodput ÷ capacity as the worker's core sees it, in one window (no capacity measured at another time):
            // the share of the burst it was busy, less the share of that it spent refusing.
            const refusalShare = (m.windowShed * refusalMs) / 1000 / m.windowCpu;
            m.cpuShare = m.busy * (1 - refusalShare);
            // And the CPU a render took in the burst, against the closed loops around it: what a faster refusal cannot win back.
            m.renderMs = (m.windowCpu * 1000 * (1 - refusalShare)) / m.windowRenders;
            m.notOffered = m.load > 1 && m.offered / capacity < OFFERED_SHARE * m.load;
            results.push({ transport, capacity, ...m });
            rows.push([
              run,
              shapeName,
              `${m.load}× (${(m.offered / capacity).toFixed(1)}× offered${m.notOffered ? ': not an overload' : ''})`,
              m.loadAvg.toFixed(1),
              `${Math.round(capacity)} (${Math.round(capacityBefore.perSecond)} / ${Math.round(capacityAfter.perSecond)}; node's ${Math.round(nodeCapacity.perSecond)})`,
              Math.round(m.goodput),
              (m.goodput / capacity).toFixed(2),
              `${m.cpuShare.toFixed(2)} (busy ${m.busy.toFixed(2)}; ${m.windowShed} refused × ${Math.round(refusalMs * 1000)} µs; CPU a render ${m.renderMs.toFixed(1)} ms, ${cpuPerGrid.toFixed(1)} in the capacity runs)`,
              `${m.late} of ${m.pages}; requests ${m.exchangeLate}, ${m.answersLate} without PHP's wait for its core; ${m.serviceLate} by the service's clock`,
              m.pages - m.sent,
              m.shed,
              `${m.recovery.toFixed(2)} s (${m.recoveryPlanned.toFixed(2)} s after the planned end; ${m.emptyAfter} of ${m.tailPages} empty)`,
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
    `\nThe PHP client under overload (K = ${k === 'client' ? clientK() : k}): one service worker on core ${WORKER_CORE}; ${WORKERS} PHP workers (php/storefront-ssr.php, their counts shared) on core ${CLIENT_CORE}; the 48-card grid, a new shopper each page, X-Storefront-Timeout: ${TIMEOUT_MS}; each load for ${SECONDS} s, then ${RECOVERY} s at half the capacity.\n`,
  );
  console.log(markdownTable(['run', 'connections', 'load (what the PHP workers managed to offer)', 'load avg', 'capacity (grids/s, the PHP client: mean of before / after; node\'s client)', 'goodput', 'goodput ÷ capacity', 'the worker\'s core on pages with HTML, in the burst (busy share; refusals × their CPU each)', `pages that waited ${TIMEOUT_MS} ms; requests that did, and without PHP's wait for its core (answers after the deadline); answers the service wrote after it`, 'not sent (skipped by the throttle)', 'refused by the service', 'after the burst\'s last page: last page without HTML', 'longest wait for a PHP worker'], rows));
  for (const transport of Object.keys(SHAPES)) {
    for (const load of LOADS) {
      const of = results.filter((r) => r.transport === transport && r.load === load);
      const pick = (f) => spread(of.map(f), (x) => x.toFixed(2));
      const short = of.filter((r) => r.notOffered);
      if (short.length) {
        const offered = spread(short.map((r) => r.offered / r.capacity), (x) => `${x.toFixed(1)}×`);
        console.log(`${SHAPES[transport]}, ${load}×: NOT MEASURED in ${short.length} of ${of.length} runs: the ${WORKERS} PHP workers on one core offered only ${offered} the capacity, under ${OFFERED_SHARE * load}× (the service is faster than its client here); their ratios below say nothing about overload.`);
      }
      console.log(`${SHAPES[transport]}, ${load}×, over ${runs} runs: goodput ÷ capacity ${pick((r) => r.goodput / r.capacity)}; the worker's core on pages with HTML ${pick((r) => r.cpuShare)}; pages that waited the deadline ${of.reduce((n, r) => n + r.late, 0)}, answers after it ${of.reduce((n, r) => n + r.answersLate, 0)} (${of.reduce((n, r) => n + r.exchangeLate, 0)} with PHP's wait for its core; ${of.reduce((n, r) => n + r.serviceLate, 0)} by the service's clock); recovery ${pick((r) => r.recovery)} s.`);
    }
  }
}
