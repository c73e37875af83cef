/**
 * npm run bench -- --only ssr --ssr-parts core: the render service per core,
 * as the budgets say it (DESIGN "Budgets"): one worker pinned to one core
 * (taskset), this client pinned to another, every request a new shopper (the
 * config's cart count differs, so the render cache cannot answer), the 48-card
 * grid as PHP sends it, with PHP's deadline (X-Storefront-Timeout: 200).
 *
 *   CPU per grid    the worker's CPU time (/proc, user + system) over a run,
 *                   per request: parse, render, JSON, hash and HTTP, end to end,
 *                   on keep-alive connections; and with a new connection per
 *                   request, as PHP's clients open them (the worker's and the
 *                   primary's CPU)
 *   capacity        grids answered per second with 4 requests in flight (the
 *                   worker never idle, nothing shed)
 *   at 4× overload  requests sent at 4 × that rate, open loop (arrivals do not
 *                   wait for answers, as shoppers do not; keep-alive
 *                   connections opened before, as PHP-FPM workers, enough
 *                   that none is waited for): goodput (grids
 *                   answered with HTML within 200 ms of being sent, per
 *                   second), its ratio to the capacity of the same run, answers
 *                   (with HTML or empty) after 200 ms, requests answered empty,
 *                   and the share of the worker's CPU spent on grids answered
 *                   in time (their count × the capacity run's CPU per grid ÷
 *                   the CPU it used): goodput ÷ capacity as the worker sees it,
 *                   which still says something when other processes take turns
 *                   on its core and the wall-clock figures swing
 *
 * Other processes on the machine share both cores: the load average is
 * printed with each run, and the ratios compare figures of one run.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { Agent, request } from 'node:http';
import { markdownTable, spread } from './common.mjs';

const TIMEOUT_MS = 200;
const WARM_UP = 2000;
const WORKER_CORE = '0';
const CLIENT_CORE = '1';

/** Pins every thread of `pid` to `cores` (taskset -a). */
const pin = (pid, cores) => spawnSync('taskset', ['-a', '-cp', cores, String(pid)], { stdio: 'ignore' }).status === 0;

/** User + system CPU time of a process so far, in ms (/proc/PID/stat, clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The i-th grid request's body: the grid with shopper i's cart count, built from two fixed halves. */
function gridBodies(grid) {
  const marker = '"@@cart-count@@"';
  const text = JSON.stringify({ config: { ...grid.config, cart: { count: '@@cart-count@@', errors: 0 } }, hooks: grid.hooks });
  const [head, tail] = text.split(marker).map((part) => Buffer.from(part));
  return (i) => Buffer.concat([head, Buffer.from(`"${i}"`), tail]);
}

/**
 * One POST /render; resolves with the answer's size, the time from taking a
 * connection to its last byte (PHP's clock starts when its worker sends, not
 * while the shopper waits for a free worker), and how long it waited for one.
 */
