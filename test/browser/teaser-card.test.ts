/**
 * The 48-card demo category page: the seeded products' cards show the right
 * badges (in the card link's name), messages and prices; an HTML title stays
 * text; adding from a card; axe.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { productById, sampleIds } from '../../demo-pages/mock/catalog';
import { axeViolations, useShop } from './harness';

const shop = useShop();

/** The grid item of a catalog product, found by its title link. */
function cardOf(page: Page, id: number) {
  const slug = productById(id)!.slug;
  return page.locator('.sfw-product-grid__item', { has: page.locator(`a.sfw-teaser-card__title[href="/${slug}"]`) });
}
const titleOf = (id: number) => productById(id)!.title;

describe('category page cards', () => {
  it('show the badges, stock messages and prices of the seeded products', async () => {
    const page = await shop.open('/?reset=1'); // waits for the grid's 48 cards
    expect(await page.locator('[data-widget="product-grid"] .sfw-teaser-card').count()).toBe(48);

    // [product, card link name (title, badges), text the card shows, has Add to cart]
    const cases: Array<[number, string, string[], boolean]> = [
      [sampleIds.rewardOnly, 'Reward Only', ['$119.99', 'This product is only available within the Rewards Program.'], false],
      [sampleIds.presaleWithoutStock, 'Presale 2027-03-27', ['Coming Soon!'], false],
      [sampleIds.groupBreak3Spots, '2026-11-28, Sports Room', ['Only 3 Spots Left!'], true],
      [sampleIds.groupBreakSoldOut, '2026-11-24', ['SOLD OUT!'], false],
      [sampleIds.groupBreakTba, 'TBA', [], true],
      [sampleIds.sale, 'Sale', ['$159.99', '$134.99', 'SALE'], true],
      [sampleIds.clearance, 'Clearance', ['SALE'], true],
      [sampleIds.isNew, 'New!', [], true],
      [sampleIds.outOfStock, '', ['Out of stock'], false],
      [sampleIds.lastOne, '', ['LAST ONE'], true],
      [sampleIds.deposit, 'Presale 2027-04-23', ['$100.00', '(DEPOSIT)'], true],
      [sampleIds.startsAt, '', ['Starts at:', '$279.99'], true],
      [sampleIds.blockPool, 'Block Pool', [], true],
      [sampleIds.charity, 'Charity', [], true],
      [sampleIds.ineligible, '', ['This item may be ineligible to ship to your country'], true],
    ];
    for (const [id, badges, texts, canAdd] of cases) {
      const card = cardOf(page, id);
      const name = badges ? `${titleOf(id)}, ${badges}` : titleOf(id);
      await expect(card.getByRole('link', { name, exact: true }).count(), `card ${id} link "${name}"`).resolves.toBe(1);
      const text = await card.innerText();
      for (const t of texts) expect(text, `card ${id}`).toContain(t);
      expect(await card.getByRole('button', { name: 'Add to cart' }).count(), `card ${id} Add to cart`).toBe(canAdd ? 1 : 0);
    }
    const notify = cardOf(page, sampleIds.newOutOfStock).getByRole('link', { name: 'Notify me when available' });
    expect(await notify.getAttribute('href')).toBe(`/${productById(sampleIds.newOutOfStock)!.slug}`);
    // The block pool and charity badges carry their logos.
    expect(await cardOf(page, sampleIds.blockPool).locator('.sfw-teaser-card__badge img').getAttribute('src')).toBe('/demo/img/logo-blockpool.png');
    expect(await cardOf(page, sampleIds.charity).locator('.sfw-teaser-card__badge img').getAttribute('src')).toBe('/demo/img/logo-charity.png');
    // The product without an image shows the placeholder (inlined in the bundle, so the server writes the same URL).
    expect(await cardOf(page, sampleIds.noImage).locator('.sfw-teaser-card__media img').getAttribute('src')).toMatch(/^data:image\/svg\+xml,.*No image/);

    expect(await axeViolations(page, { include: 'main' })).toEqual([]);
  });

  it('renders an HTML title as text, with no element made from it', async () => {
    const page = await shop.open('/');
    const title = titleOf(sampleIds.htmlTitle);
    expect(title).toContain('<img src=x');
    expect(await cardOf(page, sampleIds.htmlTitle).getByRole('link', { name: title, exact: true }).count()).toBe(1);
    expect(await page.locator('img[src="x"], [onerror]').count()).toBe(0);
  });

  // Spec §4 texts as written: a 'Sale' badge must not read 'SALE', which is the price mark's text.
  it('shows the badges in the case the spec writes them, and the price mark as SALE', async () => {
    const page = await shop.open('/');
    const shown = (id: number, selector: string) =>
      cardOf(page, id)
        .locator(selector)
        .first()
        .evaluate((el) => [(el as HTMLElement).innerText, getComputedStyle(el).textTransform]);
    expect(await shown(sampleIds.sale, '.sfw-teaser-card__badge')).toEqual(['Sale', 'none']);
    expect(await shown(sampleIds.isNew, '.sfw-teaser-card__badge')).toEqual(['New!', 'none']);
    expect(await shown(sampleIds.rewardOnly, '.sfw-teaser-card__badge')).toEqual(['Reward Only', 'none']);
    expect(await shown(sampleIds.clearance, '.sfw-teaser-card__badge')).toEqual(['Clearance', 'none']);
    expect((await shown(sampleIds.sale, '.sfw-teaser-card__price-mark'))[0]).toBe('SALE');
  });

  it('lazy-loads the images below the first row, with explicit dimensions', async () => {
    const page = await shop.open('/');
    await page.waitForFunction(() => document.querySelectorAll('[data-widget="product-grid"] .sfw-teaser-card').length === 48);
    const images = page.locator('[data-widget="product-grid"] .sfw-teaser-card__media img');
    expect(await images.first().getAttribute('loading')).toBe('eager');
    expect(await images.nth(47).getAttribute('loading')).toBe('lazy');
    expect([await images.nth(47).getAttribute('width'), await images.nth(47).getAttribute('height')]).toEqual(['300', '300']);
  });

  it('adds a plain product with one request and opens quick-add for one that needs a choice', async () => {
    const page = await shop.open('/?reset=1');
    await page.evaluate(() => {
      (window as unknown as { quickAdds: unknown[] }).quickAdds = [];
      addEventListener('storefront:quick-add', (e) => (window as unknown as { quickAdds: unknown[] }).quickAdds.push((e as CustomEvent).detail));
    });
    const add = cardOf(page, sampleIds.plain).getByRole('button', { name: 'Add to cart' });
    await add.dblclick();
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    const calls = () => page.evaluate(() => (window as unknown as { demoBackend: { callsTo(p: string): unknown[] } }).demoBackend.callsTo('/cart/add-item').length);
    expect(await calls()).toBe(1);

    await page.keyboard.press('Escape');
    await cardOf(page, sampleIds.variations).getByRole('button', { name: 'Add to cart' }).dispatchEvent('click');
    expect(await page.evaluate(() => (window as unknown as { quickAdds: unknown[] }).quickAdds)).toEqual([
      { productId: sampleIds.variations, source: 'product-grid' },
    ]);
    expect(await calls()).toBe(1);
  });
});
