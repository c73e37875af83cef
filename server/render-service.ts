/**
 * The render service as a node:http server (see ssr-server.ts for the
 * routes and how it is run): renders each hook before the caller's deadline
 * or not at all (deadline.ts), answers JSON, warms up before it says ok,
 * reports /health and stops gracefully. Its options: options.ts.
 */
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { answerPieces, emptyAnswer } from './answer';
import { RenderCache } from './cache';
import { countHooks } from './count-hooks';
import { deadlineOf, DEFAULT_TIMEOUT_MS, hookCountOf, HOOKS_HEADER, TIMEOUT_HEADER, timeoutOf } from './deadline';
import { combinedHealth, type LocalHealth } from './health';
import { hookRenderer, type CachedHook, type RenderOne } from './hooks';
import { warmUpRenders } from './warm-up';
import { rateLimited, RequestReport, shedSummary } from './log';
import { DEFAULT_BODY_LIMIT, DEFAULT_LOG_LINES_PER_SECOND, DEFAULT_MAX_HOOKS, DEFAULT_RENDER_BUDGET_MS, type RenderService, type RenderServiceOptions } from './options';
import { RenderQueue } from './render-queue';
import { RenderTimes } from './render-times';
import { oneLine, parseRenderRequest, readBody, RequestError } from './request';
import { sendJson as writeJson, staysOpen } from './respond';

export { combinedHealth };
export * from './options';

export const RENDER_VERSION_HEADER = 'x-storefront-render-version';
/** On an answer refused unrendered (every hook ''), why: `deadline`, `warming` or `version`. The PHP clients throttle themselves on it. */
export const SHED_HEADER = 'X-Storefront-Shed';
type ShedReason = 'deadline' | 'warming' | 'version';
/** The header's version when it is one (letters, digits, . _ -; at most 64), for the comparison and the log line. */
const versionOf = (value: unknown) => (typeof value === 'string' && /^[\w.-]{1,64}$/.test(value) ? value : undefined);

