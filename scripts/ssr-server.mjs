#!/usr/bin/env node
/**
 * npm run ssr: the render service a PHP host calls to print island HTML into
 * its hooks (server rendering), the way Laravel's Inertia SSR server works.
 *
 *   npm run build && npm run ssr      listens on http://127.0.0.1:13714/
 *   SSR_PORT=13800 npm run ssr        another port (0: any free port)
 *
 * Environment: SSR_PORT (13714), SSR_BODY_LIMIT (bytes, 1048576),
 * SSR_MAX_HOOKS (500), SSR_RENDER_BUDGET_MS (150). Listens on 127.0.0.1
 * only: PHP-FPM on the same machine is the one client.
 *
 *   POST /render  {"config": {…page config…}, "hooks": [{"widget": "teaser-card", "props": {…}}, …]}
 *              →  200 {"html": ["…", …]}   one string per hook, same order
 *   GET /health →  200 {"status": "ok", "uptime": s, "widgets": n, "requests": n, "renders": n, "empty": n}
 *
 * A hook that cannot be rendered (unknown widget, bad props, a throwing
 * render, the request's render budget spent) is '' with one line on stderr
 * saying why; the page then gets the empty hook, which the client renders.
 * Errors: 400 malformed body, 404, 405, 413 body over the limit (answered
 * without reading the rest), 415 not JSON, 500; each a JSON {"error"}.
 * SIGTERM / SIGINT: stop accepting, finish the requests in flight, exit 0.
 *
 * `createRenderService()` (scripts/ssr/render-service.mjs, re-exported here)
 * builds the server (not listening) for tests; scripts/ssr/request.mjs reads
 * and checks the request body.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  createRenderService,
  DEFAULT_BODY_LIMIT,
  DEFAULT_MAX_HOOKS,
  DEFAULT_PORT,
  DEFAULT_RENDER_BUDGET_MS,
} from './ssr/render-service.mjs';
import { oneLine } from './ssr/request.mjs';

export { createRenderService, DEFAULT_BODY_LIMIT, DEFAULT_MAX_HOOKS, DEFAULT_PORT, DEFAULT_RENDER_BUDGET_MS };

function fail(message) {
  console.error(`ssr: ${message}`);
  process.exit(1);
}

function envInteger(name, fallback, min) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) fail(`${name}=${raw} is not an integer >= ${min}`);
  return value;
}

async function main() {
  const port = envInteger('SSR_PORT', DEFAULT_PORT, 0);
  if (port > 65535) fail(`SSR_PORT=${port} is not a port`);
  const rendererPath = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'server', 'render.js');
  if (!existsSync(rendererPath)) fail(`${rendererPath} is missing: run "npm run build" first`);
  const { render, widgets } = await import(pathToFileURL(rendererPath).href);
  if (typeof render !== 'function') fail(`${rendererPath} exports no render function: run "npm run build" again`);

  const names = Array.isArray(widgets) ? widgets : [];
  const server = createRenderService({
    render,
    widgets: names,
    bodyLimit: envInteger('SSR_BODY_LIMIT', DEFAULT_BODY_LIMIT, 1),
    maxHooks: envInteger('SSR_MAX_HOOKS', DEFAULT_MAX_HOOKS, 1),
    renderTimeoutMs: envInteger('SSR_RENDER_BUDGET_MS', DEFAULT_RENDER_BUDGET_MS, 1),
  });
  server.on('error', (error) => {
    fail(error.code === 'EADDRINUSE' ? `port ${port} is in use: another render service? set SSR_PORT` : oneLine(error));
  });
  server.listen(port, '127.0.0.1', () => {
    console.log(`Render service listening on http://127.0.0.1:${server.address().port}/ (${names.length} widgets)`);
  });

  let signalled = false;
  const shutdown = (signal) => {
    if (signalled) return;
    signalled = true;
    console.error(`ssr: ${signal}, finishing the requests in flight`);
    // A client that never finishes its request must not hold the exit forever.
    setTimeout(() => fail('requests still in flight after 10 s, exiting'), 10_000).unref();
    server.stop().then(() => process.exit(0));
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
