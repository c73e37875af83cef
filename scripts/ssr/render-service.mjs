/**
 * The render service as a node:http server (see scripts/ssr-server.mjs for
 * the routes and how it is run): renders each hook within the request's
 * budget, answers JSON, reports /health and stops gracefully.
 */
import { createServer } from 'node:http';
import { cacheKey, RenderCache, sizeOf } from './cache.mjs';
import { rateLimited, RequestReport } from './log.mjs';
import { oneLine, parseRenderRequest, readBody, RequestError } from './request.mjs';

export const DEFAULT_PORT = 13714;
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const DEFAULT_MAX_HOOKS = 500;
// Under the 200 ms the Laravel package waits (STOREFRONT_SSR_TIMEOUT), leaving it time to print the page.
export const DEFAULT_RENDER_BUDGET_MS = 150;
// Per worker: about 480 category grids of 48 cards (65 KB each).
export const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;
export const DEFAULT_LOG_LINES_PER_SECOND = 20;

const ANSWER_START = Buffer.from('{"html":[');
const ANSWER_END = Buffer.from(']}');
const COMMA = Buffer.from(',');
const EMPTY = Buffer.alloc(0);
const EMPTY_JSON = Buffer.from('""');
/**
 * A hook's result with its HTML as JSON bytes, ready for the answer. Their own
 * allocation, exactly their size: a small Buffer.from() would share (and, kept
 * in the cache, pin) an 8 KB pool slab.
 */
function withJson(result) {
  if (result.html === '') return { ...result, json: EMPTY_JSON };
  const text = JSON.stringify(result.html);
  const json = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  json.write(text);
  return { ...result, json };
}

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };

/**
 * The render service as a node:http server, not yet listening.
 * @param {object} options
 * @param {(widget: string, props: unknown, config?: unknown) => string} [options.render]
 *   a renderer that returns the HTML ('' when it cannot render); used when `renderHook` is not given
 * @param {(widget: string, props: unknown, config: unknown, limits: {deadline: number}) => HookResult} [options.renderHook]
 *   the renderer's structured form (dist/server/render.js `renderHook`): HTML, dropped fields, the reason for ''
 * @param {string} [options.renderVersion] the build's render version: part of the cache key
 * @param {number} [options.cacheBytes] render cache size in bytes, 0: off
 * @param {string[]} [options.widgets] the widget names, for /health
 * @param {number} [options.bodyLimit] bytes
 * @param {number} [options.maxHooks] hooks per request
 * @param {number} [options.renderTimeoutMs] render time per request: once spent, the hook being rendered and the rest are ''
 * @param {(line: string) => void} [options.log] one line per problem
 * @param {number} [options.logLinesPerSecond] more lines than this in a second are counted, not written
 * @param {(local: object) => Promise<object>} [options.health] the /health body from this process's figures (a cluster worker asks the others)
 */
