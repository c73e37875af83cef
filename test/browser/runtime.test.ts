import { describe, expect, it } from 'vitest';
import { axeViolations, settled, useShop, waitForIslands } from './harness';

const shop = useShop();

describe('the runtime on the demo pages', () => {
  it('the category page mounts every hook in view, under a strict CSP, with no console error', async () => {
    const page = await shop.open('/?reset=1');
    const states = await page.$$eval('[data-widget]', (hosts) =>
      hosts.filter((h) => h.getBoundingClientRect().top < innerHeight).map((h) => `${h.getAttribute('data-widget')}:${h.getAttribute('data-island')}`),
    );
    expect(states.length).toBeGreaterThan(3);
    for (const state of states) expect(state).toMatch(/:ready$/);
    const storefront = await page.evaluate(() => ({ widgets: window.Storefront!.widgets, events: window.Storefront!.events }));
    expect(storefront.events.cartUpdated).toBe('storefront:cart-updated');
    expect(storefront.widgets).toContain('product-grid');
    // The page is served with a CSP that allows only same-origin scripts.
    const response = await page.request.get(shop.url);
    expect(response.headers()['content-security-policy']).toContain("script-src 'self'");
  });

  it('a hook with bad props logs one error naming the widget and field; the other hooks still mount', async () => {
    shop.expectConsoleError(/\[storefront\] product-grid: invalid data-props, field "products"/);
    const page = await shop.open('/?reset=1');
    await page.evaluate(() => {
      const bad = document.createElement('div');
      bad.setAttribute('data-widget', 'product-grid');
      bad.setAttribute('data-props', '{"products":"not a list"}');
      bad.id = 'bad-hook';
      document.querySelector('main')!.prepend(bad);
    });
    await page.waitForSelector('#bad-hook[data-island="failed"]', { state: 'attached' });
    expect(await page.$eval('#bad-hook', (el) => el.innerHTML)).toBe('');
    await waitForIslands(page);
    expect(await page.$$eval('[data-widget="cart-dropdown"][data-island="ready"]', (els) => els.length)).toBe(1);
  });

  it('a hook inserted after load (legacy "load more") mounts by itself; removed, it gives up its claim', async () => {
    const page = await shop.open('/?reset=1');
    const props = await page.$eval('[data-widget="product-grid"]', (el) => {
      const { products } = JSON.parse(el.getAttribute('data-props')!);
      return JSON.stringify({ products: products.slice(0, 2) });
    });
    const insertGrid = (id: string) =>
      page.evaluate(
        ([id, json]) => {
          const section = document.createElement('section');
          section.id = id;
          section.setAttribute('data-widget', 'product-grid');
          section.setAttribute('data-props', json);
          document.querySelector('main')!.prepend(section);
        },
        [id, props] as const,
      );
    await insertGrid('more');
    await page.waitForSelector('#more[data-island="ready"]');
    await page.waitForSelector('#more .sfw-teaser-card a[href^="/"]');
    await page.evaluate(() => document.getElementById('more')!.remove());
    // Unmounted hooks release their claim, so re-inserting mounts again.
    await insertGrid('again');
    await page.waitForSelector('#again[data-island="ready"]');
  });

  it('a removed hook unmounts: the cart dropdown, once gone, makes no further requests on a toggle or a cart update', async () => {
    const page = await shop.open('/?reset=1');
    const cartCalls: string[] = [];
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (pathname.startsWith('/cart/')) cartCalls.push(pathname);
    });
    const send = (type: string) => page.evaluate((t) => void window.dispatchEvent(new CustomEvent(t)), type);
    // Mounted, it follows a cart update with a count request.
    await Promise.all([page.waitForRequest((r) => new URL(r.url()).pathname === '/cart/get-count'), send('storefront:cart-updated')]);
    await page.evaluate(() => document.querySelectorAll('[data-widget="cart-dropdown"]').forEach((host) => host.remove()));
    cartCalls.length = 0;
    await send('storefront:cart-toggle');
    await send('storefront:cart-updated');
    await settled(page);
    expect(cartCalls).toEqual([]);
  });

  it('a session that expired (419 twice) shows one notice with a reload action', async () => {
    shop.expectConsoleError(/419/);
    const page = await shop.open('/?reset=1&fail=/cart/get-count:419');
    // A dialog of its own: in the top layer, above any open modal.
    const notice = page.getByRole('alertdialog', { name: 'Your session has expired' });
    await notice.waitFor();
    expect(await notice.count()).toBe(1);
    expect(await notice.getByRole('button', { name: 'Reload page' }).isVisible()).toBe(true);
  });

  it('axe-core finds no violations on the category page', async () => {
    const page = await shop.open('/?reset=1');
    expect(await axeViolations(page)).toEqual([]);
  });
});
