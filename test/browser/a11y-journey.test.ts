/**
 * The shopper's journey by keyboard alone, as a screen reader meets it
 * (Chromium's accessibility tree): search → suggestions → product → option
 * → a refused add → Add to Cart → the added dialog → free gift → cart
 * dropdown → REMOVE → Checkout. Each state change must be heard exactly
 * once: the result count, the errors, the cart count, "Added!", the removal.
 *
 * The same journey runs in five conditions: default, 320 px wide, 200 %
 * zoom with WCAG text spacing, reduced motion, forced colours. At every
 * focus stop: a focus indicator that stands out, the control in view; at
 * every open state: no product name cut; with reduced motion, nothing moves.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { REFUSE_ADD_QUANTITY } from '../../demo-pages/mock/backend';
import { productById, sampleIds } from '../../demo-pages/mock/catalog';
import {
  applyTextSpacing,
  axNodeOf,
  clippedTexts,
  contrast,
  focusedNode,
  focusLook,
  heard,
  recordAnnouncements,
  runningMotion,
  takeAnnouncements,
  type AXNode,
} from './a11y';
import { axeViolations, settled, useShop } from './harness';

const shop = useShop();

interface Condition {
  name: string;
  width?: number;
  height?: number;
  deviceScaleFactor?: number;
  reducedMotion?: 'reduce';
  forcedColors?: 'active';
  textSpacing?: boolean;
}

const CONDITIONS: Condition[] = [
  { name: 'default' },
  { name: '320 px wide', width: 320, height: 640 },
  // 640 CSS px at 2 device pixels each: the layout a 1280 px window shows at 200 % zoom
  // (media queries and wrapping see 640 px, as they do in a zoomed browser).
  { name: '200 % zoom with WCAG text spacing', width: 640, height: 450, deviceScaleFactor: 2, textSpacing: true },
  { name: 'prefers-reduced-motion: reduce', reducedMotion: 'reduce' },
  { name: 'forced-colors: active', forcedColors: 'active' },
];

const PRODUCT = productById(sampleIds.giftWithOptions)!;
/** Product names wherever the journey shows them. */
const NAMES =
  '.sfw-search-bar__title, .sfw-teaser-card__title, .sfw-cart-dialogs__what, .sfw-cart-dialogs__title, .sfw-cart-dropdown__title, .sfw-cart-dropdown__suggestion-title, .sfw-add-to-cart__title, h1';

class Journey {
  /** What went wrong at a stop: collected, then asserted once per condition (one run shows every problem). */
  readonly problems: string[] = [];
  constructor(
    readonly page: Page,
    readonly condition: Condition,
  ) {}

  /** Checks the focus stop: a visible focus indicator, the control in view, nothing moving. */
  async checkStop(where: string): Promise<AXNode | null> {
    const { page } = this;
    const node = await focusedNode(page);
    const label = `${where} (${node?.role} "${node?.name}")`;
    const look = await focusLook(page);
    if (!look.kind || !look.color) this.problems.push(`${label}: no focus indicator`);
    else if (contrast(look.color, look.background) < 3) this.problems.push(`${label}: focus ${look.color} on ${look.background}`);
    const inView = await page.evaluate(() => {
      const a = document.activeElement as HTMLElement;
      const d = a.getAttribute('aria-activedescendant');
      const el = (d && document.getElementById(d)) || a;
      const r = el.getBoundingClientRect();
      return r.width >= 1 && r.height >= 1 && r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight && r.right <= document.documentElement.clientWidth + 1;
    });
    if (!inView) this.problems.push(`${label}: not in view`);
    if (this.condition.reducedMotion) {
      const moving = await runningMotion(page);
      if (moving.length) this.problems.push(`${label}: moving ${moving.join(', ')}`);
    }
    return node;
  }

  async checkNames(where: string): Promise<void> {
    const cut = await clippedTexts(this.page, NAMES);
    for (const c of cut) this.problems.push(`${where}: ${c}`);
  }

