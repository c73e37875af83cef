// @vitest-environment node
/**
 * The render service and its caller's deadline, over HTTP, on a clock the
 * test moves: a render that cannot end in time is never started and its
 * request is answered at once with empty hooks; a request that waited too
 * long or whose client left is dropped before its render starts. And the
 * warm-up: /health says ok only once every widget has rendered.
 */
import type { AddressInfo, Socket } from 'node:net';
import { connect } from 'node:net';
import { Worker } from 'node:worker_threads';
import { hookCountOf } from '../../../server/deadline';
import { describe, expect, it, vi } from 'vitest';
import { health, logs, rawExchange, renderHooks, service, start, useRenderService } from './service';

useRenderService();

/** `count` new connections, each writing `request` at once from a thread of its own; each answer and its ms from its write. */
function burst(port: number, request: string, count: number): Promise<{ answer: string; ms: number }[]> {
  const client = `
    const { connect } = require('node:net');
    const { parentPort, workerData: { port, request, count } } = require('node:worker_threads');
    Promise.all(Array.from({ length: count }, () => new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      let sent = 0;
      socket.on('connect', () => ((sent = performance.now()), socket.write(request)));
      socket.on('data', (chunk) => (answer += chunk));
      socket.on('close', () => resolve({ answer, ms: performance.now() - sent }));
      socket.on('error', () => resolve({ answer, ms: performance.now() - sent }));
    }))).then((answers) => parentPort.postMessage(answers));`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(client, { eval: true, workerData: { port, request, count } });
    worker.once('message', (answers) => void worker.terminate().then(() => resolve(answers)));
    worker.once('error', reject);
  });
}

/** A renderer whose renders take `props.ms` on the test's clock, counted by widget. */
function clockedService() {
  const clock = { now: 0 };
  const rendered: string[] = [];
  const render = vi.fn((widget: string, props: unknown) => {
    const { ms = 1, title = widget } = (props ?? {}) as { ms?: number; title?: string };
    clock.now += ms;
    rendered.push(title);
    return `<p>${title}</p>`;
  });
  const turns: (() => void)[] = [];
  const expected = vi.fn((bytes: number) => bytes / 100); // 100 bytes a ms, whatever the renders took
  const options = {
    render,
    now: () => clock.now,
    defer: (run: () => void) => turns.push(run),
    renderTimes: { expected, record: () => {} },
    timeoutMs: undefined, // the service's own default
  };
  const runTurns = () => {
    while (turns.length) turns.shift()!();
  };
  return { clock, render, rendered, expected, options, runTurns };
}

const hook = (title: string, ms = 1) => ({ widget: 'card', props: { title, ms } });
/** A body of about `bytes` bytes: its expected render is bytes / 100 ms. */
const bodyOf = (bytes: number, hooks = [hook('page')]) => {
  const base = JSON.stringify({ config: { pad: '' }, hooks });
  return JSON.stringify({ config: { pad: 'x'.repeat(Math.max(0, bytes - base.length)) }, hooks });
};
const withTimeout = (ms: number) => ({ headers: { 'Content-Type': 'application/json', 'X-Storefront-Timeout': String(ms) } });

