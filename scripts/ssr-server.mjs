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
 * `createRenderService()` builds the server (not listening) for tests.
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const DEFAULT_PORT = 13714;
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const DEFAULT_MAX_HOOKS = 500;
// Under the 200 ms the README's PHP helper waits, leaving it time to print the page.
export const DEFAULT_RENDER_BUDGET_MS = 150;

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };

/** A body the client must be told about; `status` is the HTTP answer. */
class RequestError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** One line, whatever the value: log lines are read by grep and journald. */
function oneLine(value) {
  const text = value instanceof Error ? `${value.name}: ${value.message}` : String(value);
  return text.replace(/\s*\n\s*/g, ' ').slice(0, 500);
}

/** Reads the body up to `limit` bytes; over it, stops reading and throws 413. */
function readBody(req, limit) {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) return Promise.reject(new RequestError(413, `body over the limit of ${limit} bytes`));
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    const onData = (chunk) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData).off('end', onEnd).pause();
        reject(new RequestError(413, `body over the limit of ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => resolve(Buffer.concat(chunks).toString('utf8'));
    const onClose = () => {
      if (!req.complete) reject(new RequestError(400, 'the client closed the connection before sending the whole body'));
    };
    req.on('data', onData).on('end', onEnd).on('close', onClose).on('error', () => {});
  });
}

/** The request body as `{config, hooks}`; anything else is a 400 with the reason. */
function parseRenderRequest(text, maxHooks) {
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    throw new RequestError(400, 'body is not valid JSON');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new RequestError(400, 'body must be an object {"config": {…}, "hooks": [{"widget", "props"}, …]}');
  }
  if (!Array.isArray(body.hooks)) throw new RequestError(400, 'field "hooks" must be an array of {"widget", "props"}');
  if (body.hooks.length > maxHooks) throw new RequestError(400, `${body.hooks.length} hooks, at most ${maxHooks} per request`);
  return { config: body.config, hooks: body.hooks };
}

/**
 * The render service as a node:http server, not yet listening.
 * @param {object} options
 * @param {(widget: string, props: unknown, config?: unknown) => string} options.render
 *   the renderer (dist/server/render.js): '' and its own console.error when it cannot render
 * @param {string[]} [options.widgets] the widget names, for /health
 * @param {number} [options.bodyLimit] bytes
 * @param {number} [options.maxHooks] hooks per request
 * @param {number} [options.renderTimeoutMs] render time per request: once spent, the request's remaining hooks are ''
 * @param {(line: string) => void} [options.log] one line per problem
 */
export function createRenderService({
  render,
  widgets = [],
  bodyLimit = DEFAULT_BODY_LIMIT,
  maxHooks = DEFAULT_MAX_HOOKS,
  renderTimeoutMs = DEFAULT_RENDER_BUDGET_MS,
  log = (line) => console.error(`ssr: ${line}`),
}) {
  const started = Date.now();
  const stats = { requests: 0, renders: 0, empty: 0 };
  let stopping = false;

  function send(res, status, body, headers = {}) {
    const json = JSON.stringify(body);
    // Close the connection while stopping (so the server can exit) and when the
    // body was not read (an error answered early): never read a body just to drop it.
    const req = res.req;
    const bodyUnread = (Number(req.headers['content-length']) > 0 || 'transfer-encoding' in req.headers) && !req.complete;
    const close = stopping || bodyUnread ? { Connection: 'close' } : {};
    res.writeHead(status, { ...JSON_HEADERS, 'Content-Length': Buffer.byteLength(json), ...close, ...headers });
    res.end(json);
  }

  /** One string per hook. Renders are synchronous: the budget is checked between them. */
  function renderHooks(hooks, config, requestId) {
    const start = performance.now();
    const html = hooks.map((hook, index) => {
      const where = `request ${requestId} hook ${index}`;
      if (hook === null || typeof hook !== 'object' || typeof hook.widget !== 'string' || hook.widget === '') {
        log(`${where}: not a {"widget", "props"} object, left empty`);
        return '';
      }
      const spent = performance.now() - start;
      if (spent >= renderTimeoutMs) {
        log(`${where} (${hook.widget}): render budget of ${renderTimeoutMs} ms spent (${Math.round(spent)} ms), left empty`);
        return '';
      }
      try {
        const out = render(hook.widget, hook.props, config);
        if (typeof out !== 'string') {
          log(`${where} (${hook.widget}): render returned ${typeof out}, not a string, left empty`);
          return '';
        }
        return out;
      } catch (error) {
        log(`${where} (${hook.widget}): render threw ${oneLine(error)}, left empty`);
        return '';
      }
    });
    for (const entry of html) {
      if (entry === '') stats.empty++;
      else stats.renders++;
    }
    return html;
  }

  let nextId = 1;
  async function handle(req, res) {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/health') {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { error: 'use GET' }, { Allow: 'GET, HEAD' });
      return send(res, stopping ? 503 : 200, {
        status: stopping ? 'stopping' : 'ok',
        uptime: Math.round((Date.now() - started) / 1000),
        widgets: widgets.length,
        ...stats,
      });
    }
    if (path !== '/render') return send(res, 404, { error: `no route ${path}: POST /render or GET /health` });
    if (req.method !== 'POST') return send(res, 405, { error: 'use POST' }, { Allow: 'POST' });
    const type = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json') throw new RequestError(415, 'Content-Type must be application/json');
    const { config, hooks } = parseRenderRequest(await readBody(req, bodyLimit), maxHooks);
    const html = renderHooks(hooks, config, nextId++);
    stats.requests++;
    send(res, 200, { html });
  }

  const server = createServer({ headersTimeout: 5_000, requestTimeout: 10_000 }, (req, res) => {
    handle(req, res).catch((error) => {
      if (error instanceof RequestError) {
        log(`${req.method} ${req.url}: ${error.status} ${error.message}`);
        if (!res.headersSent) send(res, error.status, { error: error.message });
        return;
      }
      log(`${req.method} ${req.url}: 500 ${oneLine(error)}`);
      if (res.headersSent) res.destroy();
      else send(res, 500, { error: 'render service error' });
    });
  });
  // A client sending `Expect: 100-continue` learns of a body over the limit before sending it.
  server.on('checkContinue', (req, res) => {
    if (Number(req.headers['content-length']) > bodyLimit) {
      log(`${req.method} ${req.url}: 413 body over the limit of ${bodyLimit} bytes`);
      send(res, 413, { error: `body over the limit of ${bodyLimit} bytes` });
      return;
    }
    res.writeContinue();
    server.emit('request', req, res);
  });
  server.on('clientError', (error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });
  server.on('close', () => (stopping = true));
  /** Stops accepting and resolves once the requests in flight are answered. */
  server.stop = () => {
    stopping = true;
    return new Promise((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
  };
  return server;
}

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