function post(agent, url, body) {
  const queued = performance.now();
  let sent = queued;
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}render`,
      { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': body.length, 'X-Storefront-Timeout': String(TIMEOUT_MS), 'X-Storefront-Hooks': '1' } },
      (res) => {
        // Read and dropped: the size is the one the service declares.
        const size = Number(res.headers['content-length']);
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve({ size, ms: performance.now() - sent, waited: sent - queued }) : reject(new Error(`status ${res.statusCode}`))));
      },
    );
    req.once('socket', () => (sent = performance.now()));
    req.on('error', reject);
    req.end(body);
  });
}

/** An answer with the grid's HTML (an empty hook's answer is 11 bytes). */
const isHtml = (answer) => answer.size > 1000;

/** The pid of a process's parent (/proc/PID/stat). */
const parentOf = (pid) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);

/**
 * `count` requests, `concurrency` at a time; the CPU over them of the worker
 * (`pids[0]`) and of every other process in `pids` (the primary, which takes
 * no part in a keep-alive connection's requests). `keepAlive: false`: a new
 * connection per request, as PHP's clients open.
 */
async function closedLoop(url, pids, bodyOf, { count, concurrency, offset, keepAlive = true }) {
  const [workerPid] = pids;
  const agent = new Agent({ keepAlive, maxSockets: concurrency });
  const answers = [];
  let next = 0;
  const cpu = cpuMs(workerPid);
  const cpuAll = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) answers.push(await post(agent, url, bodyOf(offset + next++)));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const cpuAllAfter = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  return { perSecond: answers.filter(isHtml).length / seconds, cpuPerGrid: (cpuMs(workerPid) - cpu) / count, cpuAllPerGrid: (cpuAllAfter - cpuAll) / count, empty: answers.filter((a) => !isHtml(a)).length };
}

const SMALL = Buffer.from(JSON.stringify({ hooks: [{ widget: 'search-bar', props: { variant: 'desktop' } }] }));

/**
 * Requests at `rate` a second for `seconds`, each sent on time whatever the
 * answers do, as shoppers arrive. As many keep-alive connections as PHP-FPM
 * workers, opened before (a burst of new ones would measure the connection
 * handling, not the renders): enough that none is waited for while each waits
 * at most the timeout (Little's law, with half as many again). A request
 * that still finds none free waits here, as in FPM's queue, before PHP's
 * clock starts; those are counted.
 */
async function openLoop(url, bodyOf, { rate, seconds, offset }) {
  const connections = Math.ceil(1.5 * rate * (TIMEOUT_MS / 1000)) + 8;
  const agent = new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  await Promise.all(Array.from({ length: connections }, () => post(agent, url, SMALL)));
  const pending = [];
  const total = Math.round(rate * seconds);
  const started = performance.now();
  let sent = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
      while (sent < due) pending.push(post(agent, url, bodyOf(offset + sent++)).catch((error) => ({ error })));
      if (sent < total) setTimeout(tick, 2);
      else resolve();
    };
    tick();
  });
  const sending = (performance.now() - started) / 1000;
  const answers = await Promise.all(pending);
  agent.destroy();
  const failed = answers.filter((a) => a.error).length;
  const ok = answers.filter((a) => !a.error);
  const inTime = ok.filter((a) => isHtml(a) && a.ms <= TIMEOUT_MS);
  return {
    connections,
    goodput: inTime.length / sending,
    inTime: inTime.length,
    late: ok.filter((a) => a.ms > TIMEOUT_MS).length,
    lateMax: Math.max(0, ...ok.filter((a) => a.ms > TIMEOUT_MS).map((a) => a.ms)),
    waited: ok.filter((a) => a.waited > 1).length,
    empty: ok.filter((a) => !isHtml(a)).length,
    failed,
    count: answers.length,
  };
}

/**
 * @param {object} options
 * @param {{config: unknown, hooks: unknown[]}} options.grid the 48-card grid request
 * @param {number} options.runs
 * @param {number} options.requests requests of each capacity run
 * @param {(env: object, pin?: string) => Promise<{url: string, stop: () => Promise<void>, stderr: () => string}>} options.startService
 */
export async function perCore({ grid, runs, requests, startService }) {
  if (availableParallelism() < 2 || !pin(process.pid, CLIENT_CORE)) {
    console.log('Per core: not measured (needs taskset and two cores).');
    return;
  }
  const bodyOf = gridBodies(grid);
  const rows = [];
  const results = [];
  let offset = 0;
  try {
    for (let run = 1; run <= runs; run++) {
      const service = await startService({ SSR_WORKERS: '1' }, WORKER_CORE);
      try {
        // The primary says its worker's pid on stderr right after it listens.
        while (!/pids \d+/.test(service.stderr())) await new Promise((resolve) => setTimeout(resolve, 20));
        const workerPid = Number(/pids (\d+)/.exec(service.stderr())[1]);
        const pids = [workerPid, parentOf(workerPid)];
        // The JIT and the connections, before measuring: the optimizing compiler's threads count in the
        // worker's CPU time, and after 300 grids they still added a quarter to the CPU per grid.
        await closedLoop(service.url, pids, bodyOf, { count: WARM_UP, concurrency: 4, offset });
        offset += WARM_UP;
        const load = loadavg()[0];
        const capacity = await closedLoop(service.url, pids, bodyOf, { count: requests, concurrency: 4, offset });
        offset += requests;
        const perConnection = await closedLoop(service.url, pids, bodyOf, { count: requests, concurrency: 4, offset, keepAlive: false });
        offset += requests;
        const before = await (await fetch(`${service.url}health`)).json();
        const cpuBefore = cpuMs(workerPid);
        const overload = await openLoop(service.url, bodyOf, { rate: 4 * capacity.perSecond, seconds: 5, offset });
        // The share of its CPU the worker spent on grids answered in time, against the capacity run's CPU per grid:
        // the same ratio as goodput ÷ capacity when the worker has its core, measurable when others share it.
        overload.cpuShare = (overload.inTime * capacity.cpuPerGrid) / (cpuMs(workerPid) - cpuBefore);
        offset += overload.count;
        const after = await (await fetch(`${service.url}health`)).json();
        overload.stopped = after.overBudget - before.overBudget;
        results.push({ capacity, perConnection, overload, load });
        rows.push([
          run,
          load.toFixed(1),
          `${capacity.cpuPerGrid.toFixed(2)} ms`,
          `${perConnection.cpuAllPerGrid.toFixed(2)} ms`,
          Math.round(capacity.perSecond),
          Math.round(overload.goodput),
          (overload.goodput / capacity.perSecond).toFixed(2),
          overload.cpuShare.toFixed(2),
          `${overload.late} of ${overload.count}${overload.late ? ` (max ${Math.round(overload.lateMax)} ms)` : ''}`,
          `${overload.waited} (${overload.connections} open)`,
          overload.empty,
          overload.stopped,
          overload.failed,
        ]);
      } finally {
        await service.stop();
      }
    }
  } finally {
    pin(process.pid, `0-${availableParallelism() - 1}`);
  }
  console.log(`\nPer core: one worker on core ${WORKER_CORE}, this client on core ${CLIENT_CORE}; the 48-card grid, a new shopper each request (cache on, never hit), X-Storefront-Timeout: ${TIMEOUT_MS}; overload: 4 × the run's capacity for 5 s, open loop.\n`);
  console.log(markdownTable(['run', 'load avg', 'CPU per grid', 'a connection per grid, as PHP (worker + primary)', 'capacity (grids/s)', 'goodput at 4×', 'goodput ÷ capacity', 'worker CPU on grids in time', `answers after ${TIMEOUT_MS} ms`, 'waited for a connection', 'answered empty', 'renders stopped at the deadline', 'failed'], rows));
  const pick = (f) => spread(results.map(f), (x) => x.toFixed(2));
  console.log(`\nOver ${runs} runs: CPU per grid ${pick((r) => r.capacity.cpuPerGrid)} ms (a connection per grid: ${pick((r) => r.perConnection.cpuAllPerGrid)} ms); capacity ${pick((r) => r.capacity.perSecond)} grids/s; goodput ÷ capacity ${pick((r) => r.overload.goodput / r.capacity.perSecond)}; worker CPU on grids in time ${pick((r) => r.overload.cpuShare)}; answers after the deadline ${results.reduce((n, r) => n + r.overload.late, 0)}.`);
}
