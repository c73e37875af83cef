/**
 * Accessibility beyond axe: focus you can see (also in forced colours),
 * cart changes a screen reader hears while a dialog is open, the free gift's
 * focus and status, WCAG text spacing at 200 % zoom, reduced motion, forced
 * colours.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { productById, sampleIds } from '../../demo-pages/mock/catalog';
import { applyTextSpacing, clippedTexts, contrast, focusedNode, focusLook, heard, recordAnnouncements, takeAnnouncements } from './a11y';
import { settled, useShop } from './harness';

const shop = useShop();
const pathOf = (id: number) => `/${productById(id)!.slug}`;
const confirmation = (page: Page) => page.getByRole('dialog', { name: 'Product added to your cart!' });
const cartButton = (page: Page) => page.locator('.sfw-cart-dropdown__toggle');

async function tabTo(page: Page, accept: () => Promise<boolean>, max = 30): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await accept()) return;
  }
  throw new Error('Tab never reached the element');
}

/** Adds through the mock backend, then tells the page, as legacy code would. */
async function addLines(page: Page, ids: number[]) {
  await page.evaluate(async (list) => {
    for (const id of list) {
      const response = await fetch('/cart/add-item', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ id, product_id: id, quantity: 1, title: `Product ${id}`, price: 1, attributes: {}, region: 'US' }),
      });
      if (!response.ok) throw new Error(`add-item ${response.status}`);
    }
    window.dispatchEvent(new CustomEvent('storefront:cart-updated'));
  }, ids);
}

describe('focus you can see', () => {
  it('the info bar link (second Tab stop) has a focus ring that stands out from the bar', async () => {
    const page = await shop.open('/?reset=1');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focusedNode(page)).toMatchObject({ role: 'link', name: 'Tonight: 2024 Topps Chrome case break' });
    const look = await focusLook(page);
    expect(look.kind).toBe('outline');
    expect(contrast(look.color!, look.background), `${look.color} on ${look.background}`).toBeGreaterThanOrEqual(3);
  });

  it("forced colours: the search field's own ring shows (not only the host page's)", async () => {
    const page = await shop.open('/?reset=1', { forcedColors: 'active' });
    await tabTo(page, () => page.evaluate(() => document.activeElement?.getAttribute('role') === 'combobox'));
    // The ring is the form's (the field's own outline is the demo page's, which a shop need not have).
    const ring = await page.evaluate(() => {
      const s = getComputedStyle(document.activeElement!.closest('form')!);
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth), color: s.outlineColor, canvas: getComputedStyle(document.body).backgroundColor };
    });
    expect(ring.style).not.toBe('none');
    expect(ring.width).toBeGreaterThan(0);
    expect(contrast(ring.color, ring.canvas), JSON.stringify(ring)).toBeGreaterThanOrEqual(3);
  });
});

