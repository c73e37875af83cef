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
 *                   wait for answers, as shoppers do not), in two shapes: on
 *                   keep-alive connections opened before, enough that none is
 *                   waited for (the PHP clients keep one per PHP worker);
 *                   and on a new connection per request, as curl opens them
 *                   (HTTP/1.1, closed by PHP after the answer), each against
 *                   the capacity measured in that shape: goodput (grids
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
import { connect } from 'node:net';
import { markdownTable, spread } from './common.mjs';

export const TIMEOUT_MS = 200;
export const WARM_UP = 2000;
export const WORKER_CORE = '0';
export const CLIENT_CORE = '1';
/**
 * Kept connections, as the PHP clients keep one per PHP worker (the Laravel package, php/storefront-ssr.php); a new one per
 * request, as curl opens them (STOREFRONT_SSR_KEEP_ALIVE=false, 'transport' => 'curl').
 */
const SHAPES = ['kept', 'new'];
const SHAPE_NAMES = { kept: 'kept (the PHP clients)', new: 'one per request (curl)' };

/** Pins every thread of `pid` to `cores` (taskset -a). */
export const pin = (pid, cores) => spawnSync('taskset', ['-a', '-cp', cores, String(pid)], { stdio: 'ignore' }).status === 0;

/** User + system CPU time of a process so far, in ms (/proc/PID/stat, clock ticks of 10 ms). */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The i-th grid request's body: the grid with shopper i's cart count, built from two fixed halves. */
export function gridBodies(grid) {
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
function post(agent, url, body, headers = HEADERS) {
  const queued = performance.now();
  let sent = queued;
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}render`,
      { method: 'POST', agent, headers: { ...headers, 'Content-Length': body.length } },
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

export const HEADERS = { 'Content-Type': 'application/json', 'X-Storefront-Timeout': String(TIMEOUT_MS), 'X-Storefront-Hooks': '1' };

/**
 * One POST /render on a new connection, as PHP's curl sends it (HTTP/1.1, no
 * Connection header, closed by the client once the answer is read): written
 * on a bare socket, since node's http client takes more CPU per connection than
 * this core has at 4× (its answers came late because the client was busy).
 * Same result as post(); the clock starts as the connection is opened.
 */
function postOnNewConnection(url, body, headers = HEADERS) {
  const { hostname, port } = new URL(url);
  const head = Buffer.from(`POST /render HTTP/1.1\r\nHost: ${hostname}:${port}\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}Content-Length: ${body.length}\r\n\r\n`);
  const sent = performance.now();
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = Buffer.alloc(0);
    let end = -1;
    socket.on('connect', () => socket.write(Buffer.concat([head, body])));
    socket.on('data', (chunk) => {
      answer = answer.length ? Buffer.concat([answer, chunk]) : chunk;
      const headEnd = answer.indexOf('\r\n\r\n');
      if (end < 0 && headEnd >= 0) {
        const head = answer.subarray(0, headEnd).toString('latin1');
        if (!/^HTTP\/1\.1 200 /.test(head)) return reject(new Error(head.split('\r\n')[0]));
        end = headEnd + 4 + Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1]);
      }
      if (end >= 0 && answer.length >= end) {
        socket.destroy();
        resolve({ size: end - answer.indexOf('\r\n\r\n') - 4, ms: performance.now() - sent, waited: 0 });
      }
    });
    socket.on('error', reject);
    socket.on('close', () => end < 0 && reject(new Error('closed before the answer')));
  });
}

/** An answer with the grid's HTML (an empty hook's answer is 11 bytes). */
const isHtml = (answer) => answer.size > 1000;

/** The pid of a process's parent (/proc/PID/stat). */
export const parentOf = (pid) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);

/**
 * `count` requests, `concurrency` at a time; the CPU over them of the worker
 * (`pids[0]`) and of every other process in `pids` (the primary, which takes
 * no part in a keep-alive connection's requests). `newConnections`: a new
 * connection per request, as PHP's clients open. `headers`: other request
 * headers (a deadline of 1 ms: every request refused).
 */
export async function closedLoop(url, pids, bodyOf, { count, concurrency, offset, newConnections = false, headers = HEADERS }) {
  const [workerPid] = pids;
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const send = newConnections ? (body) => postOnNewConnection(url, body, headers) : (body) => post(agent, url, body, headers);
  const answers = [];
  let next = 0;
  const cpu = cpuMs(workerPid);
  const cpuAll = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) answers.push(await send(bodyOf(offset + next++)));
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
 * answers do, as shoppers arrive. `newConnections`: each on a connection of
 * its own, as PHP opens them. Otherwise on keep-alive connections opened
 * before, enough that none is waited for while each waits at most the timeout
 * (Little's law, with half as many again); a request that still finds none
 * free waits here, as in FPM's queue, before PHP's clock starts; those are counted.
 */
async function openLoop(url, bodyOf, { rate, seconds, offset, newConnections = false }) {
  const connections = newConnections ? 0 : Math.ceil(1.5 * rate * (TIMEOUT_MS / 1000)) + 8;
  const agent = new Agent({ keepAlive: true, maxSockets: connections || 1, maxFreeSockets: connections || 1 });
  await Promise.all(Array.from({ length: connections }, () => post(agent, url, SMALL)));
  const send = newConnections ? (body) => postOnNewConnection(url, body) : (body) => post(agent, url, body);
  const pending = [];
  const total = Math.round(rate * seconds);
  const started = performance.now();
  let sent = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
      while (sent < due) pending.push(send(bodyOf(offset + sent++)).catch((error) => ({ error })));
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
 * The pids of a one-worker service's worker and its primary (CPU time counts both), once it has served
 * WARM_UP grids: the JIT and the connections, before measuring (the optimizing compiler's threads count in
 * the worker's CPU time, and after 300 grids they still added a quarter to the CPU per grid).
 */
export async function warmWorker(service, bodyOf, offset) {
  // The primary says its worker's pid on stderr right after it listens.
  while (!/pids \d+/.test(service.stderr())) await new Promise((resolve) => setTimeout(resolve, 20));
  const workerPid = Number(/pids (\d+)/.exec(service.stderr())[1]);
  const pids = [workerPid, parentOf(workerPid)];
  await closedLoop(service.url, pids, bodyOf, { count: WARM_UP, concurrency: 4, offset });
  return pids;
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
        const pids = await warmWorker(service, bodyOf, offset);
        const [workerPid] = pids;
        offset += WARM_UP;
        const load = loadavg()[0];
        for (const shape of SHAPES) {
          const newConnections = shape === 'new';
          const capacityBefore = await closedLoop(service.url, pids, bodyOf, { count: requests, concurrency: 4, offset, newConnections });
          offset += requests;
          const before = await (await fetch(`${service.url}health`)).json();
          const cpuBefore = cpuMs(workerPid);
          const overload = await openLoop(service.url, bodyOf, { rate: 4 * capacityBefore.perSecond, seconds: 5, offset, newConnections });
          const cpuOverload = cpuMs(workerPid) - cpuBefore;
          offset += overload.count;
          const after = await (await fetch(`${service.url}health`)).json();
          overload.stopped = after.overBudget - before.overBudget;
          // Measured again after: other processes on the machine take turns on the worker's core, and the
          // capacity it is compared with is the mean of the runs either side of it.
          const capacityAfter = await closedLoop(service.url, pids, bodyOf, { count: requests, concurrency: 4, offset, newConnections });
          offset += requests;
          const capacity = {
            perSecond: (capacityBefore.perSecond + capacityAfter.perSecond) / 2,
            cpuPerGrid: (capacityBefore.cpuPerGrid + capacityAfter.cpuPerGrid) / 2,
            cpuAllPerGrid: (capacityBefore.cpuAllPerGrid + capacityAfter.cpuAllPerGrid) / 2,
            range: [capacityBefore.perSecond, capacityAfter.perSecond],
          };
          // The share of its CPU the worker spent on grids answered in time, against the capacity run's CPU per grid:
          // the same ratio as goodput ÷ capacity when the worker has its core, measurable when others share it.
          overload.cpuShare = (overload.inTime * capacity.cpuPerGrid) / cpuOverload;
          results.push({ shape, capacity, overload, load });
          rows.push([
            run,
            SHAPE_NAMES[shape],
            load.toFixed(1),
            `${capacity.cpuPerGrid.toFixed(2)} ms${newConnections ? ` (${capacity.cpuAllPerGrid.toFixed(2)} with the primary)` : ''}`,
            `${Math.round(capacity.perSecond)} (${capacity.range.map(Math.round).join(' / ')})`,
            Math.round(overload.goodput),
            (overload.goodput / capacity.perSecond).toFixed(2),
            overload.cpuShare.toFixed(2),
            `${overload.late} of ${overload.count}${overload.late ? ` (max ${Math.round(overload.lateMax)} ms)` : ''}`,
            newConnections ? 'none kept' : `${overload.waited} (${overload.connections} open)`,
            overload.empty,
            overload.stopped,
            overload.failed,
          ]);
        }
      } finally {
        await service.stop();
      }
    }
  } finally {
    pin(process.pid, `0-${availableParallelism() - 1}`);
  }
  console.log(`\nPer core: one worker on core ${WORKER_CORE}, this client on core ${CLIENT_CORE}; the 48-card grid, a new shopper each request (cache on, never hit), X-Storefront-Timeout: ${TIMEOUT_MS}; overload: 4 × the capacity of the run and shape, open loop, for 5 s.\n`);
  console.log(markdownTable(['run', 'connections', 'load avg', 'CPU per grid (worker)', 'capacity (grids/s: mean of before / after)', 'goodput at 4×', 'goodput ÷ capacity', 'worker CPU on grids in time', `answers after ${TIMEOUT_MS} ms`, 'waited for a connection', 'answered empty', 'renders stopped at the deadline', 'failed'], rows));
  for (const shape of SHAPES) {
    const of = results.filter((r) => r.shape === shape);
    const pick = (f) => spread(of.map(f), (x) => x.toFixed(2));
    console.log(`\n${SHAPE_NAMES[shape]}, over ${runs} runs: CPU per grid ${pick((r) => r.capacity.cpuPerGrid)} ms; capacity ${pick((r) => r.capacity.perSecond)} grids/s; goodput ÷ capacity at 4× ${pick((r) => r.overload.goodput / r.capacity.perSecond)}; worker CPU on grids in time ${pick((r) => r.overload.cpuShare)}; answers after the deadline ${of.reduce((n, r) => n + r.overload.late, 0)}.`);
  }
}