/** The render service as a node:http server, not yet listening. */
export function createRenderService({
  render,
  renderHook,
  renderVersion = 'dev',
  cacheBytes = 0,
  widgets = [],
  bodyLimit = DEFAULT_BODY_LIMIT,
  maxHooks = DEFAULT_MAX_HOOKS,
  renderTimeoutMs = DEFAULT_RENDER_BUDGET_MS,
  timeoutMs = DEFAULT_TIMEOUT_MS,
  warmUp: warmUpHooks = [],
  now = () => performance.now(),
  defer = setImmediate,
  renderTimes = new RenderTimes(),
  log: write = (line) => console.error(`ssr: ${line}`),
  logLinesPerSecond = DEFAULT_LOG_LINES_PER_SECOND,
  health,
}: RenderServiceOptions): RenderService {
  const started = Date.now();
  const stats = { requests: 0, renders: 0, empty: 0, overBudget: 0, shed: 0, left: 0, late: 0, connections: 0 };
  const cache = new RenderCache<CachedHook>(cacheBytes);
  const log = rateLimited(write, logLinesPerSecond);
  const renderOne: RenderOne = renderHook ?? ((widget, props, config) => ({ html: render!(widget, props, config), dropped: [] }));
  const queue = new RenderQueue({ now, defer });
  const shedLog = shedSummary(log);
  let stopping = false;
  let warm = warmUpHooks.length === 0;
  const warmUp = { renders: 0, ms: 0 };

  function send(res: ServerResponse, status: number, body: object, headers: OutgoingHttpHeaders = {}) {
    sendJson(res, status, JSON.stringify(body), headers);
  }

  /** `json`: a string, a Buffer, or Buffers written one after the other (respond.ts). */
  function sendJson(res: ServerResponse, status: number, json: string | Buffer | Buffer[], headers: OutgoingHttpHeaders = {}) {
    writeJson(res, status, json, headers, stopping);
  }

  /** This process's figures, for /health. */
  function localHealth(): LocalHealth {
    const memory = process.memoryUsage();
    return {
      pid: process.pid,
      uptime: Math.round((Date.now() - started) / 1000),
      ...stats,
      cache: cache.stats(),
      memory: { rss: memory.rss, heapUsed: memory.heapUsed, heapTotal: memory.heapTotal },
      warmUp,
    };
  }

  const renderHooks = hookRenderer({ renderOne, cache, renderVersion, renderTimeoutMs, now, stats });

  // Server-Timing: the time spent rendering (or taking hooks from the cache), for the bench and the curious.
  const answer = (res: ServerResponse, bytes: Buffer | Buffer[], renderMs: number) => sendJson(res, 200, bytes, { 'Server-Timing': `render;dur=${renderMs.toFixed(3)}` });

  /** Every hook '' at once, without rendering: the page renders them in the browser. */
  function answerEmpty(res: ServerResponse, count: number, why: string, reason: ShedReason = 'deadline') {
    stats.requests++;
    stats.shed++;
    stats.empty += count;
    shedLog(why);
    sendJson(res, 200, emptyAnswer(count), { 'Server-Timing': 'render;dur=0.000', [SHED_HEADER]: reason });
  }

  /** Renders and answers; whether every hook rendered (a render cut short says nothing of what a whole one takes). */
  function renderAndAnswer(res: ServerResponse, { id, config, hooks, body, deadline }: { id: number; config: unknown; hooks: unknown[]; body: Buffer; deadline: number }) {
    const report = new RequestReport();
    const renderStart = now();
    const parts = renderHooks(hooks, config, report, deadline, body);
    const renderMs = now() - renderStart;
    stats.requests++;
    answer(res, answerPieces(parts), renderMs);
    const line = report.line(`request ${id}`, hooks.length);
    if (line) log(line);
    return !report.emptyTotal;
  }

  let nextId = 1;
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const arrival = queue.arrival();
    queue.arrived();
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/health') {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { error: 'use GET' }, { Allow: 'GET, HEAD' });
      const local = localHealth();
      const body = health ? await health(local) : combinedHealth([local]);
      const status = stopping ? 'stopping' : warm ? 'ok' : 'warming';
      return send(res, status === 'ok' ? 200 : 503, { status, widgets: widgets.length, ...body });
    }
    if (path !== '/render') return send(res, 404, { error: `no route ${path}: POST /render or GET /health` });
    if (req.method !== 'POST') return send(res, 405, { error: 'use POST' }, { Allow: 'POST' });
    const type = String(req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json') throw new RequestError(415, 'Content-Type must be application/json');
    const timeout = timeoutOf(req.headers[TIMEOUT_HEADER], timeoutMs);
    const deadline = deadlineOf(arrival, timeout);
    // An answer handed to the system after the caller's whole timeout, by this clock: one PHP has stopped waiting for.
    res.once('finish', () => now() > arrival + timeout && stats.late++);
    // The render version of the bundle the page loads (the PHP clients send it): server HTML of another
    // build does not hydrate there, and a first tap on it would be lost, so every hook is '' at once and the
    // page renders them in the browser (a service not restarted after a deploy).
    const asked = versionOf(req.headers[RENDER_VERSION_HEADER]);
    const otherBuild = asked !== undefined && asked !== renderVersion;
    const refused = (cost: number) => {
      if (otherBuild) return true;
      if (warm && queue.fits(deadline, cost)) return false;
      if (warm && queue.length === 0) renderTimes.relax?.();
      return true;
    };
    const why = () =>
      otherBuild ? `the page loads the build of render version ${asked}, this service renders ${renderVersion}: restart it after a deploy` : warm ? 'its render would end after the deadline' : 'warming up';
    const reason: () => ShedReason = () => (otherBuild ? 'version' : warm ? 'deadline' : 'warming');
    // Under overload most requests end here. The caller said how many hooks and how many bytes: refused
    // unread, when the connection stays open to drop the rest of the body. One that closes after the answer
    // (PHP's streams transport: HTTP/1.0) is read first: closed with bytes unread, it would be reset, and
    // the reset can take the answer with it before the caller reads it.
    const said = hookCountOf(req.headers[HOOKS_HEADER], maxHooks);
    const declared = Number(req.headers['content-length']);
    if (said !== undefined && declared > 0 && declared <= bodyLimit && staysOpen(req) && refused(renderTimes.expected(declared))) return answerEmpty(res, said, why(), reason());
    const bytes = await readBody(req, bodyLimit);
    const cost = renderTimes.expected(bytes.length);
    if (refused(cost)) {
      // Counted without parsing the rest.
      const count = said ?? countHooks(bytes) ?? parseRenderRequest(bytes, maxHooks).hooks.length;
      if (count > maxHooks) throw new RequestError(400, `${count} hooks, at most ${maxHooks} per request`);
      return answerEmpty(res, count, why(), reason());
    }
    const { config, hooks } = parseRenderRequest(bytes, maxHooks);
    const request = { id: nextId++, config, hooks, body: bytes, deadline };
    let whole = false;
    const queued = queue.add({
      deadline,
      cost,
      gone: () => {
        const gone = res.destroyed || req.socket.destroyed;
        if (gone) stats.left++;
        return gone;
      },
      shed: () => answerEmpty(res, hooks.length, 'its deadline came too close while it waited'),
      run: () => {
        try {
          whole = renderAndAnswer(res, request);
        } catch (error) {
          fail(req, res, error);
        }
      },
      // What this request costs the queue: its render and the loop's other work until the next.
      took: (ms) => whole && renderTimes.record(bytes.length, ms),
    });
    if (!queued) answerEmpty(res, hooks.length, 'its render would end after the deadline');
  }

  function fail(req: IncomingMessage, res: ServerResponse, error: unknown) {
    if (error instanceof RequestError) {
      log(`${req.method} ${req.url}: ${error.status} ${error.message}`);
      if (!res.headersSent) send(res, error.status, { error: error.message });
      return;
    }
    log(`${req.method} ${req.url}: 500 ${oneLine(error)}`);
    if (res.headersSent) res.destroy();
    else send(res, 500, { error: 'render service error' });
  }

  const server = createServer({ headersTimeout: 5_000, requestTimeout: 10_000 }, (req, res) => {
    handle(req, res).catch((error) => fail(req, res, error));
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
  server.on('connection', () => {
    stats.connections++;
    queue.arrived();
  });
  server.on('clientError', (error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });
  server.on('close', () => (stopping = true));
  return Object.assign(server, {
    localHealth,
    /** Renders the warm-up hooks (warm-up.ts); /health says ok after, with how many and how long. */
    warmUp: async () => {
      const start = now();
      warmUp.renders = await warmUpRenders(warmUpHooks, { renderOne, renderTimes, now, log });
      warmUp.ms = Math.round(now() - start);
      warm = true;
    },
    /** Stops accepting and resolves once the requests in flight are answered. */
    stop: () => {
      stopping = true;
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
    },
  });
}