export function createRenderService({
  render,
  renderHook,
  renderVersion = 'dev',
  cacheBytes = 0,
  widgets = [],
  bodyLimit = DEFAULT_BODY_LIMIT,
  maxHooks = DEFAULT_MAX_HOOKS,
  renderTimeoutMs = DEFAULT_RENDER_BUDGET_MS,
  log: write = (line) => console.error(`ssr: ${line}`),
  logLinesPerSecond = DEFAULT_LOG_LINES_PER_SECOND,
  health,
}) {
  const started = Date.now();
  const stats = { requests: 0, renders: 0, empty: 0, overBudget: 0 };
  const cache = new RenderCache(cacheBytes);
  const log = rateLimited(write, logLinesPerSecond);
  const renderOne = renderHook ?? ((widget, props, config) => ({ html: render(widget, props, config), dropped: [] }));
  let stopping = false;

  function send(res, status, body, headers = {}) {
    sendJson(res, status, JSON.stringify(body), headers);
  }

  function sendJson(res, status, json, headers = {}) {
    // Close the connection while stopping (so the server can exit) and when the
    // body was not read (an error answered early): never read a body just to drop it.
    const req = res.req;
    const bodyUnread = (Number(req.headers['content-length']) > 0 || 'transfer-encoding' in req.headers) && !req.complete;
    const close = stopping || bodyUnread ? { Connection: 'close' } : {};
    res.writeHead(status, { ...JSON_HEADERS, 'Content-Length': Buffer.byteLength(json), ...close, ...headers });
    res.end(json);
  }

  /** This process's figures, for /health. */
  function localHealth() {
    const memory = process.memoryUsage();
    return {
      pid: process.pid,
      uptime: Math.round((Date.now() - started) / 1000),
      ...stats,
      cache: cache.stats(),
      memory: { rss: memory.rss, heapUsed: memory.heapUsed, heapTotal: memory.heapTotal },
    };
  }

  /**
   * One hook as its JSON string in a Buffer (what goes into the answer), from
   * the cache or rendered; `used` holds the keys this request already took.
   * Cached as bytes: their size is exact, and a hit costs no JSON encoding.
   */
  function renderCached(hook, config, deadline, used) {
    const fresh = () => {
      const result = renderOne(hook.widget, hook.props, config, { deadline });
      if (typeof result?.html !== 'string') return { html: '', dropped: [], error: `render returned ${typeof result?.html}, not a string` };
      return result;
    };
    if (!cache.enabled) return withJson(fresh());
    const key = cacheKey(renderVersion, hook.widget, hook.props, config);
    // The same hook twice on one page renders twice: each copy needs its own element ids.
    const cached = used.has(key) ? undefined : cache.get(key);
    used.add(key);
    if (cached) return cached;
    const result = withJson(fresh());
    // Only the bytes are kept (not the HTML string as well), with the notes for the log line.
    if (result.json !== EMPTY_JSON && !result.error) cache.set(key, { json: result.json, dropped: result.dropped }, sizeOf(key, result));
    return result;
  }

  /**
   * One string per hook. Renders are synchronous: the budget is checked
   * before each hook and, by the renderer, inside a long one. What the
   * renderer says (dropped fields, a bad config key) is collected for the
   * request's one log line, not written once per field.
   */
  function renderHooks(hooks, config, report) {
    const start = performance.now();
    const deadline = start + renderTimeoutMs;
    const used = new Set();
    const { warn, error } = console;
    console.warn = console.error = (...args) => report.note(oneLine(args.map(String).join(' ').replace(/^\[storefront\] (render: )?/, '')));
    try {
      return hooks.map((hook, index) => {
        if (hook === null || typeof hook !== 'object' || typeof hook.widget !== 'string' || hook.widget === '') {
          report.leftEmpty(`hook ${index}: not a {"widget", "props"} object`);
          stats.empty++;
          return EMPTY_JSON;
        }
        const spent = performance.now() - start;
        if (spent >= renderTimeoutMs) {
          report.leftEmpty(`hook ${index} (${hook.widget}): render budget of ${renderTimeoutMs} ms spent (${Math.round(spent)} ms)`);
          stats.empty++;
          return EMPTY_JSON;
        }
        let result;
        try {
          result = renderCached(hook, config, deadline, used);
        } catch (thrown) {
          result = withJson({ html: '', dropped: [], error: `render threw ${oneLine(thrown)}` });
        }
        if (result.dropped?.length) report.drop(hook.widget, result.dropped);
        if (result.json === EMPTY_JSON) {
          if (result.overBudget) stats.overBudget++;
          const why = result.overBudget
            ? `render budget of ${renderTimeoutMs} ms spent while rendering (${Math.round(performance.now() - start)} ms)`
            : result.error ?? 'the renderer gave no HTML';
          report.leftEmpty(`hook ${index} (${hook.widget}): ${why}`);
          stats.empty++;
        } else stats.renders++;
        return result.json;
      });
    } finally {
      console.warn = warn;
      console.error = error;
    }
  }

  let nextId = 1;
  async function handle(req, res) {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/health') {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { error: 'use GET' }, { Allow: 'GET, HEAD' });
      const local = localHealth();
      const body = health ? await health(local) : combinedHealth([local]);
      return send(res, stopping ? 503 : 200, { status: stopping ? 'stopping' : 'ok', widgets: widgets.length, ...body });
    }
    if (path !== '/render') return send(res, 404, { error: `no route ${path}: POST /render or GET /health` });
    if (req.method !== 'POST') return send(res, 405, { error: 'use POST' }, { Allow: 'POST' });
    const type = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json') throw new RequestError(415, 'Content-Type must be application/json');
    const { config, hooks } = parseRenderRequest(await readBody(req, bodyLimit), maxHooks);
    const id = nextId++;
    const report = new RequestReport();
    const renderStart = performance.now();
    const parts = renderHooks(hooks, config, report);
    const renderMs = performance.now() - renderStart;
    stats.requests++;
    // {"html": [...]}, put together from each hook's JSON string.
    const pieces = [ANSWER_START];
    parts.forEach((part, i) => pieces.push(i ? COMMA : EMPTY, part));
    pieces.push(ANSWER_END);
    // The time spent rendering (or taking hooks from the cache), for the bench and the curious.
    sendJson(res, 200, Buffer.concat(pieces), { 'Server-Timing': `render;dur=${renderMs.toFixed(3)}` });
    const line = report.line(`request ${id}`, hooks.length);
    if (line) log(line);
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
  server.localHealth = localHealth;
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

/**
 * The /health body (without status and widgets) from the figures of each
 * process that answered: the sums at the top, each process in `perWorker`.
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
