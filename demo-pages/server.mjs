/**
 * The demo server (npm start, browser tests, bench): static files for the
 * bundle and the demo assets, pages rendered by dist-demo/render.mjs, under a
 * strict Content-Security-Policy. By default the API calls never reach it:
 * the mock backend answers them in the page's service worker. With
 * `{ mock: 'server' }` (npm start, npm run bench) the same handlers answer
 * here instead, in Node, and the pages load no mock script: the page sees a
 * real backend. The demo controls (?reset, ?visitor, ?fail, ?delay) work in
 * both modes. The pages' field-data beacons go to the plain-PHP receiver, whose
 * report is at /field-report (field-data.mjs).
 *
 * `{ csp: 'strict' }` or `?csp=strict` on a page: the nonce-based policy with
 * Trusted Types a shop can send (STRICT_CSP; docs/embedding.md, "9. Content
 * Security Policy"), a fresh nonce on every page's scripts.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { basename, dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { answerFieldData } from './field-data.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The demo category page (the size report's page total) and the product page the bench uses. */
export const CATEGORY_PAGE = '/';
export const PRODUCT_PAGE = '/2025-26-topps-chrome-uefa-club-competitions-soccer';

export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "frame-src 'self'",
  "form-action 'self'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

/**
 * The nonce-based policy with Trusted Types: scripts run only with the
 * page's nonce (and what they load, 'strict-dynamic'); script sinks take
 * only values from the bundle's `storefront` policy. With the in-page mock
 * the demo's own mock script also makes a `default` policy that lets its
 * service worker (/mockServiceWorker.js) register, and nothing else: a shop's
 * header never names `default`.
 */
export function strictCsp(nonce, { mock = 'server' } = {}) {
  const strict = { 'script-src': `'nonce-${nonce}' 'strict-dynamic'`, 'base-uri': "'none'" };
  return [
    ...CSP.split('; ').map((directive) => {
      const name = directive.split(' ')[0];
      return Object.hasOwn(strict, name) ? `${name} ${strict[name]}` : directive;
    }),
    "require-trusted-types-for 'script'",
    `trusted-types storefront${mock === 'page' ? ' default' : ''}`,
  ].join('; ');
}

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
  '.html': 'text/html; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
};

const STATIC_ROOTS = [
  ['/build-react/', 'dist-react'],
  ['/build/', 'dist'],
  ['/demo/', 'dist-demo'],
  ['/demo/', 'demo-pages/public'],
];

/**
 * Text answers go out gzipped when the browser accepts it, as behind any
 * production web server (nginx's gzip): measured page weights are then the
 * shop's. Static files are compressed once per version.
 */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript)|image\/svg)/;
const gzipped = new Map();
function send(req, res, status, headers, body, cacheKey) {
  const type = String(headers['Content-Type'] ?? '');
  if (!COMPRESSIBLE.test(type) || !/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) || body.length < 1024) {
    res.writeHead(status, headers).end(body);
    return;
  }
  let zipped = cacheKey ? gzipped.get(cacheKey) : undefined;
  if (!zipped) {
    zipped = gzipSync(body, { level: 6 });
    if (cacheKey) gzipped.set(cacheKey, zipped);
  }
  res.writeHead(status, { ...headers, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' }).end(zipped);
}

async function tryFile(req, res, dir, rest) {
  const base = resolve(root, dir);
  const file = normalize(join(base, rest));
  if (!file.startsWith(base)) return false;
  try {
    const info = await stat(file);
    if (!info.isFile()) return false;
    const headers = { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' };
    // The build does not link its source maps from the files (build.mjs): DevTools finds them by this header.
    if (extname(file) === '.js' && (await stat(`${file}.map`).catch(() => null))) headers.SourceMap = `${basename(file)}.map`;
    send(req, res, 200, headers, await readFile(file), `${file}:${info.mtimeMs}`);
    return true;
  } catch {
    return false;
  }
}

function cookiesOf(req) {
  return Object.fromEntries(
    (req.headers.cookie ?? '')
      .split(';')
      .map((c) => c.trim().split('='))
      .filter(([k]) => k)
      .map(([k, ...v]) => [k, decodeURIComponent(v.join('='))]),
  );
}

const MAX_BODY = 1024 * 1024;

async function readForm(req) {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > MAX_BODY) throw new Error('form body too large');
  }
  return Object.fromEntries(new URLSearchParams(body));
}

/** Answers an API request with the Node mock backend; false when no handler matches. */
async function answerFromMock(api, req, res, url) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const chunks = [];
  let size = 0;
  if (hasBody) {
    for await (const chunk of req) {
      size += chunk.length;
      if (size > MAX_BODY) {
        res.writeHead(413).end('Request body too large');
        return true;
      }
      chunks.push(chunk);
    }
  }
  const body = hasBody ? Buffer.concat(chunks) : undefined;
  const response = await api.answer(new Request(url, { method: req.method, headers, body }));
  if (!response) return false;
  if (response.type === 'error') {
    // ?fail=…:network: the connection drops, as the browser sees a network error.
    req.socket.destroy();
    return true;
  }
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
  return true;
}

