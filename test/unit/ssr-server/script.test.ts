// @vitest-environment node
/** `npm run ssr`: scripts/ssr-server.mjs run as a process, as installed next to dist/server/render.js. */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { passLocalRequests } from './service';

passLocalRequests();

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
