/**
 * The Laravel package in a real Laravel app (laravel/tests/app, the Laravel 8 to 10 skeleton;
 * laravel/tests/app11 for Laravel 13, the skeleton `laravel new` makes since Laravel 11: the web
 * middleware with sessions and VerifyCsrfToken, the head component and one
 * island component per hook, as docs/laravel.md shows), served by `php -S`,
 * with the render service (storefront:ssr: the package's dist/ssr-server.mjs) beside it. Laravel 8
 * (Debian 12) and Laravel 10 (Debian 13's, from .php-deps/) when present, and Laravel 13
 * (PHP 8.4, in the Debian sid root of scripts/sid-root.sh, through scripts/php84) when built.
 *
 * Without PHP this file does not run and says so in one line; without the sid root, one line
 * says the Laravel 13 app did not run. In CI (CI=true) a missing Laravel fails.
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, waitForIslands, wakePage } from './harness';
import { freePort, hasLaravelPhp, hungService, pageTime, startUntil, stop } from './servers';

const root = resolve(__dirname, '../..');
const app8 = join(root, 'laravel/tests/app');
const app11 = join(root, 'laravel/tests/app11');
const laravel10 = join(root, '.php-deps/laravel10/usr/share/php');

const php = hasLaravelPhp();
if (!php) console.log('laravel.test.ts: not run (no php with Debian\'s Laravel). Install: sudo scripts/php-deps.sh');

const versions = [{ name: 'Laravel 8', php: 'php', includePath: '/usr/share/php', app: app8 }];
if (existsSync(laravel10)) versions.push({ name: 'Laravel 10', php: 'php', includePath: `${laravel10}:/usr/share/php`, app: app8 });
const php84 = join(root, 'scripts/php84');
if (hasLaravelPhp(php84)) versions.push({ name: 'Laravel 13', php: php84, includePath: '/usr/share/php', app: app11 });
else console.log('laravel.test.ts: Laravel 13 (Debian sid, PHP 8.4) not run (no sid root, or not root). Build it: sudo scripts/sid-root.sh');
if (process.env.CI === 'true' && versions.length < 3) throw new Error(`laravel.test.ts in CI: only ${versions.map((v) => v.name).join(', ')}`);

/** The render service's timeout the app is given (STOREFRONT_SSR_TIMEOUT, ms). */
const TIMEOUT_MS = 200;

