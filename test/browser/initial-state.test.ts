/**
 * The initial state in the config block: on the demo category page, with the API answered by the demo
 * server (as Laravel, which writes the initial state into the config block),
 * a passive page view makes no API call and runs no axios; the request code
 * is prefetched at idle without running, so on a slow network the first
 * click on the cart, the search field or a dialog opener does not wait for it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LOGIN_ERROR, PASSWORD_THAT_WORKS } from '../../demo-pages/mock/backend';
import { BUDGETS } from '../../scripts/budgets.mjs';
import { MESSAGES } from '../../widgets/login-modal/rules/login';
import { measurePageJs } from '../../scripts/measure-js.mjs';
import { builtUrl, settled, useServerMockShop, waitForIslands } from './harness';
import { trackRequests, watchSettled } from './settle';

const TRANSPORT = builtUrl('shared/api/transport.ts');
/** The build's directory: its files (the idle prefetch's chunk map included) are not API calls. */
const BUILD_DIR = TRANSPORT.slice(0, TRANSPORT.indexOf('/chunks/') + 1);
const API_HEADERS = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' };

const shop = useServerMockShop();

const api = (path: string, init: RequestInit = {}) => fetch(new URL(path, shop.url), { ...init, headers: { ...API_HEADERS, ...init.headers } });

/** A shop with two items in the cart; returns the first item's title. */
async function seedCart(): Promise<string> {
  await fetch(new URL('/?reset=1', shop.url), { headers: { Accept: 'text/html' } });
  const added = await api('/cart/add-item', { method: 'POST', body: JSON.stringify({ id: 1, product_id: 1, quantity: 2, attributes: {}, region: 'US' }) });
  expect(added.ok).toBe(true);
  const cart = (await (await api('/cart/retrieve')).json()) as { cart_items: Array<{ title: string }> };
  return cart.cart_items[0]!.title;
}

/** Opens `/` and records every request that is not a document, script, style, image or build file: the API calls. */
async function openPage(slow: boolean): Promise<{ page: Page; apiCalls: string[]; transportRequests: () => number; close: () => Promise<void> }> {
  const context = await shop.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  trackRequests(page);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const apiCalls: string[] = [];
  const transport: Request[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname === TRANSPORT) transport.push(r);
    if (['xhr', 'fetch'].includes(r.resourceType()) && !pathname.startsWith(BUILD_DIR)) apiCalls.push(`${r.method()} ${pathname}`);
  });
  if (slow) {
    // A slow 3G-like link: every request waits 400 ms, about 50 KB/s down.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 50 * 1024, uploadThroughput: 25 * 1024 });
  }
  await page.goto(shop.url, { waitUntil: 'load', timeout: 45_000 });
  return {
    page,
    apiCalls,
    transportRequests: () => transport.length,
    close: async () => {
      expect(errors).toEqual([]);
      await context.close();
    },
  };
}

