import { describe, expect, it } from 'vitest';
import { useShop, waitForIslands } from './harness';

const shop = useShop();

describe('header', () => {
  it('scrolling hides the top bar and the info bar; they come back at the top', async () => {
    const page = await shop.open('/?reset=1');
    const topbar = page.locator('[data-header-topbar]');
    const infobar = page.locator('[data-header-infobar]');
    expect(await topbar.isVisible()).toBe(true);
    await page.mouse.wheel(0, 400);
    await expect.poll(() => topbar.isVisible()).toBe(false);
    expect(await infobar.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => topbar.isVisible()).toBe(true);
    expect(await infobar.isVisible()).toBe(true);
  });

  it('menus by keyboard: Escape closes and returns focus; a dismissed alert stays dismissed', async () => {
    const page = await shop.open('/cart?reset=1');
    const sports = page.getByRole('button', { name: 'Sports' });
    await sports.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Basketball' }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('link', { name: 'Basketball' }).isVisible()).toBe(false);
    await expect.poll(() => sports.evaluate((el) => el === document.activeElement)).toBe(true);

    const account = page.getByRole('button', { name: 'Account' });
    await account.focus();
    await page.keyboard.press('Enter');
    expect(await account.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    expect(await page.locator('#account-menu').isVisible()).toBe(false);
    await expect.poll(() => account.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.getByRole('button', { name: 'Dismiss announcement' }).click();
    expect(await page.getByText('Order by Dec 18').isVisible()).toBe(false);
    await page.reload();
    await waitForIslands(page);
    expect(await page.getByText('Order by Dec 18').isVisible()).toBe(false);
  });
});
