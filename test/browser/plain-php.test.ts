/**
 * The plain-PHP shop of docs/embedding.md (no framework, `php -S`), its
 * files written from the doc's PHP blocks (test/embedding-site.ts), with
 * the render service (dist-server/ssr-server.mjs, from npm run build)
 * beside it: under every PHP found here (the system's, and Debian 11's
 * PHP 7.4 from .php-deps/).
 *
 * Without PHP this file does not run and says so in one line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_TITLES, phps, root, writeSite } from '../embedding-site';
import { cartControl, launchChromium, waitForIslands, wakePage } from './harness';
import { freePort, hungService, pageTime, type Started, startUntil, stop } from './servers';

const versions = phps();
if (!versions.length) console.log('plain-php.test.ts: not run (no php). Install: sudo scripts/php-deps.sh');

/** The timeout the doc prints (ms): the page waits for the render service at most this long. */
const TIMEOUT_MS = 200;
/** Hooks index.php renders through the render service. */
const SERVER_RENDERED = ['search-bar', 'cart-dropdown', 'product-grid', 'recently-viewed', 'login-modal', 'country-prompt', 'region-dialog', 'cart-dialogs'];
const LOG_LINE = /Storefront render service at http:\/\/127\.0\.0\.1:\d+ unavailable, hooks render in the browser: /g;

