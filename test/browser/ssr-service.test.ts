/**
 * The render service as a PHP host runs it (`npm run ssr`: dist-server/ssr-server.mjs
 * with dist/server/render.js from `node build.mjs`), over HTTP: a teaser card
 * rendered by the real renderer, a bad hook left empty with its reason, a
 * clean stop; a fresh service warms before it says ok; the docs' curl line.
 * Builds nothing itself: the browser project runs after the build.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const product = {
  id: 151,
  title: 'Pokémon 151 Booster Box',
  slug: 'pokemon-151-booster-box',
  price: '129.99',
  available: 5,
  showATC: 1,
};

let child: ChildProcess;
let url = '';
let stderr = '';
let exited: Promise<number | null>;

beforeAll(async () => {
  // Not about deadlines (test/unit/ssr-server/deadline*.test.ts are): the request's render budget
  // (150 ms by default) is set as far off as its timeout below. A soak at load 20 spent the 150 ms on
  // the first two cold renders, and the third card came back empty, as the budget says it must.
  child = spawn(process.execPath, ['dist-server/ssr-server.mjs'], { env: { ...process.env, SSR_PORT: '0', SSR_RENDER_BUDGET_MS: '60000' } });
  child.stderr!.on('data', (d) => (stderr += d));
  exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout!.on('data', (d) => {
      stdout += d;
      const match = stdout.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (match) resolve(match[0]);
    });
    exited.then((code) => reject(new Error(`npm run ssr exited ${code}: ${stderr}`)));
  });
});
afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
});

/** Waits as long as a loaded test machine needs: these tests are not about deadlines (test/unit/ssr-server/deadline*.test.ts are). */
const patient = { 'Content-Type': 'application/json', 'X-Storefront-Timeout': '60000' };

async function render(body: unknown) {
  const response = await fetch(`${url}render`, {
    method: 'POST',
    headers: patient,
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { html: string[] } };
}

describe('render service with the real renderer', () => {
  it('renders a teaser card with its title and price in the page currency; a bad hook is empty with its reason logged', async () => {
    const { status, body } = await render({
      config: { region: { factor: 1.37, symbol: 'C$', country: 'CA' } },
      hooks: [
        { widget: 'teaser-card', props: { product } },
        { widget: 'teaser-card', props: { product: { title: 'no id' } } },
        { widget: 'teaser-card', props: { product: { ...product, title: 'Topps Chrome Hobby Box', price: 10 } } },
      ],
    });
    expect(status).toBe(200);
    const [card, bad, other] = body.html;
    expect(card).toContain('Pokémon 151 Booster Box');
    expect(card).toContain('C$178.09');
    expect(card).toContain('Approx. $129.99 US');
    expect(bad).toBe('');
    // The reason comes on the service's stderr, which may arrive after its answer.
    await vi.waitFor(() => expect(stderr).toMatch(/teaser-card.*product\.id/));
    expect(other).toContain('Topps Chrome Hobby Box');
    expect(other).toContain('C$13.70');
  });

  it('server text is escaped, never HTML', async () => {
    const { body } = await render({ hooks: [{ widget: 'teaser-card', props: { product: { ...product, title: 'Box <img src=x onerror=alert(1)>' } } }] });
    expect(body.html[0]).toContain('Box &lt;img src=x onerror=alert(1)>');
    expect(body.html[0]).not.toContain('<img src=x');
  });

  it('health counts the build\'s widgets, the hooks rendered and left empty; SIGTERM stops it with exit 0', async () => {
    const health = await (await fetch(`${url}health`)).json();
    expect(health).toMatchObject({ status: 'ok', requests: 2, renders: 3, empty: 1 });
    expect(health.widgets).toBeGreaterThanOrEqual(2);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

describe('a fresh service', () => {
  it('warms before it serves: /health answers nothing until every widget has rendered, and the first page after the start gets every hook\'s HTML within the default deadline', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const fresh = spawn(process.execPath, ['dist-server/ssr-server.mjs'], { env: { ...process.env, SSR_PORT: String(port), SSR_WORKERS: '1' } });
    try {
      // Until its worker has warmed, nothing answers; its first answer is ok, after every widget rendered 10 times.
      const statuses = new Set<number>();
      let first: { status?: string; widgets?: number; perWorker?: { warmUp: { renders: number } }[] } = {};
      const health = async () => {
        const answer = await fetch(`http://127.0.0.1:${port}/health`).then(async (r) => ({ status: r.status, body: await r.json() }), () => ({ status: 0, body: {} }));
        statuses.add(answer.status);
        first = answer.body;
        return answer.status;
      };
      await expect.poll(health, { interval: 10, timeout: 60_000 }).toBe(200);
      expect([...statuses]).toEqual([0, 200]);
      expect(first.status).toBe('ok');
      expect(first.perWorker![0]!.warmUp.renders).toBe(10 * first.widgets!);
      const grid = { products: Array.from({ length: 48 }, (_, i) => ({ ...product, id: 1000 + i, title: `Box ${i}` })) };
      const response = await fetch(`http://127.0.0.1:${port}/render`, {
        method: 'POST',
        headers: patient,
        body: JSON.stringify({ config: { cart: { count: 3 } }, hooks: [{ widget: 'search-bar', props: {} }, { widget: 'product-grid', props: grid }] }),
      });
      const { html } = (await response.json()) as { html: string[] };
      expect(html[0]).toContain('sfw-search-bar');
      expect(html[1]!.match(/class="sfw-teaser-card"/g)).toHaveLength(48);
      expect(await (await fetch(`http://127.0.0.1:${port}/health`)).json()).toMatchObject({ requests: 1, shed: 0, empty: 0 });
    } finally {
      fresh.kill('SIGKILL');
    }
  });

  it('docs/render-service.md\'s curl line, as printed, with PHP\'s deadline in X-Storefront-Timeout', async () => {
    const doc = readFileSync('docs/render-service.md', 'utf8');
    const block = /```sh\n(curl [^`]*X-Storefront-Timeout[^`]*?)\n```/.exec(doc)?.[1];
    expect(block).toBeDefined();
    const started = spawn(process.execPath, ['dist-server/ssr-server.mjs'], { env: { ...process.env, SSR_PORT: '0', SSR_WORKERS: '1' } });
    try {
      const base = await new Promise<string>((resolve) => {
        let out = '';
        started.stdout!.on('data', (d) => {
          out += d;
          const match = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
          if (match) resolve(match[0]);
        });
      });
      const command = block!.replace('http://127.0.0.1:13714/', base);
      const answer = JSON.parse(execFileSync('sh', ['-c', command], { encoding: 'utf8' })) as { html: string[] };
      expect(answer.html).toHaveLength(1);
      expect(answer.html[0]).toContain('sfw-search-bar');
    } finally {
      started.kill('SIGKILL');
    }
  });
});