describe('cart changes a screen reader hears', () => {
  it('each add, and the free gift, say the new count once while the confirmation is open', async () => {
    const context = await shop.browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'allow' });
    await recordAnnouncements(context);
    try {
      const page = await shop.open(`${pathOf(sampleIds.giftWithOptions)}?reset=1`, { context });
      const form = page.locator('[data-widget="add-to-cart"] form');
      const said = async () => heard(page, await page.evaluate(() => (window as any).__liveLog.slice()));
      await form.getByLabel('Your free gift').selectOption({ label: 'Crimson' });
      await takeAnnouncements(page);
      // The first add, then (after the free gift made it 2) the second.
      for (const count of [1, 3]) {
        const items = `${count} ${count === 1 ? 'item' : 'items'}`;
        await form.getByRole('button', { name: 'Add to Cart', exact: true }).click();
        await confirmation(page).waitFor();
        await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe(`Cart, ${items}`);
        await expect.poll(said).toEqual([`Your cart now has ${items}.`]);
        await takeAnnouncements(page);
        if (count === 1) {
          await confirmation(page).getByLabel(/of your free gift/).selectOption({ label: 'Black' });
          await confirmation(page).getByRole('button', { name: 'Add free gift' }).click();
          await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Cart, 2 items');
          await expect.poll(said).toContain('Your cart now has 2 items.');
          expect(await heard(page, await takeAnnouncements(page))).toEqual(['Added!', 'Your cart now has 2 items.']);
        }
        await page.keyboard.press('Escape');
        await confirmation(page).waitFor({ state: 'hidden' });
      }
      // Nothing is said again once the dialog is gone.
      await settled(page);
      expect(await heard(page, await takeAnnouncements(page))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('"Add free gift" keeps the focus on the button, which says "Added!"', async () => {
    const page = await shop.open(`${pathOf(sampleIds.giftWithOptions)}?reset=1`);
    await page.locator('[data-widget="add-to-cart"] form').getByLabel('Your free gift').selectOption({ label: 'Crimson' });
    await page.locator('[data-widget="add-to-cart"] form').getByRole('button', { name: 'Add to Cart', exact: true }).click();
    const dialog = confirmation(page);
    await dialog.waitFor();
    await dialog.getByLabel(/of your free gift/).selectOption({ label: 'Black' });
    await dialog.getByRole('button', { name: 'Add free gift' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedNode(page)).toMatchObject({ role: 'button', name: 'Added!' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-disabled'))).toBe('true');
  });
});

describe('200 % zoom with WCAG text spacing', () => {
  // 640 CSS px at 2 device pixels each: the layout of a 1280 px window zoomed to 200 %.
  const zoomed = { width: 640, height: 450, deviceScaleFactor: 2 };

  it('recently viewed, cart suggestion and cart line names are never cut', async () => {
    const page = await shop.open('/?reset=1', zoomed);
    await applyTextSpacing(page);
    await page.locator('[data-widget="recently-viewed"]').scrollIntoViewIfNeeded();
    await page.waitForSelector('.sfw-recently-viewed__slide');
    expect(await clippedTexts(page, '.sfw-recently-viewed .sfw-teaser-card__title')).toEqual([]);

    await addLines(page, [sampleIds.giftWithOptions, sampleIds.variations * 100 + 4, sampleIds.caseapalooza]);
    await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Cart, 3 items');
    await page.evaluate(() => window.scrollTo(0, 0));
    await cartButton(page).click();
    const dropdown = page.getByRole('dialog', { name: 'Shopping cart' });
    await dropdown.getByRole('heading', { name: 'Recommended for you:' }).waitFor();
    await dropdown.locator('.sfw-cart-dropdown__suggestion-title').first().waitFor();
    expect(await clippedTexts(page, '.sfw-cart-dropdown__title, .sfw-cart-dropdown__suggestion-title')).toEqual([]);
  });
});

describe('prefers-reduced-motion: reduce', () => {
  it('the teaser image zoom and the slider dots do not animate', async () => {
    const page = await shop.open('/?reset=1', { reducedMotion: 'reduce' });
    await page.locator('[data-widget="recently-viewed"]').scrollIntoViewIfNeeded();
    await page.waitForSelector('.sfw-recently-viewed__dot');
    const durations = await page.evaluate(() => ({
      image: getComputedStyle(document.querySelector('.sfw-teaser-card__media .sfw-img')!).transitionDuration,
      dot: getComputedStyle(document.querySelector('.sfw-recently-viewed__dot')!, '::before').transitionDuration,
    }));
    expect(durations).toEqual({ image: '0s', dot: '0s' });
  });
});

describe('forced colours', () => {
  const mark = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('.sfw-recently-viewed__dot')].map((dot) => {
        const s = getComputedStyle(dot, '::before');
        return { current: dot.getAttribute('aria-current') === 'true', background: s.backgroundColor, border: s.borderStyle === 'none' ? null : s.borderColor };
      }),
    );

  it('slider dots and the current one, the active suggestion and dialogs draw', async () => {
    const page = await shop.open('/?reset=1', { forcedColors: 'active' });
    const canvas = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.locator('[data-widget="recently-viewed"]').scrollIntoViewIfNeeded();
    await page.waitForSelector('.sfw-recently-viewed__dot');
    const dots = await mark(page);
    expect(dots.length).toBeGreaterThan(1);
    for (const dot of dots) expect(dot.background !== canvas || dot.border !== null, JSON.stringify(dot)).toBe(true);
    const current = dots.find((d) => d.current)!;
    const other = dots.find((d) => !d.current)!;
    expect(current.background !== other.background || current.border !== other.border, 'the current dot differs').toBe(true);

    await page.evaluate(() => window.scrollTo(0, 0));
    const input = page.getByRole('combobox', { name: 'Search' });
    await input.focus();
    await input.pressSequentially('charizard', { delay: 20 });
    const options = page.getByRole('option');
    await expect.poll(() => options.count(), { timeout: 5000 }).toBe(2);
    await input.press('ArrowDown');
    const look = (i: number) =>
      options.nth(i).evaluate((o) => {
        const s = getComputedStyle(o);
        return { outline: s.outlineStyle === 'none' ? 'none' : `${s.outlineStyle} ${s.outlineColor}`, background: s.backgroundColor, color: s.color };
      });
    expect(await look(0)).not.toEqual(await look(1));

    await page.keyboard.press('Escape');
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('storefront:modal-open', { detail: { id: 'region-dialog' } })));
    const dialog = page.locator('dialog:is([open], :popover-open)');
    await dialog.waitFor();
    // The box is the panel: the dialog around it covers the viewport as the backdrop.
    const border = await dialog.locator('.sfw-modal__panel').evaluate((d) => {
      const s = getComputedStyle(d);
      return { style: s.borderTopStyle, width: parseFloat(s.borderTopWidth), color: s.borderTopColor };
    });
    expect(border.style).not.toBe('none');
    expect(border.width).toBeGreaterThan(0);
    expect(contrast(border.color, canvas), JSON.stringify(border)).toBeGreaterThanOrEqual(3);
  });
});