describe.skipIf(!versions.length).each(versions)('$name: the plain-PHP shop of docs/embedding.md', ({ command }) => {
  let browser: Browser;
  let service: Started | undefined;
  let servicePort: number;
  let dir: string;
  const servers: Started[] = [];
  const urls = { page: '', fallback: '', hashed: '' };
  let fallback: Started;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'storefront-plain-php-'));
    servicePort = await freePort();
    const serviceUrl = `http://127.0.0.1:${servicePort}`;
    // A busy machine's render budget too: what the page prints is checked, not how fast.
    const env = { SSR_PORT: String(servicePort), SSR_WORKERS: '1', SSR_RENDER_BUDGET_MS: '5000' };
    service = await startUntil('node', [join(root, 'dist-server/ssr-server.mjs')], env, /listening on/);
    // Three sites: one gives a busy machine's render service time (what the page prints is
    // checked), one has the doc's timeout (how long a failing service costs), one the hashed-files head.
    const serve = async (name: keyof typeof urls, variant: number, timeoutMs: number) => {
      const site = join(dir, name);
      writeSite(site, { variant, serviceUrl, timeoutMs });
      const port = await freePort();
      // A log file of its own for the one-line-a-minute rule (php's temp folder is shared).
      const server = await startUntil(command, ['-d', `sys_temp_dir=${site}`, '-S', `127.0.0.1:${port}`, 'router.php'], { PHP_CLI_SERVER_WORKERS: '3' }, /Development Server .* started/, site);
      servers.push(server);
      urls[name] = `http://127.0.0.1:${port}/`;
      return server;
    };
    await serve('page', 0, 5000);
    await serve('hashed', 1, 5000);
    fallback = await serve('fallback', 0, TIMEOUT_MS);
    await (await fetch(urls.page)).text(); // the service warm
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await stop(service);
    for (const server of servers) await stop(server);
    rmSync(dir, { recursive: true, force: true });
  });

  /** A page in a fresh context; every console message of it is collected. */
  async function open(url: string, javaScriptEnabled = true): Promise<{ page: Page; messages: string[] }> {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const messages: string[] = [];
    page.on('console', (msg) => messages.push(`${msg.type()}: ${msg.text()}`));
    page.on('pageerror', (error) => messages.push(`uncaught: ${error.message}`));
    page.on('response', (r) => r.status() >= 400 && messages.push(`${r.status()}: ${r.url()}`));
    await page.goto(url);
    return { page, messages };
  }

  /** Wakes the page and waits until every hook listens. */
  async function everyHookReady(page: Page): Promise<void> {
    await waitForIslands(page);
    await wakePage(page); // the first input wakes the server-rendered islands
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight)); // and the loyalty button, near the viewport
    await page.waitForFunction(() => [...document.querySelectorAll('[data-widget]')].every((h) => h.getAttribute('data-island') === 'ready'));
  }

  /** The cart control says `label`: the server's link, or the island's button when the render service did not answer in time (a loaded machine). */
  const cartSays = (page: Page, label: string) => cartControl(page, new RegExp(`^${label}$`)).waitFor();

  const titles = (page: Page, scope: string) => page.locator(`${scope} .sfw-teaser-card__title`).allTextContents();

  it('without JavaScript the server HTML shows every island, the hostile titles as text', async () => {
    const html = await (await fetch(urls.page)).text();
    // The hook as the Laravel package prints it: props in single quotes, the server HTML marked for hydration.
    expect(html).toMatch(/<section data-widget="product-grid" data-props='\{"products":\[\{"id":1,"title":"\\u003C\\\/script\\u003E[^']*' aria-label="Products"><template data-sfw-ssr="[\w.]+"><\/template><ul class="sfw-product-grid">/);
    const { page } = await open(urls.page, false);
    for (const widget of SERVER_RENDERED) expect(await page.locator(`[data-widget="${widget}"] > template[data-sfw-ssr]`).count(), widget).toBe(1);
    const grid = await titles(page, '[data-widget="product-grid"]');
    expect(grid).toHaveLength(12);
    expect(grid.slice(0, 3)).toEqual(HOSTILE_TITLES.map((t, i) => `${t} #${i + 1}`));
    expect(await titles(page, '[data-widget="recently-viewed"]')).toEqual(grid.slice(0, 3));
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.locator('form[action="/search"][method="get"] input[name="q"]').count()).toBe(1);
    expect(await page.locator('a[href="/cart"]').getAttribute('aria-label')).toBe('Cart, 0 items');
    await page.context().close();
  });

  it('with JavaScript every hook mounts, the server HTML hydrates without a console message, hostile props stay text', async () => {
    const { page, messages } = await open(urls.page);
    const serverButton = await page.locator('[data-widget="product-grid"] .sfw-teaser-card button').first().elementHandle();
    await everyHookReady(page);
    // The hand-written hooks (both quoting styles) render in the browser, their titles as text.
    expect(await titles(page, '[data-widget="teaser-card"]')).toEqual([`${HOSTILE_TITLES[0]} #1`, `${HOSTILE_TITLES[0]} #1`]);
    expect(await titles(page, '[data-widget="product-grid"]')).toHaveLength(12);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.title()).toBe('Booster boxes · Card shop');
    // Hydrated, not replaced.
    expect(await serverButton!.evaluate((b) => b.isConnected)).toBe(true);
    expect(messages).toEqual([]);
    await page.context().close();
  });

  it('Add to cart passes the session CSRF check; a call without the token is refused with 419', async () => {
    const bare = await fetch(new URL('/cart/add-item', urls.page), { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: '{"product_id":1}' });
    expect(bare.status).toBe(419);
    const { page, messages } = await open(urls.page);
    await everyHookReady(page);
    const added = page.waitForResponse((r) => r.url().endsWith('/cart/add-item'));
    await page.locator('[data-widget="product-grid"] .sfw-teaser-card').nth(2).getByRole('button', { name: 'Add to cart' }).click();
    expect((await added).status()).toBe(200);
    await expect.poll(() => page.getByText('Product added to your cart!').isVisible()).toBe(true);
    expect(messages).toEqual([]);
    // The session has the item: the config block says so, and the server-rendered cart button too.
    await page.reload();
    await cartSays(page, 'Cart, 1 item');
    await page.context().close();
  });

  it('the product page: the form is in the server HTML, hydrates without a console message, and Add to Cart posts with the session token', async () => {
    const productUrl = new URL('/product', urls.page).href;
    const { page: still } = await open(productUrl, false);
    expect(await still.locator('[data-widget="add-to-cart"] > template[data-sfw-ssr] + form').count()).toBe(1);
    expect(await still.locator('h1').textContent()).toBe(`${HOSTILE_TITLES[0]} #7`);
    expect(await still.getByRole('button', { name: 'Add to Cart' }).count()).toBe(1);
    await still.context().close();

    const { page, messages } = await open(productUrl);
    const serverForm = await page.locator('[data-widget="add-to-cart"] form').elementHandle();
    await everyHookReady(page);
    expect(await serverForm!.evaluate((form) => form.isConnected)).toBe(true);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    const added = page.waitForRequest((r) => r.url().endsWith('/cart/add-item'));
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const request = await added;
    expect(request.headers()['x-csrf-token']).toBe(await page.locator('meta[name="csrf-token"]').getAttribute('content'));
    expect(request.postDataJSON()).toMatchObject({ product_id: 7, quantity: 2 });
    expect((await request.response())!.status()).toBe(200);
    await expect.poll(() => page.getByText('Product added to your cart!').isVisible()).toBe(true);
    expect(messages).toEqual([]);
    await page.reload();
    await cartSays(page, 'Cart, 2 items');
    await page.context().close();
  });

  it('the hashed-files head loads the manifest\'s entry, its stylesheet and preloads, and every hook mounts', async () => {
    const { page, messages } = await open(urls.hashed);
    expect(await page.locator('script[type="module"]').getAttribute('src')).toMatch(/^\/storefront\/storefront-\w+\.js$/);
    expect(await page.locator('link[rel="stylesheet"]').getAttribute('href')).toMatch(/^\/storefront\/storefront-\w+\.css$/);
    expect(await page.locator('link[rel="modulepreload"][href^="/storefront/chunks/"]').count()).toBeGreaterThan(0);
    await everyHookReady(page);
    expect(messages).toEqual([]);
    await page.context().close();
  });

  for (const failure of ['stopped', 'hung'] as const) {
    it(`with the render service ${failure}, the page comes within the timeout + 100 ms, the islands render in the browser, one log line a minute`, async () => {
      await stop(service);
      service = undefined;
      const hung = failure === 'hung' ? await hungService(servicePort) : undefined;
      try {
        expect(await pageTime(urls.fallback)).toBeLessThan(TIMEOUT_MS + 100);
        const { page, messages } = await open(urls.fallback);
        expect(await page.locator('template[data-sfw-ssr]').count()).toBe(0);
        await everyHookReady(page);
        expect(await titles(page, '[data-widget="product-grid"]')).toHaveLength(12);
        expect(messages).toEqual([]);
        await page.context().close();
        // Four pages failed in each test, across PHP's workers: one line, in the first test only.
        expect(fallback.output().match(LOG_LINE)).toHaveLength(1);
      } finally {
        await hung?.close();
      }
    });
  }
});
