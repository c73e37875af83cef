/**
 * Sign-in, the CAD offer and the region dialog in real Chromium, keyboard
 * only, with an axe scan while each dialog is open.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { LOGIN_ERROR, PASSWORD_THAT_WORKS } from '../../demo-pages/mock/backend';
import { MESSAGES } from '../../widgets/login-modal/rules/login';
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
    // The title first (every reader says it), then Tab: the close icon, the email field.
    expect(await focusedText(page)).toBe('Sign in to your account');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe('email');

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
    // Said once, as an alert; the focus stays in the password field (focused too, Orca read the message twice).
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe('password');
    expect(await dialog.getByLabel('Email').inputValue()).toBe('fan@example.com');
    expect(await page.evaluate(() => (window as any).demoBackend.callsTo('/login').length)).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    // Retype the password and submit.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(PASSWORD_THAT_WORKS);
    await Promise.all([page.waitForURL(/\/user\/logged-in$/), page.keyboard.press('Enter')]);
    await page.getByRole('heading', { name: 'Welcome back!' }).waitFor();
  });
});

describe('login modal, Sign in tapped while the page wakes', () => {
  // The API answered by the demo server, as Laravel does: its config block lets the page sleep until the first input.
  const shop = useShop({ mock: 'server' });
  it.each(['react', 'preact'] as const)('%s build: opens once its island is there, focus on its title, with no hydration error in the console', async (build) => {
    // A phone; the islands' shared chunk held until Sign in is tapped, so the modal is asked for before its island hydrates.
    const context = await shop.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });
    const held: Route[] = [];
    let release = false;
    await context.route(/\/build(-react)?\/chunks\/every-page-[^/]*\.js$/, (route) => (release ? route.continue() : void held.push(route)));
    try {
      const page = await shop.open(`/?reset=1${build === 'react' ? '&build=react' : ''}`, { context });
      await page.getByRole('button', { name: 'Account' }).tap();
      await page.getByRole('button', { name: 'Sign in' }).tap();
      expect(await page.locator('[data-widget="login-modal"]').getAttribute('data-island')).not.toBe('ready');
      release = true;
      for (const route of held.splice(0)) await route.continue();
      const dialog = page.getByRole('dialog', { name: 'Sign in to your account' });
      await dialog.waitFor();
      await expect.poll(() => focusedText(page)).toBe('Sign in to your account');
      await page.waitForFunction(() => [...document.querySelectorAll('[data-widget]')].every((h) => !['sleeping', 'loading'].includes(h.getAttribute('data-island') ?? '')));
      // The console is checked after each test (useShop): React's hydration error #418 would be there.
    } finally {
      await context.close();
    }
  });
});

/** Opens the login modal from the header, types both fields and submits. */
async function signIn(page: Page, password: string) {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in to your account' });
  await dialog.getByLabel('Email').fill('fan@example.com');
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in' }).press('Enter');
  return dialog;
}

describe('login modal against a stock Laravel sign-in (a 302 after sign-in, 422 or a redirect back on refusal)', () => {
  it("redirect()->intended(): sent back to /login is a refusal; the redirect to /user/logged-in is success and the page goes there", async () => {
    const page = await shop.open('/?reset=1&answers=laravel-redirect');
    const dialog = await signIn(page, 'not-the-password');
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(MESSAGES.refused);
    expect(await dialog.getByLabel('Email').inputValue()).toBe('fan@example.com');

    await dialog.getByLabel('Password').fill(PASSWORD_THAT_WORKS);
    await Promise.all([page.waitForURL(/\/user\/logged-in$/), dialog.getByRole('button', { name: 'Sign in' }).press('Enter')]);
    await page.getByRole('heading', { name: 'Welcome back!' }).waitFor();
    // Signed in on the server: the page renders the signed-in account menu.
    expect(await page.locator('#account-menu a[href="/logout"]').count()).toBe(1);
  });

  it("a 422 {message, errors: {email: [...]}} shows the server's message", async () => {
    shop.expectConsoleError(/status of 422/);
    const page = await shop.open('/?reset=1&answers=laravel');
    const dialog = await signIn(page, 'not-the-password');
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(LOGIN_ERROR);
  });
});

describe('session expired (419) while the login modal is open', () => {
  it.each(['Enter', 'Space', 'mouse'] as const)('one notice above the modal, focus on Reload, what was typed stays; Reload by %s reloads', async (how) => {
    shop.expectConsoleError(/status of 419/);
    const page = await shop.open('/?reset=1&fail=/login:419');
    const login = await signIn(page, 'secret');
    const reload = page.locator('button', { hasText: 'Reload page' });
    await reload.waitFor();
    // One notice: the login form says nothing of its own about it.
    expect(await page.getByText(/expired/i).count()).toBe(1);
    expect(await login.getByRole('alert').count()).toBe(0);
    expect(await login.getByLabel('Email').inputValue()).toBe('fan@example.com');
    expect(await login.getByLabel('Password').inputValue()).toBe('secret');
    await expect.poll(() => focusedText(page)).toBe('Reload page');
    // Nothing covers the button: the point at its centre hits it.
    const box = (await reload.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.textContent?.trim(), [x, y])).toBe('Reload page');
    // A dialog of its own, in the top layer above the login modal.
    expect(await reload.evaluate((button) => button.closest('dialog')?.matches(':modal, :popover-open') && button.closest('dialog')?.getAttribute('role'))).toBe('alertdialog');
    expect(await page.getByRole('alertdialog', { name: 'Your session has expired' }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    await page.evaluate(() => ((window as any).beforeReload = true));
    await Promise.all([page.waitForEvent('load'), how === 'mouse' ? page.mouse.click(x, y) : page.keyboard.press(how)]);
    // A new document: the same page, reloaded.
    expect(await page.evaluate(() => (window as any).beforeReload)).toBeUndefined();
    expect(page.url()).toBe(new URL('/?reset=1&fail=/login:419', shop.url).href);
  });
});

describe('country prompt and region dialog', () => {
  it('a CA visitor accepts CAD by keyboard; the reloaded page shows C$ prices and the region dialog marks Canada', async () => {
    const page = await shop.open('/?visitor=CA');
    const offer = page.getByRole('dialog', { name: 'Shopping from outside the US?' });
    await offer.waitFor();
    // As every dialog, the focus on its title; its first answer is one Tab on.
    await expect.poll(() => focusedText(page)).toBe('Shopping from outside the US?');
    expect(await offer.getByRole('img', { name: 'Flag of Canada' }).getAttribute('src')).toBe('/demo/img/flag-ca.svg');
    expect(await axeViolations(page)).toEqual([]);
    // Escape does not dismiss the required offer.
    await page.keyboard.press('Escape');
    expect(await offer.isVisible()).toBe(true);

    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Would you like to see prices in CAD?');
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
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName + ' ' + document.activeElement?.textContent)).toBe('H2 Choose your region');
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
    await page.waitForFunction(() => document.querySelector('[data-widget="loyalty-action"]')?.getAttribute('data-island') === 'ready');
    await share.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (window as any).demoBackend.callsTo('/loyalty-add').length === 1);
    expect(await page.evaluate(() => (window as any).demoBackend.callsTo('/loyalty-add')[0].body)).toEqual({ type: 'share' });
  });
});