  /** Presses `key` until the focus meets `accept`, checking every stop on the way. */
  async moveTo(key: string, accept: (node: AXNode) => boolean, where: string, max = 60): Promise<AXNode> {
    for (let i = 0; i < max; i++) {
      await this.page.keyboard.press(key);
      const node = await this.checkStop(`${where}, ${key} ${i + 1}`);
      if (node && accept(node)) return node;
    }
    throw new Error(`${where}: ${key} never reached it`);
  }

  /** Waits until the recorded announcements, as heard, equal `texts`; then nothing more comes. */
  async hears(texts: string[]): Promise<void> {
    const { page } = this;
    await expect.poll(async () => heard(page, await page.evaluate(() => (window as any).__liveLog.slice())), { timeout: 10_000 }).toEqual(texts);
    await settled(page); // a repeat would come within a frame or two
    expect(await heard(page, await takeAnnouncements(page))).toEqual(texts);
  }
}

/** From now on, where each focus change inside the page went (the text of what took it; '' for nowhere, the body). */
async function focusHops(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { __hops?: string[] };
    if (!w.__hops) document.addEventListener('focusout', (e) => w.__hops!.push((e.relatedTarget as HTMLElement | null)?.textContent?.trim() ?? ''), { capture: true });
    w.__hops = [];
  });
  return () => page.evaluate(() => (window as unknown as { __hops: string[] }).__hops);
}

const is = (role: string, name: string | RegExp) => (n: AXNode) => n.role === role && (typeof name === 'string' ? n.name === name : name.test(n.name));