describe('the caller\'s deadline', () => {
  it('a render expected to end after X-Storefront-Timeout is not started: every hook is answered \'\' at once, marked X-Storefront-Shed (the PHP clients throttle on it), counted as shed, said in one line', async () => {
    const { options, render, runTurns } = clockedService();
    await start(options);
    // 30,000 bytes: 300 ms expected. A caller that waits 200 ms: not rendered; one that waits 500 ms: rendered.
    const answer = await renderHooks(bodyOf(30_000, [hook('a'), hook('b'), hook('c')]), withTimeout(200));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ html: ['', '', ''] });
    expect(answer.headers.get('X-Storefront-Shed')).toBe('deadline');
    expect(render).not.toHaveBeenCalled();
    expect(logs).toEqual(['1 request answered with empty hooks, not rendered: its render would end after the deadline ×1']);
    const rendered = renderHooks(bodyOf(30_000, [hook('a'), hook('b'), hook('c')]), withTimeout(500));
    await vi.waitFor(() => expect(options.renderTimes.expected).toHaveBeenCalledTimes(2));
    runTurns();
    const accepted = await rendered;
    expect(accepted.body.html).toEqual(['<p>a</p>', '<p>b</p>', '<p>c</p>']);
    expect(accepted.headers.has('X-Storefront-Shed')).toBe(false);
    expect((await health()).body).toMatchObject({ requests: 2, shed: 1, renders: 3, empty: 3 });
  });

  it('a caller that says its hook count (X-Storefront-Hooks, as the PHP clients do) is refused before its body is read; the connection then serves its next request', async () => {
    const { options, render } = clockedService();
    await start(options);
    const body = bodyOf(30_000, [hook('a'), hook('b'), hook('c')]); // 300 ms expected: refused at 200
    const { port } = service!.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    const head = (timeout: number, hooks?: number) =>
      `POST /render HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Storefront-Timeout: ${timeout}\r\n${hooks === undefined ? '' : `X-Storefront-Hooks: ${hooks}\r\n`}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    try {
      socket.write(head(200, 3));
      // Answered while the body is still to come.
      await vi.waitFor(() => expect(answer).toMatch(/\{"html":\["","",""\]\}$/));
      expect(answer).not.toMatch(/connection: close/i);
      socket.write(body);
      answer = '';
      // The same connection, a request without the header: its hooks counted from its body.
      socket.write(head(200) + body);
      await vi.waitFor(() => expect(answer).toMatch(/\{"html":\["","",""\]\}$/));
    } finally {
      socket.destroy();
    }
    expect(render).not.toHaveBeenCalled();
    expect((await health()).body).toMatchObject({ requests: 2, shed: 2 });
  });

  it('one that closes its connection after the answer (HTTP/1.0, PHP\'s streams transport) is answered once its body is read: closed with bytes unread, the connection would be reset', async () => {
    const { options, render } = clockedService();
    await start(options);
    const body = bodyOf(30_000, [hook('a'), hook('b')]);
    let sendBody: () => void = () => {};
    let answeredBeforeBody = false;
    const answer = rawExchange(
      `POST /render HTTP/1.0\r\nHost: x\r\nContent-Type: application/json\r\nX-Storefront-Timeout: 200\r\nX-Storefront-Hooks: 2\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
      (write, socket) => {
        socket.once('data', () => (answeredBeforeBody = true));
        sendBody = () => write(body);
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(answeredBeforeBody).toBe(false);
    sendBody();
    expect(await answer).toMatch(/\{"html":\["",""\]\}$/);
    expect(render).not.toHaveBeenCalled();
  });

  it.each<[string, string | undefined, number | undefined]>([
    ['a count', '3', 3],
    ['with spaces', ' 12 ', 12],
    ['none', undefined, undefined],
    ['over the service\'s limit of hooks', '501', undefined],
    ['not a whole number', '2.5', undefined],
    ['negative', '-1', undefined],
  ])('X-Storefront-Hooks: %s', (_, header, count) => {
    expect(hookCountOf(header, 500)).toBe(count);
  });

  it('without the header the caller is taken to wait the Laravel package\'s 200 ms (less 40 ms for the answer to travel)', async () => {
    const { options, render, runTurns, expected } = clockedService();
    await start(options);
    expect((await renderHooks(bodyOf(16_100))).body.html).toEqual(['']); // 161 ms expected
    const fits = renderHooks(bodyOf(15_900)); // 159 ms
    await vi.waitFor(() => expect(expected).toHaveBeenCalledTimes(2));
    runTurns();
    expect((await fits).body.html).toEqual(['<p>page</p>']);
    expect(render).toHaveBeenCalledOnce();
  });

  it('a burst: the requests that fit behind the queue render in order; one whose deadline came too close while it waited is answered \'\' unrendered', async () => {
    const { options, rendered, runTurns, expected } = clockedService();
    await start(options);
    // Each expected to take 50 ms; the first takes 150 on the clock. Sent one after the other, so they queue in this order.
    const send = async (title: string, ms: number, timeout: number, n: number) => {
      const answer = renderHooks(bodyOf(5_000, [hook(title, ms)]), withTimeout(timeout));
      await vi.waitFor(() => expect(expected).toHaveBeenCalledTimes(n));
      return { answer }; // not the answer itself, which an async function would wait for
    };
    const answers = [await send('first', 150, 200, 1), await send('second', 50, 200, 2), await send('patient', 50, 1000, 3), await send('fourth', 50, 200, 4)];
    runTurns();
    const html = (await Promise.all(answers.map(({ answer }) => answer))).map((answer) => answer.body.html[0]);
    // The fourth was refused on arrival (150 ms queued + its 50 > 160). At 150 ms the second
    // (deadline 160) can no longer end in time: answered '' unrendered; the patient one renders.
    expect(html).toEqual(['<p>first</p>', '', '<p>patient</p>', '']);
    expect(rendered).toEqual(['first', 'patient']);
    expect((await health()).body).toMatchObject({ requests: 4, shed: 2, renders: 2 });
  });

  // SKIPPED, a defect found and not fixed (2026-11-28 closing note): on this machine, quiet, the service answers
  // some of this burst after the caller's 600 ms, up to 665 ms from the request's own write (2 of 8 runs), and the
  // stop-33 code failed this test 5 of 5 here too (its bound of 10 rendered; up to 650 ms). The client shares this
  // process's loop, so its writes reach the socket only between renders: run the burst from another process and
  // find where the service's deadline goes wrong, then remove the skip.
  it('a burst on new connections (PHP opens one per page) is all seen before the next render: what cannot end by its deadline is answered \'\' at once, no answer comes late', async () => {
    // Real renders of 50 ms on the event loop, each expected to take 50; the caller waits 600 ms. Node takes in
    // one new connection per turn of its loop: a service that rendered between two took in one request per
    // render, queued every one, and answered the last after 800 ms.
    await start({ renderTimes: { expected: () => 50, record: () => {}, relax: () => {} } as never, defer: setImmediate });
    const body = JSON.stringify({ hooks: [{ widget: 'slow', props: { ms: 50 } }] });
    const request = `POST /render HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Storefront-Timeout: 600\r\nX-Storefront-Hooks: 1\r\nConnection: close\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    // The 16 PHP pages come from another thread, as from other processes: its loop is not held by the renders,
    // so every request is written at once and each answer is timed when it arrives, from its own write.
    const answers = await burst((service!.address() as AddressInfo).port, request, 16);
    const rendered = answers.filter(({ answer }) => answer.endsWith('{"html":["<p>slow</p>"]}'));
    const empty = answers.filter(({ answer }) => answer.endsWith('{"html":[""]}'));
    expect(rendered.length + empty.length).toBe(16);
    // Quiet, about 9 fit behind each other before the deadline; on a loaded machine (load average 19) 2 to 6 did.
    expect(rendered.length).toBeGreaterThanOrEqual(1);
    expect(rendered.length).toBeLessThan(16); // the old loop rendered every one, the last ~840 ms after the burst
    expect(Math.max(...answers.map(({ ms }) => ms))).toBeLessThan(600);
  });

  it('a page that loads another build (X-Storefront-Render-Version, a service not restarted after a deploy) gets every hook \'\' at once, said in one line; its own build and a caller that does not say render', async () => {
    await start({ renderVersion: 'b2c3d4e5f6' });
    const ask = (version?: string) =>
      renderHooks({ hooks: [{ widget: 'card', props: { title: 'A', price: 1 } }, { widget: 'card', props: { title: 'B', price: 2 } }] }, {
        headers: { 'Content-Type': 'application/json', ...(version === undefined ? {} : { 'X-Storefront-Render-Version': version }) },
      });
    const other = await ask('a1b2c3d4e5');
    expect(other.body).toEqual({ html: ['', ''] });
    expect(other.headers.get('X-Storefront-Shed')).toBe('version');
    expect(logs).toEqual(['1 request answered with empty hooks, not rendered: the page loads the build of render version a1b2c3d4e5, this service renders b2c3d4e5f6: restart it after a deploy ×1']);
    expect((await ask('b2c3d4e5f6')).body.html).toEqual(['<h3>A</h3><p>$1</p>', '<h3>B</h3><p>$2</p>']);
    expect((await ask()).body.html).toEqual(['<h3>A</h3><p>$1</p>', '<h3>B</h3><p>$2</p>']);
    expect((await ask('<script>')).body.html).toEqual(['<h3>A</h3><p>$1</p>', '<h3>B</h3><p>$2</p>']); // not a version: as without it
    expect((await health()).body).toMatchObject({ requests: 4, shed: 1 });
  });

  it('an answer written after the caller\'s whole timeout (a render far longer than expected) is counted late in /health; one in time is not', async () => {
    const { options, runTurns, expected } = clockedService();
    await start(options);
    // 1,000 bytes: 10 ms expected, so both start; one takes 50 ms of the 200, the other 250.
    const inTime = renderHooks(bodyOf(1_000, [hook('in time', 50)]), withTimeout(200));
    await vi.waitFor(() => expect(expected).toHaveBeenCalledTimes(1));
    runTurns();
    expect((await inTime).body.html).toEqual(['<p>in time</p>']);
    expect((await health()).body).toMatchObject({ requests: 1, late: 0 });
    const late = renderHooks(bodyOf(1_000, [hook('late', 250)]), withTimeout(200));
    await vi.waitFor(() => expect(expected).toHaveBeenCalledTimes(2));
    runTurns();
    expect((await late).body.html).toEqual(['<p>late</p>']);
    expect((await health()).body).toMatchObject({ requests: 2, late: 1 });
  });

  it('a request whose client closed the connection while it waited is dropped: not rendered, not answered', async () => {
    const { options, rendered, runTurns, expected } = clockedService();
    const sockets: Socket[] = [];
    await start(options);
    service!.on('connection', (socket: Socket) => sockets.push(socket));
    const kept = renderHooks(bodyOf(1_000, [hook('kept')]));
    await vi.waitFor(() => expect(expected).toHaveBeenCalledTimes(1));
    const body = bodyOf(1_000, [hook('left')]);
    const left = rawExchange(`POST /render HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`, (_, socket) => {
      void vi.waitFor(() => expect(expected).toHaveBeenCalledTimes(2)).then(() => socket.destroy());
    });
    expect(await left).toBe('');
    await vi.waitFor(() => expect(sockets.at(-1)?.destroyed).toBe(true));
    runTurns();
    expect((await kept).body.html).toEqual(['<p>kept</p>']);
    expect(rendered).toEqual(['kept']);
    expect((await health()).body).toMatchObject({ requests: 1, left: 1, shed: 0 });
  });
});

describe('warm-up', () => {
  it('until every warm-up hook has rendered, /health is 503 "warming" and a request is answered \'\' at once; then ok, and the first request renders', async () => {
    const { options, rendered } = clockedService();
    const warmUp = [
      { widget: 'card', props: { title: 'warm card' } },
      { widget: 'grid', props: { title: 'warm grid' } },
    ];
    await start({ ...options, defer: setImmediate, warmUp });
    const cold = await health();
    expect(cold.status).toBe(503);
    expect(cold.body.status).toBe('warming');
    expect((await renderHooks(bodyOf(100, [hook('early')]))).body.html).toEqual(['']);
    expect(rendered).toEqual([]);
    await service!.warmUp();
    expect(new Set(rendered)).toEqual(new Set(['warm card', 'warm grid']));
    expect(rendered.length).toBeGreaterThanOrEqual(4); // every hook more than once
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', perWorker: [{ warmUp: { renders: 20 } }] } });
    expect((await renderHooks(bodyOf(100, [hook('first')]))).body.html).toEqual(['<p>first</p>']);
  });

  it('a warm-up hook that renders nothing is said in the log; the service still warms and serves', async () => {
    await start({ render: () => '', warmUp: [{ widget: 'broken', props: {} }] });
    await service!.warmUp();
    expect(logs[0]).toBe('warm-up: broken rendered no HTML');
    expect((await health()).status).toBe(200);
  });
});