/** A built module, imported again only when its file changed (a rebuild), not on every request. */
const imported = new Map();
async function importWhenChanged(file) {
  const { mtimeMs } = await stat(file);
  const known = imported.get(file);
  if (known?.mtime === mtimeMs) return known.module;
  const module = await import(`${pathToFileURL(file).href}?t=${mtimeMs}`);
  imported.set(file, { mtime: mtimeMs, module });
  return module;
}

/**
 * The islands' server renderer (dist/server/render.js). Missing or broken,
 * the pages have empty hooks (client render), as a Blade page whose render
 * service is down; said once until it works again.
 */
let rendererMissing = false;
async function islandRenderer() {
  try {
    const { render } = await importWhenChanged(join(root, 'dist/server/render.js'));
    rendererMissing = false;
    return render;
  } catch (error) {
    if (!rendererMissing) console.error('Demo server: no server rendering (hooks stay empty):', error.message);
    rendererMissing = true;
    return undefined;
  }
}

/**
 * Options for tests:
 * - `dist`: where `/build/` is served from (default `dist/`; a test serves a
 *   copy it can delete, as a deploy would);
 * - `inject`: a classic script file included first in every page's head (with
 *   the page's nonce), served at /__inject.js (test/browser/engines);
 * - `beforeCode(path)`: awaited before a built JS file is answered, so a test
 *   can hold the island code on the server, in any engine;
 * - `fieldData`: `{ file, perMinute }` of the field-data receiver (field-data.mjs).
 */
export async function startDemoServer({ port = 0, host = '127.0.0.1', mock = 'page', csp = 'self', dist = 'dist', inject = undefined, beforeCode = undefined, fieldData = {} } = {}) {
  const staticRoots = STATIC_ROOTS.map(([prefix, dir]) => [prefix, prefix === '/build/' ? dist : dir]);
  const render = () => importWhenChanged(join(root, 'dist-demo/render.mjs'));
  const api = mock === 'server' ? await import(pathToFileURL(join(root, 'dist-demo/server-api.mjs')).href) : null;
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const path = decodeURIComponent(url.pathname);
      // API calls only: a navigation (the PayPal form post) gets the page, as from Laravel.
      const navigation = req.headers['sec-fetch-mode'] === 'navigate' || (req.headers.accept ?? '').includes('text/html');
      // The beacons and the field report, before the mock (which would read the body).
      if (await answerFieldData(req, res, fieldData)) return;
      if (api && !navigation && !/^\/(build|build-react|demo)\//.test(path) && (await answerFromMock(api, req, res, url))) return;
      if (path === '/mockServiceWorker.js') {
        if (await tryFile(req, res, 'dist-demo', 'mockServiceWorker.js')) return;
      }
      if (inject && path === '/__inject.js') {
        res.writeHead(200, { 'Content-Type': TYPES['.js'], 'Cache-Control': 'no-store' }).end(await readFile(inject));
        return;
      }
      if (beforeCode && /^\/build(-react)?\/.+\.js$/.test(path)) await beforeCode(path);
      for (const [prefix, dir] of staticRoots) {
        if (path.startsWith(prefix) && (await tryFile(req, res, dir, path.slice(prefix.length)))) return;
      }
      if (path.startsWith('/build') || path.startsWith('/demo/')) {
        res.writeHead(404).end('Not found');
        return;
      }
      const strict = (url.searchParams.get('csp') ?? csp) === 'strict';
      const nonce = strict ? randomBytes(16).toString('base64') : undefined;
      const policy = nonce ? strictCsp(nonce, { mock }) : CSP;
      const headers = { 'Content-Type': TYPES['.html'], 'Content-Security-Policy': policy, 'Cache-Control': 'no-store' };
      if (path === '/opt-in-localized') {
        const currency = url.searchParams.get('currency') === 'USDCAD' ? 'USDCAD' : 'USD';
        api?.backend.update((s) => Object.assign(s, { currency, currencyDecided: true }));
        res.writeHead(303, { Location: req.headers.referer ?? '/', 'Set-Cookie': `demo_currency=${currency}; Path=/; SameSite=Lax` });
        res.end();
        return;
      }
      api?.pageLoad(url.searchParams);
      const ctx = {
        path,
        query: url.searchParams,
        // With the mock here, the demo session is its state (as Laravel's would be).
        cookies: api ? { ...cookiesOf(req), ...api.session() } : cookiesOf(req),
        // ...and the page's config block carries what it knows, so a passive page view makes no API call.
        known: api?.pageState(),
        build: url.searchParams.get('build') === 'react' ? 'react' : 'preact',
        mock,
        nonce,
        renderIsland: await islandRenderer(),
      };
      const { renderPage, renderPaypalLanding } = await render();
      if (req.method === 'POST' && path === '/cart/checkout/paypal-express') {
        const page = renderPaypalLanding(ctx, await readForm(req));
        send(req, res, page.status, headers, page.html);
        return;
      }
      const page = renderPage(ctx);
      const html = inject ? page.html.replace('<head>', `<head><script src="/__inject.js"${nonce ? ` nonce="${nonce}"` : ''}></script>`) : page.html;
      send(req, res, page.status, headers, html);
    } catch (error) {
      console.error(error);
      res.writeHead(500).end('Demo server error');
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const url = `http://${host === '127.0.0.1' ? 'localhost' : host}:${address.port}/`;
  return { url, close: () => new Promise((resolve) => server.close(resolve)), server };
}
