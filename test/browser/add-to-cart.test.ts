/**
 * Buying on the demo product pages, quick-add from a card, the confirmation
 * dialog and its add-on, the server's refusal, keyboard only, axe.
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { productById, sampleIds } from '../../demo-pages/mock/catalog';
import { REFUSE_ADD_QUANTITY } from '../../demo-pages/mock/backend';
import { axeViolations, useShop } from './harness';

const shop = useShop();

const pathOf = (id: number) => `/${productById(id)!.slug}`;
const form = (page: Page) => page.locator('[data-widget="add-to-cart"] form');
const confirmation = (page: Page) => page.getByRole('dialog', { name: 'Product added to your cart!' });

/** Clicks the form's add button and returns the body it sent. */
async function add(page: Page, name: string | RegExp = 'Add to Cart'): Promise<Record<string, any>> {
  const sent = page.waitForRequest((r: Request) => r.url().endsWith('/cart/add-item') && r.method() === 'POST');
  await form(page).getByRole('button', { name, exact: true }).click();
  return (await sent).postDataJSON();
}

describe('product page', () => {
  it('buys a simple product: confirmation with focus inside, axe clean, focus back on close', async () => {
    const page = await shop.open(`${pathOf(sampleIds.plain)}?reset=1`);
    expect(await axeViolations(page, { include: '[data-widget="add-to-cart"]' })).toEqual([]);
    const body = await add(page);
    expect(body).toMatchObject({ quantity: 1, price: 49.99, id: sampleIds.plain, product_id: sampleIds.plain, region: 'US', attributes: {} });
    const dialog = confirmation(page);
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    expect(await dialog.getByRole('link', { name: 'View Cart' }).getAttribute('href')).toBe('/cart');
    expect(await dialog.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Add to Cart');
  });

  it('buys a variation, then a deposit product', async () => {
    const page = await shop.open(`${pathOf(sampleIds.variations)}?reset=1`);
    expect(await form(page).getByRole('button', { name: 'Add to Cart' }).getAttribute('aria-disabled')).toBe('true');
    await form(page).getByLabel('Format').selectOption({ label: '12-Pack Bundle – $64.99' });
    await form(page).getByText('$64.99', { exact: true }).waitFor();
    const body = await add(page);
    expect(body).toMatchObject({ id: 1704, product_id: 17, price: 64.99, attributes: { variation: { value: '12-Pack Bundle' } } });
    await confirmation(page).waitFor();

    const deposit = await shop.open(pathOf(sampleIds.deposit));
    await form(deposit).getByText("By making a down payment, you are agreeing to pay the full balance amount upon the product's release").waitFor();
    const dp = await add(deposit, 'Preorder');
    expect(dp).toMatchObject({ price: 100, attributes: { downPayment: true, payup: 449.99, dpId: 15, payorder: false } });
    await confirmation(deposit).waitFor();
  });

  it('buys a live-break-only product with a breaker', async () => {
    const page = await shop.open(`${pathOf(sampleIds.liveBreakOnly)}?reset=1`);
    await form(page).getByText('This product is only available for live break during break hours.', { exact: false }).waitFor();
    expect(await form(page).getByRole('link', { name: 'the live break schedule' }).getAttribute('href')).toBe('/steel-city-break-room');
    const radios = form(page).getByRole('radio');
    await radios.first().waitFor();
    expect(await radios.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(['Main Stage', 'Sports Room (Warehouse 7)']);
    // Its stock is general stock: the warehouse-7 breaker has none of it.
    await form(page).getByLabel(/Sports Room/).check();
    await form(page).getByText('Not available with this breaker').waitFor();
    await form(page).getByLabel(/Main Stage/).check();
    const body = await add(page);
    expect(body.attributes).toEqual({ breakLive: true, breakerSelected: 'Main Stage', breakLocation: 0 });
    await confirmation(page).waitFor();
  });

  it('a refused add lists the server lines and keeps the choices', async () => {
    shop.expectConsoleError(/status of 422/); // Chromium logs every 4xx answer
    const page = await shop.open(`${pathOf(sampleIds.variations)}?reset=1`);
    await form(page).getByLabel('Format').selectOption('1701');
    await form(page).getByLabel('Qty').fill(String(REFUSE_ADD_QUANTITY));
    await add(page);
    const alerts = form(page).getByRole('alert');
    await alerts.nth(1).waitFor();
    expect(await alerts.allTextContents()).toEqual([
      `Sorry, you can only buy ${REFUSE_ADD_QUANTITY - 1} of this item per order.`,
      'Please lower the quantity and try again.',
    ]);
    expect(await form(page).getByLabel('Format').inputValue()).toBe('1701');
    expect(await form(page).getByLabel('Qty').inputValue()).toBe('13');
    expect(await confirmation(page).isVisible()).toBe(false);
  });

  it('keyboard only: choose, add, close', async () => {
    const page = await shop.open(`${pathOf(sampleIds.startsAt)}?reset=1`);
    await form(page).getByLabel('Format').focus();
    await page.keyboard.press('ArrowDown'); // first option after the placeholder
    expect(await form(page).getByLabel('Format').inputValue()).toBe('2601');
    await page.keyboard.press('Tab'); // − (disabled at 1, skipped) → quantity
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(await form(page).getByLabel('Qty').getAttribute('id'));
    await page.keyboard.press('Tab'); // +
    await page.keyboard.press('Enter');
    expect(await form(page).getByLabel('Qty').inputValue()).toBe('2');
    await page.keyboard.press('Tab'); // Add to Cart
    const sent = page.waitForRequest((r) => r.url().endsWith('/cart/add-item'));
    await page.keyboard.press('Enter');
    expect((await sent).postDataJSON()).toMatchObject({ quantity: 2, id: 2601 });
    await confirmation(page).waitFor();
    // The dialog's title takes the focus: a reader says it (a focused link gave Orca no dialog to name).
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Product added to your cart!');
    await page.keyboard.press('Escape');
    await confirmation(page).waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Add to Cart');
  });
});

describe('quick-add and the confirmation', () => {
  it('quick-add from a card, then the free add-on from the confirmation; axe clean with each dialog open', async () => {
    const page = await shop.open('/?reset=1');
    const card = page.locator('.sfw-product-grid__item', { has: page.locator(`a[href="${pathOf(sampleIds.giftWithOptions)}"]`) });
    await card.getByRole('button', { name: 'Add to cart' }).click();
    const quick = page.getByRole('dialog', { name: 'Add to Cart' });
    await quick.getByRole('heading', { name: productById(sampleIds.giftWithOptions)!.title }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await quick.getByLabel('Your free gift').selectOption({ label: 'Crimson' });
    const sent = page.waitForRequest((r) => r.url().endsWith('/cart/add-item'));
    await quick.getByRole('button', { name: 'Add to Cart' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ product_id: sampleIds.giftWithOptions, attributes: { addon_id: 4202 } });

    const dialog = confirmation(page);
    await dialog.waitFor();
    await quick.waitFor({ state: 'hidden' });
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await dialog.getByLabel(/of your free gift/).selectOption({ label: 'Black' });
    await dialog.getByRole('button', { name: 'Add free gift' }).click();
    await dialog.getByRole('button', { name: 'Added!' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Continue shopping' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Focus goes back to the card button that opened quick-add.
    await expect.poll(() => card.getByRole('button', { name: 'Add to cart' }).evaluate((b) => b === document.activeElement)).toBe(true);
  });

  it("quick-add failure says 'An error occurred. Please try again'", async () => {
    shop.expectConsoleError(/product\/cart\/load|Quick-add|500/);
    const page = await shop.open('/?reset=1&fail=/product/cart/load:500');
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('storefront:quick-add', { detail: { productId: 1 } })));
    const quick = page.getByRole('dialog', { name: 'Add to Cart' });
    await quick.getByRole('alert').filter({ hasText: 'An error occurred. Please try again' }).waitFor();
  });
});
