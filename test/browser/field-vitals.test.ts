/**
 * The field chunk measures LCP, CLS and INP itself (shared/field/vitals.ts, web-vitals' definitions without
 * its 3 KB): on the same page view, its beacon says what web-vitals 6.2.3 says (the reference, run from the
 * page's start, as a shop that uses it would). The page shifts once after load and takes a click on the cart
 * that the shop's own handler makes slow.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import type { Beacon } from '../../shared/field/beacon';
import { cartControl, settled, useShop, wakePage } from './harness';

const shop = useShop({ mock: 'server' });
const WEB_VITALS = readFileSync(join(dirname(createRequire(import.meta.url).resolve('web-vitals')), 'web-vitals.iife.js'), 'utf8');

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close().catch(() => {});
});

for (const slow of [0, 300]) {
  it(`LCP, CLS and INP are web-vitals' (a click with ${slow} ms of the shop's work)`, async () => {
    context = await shop.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(`${WEB_VITALS}
      window.reference = {};
      for (const on of ['onLCP', 'onCLS', 'onINP']) webVitals[on]((m) => { window.reference[m.name] = m.value; }, { reportAllChanges: true });`);
    const beacons: Beacon[] = [];
    await context.route('**/storefront/field-data', async (route) => {
      beacons.push(JSON.parse(route.request().postData() ?? 'null') as Beacon);
      await route.fulfill({ status: 204 });
    });
    const page = await shop.open('/?field=1&reset=1', { context });
    await settled(page);
    // A layout shift after load: a banner inserted at the top.
    await page.evaluate(() => document.body.prepend(Object.assign(document.createElement('div'), { style: 'height: 120px' })));
    await wakePage(page, { by: 'mouse', at: page.locator('[data-widget="cart-dropdown"]') });
    await page.locator('[data-widget="cart-dropdown"][data-island="ready"]').waitFor();
    await page.evaluate(
      (ms) =>
        document.querySelector('[data-widget="cart-dropdown"]')!.addEventListener('click', () => {
          for (const end = performance.now() + ms; performance.now() < end; );
        }),
      slow,
    );
    await cartControl(page).click();
    await page.keyboard.press('Escape');
    await settled(page);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });
    await expect.poll(() => beacons.length).toBe(1);
    const reference = await page.evaluate(() => (window as unknown as { reference: Record<string, number> }).reference);
    const ours = Object.fromEntries(beacons[0]!.metrics.map((m) => [m.name, m.value]));
    expect(Object.keys(ours).sort()).toEqual(['CLS', 'INP', 'LCP']);
    expect(ours.CLS).toBeGreaterThan(0);
    expect(ours).toEqual({ LCP: Math.round(reference.LCP!), CLS: Math.round(reference.CLS! * 1e4) / 1e4, INP: Math.round(reference.INP!) });
  });
}
