#!/usr/bin/env node
/**
 * npm run ssr: the render service a PHP host calls to print island HTML into
 * its hooks (server rendering), the way Laravel's Inertia SSR server works.
 * The build bundles this file and the rest of server/ into one file with no
 * npm dependency, dist-server/ssr-server.mjs (and laravel/dist/ssr-server.mjs),
 * which finds its renderer at ../dist/server/render.js: that file is what
 * `npm run ssr` and `php artisan storefront:ssr` run.
 *
 *   npm run build && npm run ssr      listens on http://127.0.0.1:13714/
 *   SSR_PORT=13800 npm run ssr        another port (0: any free port)
 *
 * Environment: SSR_PORT (13714), SSR_WORKERS (one per core), SSR_CACHE_BYTES
 * (per worker, 33554432; 0: no cache), SSR_BODY_LIMIT (bytes, 1048576),
 * SSR_MAX_HOOKS (500), SSR_RENDER_BUDGET_MS (150), SSR_LOG_LINES_PER_SECOND
 * (20 per worker). Listens on 127.0.0.1 only: PHP-FPM on the same machine is
 * the one client. Each worker (node:cluster) is a whole service on the one
 * port; one that dies is started again (workers.ts).
 *
 *   POST /render  {"config": {…page config…}, "hooks": [{"widget": "teaser-card", "props": {…}}, …]}
 *              →  200 {"html": ["…", …]}   one string per hook, same order
 *   GET /health →  200 {"status": "ok", "uptime": s, "widgets": n, "requests": n, "renders": n, "empty": n,
 *                       "cache": {…}, "memory": {…}, "workers": {…}, "perWorker": […]}   all workers summed
 *
 * A hook that cannot be rendered (unknown widget, bad props, a throwing
 * render, the request's render budget spent) is ''; the page then gets the
 * empty hook, which the client renders. A request with something to say
 * (hooks left empty and why, fields dropped from props, counted by widget and
 * field) logs one line on stderr.
 * Errors: 400 malformed body, 404, 405, 413 body over the limit (answered
 * without reading the rest), 415 not JSON, 500; each a JSON {"error"}.
 * SIGTERM / SIGINT: stop accepting, finish the requests in flight, exit 0
 * (after 10 s: exit 1 anyway).
 *
 * `createRenderService()` (render-service.ts, re-exported here) builds the
 * server (not listening) for tests; request.ts reads and checks the request body.
 */
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  createRenderService,
  DEFAULT_BODY_LIMIT,
  DEFAULT_CACHE_BYTES,
  DEFAULT_LOG_LINES_PER_SECOND,
  DEFAULT_MAX_HOOKS,
  DEFAULT_PORT,
  DEFAULT_RENDER_BUDGET_MS,
} from './render-service';
import { oneLine } from './request';
import { runPrimary, workerHealth } from './workers';

export { createRenderService, DEFAULT_BODY_LIMIT, DEFAULT_CACHE_BYTES, DEFAULT_MAX_HOOKS, DEFAULT_PORT, DEFAULT_RENDER_BUDGET_MS };
export type { HookResult, RenderService, RenderServiceOptions } from './render-service';

const STOP_TIMEOUT_MS = 10_000;
const rendererPath = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'server', 'render.js');

function fail(message: string): never {
  console.error(`ssr: ${message}`);
  process.exit(1);
}

function envInteger(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) fail(`${name}=${raw} is not an integer >= ${min}`);
  return value;
}

function settings() {
  const port = envInteger('SSR_PORT', DEFAULT_PORT, 0);
  if (port > 65535) fail(`SSR_PORT=${port} is not a port`);
  return {
    port,
    workers: envInteger('SSR_WORKERS', availableParallelism(), 1),
    cacheBytes: envInteger('SSR_CACHE_BYTES', DEFAULT_CACHE_BYTES, 0),
    bodyLimit: envInteger('SSR_BODY_LIMIT', DEFAULT_BODY_LIMIT, 1),
    maxHooks: envInteger('SSR_MAX_HOOKS', DEFAULT_MAX_HOOKS, 1),
    renderTimeoutMs: envInteger('SSR_RENDER_BUDGET_MS', DEFAULT_RENDER_BUDGET_MS, 1),
    logLinesPerSecond: envInteger('SSR_LOG_LINES_PER_SECOND', DEFAULT_LOG_LINES_PER_SECOND, 1),
  };
}

async function primary() {
  const { workers } = settings();
  if (!existsSync(rendererPath)) fail(`${rendererPath} is missing: run "npm run build" first`);
  try {
    const { port, widgets, pids } = await runPrimary({ count: workers, log: (line) => console.error(`ssr: ${line}`), stopTimeoutMs: STOP_TIMEOUT_MS });
    // This line as it always was: hosts (the Laravel package's storefront:ssr) read it.
    console.log(`Render service listening on http://127.0.0.1:${port}/ (${widgets} widgets)`);
    console.error(`ssr: ${workers} worker${workers === 1 ? '' : 's'} (SSR_WORKERS), pids ${pids.join(', ')}`);
  } catch (error) {
    fail((error as Error).message);
  }
}

async function worker() {
  const { port, workers: _, ...options } = settings();
  const renderer = await import(pathToFileURL(rendererPath).href);
  const { render, renderHook, renderVersion, widgets, warmUp } = renderer;
  if (typeof render !== 'function') fail(`${rendererPath} exports no render function: run "npm run build" again`);

  const names = Array.isArray(widgets) ? widgets : [];
  const server = createRenderService({
    render,
    renderHook: typeof renderHook === 'function' ? renderHook : undefined,
    renderVersion: typeof renderVersion === 'string' ? renderVersion : undefined,
    widgets: names,
    warmUp: Array.isArray(warmUp) ? warmUp : [],
    ...options,
    // Request numbers are per worker: the pid tells the workers' lines apart.
    log: (line) => console.error(`ssr[${process.pid}]: ${line}`),
    health: workerHealth(),
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    fail(error.code === 'EADDRINUSE' ? `port ${port} is in use: another render service? set SSR_PORT` : oneLine(error));
  });
  // Warm before taking traffic: the primary hands connections only to workers that listen.
  await server.warmUp();
  server.listen(port, '127.0.0.1', () => {
    process.send?.({ type: 'ready', port: (server.address() as AddressInfo).port, widgets: names.length });
  });

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // A client that never finishes its request must not hold the exit forever.
    setTimeout(() => fail(`requests still in flight after ${STOP_TIMEOUT_MS / 1000} s, exiting`), STOP_TIMEOUT_MS).unref();
    server.stop().then(() => process.exit(0));
  };
  process.on('message', (message: { type?: string; id?: number } | undefined) => {
    if (message?.type === 'stop') stop();
    if (message?.type === 'health-collect') process.send?.({ type: 'health-local', id: message.id, local: server.localHealth() });
  });
  // Ctrl-C reaches the whole process group: the primary says "stop" as well.
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (cluster.isPrimary) await primary();
  else await worker();
}