describe.skipIf(!php).each(versions)('$name app with the package', ({ php: phpCommand, includePath, app }) => {
  let browser: Browser;
  let service: ChildProcess | undefined;
  let phpServer: ChildProcess;
  let fallbackServer: ChildProcess;
  let fallbackUrl: string;
  let storage: string;
  let servicePort: number;
  let url: string;

  beforeAll(async () => {
    storage = mkdtempSync(join(tmpdir(), 'storefront-laravel-'));
    const env = { APP_STORAGE: storage };
    const artisan = ['-d', `include_path=${includePath}`, join(app, 'artisan')];
    execFileSync(phpCommand, [...artisan, 'storefront:publish'], { env: { ...process.env, ...env } });
    servicePort = await freePort();
    service = await startUntil(phpCommand, [...artisan, 'storefront:ssr'], { ...env, STOREFRONT_SSR_URL: `http://127.0.0.1:${servicePort}` }, /listening on/);
    // Two servers of the same app: one gives a busy machine's render service time (what the page
    // prints is checked), the other the production timeout (how long a failing service costs).
    const serve = async (timeoutMs: number) => {
      const port = await freePort();
      const server = await startUntil(
        phpCommand,
        ['-d', `include_path=${includePath}`, '-S', `127.0.0.1:${port}`, '-t', join(app, 'public'), join(app, 'server.php')],
        { ...env, PHP_CLI_SERVER_WORKERS: '4', STOREFRONT_SSR_URL: `http://127.0.0.1:${servicePort}`, STOREFRONT_SSR_TIMEOUT: String(timeoutMs) },
        /Development Server .* started/,
      );
      return { server, url: `http://127.0.0.1:${port}/` };
    };
    ({ server: phpServer, url } = await serve(5000));
    ({ server: fallbackServer, url: fallbackUrl } = await serve(TIMEOUT_MS));
    await (await fetch(`${url}?cards=48`)).text(); // views compiled, the service warm
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await stop(service);
    await stop(phpServer);
    await stop(fallbackServer);
    rmSync(storage, { recursive: true, force: true });
  });

  /** A page in a fresh context; every console message of it is collected. */
  async function open(path: string, javaScriptEnabled = true): Promise<{ page: Page; messages: string[] }> {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const messages: string[] = [];
    page.on('console', (msg) => messages.push(`${msg.type()}: ${msg.text()}`));
    page.on('pageerror', (error) => messages.push(`uncaught: ${error.message}`));
    await page.goto(new URL(path, url).href);
    return { page, messages };
  }

  it('without JavaScript the page shows every card, the search form and the cart link', async () => {
    const { page } = await open('/?cards=48', false);
    expect(await page.locator('.sfw-teaser-card').count()).toBe(48);
    expect(await page.locator('.sfw-teaser-card__title').nth(1).textContent()).toBe('</script><script>alert(1)</script> Chrome #2');
    expect(await page.locator('form[action="/search"][method="get"] input[name="q"]').count()).toBe(1);
    expect(await page.locator('a[href="/cart"]').getAttribute('aria-label')).toBe('Cart, 0 items');
    await page.context().close();
  });

  it('with JavaScript the server HTML hydrates without a console message, and Add to cart passes VerifyCsrfToken', async () => {
    const { page, messages } = await open('/?cards=48');
    const firstCard = page.locator('.sfw-teaser-card').first();
    const serverButton = await firstCard.locator('button').elementHandle();
    await waitForIslands(page);
    await wakePage(page); // the first input wakes the islands
    await page.waitForFunction(() => [...document.querySelectorAll('[data-widget]')].every((h) => h.getAttribute('data-island') === 'ready'));
    expect(await page.locator('.sfw-teaser-card').count()).toBe(48);

    // VerifyCsrfToken is on: the same call without the page's token is refused.
    const bare = await fetch(new URL('/cart/add-item', url), { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: '{"product_id":1}' });
    expect(bare.status).toBe(419);
    const added = page.waitForResponse((r) => r.url().endsWith('/cart/add-item'));
    await firstCard.locator('button', { hasText: 'Add to cart' }).click();
    expect((await added).status()).toBe(200);
    await expect.poll(() => page.getByText('Product added to your cart!').isVisible()).toBe(true);
    // The server's button was hydrated, not replaced.
    expect(await serverButton!.evaluate((b) => b.isConnected)).toBe(true);
    expect(messages).toEqual([]);

    await page.reload();
    expect(await page.locator('a[href="/cart"]').getAttribute('aria-label')).toBe('Cart, 1 item');
    await page.context().close();
  });

  for (const failure of ['stopped', 'hung'] as const) {
    it(`with the render service ${failure}, the page comes within the timeout + 100 ms and the islands render in the browser`, async () => {
      await stop(service);
      service = undefined;
      const hung = failure === 'hung' ? await hungService(servicePort) : undefined;
      try {
        expect(await pageTime(new URL('/?cards=48', fallbackUrl).href)).toBeLessThan(TIMEOUT_MS + 100);
        const { page, messages } = await open(new URL('/?cards=48', fallbackUrl).href);
        expect(await page.locator('[data-widget="product-grid"] template[data-sfw-ssr]').count()).toBe(0);
        await waitForIslands(page);
        await expect.poll(() => page.locator('.sfw-teaser-card').count()).toBe(48);
        expect(await page.locator('form[action="/search"]').count()).toBe(1);
        expect(messages).toEqual([]);
        await page.context().close();
      } finally {
        await hung?.close();
      }
    });
  }
});
