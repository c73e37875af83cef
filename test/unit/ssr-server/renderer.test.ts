// @vitest-environment node
/**
 * The render service with the real renderer (widgets/server.tsx): the render
 * cache, what two shoppers get under concurrency, the budget inside one
 * hook, and the one log line of a request full of bad cards.
 */
import { describe, expect, it } from 'vitest';
import { products, toTeaser } from '../../../demo-pages/mock/catalog';
import { renderHook, renderVersion } from '../../../widgets/server';
import { health, logs, renderHooks, start, useRenderService } from './service';

useRenderService();

const grid = (n: number) => ({ products: Array.from({ length: n }, (_, i) => ({ ...toTeaser(products[i % products.length]!), id: 1000 + i })) });
const product = toTeaser(products[0]!);

/** Two shoppers: other region, cart, recent searches, sign-in. */
const shoppers = {
  us: { region: { factor: 1, symbol: '$', country: 'US' }, user: { loggedIn: false, recentSearches: [] }, cart: { count: 0, errors: false } },
  ca: { region: { factor: 1.37, symbol: 'C$', country: 'CA' }, user: { loggedIn: true, recentSearches: ['pokemon 151', 'charizard psa'] }, cart: { count: 7, errors: false } },
};
const pageHooks = [
  { widget: 'cart-dropdown', props: {} },
  { widget: 'search-bar', props: {} },
  { widget: 'teaser-card', props: { product } },
  { widget: 'product-grid', props: grid(12) },
];
const markerHash = (html: string) => /data-sfw-ssr="([0-9a-z]+)\./.exec(html)?.[1];

describe('the render cache', () => {
  it('answers a repeated page from the cache, the same HTML, and /health counts hits, misses, bytes and entries', async () => {
    await start({ renderHook, renderVersion, cacheBytes: 8 * 1024 * 1024, renderTimeoutMs: 30_000 });
    const first = await renderHooks({ config: shoppers.us, hooks: pageHooks });
    const again = await renderHooks({ config: shoppers.us, hooks: pageHooks });
    expect(again.body.html).toEqual(first.body.html);
    const { cache, memory } = (await health()).body;
    expect(cache).toMatchObject({ hits: 4, misses: 4, entries: 4, limitBytes: 8 * 1024 * 1024 });
    expect(cache.bytes).toBeGreaterThan(first.body.html.join('').length);
    expect(memory.rss).toBeGreaterThan(memory.heapUsed);
  });

  it('the same hook twice on one page is rendered twice: each copy has its own element ids', async () => {
    await start({ renderHook, renderVersion, cacheBytes: 8 * 1024 * 1024, renderTimeoutMs: 30_000 });
    const hook = { widget: 'search-bar', props: {} };
    await renderHooks({ hooks: [hook] });
    const { body } = await renderHooks({ hooks: [hook, hook] });
    const ids = body.html.map((html: string) => /id="([^"]+)"/.exec(html)![1]);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('under concurrency, two shoppers with different configs never receive each other\'s HTML', async () => {
    await start({ renderHook, renderVersion, cacheBytes: 8 * 1024 * 1024, renderTimeoutMs: 30_000 });
    // What each shopper's hooks are, rendered alone without the service.
    const expected = Object.fromEntries(
      Object.entries(shoppers).map(([name, config]) => [name, pageHooks.map((hook) => markerHash(renderHook(hook.widget, hook.props, config).html))]),
    );
    expect(expected.us).not.toEqual(expected.ca);
    const rounds = 400;
    const answers = await Promise.all(
      Array.from({ length: rounds }, async (_, i) => {
        const name = i % 2 ? 'ca' : 'us';
        const { status, body } = await renderHooks({ config: shoppers[name], hooks: pageHooks });
        return { name, status, html: body.html as string[] };
      }),
    );
    for (const { name, status, html } of answers) {
      expect(status).toBe(200);
      expect(html.map(markerHash)).toEqual(expected[name]);
      const text = html.join('');
      if (name === 'us') {
        expect(text).toContain('Cart, 0 items');
        expect(text).not.toContain('C$');
      } else {
        expect(text).toContain('Cart, 7 items');
        expect(text).toContain('C$');
      }
    }
    expect((await health()).body.cache.hits).toBeGreaterThan(rounds * pageHooks.length * 0.9);
  }, 60_000);

  it('a render left empty (bad props) is not cached: asked again, it is rendered again and empty again', async () => {
    await start({ renderHook, renderVersion, cacheBytes: 8 * 1024 * 1024, renderTimeoutMs: 30_000 });
    const bad = { widget: 'teaser-card', props: { product: { id: 1, title: 'x', slug: 'javascript:alert(1)' } } };
    expect((await renderHooks({ hooks: [bad] })).body.html).toEqual(['']);
    expect((await renderHooks({ hooks: [bad] })).body.html).toEqual(['']);
    expect((await health()).body.cache).toMatchObject({ hits: 0, entries: 0 });
  });
});

describe('one log line per request', () => {
  it('12,000 invalid cards: one line naming the widget, each field path and its count; the valid cards rendered, those with a bad optional field without it', async () => {
    // A budget this test's unbundled, uncompiled sources cannot miss on a loaded machine.
    await start({ renderHook, renderVersion, renderTimeoutMs: 30_000, bodyLimit: 64 * 1024 * 1024 });
    const list: unknown[] = grid(48).products;
    for (let i = 0; i < 12_000; i++) {
      const card = { ...toTeaser(products[i % products.length]!), id: 5000 + i };
      // In turn: no price (the card goes), a bad slug (the card goes), a bad logo (only the logo goes).
      list.push([{ ...card, price: null }, { ...card, slug: 'javascript:alert(1)' }, { ...card, blockPool: true, blockPoolLogo: 'javascript:alert(1)' }][i % 3]);
    }
    const { status, body } = await renderHooks({ config: shoppers.us, hooks: [{ widget: 'product-grid', props: { products: list } }] });
    expect(status).toBe(200);
    expect(body.html[0].match(/class="sfw-teaser-card"/g)).toHaveLength(48 + 4000);
    expect(body.html[0]).not.toContain('javascript:');
    expect(logs).toHaveLength(1);
    const kinds = /^request 1: 1 hook, 12000 dropped from the props \((.*)\)$/.exec(logs[0]!)?.[1]?.split('; ');
    expect(kinds).toEqual([
      expect.stringMatching(/^product-grid: dropped item "products\.\*" \(field "price": .+\) ×4000$/),
      expect.stringMatching(/^product-grid: dropped item "products\.\*" \(field "slug": .+\) ×4000$/),
      expect.stringMatching(/^product-grid: dropped field "products\.\*\.blockPoolLogo" \(.+\) ×4000$/),
    ]);
  });
});

describe('the render budget inside one hook', () => {
  it('a grid that alone takes longer than the budget is stopped between cards: empty, said in the line; the next request renders', async () => {
    await start({ renderHook, renderVersion, renderTimeoutMs: 5, bodyLimit: 8 * 1024 * 1024 });
    // The check runs in Preact's mangled options.__b hook: were it renamed, the whole grid would render and this fails.
    const { body } = await renderHooks({ hooks: [{ widget: 'product-grid', props: grid(3000) }] });
    expect(body.html).toEqual(['']);
    expect(logs[0]).toMatch(/hook 0 \(product-grid\): render budget of 5 ms spent while rendering/);
    expect((await health()).body).toMatchObject({ overBudget: 1, empty: 1 });
    expect((await renderHooks({ hooks: [{ widget: 'search-bar', props: {} }] })).body.html[0]).toContain('sfw-search-bar');
  });
});
