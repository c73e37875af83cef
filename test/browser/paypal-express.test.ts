/**
 * Express PayPal end to end on the demo product page, against the local
 * fake SDK (/demo/fake-paypal-sdk.js) under the demo server's strict CSP.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { productById, sampleIds } from '../../demo-pages/mock/catalog';
import { axeViolations, settled, useShop } from './harness';

const shop = useShop();
const product = productById(sampleIds.plain)!;
const PRODUCT_PAGE = `/${product.slug}?reset=1`;

/** How many times this page fetched the SDK script, from the start of its life. */
const sdkFetches = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('fake-paypal-sdk')).length);

async function payIn4(page: Page) {
  const button = page.getByRole('button', { name: /Pay in 4/ });
  await button.waitFor();
  return button;
}

const running = (page: Page) => page.locator('.sfw-add-to-cart__submit').getAttribute('aria-disabled');

describe('paypal-express (browser, fake SDK)', () => {
  it('approve: adds to the cart, then posts the express form with the right fields', async () => {
    const page = await shop.open(PRODUCT_PAGE);
    const csrf = await page.locator('meta[name="csrf-token"]').getAttribute('content');
    const button = await payIn4(page);
    expect(await axeViolations(page, { include: '.sfw-paypal-express' })).toEqual([]);

    const src = await page.evaluate(() => window.__fakePaypal?.scriptSrc ?? '');
    const query = new URL(src).searchParams;
    expect(Object.fromEntries(['client-id', 'currency', 'locale', 'enable-funding', 'intent'].map((k) => [k, query.get(k)]))).toEqual({
      'client-id': 'demo-client-id',
      currency: 'USD',
      locale: 'en_US',
      'enable-funding': 'paylater',
      intent: 'capture',
    });

    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await button.click();
    await page.getByRole('group', { name: 'Fake PayPal checkout' }).waitFor();
    const order = await page.evaluate(() => window.__fakePaypal?.lastOrder);
    expect(order?.purchase_units[0]?.amount).toEqual({ currency_code: 'USD', value: (product.Price * 2).toFixed(2) });

    const cartAdd = page.waitForRequest((r) => r.url().endsWith('/cart/add-item') && r.method() === 'POST');
    const landing = page.waitForURL('**/cart/checkout/paypal-express');
    await page.getByRole('button', { name: 'Approve' }).click();
    expect((await cartAdd).postDataJSON()).toMatchObject({ id: product.id, product_id: product.id, quantity: 2, price: product.Price });
    await landing;

    const field = (name: string) => page.locator(`code[data-field="${name}"]`).textContent();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('PayPal order received');
    expect(await field('_token')).toBe(csrf);
    expect(await field('nonce')).toBe('FAKE-ORDER-1');
    expect(await field('paypal-express')).toBe('1');
    expect(JSON.parse((await field('paypal-data')) ?? '')).toMatchObject({ orderID: 'FAKE-ORDER-1', paymentSource: 'paylater' });
  });

  it('cancel: nothing is added or posted and the add-to-cart button works again', async () => {
    const page = await shop.open(PRODUCT_PAGE);
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(new URL(r.url()).pathname));
    await (await payIn4(page)).click();
    await page.getByRole('group', { name: 'Fake PayPal checkout' }).waitFor();
    expect(await running(page)).toBe('true');

    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForFunction(() => document.querySelector('.sfw-add-to-cart__submit')?.getAttribute('aria-disabled') === 'false');
    expect(posts).toEqual([]);
    expect(new URL(page.url()).pathname).toBe(`/${product.slug}`);
    expect(await sdkFetches(page)).toBe(1);
    expect(await page.evaluate(() => window.__fakePaypal?.loads)).toBe(1);
  });

  it('a page without the button never requests the SDK', async () => {
    const page = await shop.open('/cart');
    await page.mouse.wheel(0, 5000);
    await page.waitForFunction(() => scrollY >= Math.min(5000, document.documentElement.scrollHeight - innerHeight) - 1); // the scroll done
    await settled(page); // the islands scrolled into view mounted: one with the button would have asked for the SDK
    expect(await sdkFetches(page)).toBe(0);
    expect(await page.evaluate(() => 'paypal' in window)).toBe(false);
  });
});
