/**
 * The render service (server/, createRenderService) over real HTTP on 127.0.0.1,
 * with a fake renderer that keeps the renderer's contract: a string per
 * hook, '' and one console.error when it cannot render. Shared by the
 * ssr-server tests; `useRenderService()` stops the service after each test.
 */
import type { AddressInfo, Socket } from 'node:net';
import { connect } from 'node:net';
import { http as mswHttp, passthrough } from 'msw';
import { afterEach, beforeEach } from 'vitest';
import { server as mockBackend } from '../../../demo-pages/mock/node';
import { createRenderService, type RenderService, type RenderServiceOptions } from '../../../server/ssr-server';

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
export let service: RenderService | undefined;
export let base = '';
export let logs: string[] = [];

/** A service with the fake renderer; callers wait a minute unless the options say otherwise (these tests are not about deadlines). */
export async function start(options: Partial<RenderServiceOptions> = {}) {
  logs = [];
  service = createRenderService({ render: fakeRender, widgets: ['card', 'slow'], log: (line) => logs.push(line), timeoutMs: 60_000, ...options });
  await new Promise<void>((resolve) => service!.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
}

/** The unit project's mock backend would answer every request: let those to 127.0.0.1 reach the service. */
export function passLocalRequests() {
  beforeEach(() => {
    mockBackend.use(mswHttp.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()));
  });
}

export function useRenderService() {
  passLocalRequests();
  afterEach(async () => {
    await service?.stop();
    service = undefined;
  });
}

export async function renderHooks(body: unknown, init: RequestInit = {}) {
  const response = await fetch(`${base}/render`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

export async function health() {
  const response = await fetch(`${base}/health`);
  return { status: response.status, body: await response.json() };
}

/** Writes raw HTTP to the service and resolves with everything it answers until it closes. */
export function rawExchange(head: string, onOpen?: (write: (data: string) => boolean, socket: Socket) => void): Promise<string> {
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
