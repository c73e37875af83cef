/**
 * The render service's processes (node:cluster): the primary starts one
 * worker per core, each a whole render service on the one shared port;
 * restarts a worker that dies (waiting longer after each quick death, so a
 * worker that crashes at start does not spin); answers /health for all of
 * them; and on SIGTERM / SIGINT lets each finish its requests, then exits.
 */
import cluster, { type Worker } from 'node:cluster';
import { combinedHealth, type LocalHealth } from './health';

/** What the primary and its workers say to each other (ssr-server.ts speaks the worker's side). */
type Message =
  | { type: 'ready'; port: number; widgets: number }
  | { type: 'health-request'; id: number }
  | { type: 'health-collect'; id: number }
  | { type: 'health-local'; id: number; local: LocalHealth }
  | { type: 'health-answer'; id: number; body: object }
  | { type: 'stop' };

/** A worker that lived this long before dying is not part of a crash loop. */
export const STABLE_MS = 10_000;
export const MAX_RESTART_DELAY_MS = 10_000;
const HEALTH_TIMEOUT_MS = 1_000;

/** Wait before the n-th restart in a row of workers that died young: 0, 100 ms, 200 ms, 400 ms, … up to 10 s. */
export function restartDelay(quickDeaths: number): number {
  if (quickDeaths <= 1) return 0;
  return Math.min(MAX_RESTART_DELAY_MS, 100 * 2 ** (quickDeaths - 2));
}

/**
 * The primary. Resolves once the first `count` workers listen, with the port;
 * rejects when one of them exits before it listens (a missing or broken build).
 * `count` workers; `stopTimeoutMs`: after a signal, exit anyway after this long.
 */
export function runPrimary({
  count,
  log,
  stopTimeoutMs = 10_000,
}: {
  count: number;
  log: (line: string) => void;
  stopTimeoutMs?: number;
}): Promise<{ port: number; widgets: number; pids: number[] }> {
  const started = new Map<number, number>(); // worker id → start time
  let restarts = 0;
  let quickDeaths = 0;
  let stopping = false;
  let ready = false;
  const pendingHealth = new Map<number, { answers: LocalHealth[]; want: number; done: () => void }>(); // request id → {answers, want, done}
  let nextHealthId = 1;

  return new Promise((resolve, reject) => {
    let listening = 0;
    let firstReady: { type: 'ready'; port: number; widgets: number } | undefined;
    // A new connection goes to a worker waiting for one (the system's choice: SCHED_NONE), not handed over
    // by this process to each worker in turn (Node's default on Linux). PHP opens a connection per page, so
    // the handing over cost each page about 0.2 ms of this process and 0.25 ms more of the worker's, and in
    // turn gave a page to a worker busy with a render while another waited. NODE_CLUSTER_SCHED_POLICY still decides.
    if (!process.env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE;
    const fork = () => {
      const worker = cluster.fork();
      started.set(worker.id, Date.now());
      worker.on('message', (message: Message | undefined) => onMessage(worker, message));
    };

    const onMessage = (worker: Worker, message: Message | undefined) => {
      if (message?.type === 'ready' && !ready) {
        firstReady ??= message;
        if (++listening === count) {
          ready = true;
          resolve({ ...firstReady, pids: Object.values(cluster.workers ?? {}).map((w) => w?.process.pid) as number[] });
        }
      }
      if (message?.type === 'health-request') collectHealth(worker, message.id);
      if (message?.type === 'health-local') {
        const pending = pendingHealth.get(message.id);
        if (pending) {
          pending.answers.push(message.local);
          if (pending.answers.length === pending.want) pending.done();
        }
      }
    };

    /** Asks every worker for its figures; answers the asking worker with the sums, whoever answered within a second. */
    function collectHealth(asking: Worker, askingId: number) {
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w?.isConnected());
      const id = nextHealthId++;
      const pending = { answers: [] as LocalHealth[], want: workers.length, done: () => {} };
      pendingHealth.set(id, pending);
      const timer = setTimeout(() => pending.done(), HEALTH_TIMEOUT_MS);
      pending.done = () => {
        clearTimeout(timer);
        pendingHealth.delete(id);
        const alive = workers.length;
        const body = combinedHealth(
          pending.answers.sort((a, b) => a.pid - b.pid),
          { count, alive, restarts },
        );
        if (asking.isConnected()) asking.send({ type: 'health-answer', id: askingId, body } satisfies Message);
      };
      for (const worker of workers) worker.send({ type: 'health-collect', id } satisfies Message);
    }

    cluster.on('exit', (worker, code, signal) => {
      const lived = Date.now() - (started.get(worker.id) ?? Date.now());
      started.delete(worker.id);
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
        return;
      }
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (!ready) {
        reject(new Error(`a worker exited (${how}) before it listened`));
        return;
      }
      quickDeaths = lived < STABLE_MS ? quickDeaths + 1 : 1;
      const delay = restartDelay(quickDeaths);
      restarts++;
      log(`worker ${worker.process.pid} exited (${how}) after ${Math.round(lived / 1000)} s; starting another${delay ? ` in ${delay} ms` : ''}`);
      setTimeout(() => stopping || fork(), delay);
    });

    const shutdown = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      log(`${signal}, finishing the requests in flight`);
      setTimeout(() => {
        log(`requests still in flight after ${stopTimeoutMs / 1000} s, exiting`);
        for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
        process.exit(1);
      }, stopTimeoutMs).unref();
      const workers = Object.values(cluster.workers ?? {});
      if (workers.length === 0) process.exit(0);
      for (const worker of workers) if (worker?.isConnected()) worker.send({ type: 'stop' } satisfies Message);
    };
    process.on('SIGTERM', shutdown);
    process.on('SIGINT', shutdown);

    for (let i = 0; i < count; i++) fork();
  });
}

/**
 * In a worker: the /health body for the whole service, from the primary
 * (which asks every worker); this worker's own figures if the primary does not answer.
 */
export function workerHealth(): (local: LocalHealth) => Promise<object> {
  const pending = new Map<number, (body: object) => void>();
  let nextId = 1;
  process.on('message', (message: Message | undefined) => {
    if (message?.type === 'health-answer') pending.get(message.id)?.(message.body);
  });
  return (local) =>
    new Promise<object>((resolve) => {
      const id = nextId++;
      const timer = setTimeout(() => finish(combinedHealth([local])), 2 * HEALTH_TIMEOUT_MS);
      const finish = (body: object) => {
        clearTimeout(timer);
        pending.delete(id);
        resolve(body);
      };
      pending.set(id, finish);
      process.send?.({ type: 'health-request', id } satisfies Message);
    });
}
