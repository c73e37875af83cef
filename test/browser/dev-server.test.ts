/**
 * `npm start` (node scripts/dev-server.mjs) as a newcomer runs it: a clean first
 * build, then the demo shop, whose API the demo server answers (the mock
 * backend in Node); `--page-mock` keeps the in-page MSW mode for static hosting.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: plain JS module without types
import { startDemoServer } from '../../demo-pages/server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const API_HEADERS = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

interface DevServer {
  url: string;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
}

let running: ChildProcess | undefined;

/** Stops the dev server and everything it started (its own process group). */
function stop(): Promise<void> {
  const child = running;
  running = undefined;
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  // 'close': exited, and every line it and its esbuild wrote is read.
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  kill('SIGTERM');
  const hard = setTimeout(() => kill('SIGKILL'), 5_000);
  return exited.finally(() => clearTimeout(hard));
}
process.once('exit', () => {
  try {
    if (running?.pid) process.kill(-running.pid, 'SIGKILL');
  } catch {
    // already gone
  }
});
afterEach(stop);

/** Runs `node scripts/dev-server.mjs` (npm start) on a free port until it prints the shop's URL. */
function startDevServer(...args: string[]): Promise<DevServer> {
  const port = args.includes('--port') ? [] : ['--port', '0'];
  const child = spawn(process.execPath, ['scripts/dev-server.mjs', ...port, ...args], {
    cwd: root,
    env: { ...process.env, PORT: '0', FORCE_COLOR: '0' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = child;
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL after 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Demo shop: (http:\/\/\S+\/)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ url, output: () => output });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before printing its URL:\n${output}`));
    });
  });
}

/** Lines a newcomer would read as a failure (esbuild marks its errors with ✘). */
const errorLines = (output: string) => output.split('\n').filter((line) => /error|✘/i.test(line));

describe('npm start', () => {
  it('builds without an error and serves the demo shop, the demo server answering the API', async () => {
    const dev = await startDevServer();

    const page = await fetch(dev.url, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-widget="product-grid"');
    expect(html, 'no in-page mock backend').not.toContain('/demo/mock.js');

    const cart = await fetch(new URL('/cart/retrieve', dev.url), { headers: API_HEADERS });
    expect(cart.status).toBe(200);
    expect(await cart.json()).toMatchObject({ CartQuantity: 0, cart_items: [] });

    // esbuild writes a build's problems before the URL is printed, on another pipe: read them all.
    await stop();
    expect(errorLines(dev.output())).toEqual([]);
  });

  it('with --page-mock the page answers the API itself (MSW), as on a static host', async () => {
    const dev = await startDevServer('--page-mock');

    const html = await (await fetch(dev.url, { headers: { Accept: 'text/html' } })).text();
    expect(html).toContain('<script type="module" src="/demo/mock.js"></script>');
    const worker = await fetch(new URL('/mockServiceWorker.js', dev.url));
    expect(worker.status).toBe(200);
    const cart = await fetch(new URL('/cart/retrieve', dev.url), { headers: API_HEADERS });
    expect(cart.headers.get('content-type'), 'the server does not answer the API').toContain('text/html');

    await stop();
    expect(errorLines(dev.output())).toEqual([]);
  });

  it('names a port in use and exits', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      const error: Error = await startDevServer('--port', String(port)).then(() => new Error('it started'), (e: Error) => e);
      expect(error.message).toMatch(/^exited with 1 before printing its URL/);
      expect(error.message).toContain(`\nPort ${port} is in use: stop what runs there, or pick another port (npm start -- --port 8080).\n`);
    } finally {
      blocker.close();
    }
  });
});

describe('the demo server answering the API (npm start)', () => {
  it('keeps the demo controls and the demo login working', async () => {
    const server: { url: string; close(): Promise<void> } = await startDemoServer({ port: 0, mock: 'server' });
    const page = async (path: string) => (await fetch(new URL(path, server.url), { headers: { Accept: 'text/html' } })).text();
    const api = (path: string, init: RequestInit = {}) => fetch(new URL(path, server.url), { ...init, headers: { ...API_HEADERS, ...init.headers } });
    const loggedIn = (html: string) => JSON.parse(/id="storefront-config">([^<]*)</.exec(html)![1]!).user.loggedIn;
    try {
      await page('/?reset=1&visitor=CA&fail=/recently-viewed:500,/cart/retrieve:network');
      expect(await (await api('/determine-user-country')).json()).toEqual({ country: 'CA', opt: true });
      expect((await api('/recently-viewed')).status).toBe(500);
      await expect(api('/cart/retrieve')).rejects.toThrow('fetch failed');
      // The next page load without controls has a healthy backend, the shop's state kept.
      await page('/');
      expect((await api('/recently-viewed')).status).toBe(200);
      expect((await (await api('/determine-user-country')).json()).country).toBe('CA');

      const login = await api('/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'a@b.c', password: 'cards4life' }) });
      expect(await login.json()).toMatchObject({ success: true });
      expect(loggedIn(await page('/user/logged-in'))).toBe(true);
      expect(loggedIn(await page('/?reset=1'))).toBe(false);
    } finally {
      await server.close();
    }
  });
});
