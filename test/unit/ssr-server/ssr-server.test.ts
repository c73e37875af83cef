// @vitest-environment node
/**
 * The render service (scripts/ssr-server.mjs) over real HTTP on 127.0.0.1,
 * with a fake renderer that keeps the renderer's contract: a string per
 * hook, '' and one console.error when it cannot render.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo, Socket } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http as mswHttp, passthrough } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server as mockBackend } from '../../../demo-pages/mock/node';
import { createRenderService, type RenderService, type RenderServiceOptions } from '../../../scripts/ssr-server.mjs';

interface Card {
  title?: unknown;
  price?: unknown;
}

function busyWait(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

/** The renderer's contract: a string; '' plus one console.error for an unknown widget or bad props. */
function fakeRender(widget: string, props: unknown, config?: unknown): string {
  const p = (props ?? {}) as Card & { ms?: number };
  const symbol = (config as { region?: { symbol?: string } } | undefined)?.region?.symbol ?? '$';
  switch (widget) {
    case 'card':
      if (typeof p.title !== 'string') {
        console.error('teaser-card: field "title" must be a string');
        return '';
      }
      return `<h3>${p.title}</h3><p>${symbol}${String(p.price)}</p>`;
    case 'slow':
      busyWait(p.ms ?? 0);
      return '<p>slow</p>';
    default:
      console.error(`unknown widget "${widget}"`);
      return '';
  }
}

let service: RenderService | undefined;
let base = '';
let logs: string[] = [];

async function start(options: Partial<RenderServiceOptions> = {}) {
  logs = [];
  service = createRenderService({ render: fakeRender, widgets: ['card', 'slow'], log: (line) => logs.push(line), ...options });
  await new Promise<void>((resolve) => service!.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
}

beforeEach(() => {
  // The unit project's mock backend would answer every request: let these reach the service.
  mockBackend.use(mswHttp.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()));
});
afterEach(async () => {
  await service?.stop();
  service = undefined;
});

async function renderHooks(body: unknown, init: RequestInit = {}) {
  const response = await fetch(`${base}/render`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

async function health() {
  const response = await fetch(`${base}/health`);
  return { status: response.status, body: await response.json() };
}

/** Writes raw HTTP to the service and resolves with everything it answers until it closes. */
function rawExchange(head: string, onOpen?: (write: (data: string) => boolean, socket: Socket) => void): Promise<string> {
  const { port } = service!.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('connect', () => {
      socket.write(head);
      onOpen?.((data) => !socket.destroyed && socket.write(data), socket);
    });
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
  });
}

