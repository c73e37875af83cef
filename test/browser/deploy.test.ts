/**
 * A deploy under an open page: the shop publishes a new build in a fresh
 * release folder and the files of the build the page was served with are
 * gone. The page's first Add to cart still reaches the shopper: the add is
 * sent once, the added dialog's code answers 404 twice, and the page reloads
 * once onto the new build, saying why in one console line, the cart showing
 * the product, and the reloaded page confirming the add once. The build is
 * served from a copy this test can delete.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Request } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { contrast, heard, recordAnnouncements, takeAnnouncements } from './a11y';
import { cartControl, settled, useShop } from './harness';

const served = mkdtempSync(join(tmpdir(), 'sfw-build-'));
cpSync('dist', served, { recursive: true });
const shop = useShop({ mock: 'server', dist: served });
afterAll(() => rmSync(served, { recursive: true, force: true }));

/** What the reloaded page says after a reload-once that followed an add (shared/runtime/notice.ts). */
const ADDED_NOTICE = 'Product added to your cart! The shop was updated, so the page was reloaded.';

/** The old build's files are deleted: every chunk the entry can still ask for answers 404. */
function deleteOldBuild(): void {
  for (const name of readdirSync(join(served, 'chunks'))) rmSync(join(served, 'chunks', name));
}
/** The new release is in place (the same files here: what matters is that the reloaded page finds its build). */
const publishNewBuild = () => cpSync('dist', served, { recursive: true });

it('the first Add to cart after the old build was deleted: one add, one reload saying why, the cart shows the product, the page confirms the add once', async () => {
  shop.expectConsoleError(/\[storefront\] cart-dialogs could not load its code \(.*\); the shop was probably updated: reloading the page once\./);
  shop.expectConsoleError(/Failed to load resource: .*404.*\/build\/chunks\//);
  const page = await shop.open('/?reset=1', { phone: true });
  await recordAnnouncements(page.context());
  await page.goto(shop.url); // the same visit, without ?reset=1: a reload must keep the cart
  await settled(page); // the idle prefetch is done
  deleteOldBuild();
  const adds: Request[] = [];
  const navigations: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/cart/add-item') adds.push(request);
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      navigations.push(new URL(request.url()).pathname);
      publishNewBuild();
    }
  });
  const card = page.locator('.sfw-product-grid__item').filter({ has: page.getByRole('button', { name: 'Add to cart' }) }).first();
  await card.getByRole('button', { name: 'Add to cart' }).tap();
  await expect.poll(() => navigations, { timeout: 20_000 }).toEqual(['/']);
  await page.waitForLoadState('load');
  const cart = cartControl(page);
  await expect.poll(() => cart.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Cart, 1 item');
  expect(adds).toHaveLength(1);
  // The reloaded page confirms the add, once, visibly and in a polite live region (role=status).
  const notice = page.getByRole('status').filter({ hasText: ADDED_NOTICE });
  await expect.poll(() => notice.count(), { timeout: 10_000 }).toBe(1);
  expect(await notice.isVisible()).toBe(true);
  const [color, background] = await notice.evaluate((p) => [getComputedStyle(p).color, getComputedStyle(p.parentElement!).backgroundColor]);
  expect(contrast(color!, background!)).toBeGreaterThanOrEqual(4.5);
  expect(await heard(page, await takeAnnouncements(page))).toEqual([ADDED_NOTICE]);
  // Reloaded once: the page now has its build, and stays.
  await settled(page);
  expect(navigations).toEqual(['/']);
  // Said once: the next load of the page says nothing.
  await page.reload();
  await settled(page); // a notice would have come: its box is added as its code arrives, its text 500 ms later
  expect(await page.locator('.sfw-reload-notice').count()).toBe(0);
  expect(await heard(page, await takeAnnouncements(page))).not.toContain(ADDED_NOTICE);
});
