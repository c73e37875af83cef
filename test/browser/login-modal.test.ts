/**
 * Sign-in, the CAD offer and the region dialog in real Chromium, keyboard
 * only, with an axe scan while each dialog is open (issue 5).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LOGIN_ERROR, PASSWORD_THAT_WORKS } from '../../demo-pages/mock/backend';
import { axeViolations, useShop, waitForIslands } from './harness';

const shop = useShop();

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

describe('login modal', () => {
  it('keyboard only: a wrong password shows the server error, the right one lands on /user/logged-in', async () => {
    // Chromium logs the refused login's HTTP status itself.
    shop.expectConsoleError(/status of 422/);
    const page = await shop.open('/?reset=1');
    // Account menu → Sign in, from the keyboard.
    await page.getByRole('button', { name: 'Account' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Sign in' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Sign in to your account' });
    await dialog.waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe('email');
    expect(await axeViolations(page)).toEqual([]);

    // Both fields required: Enter with no password sends nothing.
    await page.keyboard.type('fan@example.com');
    await page.keyboard.press('Enter');
    const submit = dialog.getByRole('button', { name: 'Sign in' });
    expect(await submit.getAttribute('aria-disabled')).toBe('true');

    await page.keyboard.press('Tab');
    await page.keyboard.type('not-the-password');
    await page.keyboard.press('Enter');
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(LOGIN_ERROR);
    await expect.poll(() => focusedText(page)).toBe(LOGIN_ERROR);
    expect(await dialog.getByLabel('Email').inputValue()).toBe('fan@example.com');
    expect(await page.evaluate(() => (window as any).demoBackend.callsTo('/login').length)).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    // From the alert: Tab → email → password; retype and submit.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(PASSWORD_THAT_WORKS);
    await Promise.all([page.waitForURL(/\/user\/logged-in$/), page.keyboard.press('Enter')]);
    await page.getByRole('heading', { name: 'Welcome back!' }).waitFor();
  });
});

describe('country prompt and region dialog', () => {
  it('a CA visitor accepts CAD by keyboard; the reloaded page shows C$ prices and the region dialog marks Canada', async () => {
    const page = await shop.open('/?visitor=CA');
    const offer = page.getByRole('dialog', { name: 'Shopping from outside the US?' });
    await offer.waitFor();
    await expect.poll(() => focusedText(page)).toBe('Would you like to see prices in CAD?');
    expect(await offer.getByRole('img', { name: 'Flag of Canada' }).getAttribute('src')).toBe('/demo/img/flag-ca.svg');
    expect(await axeViolations(page)).toEqual([]);
    // Escape does not dismiss the required offer.
    await page.keyboard.press('Escape');
    expect(await offer.isVisible()).toBe(true);

    await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
    await waitForIslands(page);
    const config = JSON.parse((await page.locator('#storefront-config').textContent()) ?? '{}');
    expect(config.region).toEqual({ factor: 1.37, symbol: 'C$', country: 'CA' });
    // The offer is not asked again once answered.
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.locator('[data-widget="product-grid"]').getByText(/^C\$\d/).first().waitFor();

    // Header flag → 'Choose your region', by keyboard.
    await page.getByRole('button', { name: 'Choose your region' }).focus();
    await page.keyboard.press('Enter');
    const region = page.getByRole('dialog', { name: 'Choose your region' });
    await region.waitFor();
    expect(await region.getByRole('link', { name: /Canada/ }).getAttribute('aria-current')).toBe('true');
    expect(await region.getByRole('link', { name: /United States/ }).getAttribute('aria-current')).toBeNull();
    expect(await region.getByRole('link', { name: 'International buyers' }).getAttribute('href')).toBe('/international-buyers');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    expect(await region.isVisible()).toBe(false);
    await expect.poll(() => focusedText(page)).toBe('Choose your region');
  });

  it('the footer share button earns loyalty points: one POST per click', async () => {
    const page = await shop.open('/?reset=1');
    const share = page.getByRole('button', { name: 'Share this page' });
    await share.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('[data-widget="loyalty-action"]')?.getAttribute('data-widget-state') === 'mounted');
    await share.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (window as any).demoBackend.callsTo('/loyalty-add').length === 1);
    expect(await page.evaluate(() => (window as any).demoBackend.callsTo('/loyalty-add')[0].body)).toEqual({ type: 'share' });
  });
});
