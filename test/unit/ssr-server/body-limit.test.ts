// @vitest-environment node
/** The render service's body size limit, over raw HTTP, and its health report. */
import { describe, expect, it, vi } from 'vitest';
import { health, logs, rawExchange, renderHooks, start, useRenderService } from './service';

useRenderService();

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
  it('reports ok, uptime, the widget count, the requests answered, the hooks rendered or left empty, the cache and the memory', async () => {
    await start();
    expect(await health()).toEqual({
      status: 200,
      body: {
        status: 'ok',
        uptime: expect.any(Number),
        widgets: 2,
        requests: 0,
        renders: 0,
        empty: 0,
        overBudget: 0,
        shed: 0,
        left: 0,
        late: 0,
        connections: 1, // this request's
        cache: { hits: 0, misses: 0, bytes: 0, entries: 0, evictions: 0, limitBytes: 0 },
        memory: { rss: expect.any(Number), heapUsed: expect.any(Number) },
        workers: { count: 1, alive: 1, restarts: 0, answered: 1 },
        perWorker: [expect.objectContaining({ pid: process.pid, requests: 0 })],
      },
    });
    await renderHooks({ hooks: [{ widget: 'card', props: { title: 'A' } }, { widget: 'card', props: { title: 'B' } }, 7] });
    expect((await health()).body).toMatchObject({ requests: 1, renders: 2, empty: 1 });
  });
});