describe('POST /render', () => {
  it('answers one HTML string per hook, in order, with the page config, keeping the connection', async () => {
    await start();
    const { status, headers, body } = await renderHooks({
      config: { region: { symbol: 'C$' } },
      hooks: [
        { widget: 'card', props: { title: 'Box A', price: '13.70' } },
        { widget: 'card', props: { title: 'Box B', price: '27.40' } },
      ],
    });
    expect(status).toBe(200);
    expect(headers.get('connection')).toBe('keep-alive');
    expect(body).toEqual({ html: ['<h3>Box A</h3><p>C$13.70</p>', '<h3>Box B</h3><p>C$27.40</p>'] });
    expect(logs).toEqual([]);
  });

  it('answers 100 requests in parallel, each with its own HTML', async () => {
    await start();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        renderHooks({ hooks: [{ widget: 'card', props: { title: `Box ${i}`, price: i } }, { widget: 'slow', props: { ms: 1 } }] }),
      ),
    );
    answers.forEach((answer, i) => {
      expect(answer.status).toBe(200);
      expect(answer.body.html).toEqual([`<h3>Box ${i}</h3><p>$${i}</p>`, '<p>slow</p>']);
    });
    expect((await health()).body).toMatchObject({ status: 'ok', requests: 100, renders: 200, empty: 0 });
  }, 30_000);

  it('bad props: that hook is empty with the reason logged, the others render, the next request is fine', async () => {
    await start();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { status, body } = await renderHooks({
      hooks: [
        { widget: 'card', props: { title: 42 } },
        { widget: 'card', props: { title: 'Box A', price: 1 } },
        { widget: 'no-such-widget', props: {} },
      ],
    });
    expect(status).toBe(200);
    expect(body.html).toEqual(['', '<h3>Box A</h3><p>$1</p>', '']);
    expect(errors.mock.calls).toEqual([['teaser-card: field "title" must be a string'], ['unknown widget "no-such-widget"']]);
    expect((await renderHooks({ hooks: [{ widget: 'card', props: { title: 'Box B', price: 2 } }] })).body.html).toEqual(['<h3>Box B</h3><p>$2</p>']);
    expect((await health()).body).toMatchObject({ requests: 2, renders: 2, empty: 2 });
  });

  it('a hook that is not {widget, props} is empty, with one line logged', async () => {
    await start();
    const { status, body } = await renderHooks({ hooks: [7, { props: {} }, { widget: 'card', props: { title: 'A', price: 1 } }] });
    expect(status).toBe(200);
    expect(body.html).toEqual(['', '', '<h3>A</h3><p>$1</p>']);
    expect(logs).toEqual([
      'request 1 hook 0: not a {"widget", "props"} object, left empty',
      'request 1 hook 1: not a {"widget", "props"} object, left empty',
    ]);
  });

  it('a render that throws (against its contract) is empty, with its message logged on one line', async () => {
    const render = (widget: string) => {
      if (widget === 'bad') throw new TypeError('cannot read "title"\n    at TeaserCard (card.js:1:1)');
      return '<p>ok</p>';
    };
    await start({ render });
    expect((await renderHooks({ hooks: [{ widget: 'bad' }, { widget: 'good' }] })).body.html).toEqual(['', '<p>ok</p>']);
    expect(logs).toEqual(['request 1 hook 0 (bad): render threw TypeError: cannot read "title" at TeaserCard (card.js:1:1), left empty']);
  });

  it('a slow render: once the request budget is spent, its remaining hooks are empty, logged; the next request has its own budget', async () => {
    await start({ renderTimeoutMs: 200 });
    const slow = { widget: 'slow', props: { ms: 120 } };
    const card = { widget: 'card', props: { title: 'A', price: 1 } };
    const { status, body } = await renderHooks({ hooks: [slow, slow, slow, card] });
    expect(status).toBe(200);
    // The second render starts at ~120 ms, within the budget; at ~240 ms the budget is spent.
    expect(body.html).toEqual(['<p>slow</p>', '<p>slow</p>', '', '']);
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatch(/^request 1 hook 2 \(slow\): render budget of 200 ms spent \(\d+ ms\), left empty$/);
    expect(logs[1]).toMatch(/^request 1 hook 3 \(card\): render budget of 200 ms spent/);
    expect((await renderHooks({ hooks: [card, slow] })).body.html).toEqual(['<h3>A</h3><p>$1</p>', '<p>slow</p>']);
  });

  it.each<[string, string, RegExp]>([
    ['not JSON', '{"hooks": [', /not valid JSON/],
    ['not an object', '[1, 2]', /body must be an object/],
    ['no hooks list', '{"config": {}}', /"hooks" must be an array/],
    ['hooks not a list', '{"hooks": {"widget": "card"}}', /"hooks" must be an array/],
  ])('a malformed body (%s) is a 400 with the reason, logged', async (_, text, reason) => {
    await start();
    const { status, body } = await renderHooks(text);
    expect(status).toBe(400);
    expect(body.error).toMatch(reason);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(reason);
    expect((await health()).status).toBe(200);
  });

  it('more hooks than allowed is a 400', async () => {
    await start({ maxHooks: 3 });
    const hook = { widget: 'card', props: { title: 'A' } };
    const { status, body } = await renderHooks({ hooks: [hook, hook, hook, hook] });
    expect(status).toBe(400);
    expect(body.error).toBe('4 hooks, at most 3 per request');
    expect((await renderHooks({ hooks: [hook, hook, hook] })).status).toBe(200);
  });

  it('a body that is not JSON by its Content-Type is a 415', async () => {
    await start();
    const { status, body } = await renderHooks({ hooks: [] }, { headers: { 'Content-Type': 'text/plain' } });
    expect(status).toBe(415);
    expect(body.error).toBe('Content-Type must be application/json');
    expect((await renderHooks({ hooks: [] }, { headers: { 'Content-Type': 'application/json; charset=utf-8' } })).status).toBe(200);
  });

  it('wrong method is a 405 naming the allowed one; an unknown path is a 404', async () => {
    await start();
    const get = await fetch(`${base}/render`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(await get.json()).toEqual({ error: 'use POST' });
    const post = await fetch(`${base}/health`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const missing = await fetch(`${base}/renders`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toMatch(/POST \/render/);
  });

  it('an unexpected error while handling is a 500 JSON, and the service keeps serving', async () => {
    // Something thrown that cannot even be printed breaks the handler itself.
    const unprintable = {
      toString() {
        throw new Error('cannot print');
      },
    };
    await start({ render: () => { throw unprintable; } });
    const { status, body } = await renderHooks({ hooks: [{ widget: 'card' }] });
    expect(status).toBe(500);
    expect(body).toEqual({ error: 'render service error' });
    expect(logs).toEqual(['POST /render: 500 Error: cannot print']);
    expect((await health()).body.status).toBe('ok');
  });
});

describe('body size limit', () => {
  const headOf = (length: number | 'chunked', expect100 = false) =>
    'POST /render HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
    (length === 'chunked' ? 'Transfer-Encoding: chunked\r\n' : `Content-Length: ${length}\r\n`) +
    (expect100 ? 'Expect: 100-continue\r\n' : '') +
    '\r\n';

  it('a declared length over the limit is a 413 before any of the body is sent, and the connection is closed', async () => {
    await start({ bodyLimit: 4096 });
    // Only the head is written: the answer comes without the service waiting for the body.
    const answer = await rawExchange(headOf(5000));
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toContain('{"error":"body over the limit of 4096 bytes"}');
    expect(logs).toEqual(['POST /render: 413 body over the limit of 4096 bytes']);
    expect((await health()).body.status).toBe('ok');
  });

  it('a chunked body growing over the limit is a 413 while it is still being sent; reading stops', async () => {
    await start({ bodyLimit: 4096 });
    const chunk = `400\r\n${'x'.repeat(1024)}\r\n`;
    let sent = 0;
    let timer: ReturnType<typeof setInterval> | undefined;
    const answer = await rawExchange(headOf('chunked'), (write) => {
      // Up to 1000 KB, 1 KB every 5 ms: far more than the limit, unless the service stops it.
      timer = setInterval(() => {
        if (sent < 1000 && write(chunk)) sent++;
      }, 5);
    });
    clearInterval(timer);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(sent).toBeGreaterThan(4);
    expect(sent).toBeLessThan(100);
    expect((await renderHooks({ hooks: [{ widget: 'card', props: { title: 'A', price: 1 } }] })).body.html).toEqual(['<h3>A</h3><p>$1</p>']);
  });

  it('an error answered before the body is read (415) closes the connection instead of reading the rest', async () => {
    await start();
    const answer = await rawExchange(headOf(1_000_000).replace('application/json', 'text/plain'));
    expect(answer).toMatch(/^HTTP\/1\.1 415 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
  });

  it('a client that disconnects in the middle of its body is logged, and the service keeps serving', async () => {
    await start();
    await rawExchange(headOf(1000), (write, socket) => {
      write('{"hooks": [');
      setTimeout(() => socket.destroy(), 20);
    });
    await vi.waitFor(() => expect(logs).toEqual(['POST /render: 400 the client closed the connection before sending the whole body']));
    expect((await health()).body.status).toBe('ok');
  });

  it('with Expect: 100-continue, a body over the limit is refused instead of continued', async () => {
    await start({ bodyLimit: 4096 });
    const answer = await rawExchange(headOf(5000, true));
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).not.toContain('100 Continue');
  });

  it('a body within the limit is rendered, also with Expect: 100-continue', async () => {
    await start({ bodyLimit: 4096 });
    const body = JSON.stringify({ hooks: [{ widget: 'card', props: { title: 'A'.repeat(3000), price: 1 } }] });
    const answer = await rawExchange(headOf(body.length, true).replace('Host:', 'Connection: close\r\nHost:'), (write) => {
      setTimeout(() => write(body), 20);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
    expect(answer).toContain(`<h3>${'A'.repeat(3000)}</h3>`);
  });
});

describe('GET /health', () => {
  it('reports ok, uptime, the widget count, the requests answered and the hooks rendered or left empty', async () => {
    await start();
    expect(await health()).toEqual({
      status: 200,
      body: { status: 'ok', uptime: expect.any(Number), widgets: 2, requests: 0, renders: 0, empty: 0 },
    });
    await renderHooks({ hooks: [{ widget: 'card', props: { title: 'A' } }, { widget: 'card', props: { title: 'B' } }, 7] });
    expect((await health()).body).toMatchObject({ requests: 1, renders: 2, empty: 1 });
  });
});

describe('npm run ssr (the script run directly)', () => {
  // The script as installed: scripts/ssr-server.mjs (and its scripts/ssr/ modules) next to dist/server/render.js.
  let dir = '';
  let child: ChildProcess | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ssr-server-'));
    mkdirSync(join(dir, 'scripts'));
    copyFileSync('scripts/ssr-server.mjs', join(dir, 'scripts/ssr-server.mjs'));
    cpSync('scripts/ssr', join(dir, 'scripts/ssr'), { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  });
  afterEach(() => {
    child?.kill('SIGKILL');
    child = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  function run(env: Record<string, string> = {}) {
    child = spawn(process.execPath, ['scripts/ssr-server.mjs'], { cwd: dir, env: { ...process.env, SSR_PORT: '0', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
    const output = (stream: 'stdout' | 'stderr', pattern: RegExp) =>
      new Promise<RegExpMatchArray>((resolve, reject) => {
        const check = () => {
          const match = (stream === 'stdout' ? stdout : stderr).match(pattern);
          if (match) resolve(match);
        };
        child![stream]!.on('data', check);
        check();
        exited.then(() => reject(new Error(`exited before ${pattern}: ${stdout} ${stderr}`)));
      });
    return { exited, output, get stderr() { return stderr; } };
  }

  it('without a build, exits 1 saying to run npm run build', async () => {
    const ssr = run();
    expect(await ssr.exited).toBe(1);
    expect(ssr.stderr).toMatch(/dist\/server\/render\.js is missing: run "npm run build" first/);
  });

  it('serves on 127.0.0.1, and on SIGTERM finishes the request in flight, then exits 0', async () => {
    mkdirSync(join(dir, 'dist/server'), { recursive: true });
    writeFileSync(join(dir, 'dist/server/render.js'), 'export const widgets = ["card"];\nexport function render(widget, props) { return `<h3>${props.title}</h3>`; }\n');
    const ssr = run();
    const [url] = await ssr.output('stdout', /http:\/\/127\.0\.0\.1:\d+\//);
    const { port } = new URL(url!);
    expect(await (await fetch(`${url}health`)).json()).toMatchObject({ status: 'ok', widgets: 1 });

    // A request in flight: its head is read (100 Continue), its body not yet sent.
    const body = JSON.stringify({ hooks: [{ widget: 'card', props: { title: 'Box A' } }] });
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    socket.write(`POST /render HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`);
    await vi.waitFor(() => expect(answer).toContain('100 Continue'));

    child!.kill('SIGTERM');
    await ssr.output('stderr', /SIGTERM, finishing the requests in flight/);
    socket.write(body);
    await closed;
    expect(answer).toMatch(/HTTP\/1\.1 200 OK/);
    expect(answer).toContain('{"html":["<h3>Box A</h3>"]}');
    expect(await ssr.exited).toBe(0);
  });

  it('a bad SSR_PORT exits 1 naming it', async () => {
    const ssr = run({ SSR_PORT: 'http' });
    expect(await ssr.exited).toBe(1);
    expect(ssr.stderr).toContain('SSR_PORT=http is not an integer >= 0');
  });
});
