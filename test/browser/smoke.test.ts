/**
 * One smoke per island, for the quick tier (npm run test:quick) and the full suite:
 * its page in Chromium, woken as a shopper's device wakes it, one thing the
 * shopper does, and what the shopper then sees. The island's own test files
 * hold its rules; this table only says that each island is alive.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { productById, sampleIds } from '../../demo-pages/mock/catalog';
import { EXAMPLES } from 'sfw:examples';
import { ISLANDS } from '../../widgets/registry';
import { useShop, wakePage, type WakeBy } from './harness';

const shop = useShop({ mock: 'server' });
const PRODUCT = `/${productById(sampleIds.plain)!.slug}?reset=1`;

interface Smoke {
  island: string;
  path: string;
  /** How the page is woken first (the island's own input is the rest). */
  wake?: WakeBy;
  phone?: boolean;
  /** What the shopper does, and waits for what they then see. */
  act(page: Page): Promise<unknown>;
}

const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title }).waitFor();

const SMOKES: Smoke[] = [
  {
    island: 'header',
    path: '/?reset=1',
    wake: 'keyboard',
    act: async (page) => {
      const account = page.getByRole('button', { name: 'Account' });
      await account.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => account.getAttribute('aria-expanded')).toBe('true');
    },
  },
  {
    island: 'search-bar',
    path: '/?reset=1',
    act: async (page) => {
      const field = page.locator('[data-widget="search-bar"] input[role="combobox"]').filter({ visible: true });
      await field.click();
      await field.pressSequentially('charizard');
      await page.getByRole('option').filter({ visible: true }).first().waitFor();
    },
  },
  {
    island: 'cart-dropdown',
    path: '/?reset=1',
    wake: 'finger',
    phone: true,
    act: async (page) => {
      await page.getByRole('button', { name: /^Cart/ }).click();
      await page.getByText('Your shopping cart is empty.').waitFor();
    },
  },
  {
    island: 'login-modal',
    path: '/?reset=1',
    act: async (page) => {
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await dialog(page, 'Sign in to your account');
    },
  },
  { island: 'country-prompt', path: '/?visitor=CA', act: (page) => page.getByRole('dialog', { name: 'Shopping from outside the US?' }).waitFor() },
  {
    island: 'region-dialog',
    path: '/?reset=1',
    act: async (page) => {
      await page.locator('[data-region-open]').filter({ visible: true }).first().click();
      await dialog(page, 'Choose your region');
    },
  },
  {
    island: 'loyalty-action',
    path: '/?reset=1',
    act: async (page) => {
      const sent = page.waitForRequest((r) => r.url().endsWith('/loyalty-add') && r.method() === 'POST');
      await page.getByRole('button', { name: 'Share this page' }).click();
      expect((await sent).postDataJSON()).toEqual({ type: 'share' });
    },
  },
  {
    island: 'product-grid',
    path: '/?reset=1',
    act: async (page) => {
      await page.locator('.sfw-product-grid__item').getByRole('button', { name: 'Add to cart' }).first().click();
      await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    },
  },
  {
    island: 'teaser-card',
    path: '/?reset=1',
    act: async (page) => {
      // A card of its own, as a legacy "load more" inserts one after load.
      await page.$eval('[data-widget="product-grid"]', (grid) => {
        const card = document.createElement('div');
        card.id = 'smoke-card';
        card.setAttribute('data-widget', 'teaser-card');
        card.setAttribute('data-props', JSON.stringify({ product: JSON.parse(grid.getAttribute('data-props')!).products[0] }));
        grid.before(card);
      });
      await page.locator('#smoke-card[data-island="ready"]').getByRole('button', { name: 'Add to cart' }).click();
      await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    },
  },
  {
    island: 'cart-dialogs',
    path: '/?reset=1',
    act: async (page) => {
      await page.locator('.sfw-product-grid__item').getByRole('button', { name: 'Add to cart' }).first().click();
      await dialog(page, 'Product added to your cart!');
    },
  },
  {
    island: 'add-to-cart',
    path: PRODUCT,
    act: async (page) => {
      const form = page.locator('[data-widget="add-to-cart"]');
      await form.getByRole('button', { name: 'Increase quantity' }).click();
      await form.getByRole('button', { name: 'Add to Cart', exact: true }).click();
      await page.getByRole('button', { name: 'Cart, 2 items' }).waitFor();
    },
  },
  {
    island: 'recently-viewed',
    path: '/?reset=1',
    act: async (page) => {
      const next = page.getByRole('button', { name: 'Next products' });
      await next.scrollIntoViewIfNeeded();
      await next.click();
      await expect.poll(() => page.locator('[aria-label="Page 2 of 2"]').getAttribute('aria-current')).toBe('true');
    },
  },
];

/** An island without a smoke of its own (one added later): the demo's /islands page hooks its example, and it hydrates there. */
const byExample = (island: string): Smoke => ({
  island,
  path: '/islands?reset=1',
  act: (page) => expect.poll(() => page.locator(`[data-widget="${island}"]`).first().getAttribute('data-island')).toBe('ready'),
});

describe('one smoke per island (Chromium)', () => {
  it('the table names islands of the registry, each once; an island without a smoke has an example', () => {
    const named = SMOKES.map((s) => s.island);
    expect(new Set(named).size).toBe(named.length);
    expect(Object.keys(ISLANDS)).toEqual(expect.arrayContaining(named));
    expect(Object.keys(ISLANDS).filter((island) => !named.includes(island) && !Object.hasOwn(EXAMPLES, island))).toEqual([]);
  });

  it('the /islands page: every example there hydrates, after a tap', async () => {
    const page = await shop.open('/islands?reset=1', { phone: true });
    await wakePage(page, { by: 'finger' });
    const hooks = page.locator('main [data-widget]');
    expect(await hooks.count()).toBeGreaterThanOrEqual(4);
    await expect.poll(() => hooks.evaluateAll((all) => all.map((h) => h.getAttribute('data-island')).filter((s) => s !== 'ready'))).toEqual([]);
  });

  it.each([...SMOKES, ...Object.keys(ISLANDS).filter((island) => !SMOKES.some((s) => s.island === island)).map(byExample)])('$island', async ({ path, wake, phone, act }) => {
    const page = await shop.open(path, { phone });
    await wakePage(page, { by: wake ?? 'mouse' });
    await act(page);
  });
});
