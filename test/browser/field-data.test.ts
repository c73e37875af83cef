/**
 * Field data (docs/embedding.md "Field data"), on the demo pages with the config's fieldData block
 * (`?field=<sample rate>`, `&consent=0`: demo-pages/render.ts): a sampled page view with consent loads
 * the field chunk once idle and sends one beacon when the page is hidden, with what a shopper felt, island
 * by island; a view not sampled, without consent, or without the block requests neither.
 *
 * The beacon is caught by a route on its endpoint; the page is hidden as a tab switch hides it
 * (visibilityState 'hidden', then visibilitychange).
 */
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { Beacon } from '../../shared/field/beacon';
import { builtUrl, cartControl, settled, useShop, wakePage } from './harness';

const shop = useShop({ mock: 'server' });

const ENDPOINT = '/storefront/field-data';
const FIELD_CHUNK = builtUrl('shared/field/collect.ts');
const KEYS = ['v', 'build', 'page', 'device', 'metrics', 'held', 'wakes', 'failures', 'fallbacks'];

/** The contexts this file opened (the harness closes only its own). */
const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close().catch(() => {})));
});
const newContext = async (phone = false) => {
  const context = await shop.browser.newContext(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  return context;
};

interface Watched {
  page: Page;
  /** Every beacon the page sent, parsed. */
  beacons: Beacon[];
  /** Every request the page made, by path. */
  requests: string[];
  /** The Cookie header each beacon came with. */
  cookies: Array<string | undefined>;
  /** The next beacon (the page hidden meanwhile). */
  nextBeacon(): Promise<Beacon>;
}

/** Opens `path` with the beacon endpoint routed (answered 204, as the receivers do) and every request noted. */
async function open(path: string, options: { phone?: boolean; context?: BrowserContext } = {}): Promise<Watched> {
  const context = options.context ?? (await newContext(options.phone));
  const requests: string[] = [];
  const beacons: Beacon[] = [];
  const cookies: Array<string | undefined> = [];
  const waiting: Array<(beacon: Beacon) => void> = [];
  context.on('request', (request: Request) => void requests.push(new URL(request.url()).pathname));
  await context.route(`**${ENDPOINT}`, async (route) => {
    const beacon = JSON.parse(route.request().postData() ?? 'null') as Beacon;
    cookies.push((await route.request().allHeaders()).cookie);
    beacons.push(beacon);
    waiting.shift()?.(beacon);
    await route.fulfill({ status: 204 });
  });
  const page = await shop.open(path, { context });
  return { page, beacons, requests, cookies, nextBeacon: () => new Promise((resolve) => waiting.push(resolve)) };
}

/** Hides the page as a switch to another tab does. */
const hide = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });

/** Hides the page and returns the beacon it sends, checked against the contract's shape. */
async function beaconOf(watched: Watched): Promise<Beacon> {
  const next = watched.nextBeacon();
  await hide(watched.page);
  const beacon = await next;
  expect(Object.keys(beacon)).toEqual(KEYS);
  expect(beacon.v).toBe(1);
  expect(beacon.page).toBe('category');
  // It names no shopper: no URL, query string, host or cookie value.
  const json = JSON.stringify(beacon);
  expect(json).not.toMatch(/https?:|localhost|127\.0\.0\.1|\?|demo_/);
  expect(json.length).toBeLessThanOrEqual(16384);
  return beacon;
}

/** Waits until the browser has timed an interaction of `name` lasting at least `ms` (Event Timing, as web-vitals reads it). */
const timed = (page: Page, name: string, ms: number) =>
  page.evaluate(
    ([name, ms]) =>
      new Promise<void>((resolve) =>
        new PerformanceObserver((list, observer) => {
          if (list.getEntries().some((e) => e.name === name && e.duration >= ms)) resolve(observer.disconnect());
        }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit),
      ),
    [name, ms] as const,
  );

