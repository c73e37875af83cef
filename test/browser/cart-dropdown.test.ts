import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, settled, useShop } from './harness';

const shop = useShop();

/** Adds products through the mock backend (service worker), then tells the page, as legacy code would. */
async function addToCart(page: Page, lines: Array<{ id: number; quantity: number; title: string; price: number }>) {
  await page.evaluate(async (items) => {
    for (const item of items) {
      const response = await fetch('/cart/add-item', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ ...item, product_id: item.id, attributes: {}, region: 'US' }),
      });
      if (!response.ok) throw new Error(`add-item ${response.status}`);
    }
    window.dispatchEvent(new CustomEvent('storefront:cart-updated'));
  }, lines);
}

const CHROME = { id: 1, quantity: 2, title: 'Topps Chrome Baseball Hobby Box Jumbo', price: 10.25 };
const SLEEVES = { id: 41, quantity: 1, title: 'Penny Sleeves', price: 5.5 };

const cartButton = (page: Page) => page.locator('.sfw-cart-dropdown__toggle');
const dropdown = (page: Page) => page.getByRole('dialog', { name: 'Shopping cart' });

describe('cart-dropdown', () => {
  it('opens with the mouse: items and subtotal; removing one drops the count; axe is clean', async () => {
    const page = await shop.open('/cart?reset=1');
    await addToCart(page, [CHROME, SLEEVES]);
    await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Cart, 3 items');
    expect(await cartButton(page).textContent()).toBe('3');

    await cartButton(page).click();
    await dropdown(page).waitFor();
    expect(await cartButton(page).getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('[data-header-overlay]').isVisible()).toBe(true);
    const chrome = dropdown(page).getByRole('link', { name: CHROME.title });
    expect(await chrome.locator('[aria-hidden="true"]').innerText()).toBe('Topps Chrome Baseball…');
    expect(await dropdown(page).locator('.sfw-cart-dropdown__subtotal').innerText()).toMatch(/Subtotal\s+\$26\.00/);
    await dropdown(page).getByRole('heading', { name: 'Recommended for you:' }).waitFor();
    expect(await dropdown(page).getByRole('link', { name: 'Shop All supplies' }).getAttribute('href')).toBe('/c/supplies');
    expect(await axeViolations(page)).toEqual([]);

    await dropdown(page).getByRole('button', { name: `Remove ${CHROME.title}` }).click();
    await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Cart, 1 item');
    expect(await chrome.count()).toBe(0);
    expect(await dropdown(page).locator('.sfw-cart-dropdown__subtotal').innerText()).toMatch(/\$5\.50/);
    await expect.poll(() => page.locator('.sfw-cart-dropdown [role="status"] p').last().textContent()).toBe('Your cart now has 1 item.');
  });

  it('opens with the keyboard, focus goes in; Escape closes it and focus returns', async () => {
    const page = await shop.open('/cart?reset=1');
    await cartButton(page).focus();
    await page.keyboard.press('Enter');
    await dropdown(page).getByText('Your shopping cart is empty.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') && document.activeElement.textContent)).toBe('Shopping cart');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('×');
    await page.keyboard.press('Escape');
    expect(await dropdown(page).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('sfw-cart-dropdown__toggle'))).toBe(true);
  });

  it('the account menu closes the cart; the overlay closes everything', async () => {
    const page = await shop.open('/cart?reset=1');
    await cartButton(page).click();
    await dropdown(page).waitFor();
    await page.getByRole('button', { name: 'Account' }).click();
    expect(await dropdown(page).count()).toBe(0);
    expect(await page.locator('#account-menu').isVisible()).toBe(true);
    await page.mouse.click(40, 800); // on the dark overlay, away from the header
    expect(await page.locator('#account-menu').isVisible()).toBe(false);
    expect(await page.locator('[data-header-overlay]').isVisible()).toBe(false);
  });

  it('two tabs: adding in one updates the count in the other', async () => {
    const first = await shop.open('/cart?reset=1');
    const second = await shop.open('/checkout', { context: first.context() });
    expect(await cartButton(second).getAttribute('aria-label')).toBe('Cart, 0 items');
    await addToCart(first, [SLEEVES]);
    await expect.poll(() => cartButton(second).getAttribute('aria-label'), { timeout: 5000 }).toBe('Cart, 1 item');
  });

  it('a slow cart reload answered after a REMOVE does not bring the item back (badge, subtotal, list)', async () => {
    const page = await shop.open('/cart?reset=1&delay=/cart/retrieve:1500');
    await addToCart(page, [CHROME, SLEEVES]);
    await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Cart, 3 items');
    await cartButton(page).click();
    const remove = dropdown(page).getByRole('button', { name: `Remove ${CHROME.title}` });
    await remove.waitFor();
    // Legacy code (or another tab) says the cart changed: a reload starts; the
    // server answers it with both items, 1.5 s later.
    const reload = page.waitForRequest((r) => new URL(r.url()).pathname === '/cart/retrieve');
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('storefront:cart-updated')));
    await expect.poll(() => retrieveCalls(page)).toBe(2);
    await remove.click();
    await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Cart, 1 item');
    await (await reload).response(); // the reload's answer is in
    await settled(page);
    expect(await cartButton(page).getAttribute('aria-label')).toBe('Cart, 1 item');
    expect(await cartButton(page).textContent()).toBe('1');
    expect(await dropdown(page).locator('.sfw-cart-dropdown__item').count()).toBe(1);
    expect(await dropdown(page).getByRole('link', { name: CHROME.title }).count()).toBe(0);
    expect(await dropdown(page).locator('.sfw-cart-dropdown__subtotal').innerText()).toMatch(/Subtotal\s+\$5\.50/);
  });
});

