import { describe, expect, it } from 'vitest';
import { axeViolations, useShop, waitForIslands } from './harness';

const shop = useShop();

describe('search-bar', () => {
  it('suggests after the debounce, moves with the arrow keys, Enter opens the product; axe is clean', async () => {
    const page = await shop.open('/c/supplies');
    const input = page.getByRole('combobox', { name: 'Search' });
    await input.focus();
    // Opening the bar shows Trending Searches (loaded on first open).
    await page.getByRole('group', { name: 'Trending Searches' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await input.pressSequentially('charizard', { delay: 20 });
    const listbox = page.locator(`#${await input.getAttribute('aria-controls')}`);
    const options = listbox.getByRole('option');
    await expect.poll(() => options.count(), { timeout: 5000 }).toBe(2);
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('2 results');
    expect(await options.first().locator('mark').textContent()).toBe('Charizard');
    expect(await input.getAttribute('aria-expanded')).toBe('true');

    expect(await axeViolations(page)).toEqual([]);

    await input.press('ArrowDown');
    await input.press('ArrowDown');
    await input.press('ArrowDown'); // wraps back to the first option
    const first = options.first();
    expect(await input.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    expect(await first.getAttribute('aria-selected')).toBe('true');
    await input.press('ArrowUp'); // wraps to the last
    const last = options.last();
    expect(await input.getAttribute('aria-activedescendant')).toBe(await last.getAttribute('id'));

    const href = (await last.getAttribute('href'))!;
    expect(href).toMatch(/^\/[a-z0-9-]+$/);
    await Promise.all([page.waitForURL((url) => url.pathname === href), input.press('Enter')]);
  });

  it('Enter without an active option submits the GET form; Escape closes the suggestions', async () => {
    const page = await shop.open('/c/supplies');
    const input = page.getByRole('combobox', { name: 'Search' });
    await input.fill('topps chrome');
    await expect.poll(() => page.getByRole('link', { name: 'View All Results' }).count(), { timeout: 5000 }).toBe(1);
    await input.press('Escape');
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    await Promise.all([page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'topps chrome'), input.press('Enter')]);
  });

  it('shows Recent Searches to a logged-in shopper and clears them', async () => {
    const page = await shop.open('/c/supplies');
    await page.context().addCookies([{ name: 'demo_user', value: '1', url: shop.url }]);
    await page.reload();
    await waitForIslands(page);
    const input = page.getByRole('combobox', { name: 'Search' });
    await input.focus();
    const recent = page.getByRole('group', { name: 'Recent Searches' });
    await recent.waitFor();
    await page.getByRole('group', { name: 'Trending Searches' }).waitFor();
    expect(await recent.getByRole('option').allTextContents()).toEqual(['pokemon 151', 'topps chrome']);
    // The headings read as the spec writes them (innerText applies text-transform).
    for (const name of ['Recent Searches', 'Trending Searches']) {
      const heading = page.getByRole('group', { name }).locator('.sfw-search-bar__heading');
      expect(await heading.evaluate((el) => [(el as HTMLElement).innerText, getComputedStyle(el).textTransform])).toEqual([name, 'none']);
    }
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Clear Recent Searches' }).click();
    await recent.waitFor({ state: 'detached' });
    expect(await input.getAttribute('aria-expanded')).toBe('true'); // trending still shows
  });

  it('mobile: the header opens the mobile search bar with the focus in it', async () => {
    const page = await shop.open('/c/supplies', { width: 390, height: 800 });
    await page.getByRole('button', { name: 'Search', expanded: false }).click();
    const input = page.getByRole('combobox', { name: 'Search' });
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await input.pressSequentially('topps chrome', { delay: 10 });
    await expect.poll(() => page.getByRole('link', { name: 'View All Results' }).count(), { timeout: 5000 }).toBe(1);
  });
});