describe('a passive view of the category page', () => {
  it('makes no API call and runs no axios; the request code is only prefetched', async () => {
    await seedCart();
    const { page, apiCalls, close } = await openPage(false);
    await page.locator('.sfw-cart-dropdown__toggle[aria-label="Cart, 2 items"]').waitFor();
    await settled(page); // after the idle prefetch (the modulepreload below), the page's last own work
    expect(apiCalls).toEqual([]);
    expect(await page.locator(`link[rel="modulepreload"][href$="${TRANSPORT}"]`).count()).toBe(1);
    await close();

    // V8 coverage: the transport (axios) was fetched, and none of its code ran.
    const r = await measurePageJs(shop.browser, shop.url, { watch: watchSettled });
    const paths = (list: Array<{ url: string }>) => list.map((s) => new URL(s.url).pathname);
    expect(paths(r.before.fetched)).toContain(TRANSPORT);
    expect(paths(r.before.ran)).not.toContain(TRANSPORT);
    expect(r.before.axiosRan).toBe(false);
    // The page budgets (scripts/budgets.mjs): what runs before input, what is fetched after idle and a scroll.
    const gzip = (list: Array<{ gzip: number }>) => list.reduce((n, s) => n + s.gzip, 0);
    expect(gzip(r.before.ran)).toBeLessThanOrEqual(BUDGETS.page.ranBeforeInput);
    expect(gzip(r.after.fetched)).toBeLessThanOrEqual(BUDGETS.page.fetchedAfterScroll);
    expect(r.errors).toEqual([]);
  });

  it('the React build runs React DOM when idle, before any input; the Preact build runs no framework early', async () => {
    // build.mjs preloadFiles `run`: React DOM takes 150–300 ms to compile and run on a phone, a task a first tap would wait behind.
    const runAtIdle = (dir: string) => {
      const map = JSON.parse(readFileSync(`${dir}/${readdirSync(dir).find((f) => /^preload-.*\.json$/.test(f))!}`, 'utf8')) as { files: string[]; run: number[] };
      return map.run.map((i) => `/build${dir === 'dist' ? '' : '-react'}/chunks/${map.files[i]}.js`);
    };
    expect(runAtIdle('dist')).toEqual([]);
    const [framework] = runAtIdle('dist-react');
    expect(readFileSync(`dist-react/chunks/${framework!.split('/').pop()!}.map`, 'utf8')).toContain('react-dom-client.production.js');

    const r = await measurePageJs(shop.browser, new URL('/?build=react', shop.url).href, { watch: watchSettled });
    const ran = r.before.ran.map((s: { url: string }) => new URL(s.url).pathname);
    expect(ran).toContain(framework);
    expect(r.before.axiosRan).toBe(false);
    expect(r.errors).toEqual([]);
  });

  it('on a slow network the first click on the cart, the search field and Sign in work, the request code already there', async () => {
    const title = await seedCart();
    const { page, apiCalls, transportRequests, close } = await openPage(true);
    // Server HTML shows the islands at once; they sleep until the first input (docs/architecture.md "When islands wake").
    await waitForIslands(page);
    expect(await page.locator('[data-island="sleeping"]').count()).toBeGreaterThan(0);
    // Idle: the transport is prefetched (one request, finished), before any input.
    await expect.poll(() => page.evaluate((t) => performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname === t && (e as PerformanceResourceTiming).responseEnd > 0), TRANSPORT), { timeout: 30_000 }).toBe(true);
    expect(await page.locator(`link[rel="modulepreload"][href$="${TRANSPORT}"]`).count()).toBe(1);
    await settled(page, 60_000);
    expect(apiCalls).toEqual([]);

    // The cart: the first click opens the dropdown with its items.
    const toggle = page.locator('.sfw-cart-dropdown__toggle');
    await expect.poll(() => toggle.getAttribute('aria-label')).toBe('Cart, 2 items');
    await toggle.click();
    const dropdown = page.getByRole('dialog', { name: 'Shopping cart' });
    await dropdown.getByText(title).first().waitFor({ timeout: 20_000 });
    await page.keyboard.press('Escape');

    // The search field: typing gets suggestions.
    const input = page.getByRole('combobox', { name: 'Search' }).first();
    await input.click();
    await input.pressSequentially('charizard', { delay: 20 });
    const listbox = page.locator(`#${await input.getAttribute('aria-controls')}`);
    await expect.poll(() => listbox.getByRole('option').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.keyboard.press('Escape');

    // A dialog opener: the header's Sign in opens the login dialog.
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('dialog', { name: 'Sign in to your account' }).waitFor({ timeout: 20_000 });

    // The prefetched transport served the calls: it was never fetched again.
    expect(transportRequests()).toBe(1);
    expect(apiCalls).toEqual(expect.arrayContaining(['GET /cart/retrieve', 'POST /auto-search']));
    await close();
  }, 120_000);

  it.each([
    ['desktop', { viewport: { width: 1280, height: 900 } }],
    ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ] as const)('%s: the move the browser sends on its own, at (0, 0) over the header with no movement, does not wake the page; a pointer that moves does', async (_, options) => {
    // Chromium sends it as the page lays out, with the mouse never touched (a phone emulated): when the
    // runtime listened by then, the page woke with no input (the flake of the Laravel sign-in tests below).
    const context = await shop.browser.newContext(options);
    const page = await context.newPage();
    trackRequests(page);
    await page.goto(new URL('/?reset=1', shop.url).href);
    await waitForIslands(page);
    const login = page.locator('[data-widget="login-modal"]');
    await page.mouse.move(0, 0); // a pointermove on the header's top bar, movementX and movementY 0
    await settled(page); // a wake would have its hooks loading or its chunks requested by now
    expect(await login.getAttribute('data-island')).toBe('sleeping');
    await page.mouse.move(200, 60);
    await expect.poll(() => login.getAttribute('data-island')).toBe('ready');
    await context.close();
  });

  it.each([
    ['laravel', 'a 422 {message, errors}'],
    ['laravel-redirect', 'a 302 back to /login'],
  ])('asleep, a sign-in answered the Laravel way (?answers=%s, %s refuses) shows the refusal, and the followed 302 of a success lands on /user/logged-in', async (answers) => {
    const context = await shop.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(new URL(`/?reset=1&answers=${answers}`, shop.url).href);
    await waitForIslands(page);
    expect(await page.locator('[data-widget="login-modal"]').getAttribute('data-island')).toBe('sleeping');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in to your account' });
    await dialog.getByLabel('Email').fill('fan@example.com');
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Sign in' }).press('Enter');
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').textContent()).toBe(answers === 'laravel' ? LOGIN_ERROR : MESSAGES.refused);
    await dialog.getByLabel('Password').fill(PASSWORD_THAT_WORKS);
    await Promise.all([page.waitForURL(/\/user\/logged-in$/), dialog.getByRole('button', { name: 'Sign in' }).press('Enter')]);
    await page.getByRole('heading', { name: 'Welcome back!' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
