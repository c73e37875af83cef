/**
 * The render service as a node:http server (see scripts/ssr-server.mjs for
 * the routes and how it is run): renders each hook within the request's
 * budget, answers JSON, reports /health and stops gracefully.
 */
import { createServer } from 'node:http';
import { oneLine, parseRenderRequest, readBody, RequestError } from './request.mjs';

export const DEFAULT_PORT = 13714;
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const DEFAULT_MAX_HOOKS = 500;
// Under the 200 ms the README's PHP helper waits, leaving it time to print the page.
export const DEFAULT_RENDER_BUDGET_MS = 150;

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };

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