describe('the keyboard and screen-reader journey', () => {
  for (const condition of CONDITIONS) {
    it(condition.name, { timeout: 120_000 }, async () => {
      shop.expectConsoleError(/status of 422/); // the refused add: Chromium logs every 4xx answer
      const { name: _, textSpacing, ...view } = condition;
      const context = await shop.browser.newContext({
        viewport: { width: view.width ?? 1280, height: view.height ?? 900 },
        deviceScaleFactor: view.deviceScaleFactor,
        reducedMotion: view.reducedMotion,
        forcedColors: view.forcedColors,
        serviceWorkers: 'allow',
      });
      await recordAnnouncements(context);
      try {
        const page = await shop.open('/?reset=1', { context });
        const journey = new Journey(page, condition);
        if (textSpacing) await applyTextSpacing(page);
        await takeAnnouncements(page);

        // Search: the field (or, on a narrow screen, the button that opens it), then type.
        const first = await journey.moveTo('Tab', (n) => is('combobox', 'Search')(n) || is('button', 'Search')(n), 'to the search');
        if (first.role === 'button') {
          await page.keyboard.press('Enter');
          await expect.poll(() => focusedNode(page)).toMatchObject({ role: 'combobox', name: 'Search' });
          await journey.checkStop('mobile search field');
        }
        await page.keyboard.type('toolkit', { delay: 30 });
        await journey.hears(['Loading results…', '1 result']);
        // Closed, the suggestions' count is gone from its region (a reader re-read it when a dialog closed);
        // open again, it is said again, once.
        await page.keyboard.press('Escape');
        await expect.poll(() => page.evaluate(() => document.querySelector('.sfw-search-bar [role="status"]:not(:empty)')?.textContent ?? '')).toBe('');
        await page.keyboard.press('ArrowDown');
        await journey.hears(['1 result']);
        expect(await journey.checkStop('the suggestion')).toMatchObject({ role: 'option', name: expect.stringContaining(PRODUCT.title) });
        await journey.checkNames('suggestions');

        // The product page.
        await Promise.all([page.waitForURL((url) => url.pathname === `/${PRODUCT.slug}`), page.keyboard.press('Enter')]);
        await page.waitForFunction(() => window.Storefront && document.querySelector('[data-widget="add-to-cart"]')?.getAttribute('data-island') === 'ready');
        if (textSpacing) await applyTextSpacing(page);
        await journey.checkNames('product page');
        await journey.moveTo('Tab', is('combobox', 'Your free gift'), 'to the gift choice');
        await page.keyboard.press('ArrowDown');
        expect(await journey.checkStop('gift chosen')).toMatchObject({ role: 'combobox', name: 'Your free gift' });
        expect(await page.evaluate(() => (document.activeElement as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe('Black');

        // A quantity the server refuses: both of its lines are heard, once.
        await journey.moveTo('Tab', is('spinbutton', 'Qty'), 'to the quantity');
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type(String(REFUSE_ADD_QUANTITY));
        await journey.moveTo('Tab', is('button', 'Add to Cart'), 'to Add to Cart');
        await page.keyboard.press('Enter');
        await journey.hears([`Sorry, you can only buy ${REFUSE_ADD_QUANTITY - 1} of this item per order.`, 'Please lower the quantity and try again.']);
        await journey.moveTo('Shift+Tab', is('spinbutton', 'Qty'), 'back to the quantity');
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type('1');
        await journey.moveTo('Tab', is('button', 'Add to Cart'), 'to Add to Cart again');

        // Added: the focus lands on the dialog's title, which every reader says, in one move (not through its
        // close icon first); the cart count is heard from inside it.
        const opening = await focusHops(page);
        await page.keyboard.press('Enter');
        await expect.poll(() => axNodeOf(page, `document.querySelector('dialog:is(:modal, :popover-open)')`)).toMatchObject({ role: 'dialog', name: 'Product added to your cart!' });
        await expect.poll(() => focusedNode(page)).toMatchObject({ role: 'heading', name: 'Product added to your cart!' });
        expect(await opening()).toEqual(['Product added to your cart!']);
        await journey.checkStop('the added dialog');
        await journey.hears(['Your cart now has 1 item.']);
        await journey.checkNames('the added dialog');

        // The free gift: the focus stays on its button, which says "Added!"; both changes heard once.
        await journey.moveTo('Tab', is('combobox', /of your free gift$/), 'to the gift colour');
        await page.keyboard.press('ArrowDown');
        await journey.moveTo('Tab', is('button', 'Add free gift'), 'to Add free gift');
        await page.keyboard.press('Enter');
        await expect.poll(() => focusedNode(page)).toMatchObject({ role: 'button', name: 'Added!' });
        await journey.checkStop('gift added');
        await journey.hears(['Added!', 'Your cart now has 2 items.']);
        if (condition.name === 'default') expect(await axeViolations(page)).toEqual([]);

        // Escape: the focus goes straight back to the product's button (never through the page), a change a reader hears.
        const hops = await focusHops(page);
        await page.keyboard.press('Escape');
        await expect.poll(() => focusedNode(page)).toMatchObject({ role: 'button', name: 'Add to Cart' });
        expect(await hops()).toEqual(['Add to Cart']);
        await journey.moveTo('Shift+Tab', is('button', 'Cart, 2 items'), 'up to the cart');
        await page.keyboard.press('Enter');
        await expect.poll(() => focusedNode(page)).toMatchObject({ role: 'heading', name: 'Shopping cart' });
        await journey.checkStop('the cart dropdown');
        // The panel fills once the cart has loaded: what loaded, heard once (a load this quick does not say its loading).
        await journey.hears(['Your cart has 2 items.']);
        await page.locator('.sfw-cart-dropdown__suggestion-title').first().waitFor();
        await journey.checkNames('the cart dropdown');
        await journey.moveTo('Tab', is('button', `Remove ${PRODUCT.title}`), 'to REMOVE');
        await page.keyboard.press('Enter');
        await journey.hears(['Your cart now has 1 item.']);
        if (condition.name === 'default') expect(await axeViolations(page)).toEqual([]);
        await journey.moveTo('Tab', is('link', 'Checkout'), 'to Checkout');
        await Promise.all([page.waitForURL((url) => url.pathname === '/checkout'), page.keyboard.press('Enter')]);

        expect(journey.problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
