// @vitest-environment node
/** `npm run ssr`: the render service as the build bundles it (dist-server/ssr-server.mjs), run as a process next to dist/server/render.js. */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildService, SERVICE_OUT } from '../../../build/build-service.mjs';
import { passLocalRequests } from './service';

passLocalRequests();

describe('npm run ssr (the script run directly)', () => {
  // The service as built from server/ (build/build-service.mjs), in a folder of its own next to dist/server/render.js.
  let bundle = '';
  let dir = '';
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    bundle = await buildService(process.cwd(), join(mkdtempSync(join(tmpdir(), 'ssr-service-')), 'ssr-server.mjs'));
  }, 60_000);
  afterAll(() => rmSync(join(bundle, '..'), { recursive: true, force: true }));
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ssr-server-'));
    mkdirSync(join(dir, SERVICE_OUT, '..'));
    copyFileSync(bundle, join(dir, SERVICE_OUT));
    writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  });
  afterEach(() => {
    child?.kill('SIGKILL');
    child = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  function run(env: Record<string, string> = {}) {
    child = spawn(process.execPath, [SERVICE_OUT], { cwd: dir, env: { ...process.env, SSR_PORT: '0', ...env } });
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
    const ssr = run({ SSR_WORKERS: '2' });
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

  it('runs SSR_WORKERS workers on one port; /health sums them; a worker that dies is started again and the service keeps answering', async () => {
    mkdirSync(join(dir, 'dist/server'), { recursive: true });
    // Each worker answers with its pid, so the test sees which one rendered.
    writeFileSync(join(dir, 'dist/server/render.js'), 'export const widgets = ["pid"];\nexport function render() { return String(process.pid); }\n');
    const ssr = run({ SSR_WORKERS: '2' });
    // The line hosts read stays as it was; the workers are said on stderr.
    const [line] = await ssr.output('stdout', /Render service listening on http:\/\/127\.0\.0\.1:\d+\/ \(1 widgets\)\n/);
    await ssr.output('stderr', /ssr: 2 workers \(SSR_WORKERS\), pids \d+, \d+/);
    const base = /http:\S+/.exec(line!)![0];
    // A new connection each time (fetch would keep one, and so one worker).
    const renderPid = () =>
      new Promise<string>((resolve, reject) => {
        const req = request(`${base}render`, { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json' } }, (res) => {
          let text = '';
          res.on('data', (d) => (text += d)).on('end', () => resolve((JSON.parse(text) as { html: string[] }).html[0]!));
        });
        req.on('error', reject).end('{"hooks":[{"widget":"pid"}]}');
      });
    const pids = new Set<string>();
    for (let i = 0; i < 40 && pids.size < 2; i++) pids.add(await renderPid());
    expect(pids.size).toBe(2);
    const health = await (await fetch(`${base}health`)).json();
    expect(health).toMatchObject({ status: 'ok', workers: { count: 2, alive: 2, answered: 2, restarts: 0 } });
    expect(health.perWorker.map((w: { pid: number }) => String(w.pid)).sort()).toEqual([...pids].sort());
    expect(health.requests).toBe(health.perWorker[0].requests + health.perWorker[1].requests);
    expect(health.memory.rss).toBe(health.perWorker[0].memory.rss + health.perWorker[1].memory.rss);

    const [victim] = pids;
    process.kill(Number(victim), 'SIGKILL');
    await ssr.output('stderr', new RegExp(`worker ${victim} exited \\(signal SIGKILL\\)`));
    await vi.waitFor(async () => {
      const after = await (await fetch(`${base}health`)).json();
      expect(after.workers).toMatchObject({ alive: 2, answered: 2, restarts: 1 });
      expect(after.perWorker.map((w: { pid: number }) => String(w.pid))).not.toContain(victim);
    }, { timeout: 10_000, interval: 100 });
    const answered = new Set<string>();
    for (let i = 0; i < 40 && answered.size < 2; i++) answered.add(await renderPid());
    expect(answered.size).toBe(2);
    expect(answered.has(victim!)).toBe(false);
    child!.kill('SIGTERM');
    expect(await ssr.exited).toBe(0);
  }, 30_000);

  it('a connection that comes while a worker renders goes to a worker that is free (PHP opens one per page)', async () => {
    mkdirSync(join(dir, 'dist/server'), { recursive: true });
    writeFileSync(
      join(dir, 'dist/server/render.js'),
      'export const widgets = ["pid", "slow"];\nexport function render(widget, props) {\n  const end = Date.now() + (widget === "slow" ? props.ms : 0);\n  while (Date.now() < end);\n  return String(process.pid);\n}\n',
    );
    const ssr = run({ SSR_WORKERS: '2' });
    const [line] = await ssr.output('stdout', /Render service listening on http:\/\/127\.0\.0\.1:\d+\/ \(2 widgets\)\n/);
    const base = /http:\S+/.exec(line!)![0];
    const renderOn = (hook: object) =>
      new Promise<string>((resolve, reject) => {
        const req = request(`${base}render`, { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json', 'X-Storefront-Timeout': '60000' } }, (res) => {
          let text = '';
          res.on('data', (d) => (text += d)).on('end', () => resolve((JSON.parse(text) as { html: string[] }).html[0]!));
        });
        req.on('error', reject).end(JSON.stringify({ hooks: [hook] }));
      });
    let slowDone = false;
    const slow = renderOn({ widget: 'slow', props: { ms: 2500 } }).then((pid) => ((slowDone = true), pid));
    await new Promise((resolve) => setTimeout(resolve, 300)); // its worker is rendering
    const quick: { pid: string; beforeSlow: boolean }[] = [];
    while (!slowDone && quick.length < 20) {
      const pid = await renderOn({ widget: 'pid' });
      quick.push({ pid, beforeSlow: !slowDone });
    }
    const busy = await slow;
    // Handed over in turn, every other connection went to the busy worker and waited for its render.
    expect(quick.length).toBeGreaterThanOrEqual(3);
    expect(quick.filter((q) => !q.beforeSlow || q.pid === busy)).toEqual([]);
    child!.kill('SIGTERM');
    expect(await ssr.exited).toBe(0);
  }, 30_000);

  it('a renderer that fails to load in the workers: exits 1 with the reason, no restart loop', async () => {
    mkdirSync(join(dir, 'dist/server'), { recursive: true });
    writeFileSync(join(dir, 'dist/server/render.js'), 'export const widgets = [];\n');
    const ssr = run({ SSR_WORKERS: '2' });
    expect(await ssr.exited).toBe(1);
    expect(ssr.stderr).toContain('exports no render function: run "npm run build" again');
    expect(ssr.stderr).toMatch(/a worker exited \(code 1\) before it listened/);
  });

  it('a bad SSR_PORT exits 1 naming it', async () => {
    const ssr = run({ SSR_PORT: 'http' });
    expect(await ssr.exited).toBe(1);
    expect(ssr.stderr).toContain('SSR_PORT=http is not an integer >= 0');
  });
});
