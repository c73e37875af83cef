/**
 * The recently viewed slider on the demo category page: slides per view by
 * window width, previous/next and dots, the empty and the error message, axe.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { recentlyViewedIds } from '../../demo-pages/mock/catalog';
import { axeViolations, useShop } from './harness';

const shop = useShop();
const HOST = '[data-widget="recently-viewed"]';

/** Scrolls the lazy hook into view and waits for it to settle on a state. */
async function reachSlider(page: Page, settled: string) {
  await page.locator(HOST).scrollIntoViewIfNeeded();
  await page.waitForSelector(`${HOST} ${settled}`);
}

/** Slides whose whole box lies inside the track's box. */
const fullyVisible = (page: Page) =>
  page.evaluate(() => {
    const track = document.querySelector('.sfw-recently-viewed__track')!.getBoundingClientRect();
    return [...document.querySelectorAll('.sfw-recently-viewed__slide')].filter((s) => {
      const r = s.getBoundingClientRect();
      return r.left >= track.left - 1 && r.right <= track.right + 1;
    }).length;
  });

describe('recently-viewed slider', () => {
  it('shows 2, 3, 4, 6 and 7 slides at window widths 500, 700, 900, 1200 and 1800', async () => {
    const page = await shop.open('/', { width: 1200 });
    await reachSlider(page, '.sfw-recently-viewed__slide');
    expect(await page.locator('.sfw-recently-viewed__slide').count()).toBe(recentlyViewedIds.length);
    for (const [width, slides] of [[500, 2], [700, 3], [900, 4], [1200, 6], [1800, 7]] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForSelector(`.sfw-recently-viewed__track[data-per-view="${slides}"]`);
      await page.locator('.sfw-recently-viewed__track').evaluate((t) => (t.scrollLeft = 0));
      expect(await fullyVisible(page), `${width} px`).toBe(slides);
    }
  });

  it('moves a group at a time with the keyboard and the dots follow', async () => {
    const page = await shop.open('/', { width: 900 }); // 4 per view, 8 products: 2 pages
    await reachSlider(page, '.sfw-recently-viewed__slide');
    const next = page.getByRole('button', { name: 'Next products' });
    const prev = page.getByRole('button', { name: 'Previous products' });
    expect(await prev.getAttribute('aria-disabled')).toBe('true');
    await next.focus();
    const start = Date.now();
    await page.keyboard.press('Enter');
    await page.waitForSelector('.sfw-recently-viewed__dot[aria-label="Page 2 of 2"][aria-current="true"]');
    // The glide (1000 ms) ends at the end of the track.
    await page.waitForFunction(() => {
      const t = document.querySelector<HTMLElement>('.sfw-recently-viewed__track')!;
      return t.scrollLeft >= t.scrollWidth - t.clientWidth - 1 && t.style.scrollSnapType === '';
    });
    expect(Date.now() - start, 'slide speed 1000 ms').toBeGreaterThanOrEqual(950);
    // The second group is in view, the first out of it.
    const inView = await page.evaluate(() => {
      const track = document.querySelector('.sfw-recently-viewed__track')!.getBoundingClientRect();
      return [...document.querySelectorAll('.sfw-recently-viewed__slide')].map((s) => s.getBoundingClientRect()).map((r) => r.left >= track.left - 1 && r.right <= track.right + 1);
    });
    expect(inView).toEqual([false, false, false, false, true, true, true, true]);
    expect(await next.getAttribute('aria-disabled')).toBe('true');
    await prev.press('Space');
    await page.waitForSelector('.sfw-recently-viewed__dot[aria-label="Page 1 of 2"][aria-current="true"]');
    expect(await axeViolations(page, { include: '.recently-viewed' })).toEqual([]);
  });

  it('says when there are no products', async () => {
    const page = await shop.open('/?fail=/recently-viewed:empty');
    await reachSlider(page, '.sfw-recently-viewed__message');
    expect(await page.locator(HOST).innerText()).toBe('No products to display!');
  });

  it('says when the feed failed', async () => {
    shop.expectConsoleError(/500/);
    const page = await shop.open('/?fail=/recently-viewed:500');
    await reachSlider(page, '[role="alert"]');
    expect(await page.locator(HOST).getByRole('alert').innerText()).toBe('There was an issue retrieving the feed!');
    expect(await axeViolations(page, { include: '.recently-viewed' })).toEqual([]);
  });
});