/** The calls to GET /cart/retrieve that reached the demo's mock backend (demo-pages/mock/browser.ts). */
function retrieveCalls(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { demoBackend: { callsTo(path: string): unknown[] } }).demoBackend.callsTo('/cart/retrieve').length);
}

describe('cart-dropdown position', () => {
  const MARGIN = 8;

  /** Opens the dropdown (full: items, supplies, upsell) and returns its box and the viewport. */
  async function openAndMeasure(page: Page) {
    await cartButton(page).click();
    await dropdown(page).getByRole('heading', { name: 'Recommended for you:' }).waitFor();
    const box = (await dropdown(page).boundingBox())!;
    const view = await page.evaluate(() => ({ width: document.documentElement.clientWidth, height: window.innerHeight }));
    const button = (await cartButton(page).boundingBox())!;
    await page.keyboard.press('Escape');
    return { box, view, button };
  }

  for (const [width, height] of [
    [320, 640],
    [375, 667],
    [800, 700],
    [1280, 900],
  ] as const) {
    it(`stays inside the viewport at ${width} px, with the cart button on the right or on the left of the header`, async () => {
      const page = await shop.open('/cart?reset=1', { width, height });
      await addToCart(page, [CHROME, SLEEVES]);
      await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Cart, 3 items');
      for (const side of ['right', 'left'] as const) {
        // The host page decides where the button is: first in the header bar.
        if (side === 'left') await page.evaluate(() => document.querySelector<HTMLElement>('[data-widget="cart-dropdown"]')!.style.setProperty('order', '-1'));
        const { box, view, button } = await openAndMeasure(page);
        expect(side === 'left' ? button.x < view.width / 2 : button.x > view.width / 2, `button on the ${side}`).toBe(true);
        const where = `${side}: ${JSON.stringify(box)} in ${view.width}x${view.height}`;
        expect(box.x, where).toBeGreaterThanOrEqual(MARGIN - 0.5);
        expect(box.x + box.width, where).toBeLessThanOrEqual(view.width - MARGIN + 0.5);
        expect(box.y, where).toBeGreaterThan(button.y + button.height);
        expect(box.y + box.height, where).toBeLessThanOrEqual(view.height - MARGIN + 0.5);
      }
    });
  }

  it('follows its button while open: a header that scrolls away, a window resized', async () => {
    const page = await shop.open('/cart?reset=1', { width: 1280, height: 500 });
    await addToCart(page, [CHROME, SLEEVES]);
    await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Cart, 3 items');
    // A host whose header scrolls with the page.
    await page.evaluate(() => document.querySelector<HTMLElement>('.site-header')!.style.setProperty('position', 'static'));
    await cartButton(page).click();
    await dropdown(page).getByRole('heading', { name: 'Recommended for you:' }).waitFor();
    // Panel top minus button top, to the pixel (the place is set in whole pixels).
    const gap = async () => Math.round((await dropdown(page).boundingBox())!.y - (await cartButton(page).boundingBox())!.y);
    const before = await gap();
    await page.evaluate(() => window.scrollBy(0, 60));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(60);
    await expect.poll(gap).toBe(before);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.setViewportSize({ width: 375, height: 667 }); // the header's bars wrap: the button moves down
    await expect.poll(gap).toBe(before);
    const box = (await dropdown(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(MARGIN - 0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(375 - MARGIN + 0.5);
  });
});
