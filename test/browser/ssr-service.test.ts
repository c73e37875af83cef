/**
 * The render service as a PHP host runs it (`npm run ssr`: scripts/ssr-server.mjs
 * with dist/server/render.js from `node build.mjs`), over HTTP: a teaser card
 * rendered by the real renderer, a bad hook left empty with its reason, a
 * clean stop. Builds nothing itself: the browser project runs after the build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
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
  child = spawn(process.execPath, ['scripts/ssr-server.mjs'], { env: { ...process.env, SSR_PORT: '0' } });
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

async function render(body: unknown) {
  const response = await fetch(`${url}render`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
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
