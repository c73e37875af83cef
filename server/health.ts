/**
 * The /health body from the figures of each worker that answered: the sums
 * at the top, each worker in `perWorker`.
 */

import type { CacheStats } from './cache';

/** One worker's figures (render-service.ts localHealth). */
export interface LocalHealth {
  pid: number;
  uptime: number;
  requests: number;
  renders: number;
  empty: number;
  overBudget: number;
  shed?: number;
  left?: number;
  late?: number;
  connections?: number;
  cache: CacheStats;
  memory: { rss: number; heapUsed: number; heapTotal?: number };
  warmUp?: { renders: number; ms: number };
}

/** How many workers the primary runs, how many are alive, how many it started again. */
export interface WorkerCounts {
  count: number;
  alive: number;
  restarts: number;
}

/** `answered`: localHealth() of each worker. */
export function combinedHealth(answered: LocalHealth[], workers: WorkerCounts = { count: answered.length, alive: answered.length, restarts: 0 }) {
  const sum = (pick: (one: LocalHealth) => number) => answered.reduce((total, one) => total + pick(one), 0);
  return {
    uptime: Math.max(0, ...answered.map((one) => one.uptime)),
    requests: sum((one) => one.requests),
    renders: sum((one) => one.renders),
    empty: sum((one) => one.empty),
    overBudget: sum((one) => one.overBudget),
    shed: sum((one) => one.shed ?? 0),
    left: sum((one) => one.left ?? 0),
    late: sum((one) => one.late ?? 0),
    connections: sum((one) => one.connections ?? 0),
    cache: {
      hits: sum((one) => one.cache.hits),
      misses: sum((one) => one.cache.misses),
      bytes: sum((one) => one.cache.bytes),
      entries: sum((one) => one.cache.entries),
      evictions: sum((one) => one.cache.evictions),
      limitBytes: sum((one) => one.cache.limitBytes),
    },
    memory: { rss: sum((one) => one.memory.rss), heapUsed: sum((one) => one.memory.heapUsed) },
    workers: { ...workers, answered: answered.length },
    perWorker: answered,
  };
}
