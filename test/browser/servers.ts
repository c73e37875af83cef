/**
 * Processes and sockets the PHP browser tests start: a free port, a process
 * that is ready once its output says so, a render service that never answers,
 * and how long a page takes.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { expect } from 'vitest';

/**
 * Whether `php` (or this PHP: scripts/php84) runs with Debian's Laravel on its include path
 * (scripts/php-deps.sh installs both; scripts/sid-root.sh builds PHP 8.4's).
 */
export function hasLaravelPhp(php = 'php'): boolean {
  try {
    execFileSync(php, ['-r', 'require "Illuminate/autoload.php";'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** A started process, with everything it printed so far (stdout and stderr). */
export type Started = ChildProcess & { output(): string };

/** Starts a process and resolves once a line of its output matches. */
export function startUntil(command: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp, cwd?: string): Promise<Started> {
  return new Promise((done, fail) => {
    // A process group of its own: php -S with PHP_CLI_SERVER_WORKERS forks workers that must stop with it.
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true, cwd });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (ready.test(output)) done(Object.assign(child, { output: () => output }));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`${command} exited (${code}): ${output}`)));
  });
}

export function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    process.kill(-child.pid!, 'SIGTERM');
  });
}

/** A service on the port that takes every connection and never answers. */
export function hungService(port: number): Promise<{ close(): Promise<void> }> {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => sockets.push(socket.on('error', () => {})));
  const close = () =>
    new Promise<void>((done) => {
      sockets.forEach((s) => s.destroy());
      server.close(() => done());
    });
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done({ close })));
}

/** The page's server time, best of three (the machine is shared). */
export async function pageTime(url: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    const response = await fetch(url);
    await response.text();
    times.push(performance.now() - start);
    expect(response.status).toBe(200);
  }
  return Math.min(...times);
}
