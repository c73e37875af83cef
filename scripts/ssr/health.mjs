/**
 * The /health body from the figures of each worker that answered: the sums
 * at the top, each worker in `perWorker`.
 */

/**
 * @param {object[]} answered localHealth() of each worker
 * @param {{count: number, alive: number, restarts: number}} workers
 */
export function combinedHealth(answered, workers = { count: answered.length, alive: answered.length, restarts: 0 }) {
  const sum = (pick) => answered.reduce((total, one) => total + pick(one), 0);
  return {
    uptime: Math.max(0, ...answered.map((one) => one.uptime)),
    requests: sum((one) => one.requests),
    renders: sum((one) => one.renders),
    empty: sum((one) => one.empty),
    overBudget: sum((one) => one.overBudget),
    shed: sum((one) => one.shed ?? 0),
    left: sum((one) => one.left ?? 0),
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