describe('field data on (sampled, with consent)', () => {
  it('a slow cart handler: the beacon has an INP attributed to cart-dropdown, with its three parts', async () => {
    const context = await newContext();
    await context.addCookies([{ name: 'shop_session', value: 'a-shopper', url: shop.url }]);
    const watched = await open('/?field=1&reset=1', { context });
    const { page } = watched;
    await settled(page); // the field chunk loaded at idle
    expect(watched.requests).toContain(FIELD_CHUNK);
    await wakePage(page, { by: 'mouse', at: page.locator('[data-widget="cart-dropdown"]') });
    await page.locator('[data-widget="cart-dropdown"][data-island="ready"]').waitFor();
    // The shop's own slow handler on the cart (analytics, say): 250 ms of work in the click.
    await page.evaluate(() =>
      document.querySelector('[data-widget="cart-dropdown"]')!.addEventListener('click', () => {
        for (const end = performance.now() + 250; performance.now() < end; );
      }),
    );
    await cartControl(page).click();
    await timed(page, 'click', 250);
    const beacon = await beaconOf(watched);
    const inp = beacon.metrics.find((m) => m.name === 'INP');
    expect(inp).toMatchObject({ island: 'cart-dropdown' });
    expect(inp!.value).toBeGreaterThanOrEqual(250);
    const { inputDelay, processing, presentation } = inp!.parts!;
    expect(processing).toBeGreaterThanOrEqual(240);
    expect(inputDelay + processing + presentation).toBeGreaterThanOrEqual(inp!.value - 3);
    expect(inputDelay + processing + presentation).toBeLessThanOrEqual(inp!.value + 3);
    // The long animation frame's scripts: the slow handler is the shop's (not under the bundle's folder).
    expect(inp!.script!.shop).toBeGreaterThanOrEqual(240);
    expect(inp!.script!.ours).toBeLessThan(inp!.script!.shop);
    // The page woke for the cart: each island that mounted says how long its code took and its hydration.
    expect(beacon.wakes).toContainEqual({ island: 'cart-dropdown', wake: expect.any(Number), hydrate: expect.any(Number) });
    expect(beacon.metrics.map((m) => m.name).sort()).toEqual(['CLS', 'INP', 'LCP']);
    expect(watched.beacons).toHaveLength(1);
    // The shop's cookies (its session) stay home.
    expect(watched.cookies).toEqual([undefined]);
  });

  it('a slow handler that removes the control pressed with Enter (a REMOVE): the INP stays with the island', async () => {
    const watched = await open('/?field=1&reset=1');
    const { page } = watched;
    await settled(page);
    await wakePage(page, { by: 'mouse', at: page.locator('[data-widget="cart-dropdown"]') });
    await page.locator('[data-widget="cart-dropdown"][data-island="ready"]').waitFor();
    await page.evaluate(() =>
      document.querySelector('[data-widget="cart-dropdown"]')!.addEventListener('click', (event) => {
        for (const end = performance.now() + 250; performance.now() < end; );
        (event.target as Element).closest('a, button')!.remove();
      }),
    );
    await cartControl(page).focus();
    await page.keyboard.press('Enter');
    await timed(page, 'keydown', 250);
    const inp = (await beaconOf(watched)).metrics.find((m) => m.name === 'INP');
    expect(inp).toMatchObject({ island: 'cart-dropdown' });
    expect(inp!.value).toBeGreaterThanOrEqual(250);
  });

  it('a tap on the sleeping cart: the beacon has the held click and its time to the answer', async () => {
    const watched = await open('/?field=1&reset=1', { phone: true });
    const { page } = watched;
    await settled(page);
    expect(await page.locator('[data-widget="cart-dropdown"]').getAttribute('data-island')).toBe('sleeping');
    await cartControl(page).tap();
    await page.locator('[data-widget="cart-dropdown"]').getByRole('dialog').waitFor();
    await settled(page);
    const beacon = await beaconOf(watched);
    expect(beacon.device).toBe('mobile');
    const held = beacon.held.filter((h) => h.island === 'cart-dropdown');
    // The tap focused the cart's link, then clicked it: both held, each answered.
    expect(held).toContainEqual({ island: 'cart-dropdown', input: 'click', ms: expect.any(Number) });
    for (const { ms } of held) expect(ms).toBeGreaterThan(0);
  });

  it('a deleted chunk: the beacon has its failure', async () => {
    const context = await newContext();
    // The header's code is gone (a deploy removed it): it loads at page load, and fails twice.
    await context.route(`**${builtUrl('widgets/header/island.ts')}`, (route) => route.fulfill({ status: 404, body: '' }));
    shop.allowConsoleError(/404/);
    shop.expectConsoleError(/header could not be loaded/);
    const watched = await open('/?field=1&reset=1', { context });
    await settled(watched.page);
    expect(await watched.page.locator('[data-widget="header"]').getAttribute('data-island')).toBe('failed');
    const beacon = await beaconOf(watched);
    expect(beacon.failures).toContainEqual({ kind: 'chunk', island: 'header' });
  });

  it('hooks the server left empty (render service down): the beacon has a fallback for each', async () => {
    const watched = await open('/?field=1&reset=1&ssr=0');
    await settled(watched.page);
    const beacon = await beaconOf(watched);
    const fallbacks = beacon.fallbacks.map((f) => f.island);
    expect(fallbacks).toEqual(expect.arrayContaining(['cart-dropdown', 'product-grid', 'search-bar']));
  });

  it('server-rendered hooks: no fallback', async () => {
    const watched = await open('/?field=1&reset=1');
    await settled(watched.page);
    await wakePage(watched.page);
    await settled(watched.page);
    expect((await beaconOf(watched)).fallbacks).toEqual([]);
  });
});

describe('field data off: nothing requested, nothing sent', () => {
  for (const [why, path] of [
    ['no fieldData block', '/?reset=1'],
    ['not sampled (sampleRate 0)', '/?field=0&reset=1'],
    ['sampled, without consent', '/?field=1&consent=0&reset=1'],
  ] as const) {
    it(why, async () => {
      const watched = await open(path);
      const { page } = watched;
      await settled(page);
      await wakePage(page);
      await settled(page);
      await hide(page);
      await settled(page);
      expect(watched.requests).not.toContain(FIELD_CHUNK);
      expect(watched.requests).not.toContain(ENDPOINT);
      expect(watched.beacons).toEqual([]);
      });
  }

  it('consent given later (Storefront.fieldData.consent(true)): the chunk loads then, and the beacon goes', async () => {
    const watched = await open('/?field=1&consent=0&reset=1');
    const { page } = watched;
    await settled(page);
    expect(watched.requests).not.toContain(FIELD_CHUNK);
    await page.evaluate(() => window.Storefront!.fieldData.consent(true));
    await settled(page);
    expect(watched.requests).toContain(FIELD_CHUNK);
    expect((await beaconOf(watched)).page).toBe('category');
  });

  it('consent taken back before the page is hidden: nothing is sent', async () => {
    const watched = await open('/?field=1&reset=1');
    const { page } = watched;
    await settled(page);
    expect(watched.requests).toContain(FIELD_CHUNK);
    await page.evaluate(() => window.Storefront!.fieldData.consent(false));
    await hide(page);
    await settled(page);
    expect(watched.beacons).toEqual([]);
    expect(watched.requests).not.toContain(ENDPOINT);
  });
});
