// @vitest-environment node
/** POST /render of the render service: one HTML string per hook, and every way a request can fail. */
import { describe, expect, it, vi } from 'vitest';
import { base, health, logs, renderHooks, start, useRenderService } from './service';

useRenderService();

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
    expect(headers.get('server-timing')).toMatch(/^render;dur=\d+\.\d{3}$/);
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

  it('bad props: that hook is empty with the reason in the request\'s one log line, the others render, the next request is fine', async () => {
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
    expect(errors).not.toHaveBeenCalled();
    expect(logs).toEqual([
      'request 1: 3 hooks, 2 left empty (hook 0 (card): the renderer gave no HTML; hook 2 (no-such-widget): the renderer gave no HTML), renderer: teaser-card: field "title" must be a string; unknown widget "no-such-widget"',
    ]);
    expect((await renderHooks({ hooks: [{ widget: 'card', props: { title: 'Box B', price: 2 } }] })).body.html).toEqual(['<h3>Box B</h3><p>$2</p>']);
    expect((await health()).body).toMatchObject({ requests: 2, renders: 2, empty: 2 });
  });

  it('hooks that are not {widget, props} are empty, with one line logged for the request', async () => {
    await start();
    const { status, body } = await renderHooks({ hooks: [7, { props: {} }, { widget: 'card', props: { title: 'A', price: 1 } }] });
    expect(status).toBe(200);
    expect(body.html).toEqual(['', '', '<h3>A</h3><p>$1</p>']);
    expect(logs).toEqual(['request 1: 3 hooks, 2 left empty (hook 0: not a {"widget", "props"} object; hook 1: not a {"widget", "props"} object)']);
  });

  it('a render that throws (against its contract) is empty, with its message logged on one line', async () => {
    const render = (widget: string) => {
      if (widget === 'bad') throw new TypeError('cannot read "title"\n    at TeaserCard (card.js:1:1)');
      return '<p>ok</p>';
    };
    await start({ render });
    expect((await renderHooks({ hooks: [{ widget: 'bad' }, { widget: 'good' }] })).body.html).toEqual(['', '<p>ok</p>']);
    expect(logs).toEqual(['request 1: 2 hooks, 1 left empty (hook 0 (bad): render threw TypeError: cannot read "title" at TeaserCard (card.js:1:1))']);
  });

  it('a slow render: once the request budget is spent, its remaining hooks are empty, logged; the next request has its own budget', async () => {
    await start({ renderTimeoutMs: 200 });
    const slow = { widget: 'slow', props: { ms: 120 } };
    const card = { widget: 'card', props: { title: 'A', price: 1 } };
    const { status, body } = await renderHooks({ hooks: [slow, slow, slow, card] });
    expect(status).toBe(200);
    // The second render starts at ~120 ms, within the budget; at ~240 ms the budget is spent.
    expect(body.html).toEqual(['<p>slow</p>', '<p>slow</p>', '', '']);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^request 1: 4 hooks, 2 left empty \(hook 2 \(slow\): render budget of 200 ms spent \(\d+ ms\); hook 3 \(card\): render budget of 200 ms spent \(\d+ ms\)\)$/);
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
