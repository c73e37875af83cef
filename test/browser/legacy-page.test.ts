/**
 * The islands on a page of the era the bundle is for (demo-pages/pages/legacy-bootstrap3.html):
 * Bootstrap 3.4.1's `html { font-size: 10px }`, jQuery 1.12.4 with a delegated click
 * handler, and the shop's global rules for a, button, h1–h6, label, input and mark,
 * loaded after the bundle's stylesheet. Every island's open states there look as on the
 * demo pages (element screenshots compared pixel by pixel), at 1280 and 390 px; axe
 * finds nothing; a few sizes are checked by name so that a failure says what broke.
 *
 * The host decides how wide a hook is (a grid column, a sidebar), the island everything
 * inside it: where the two pages' layouts differ, the legacy hook gets the demo hook's
 * width before the island opens. `SFW_SHOTS=<folder>` keeps every pair of PNGs and
 * their difference.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { productById, sampleIds } from '../../demo-pages/mock/catalog';
import { contrast } from './a11y';
import { axeViolations, useShop, wakePage } from './harness';
import { comparePngs } from './pixels';

const shop = useShop({ mock: 'server' });
/** The product of the add-to-cart form: a free gift to choose, and related products in the added dialog. */
const PRODUCT = productById(sampleIds.giftWithOptions)!.slug;
const LEGACY = `/legacy-bootstrap3?product=${PRODUCT}`;
const WIDTHS = [1280, 390] as const;

/**
 * Differing pixels allowed: 1 in 2000, at least 4. What differs is the page behind the
 * island: its rounded corners (a few pixels each, over the demo's dark header or
 * canvas, or Bootstrap's navbar or white) and a 1 px border of the host's panel under
 * the slider; a changed word or colour costs hundreds of pixels.
 */
const allowed = (width: number, height: number) => Math.max(4, width * height * 0.0005);

interface Shot {
  name: string;
  of: (page: Page) => Locator;
  /** Hovered first (wide windows only: a phone has no hover). */
  hover?: boolean;
}

interface Look {
  name: string;
  /** The demo page that has the island. */
  demo: string;
  /** Demo controls for both pages. */
  query?: string;
  /** The window's height, when the island needs more than 1100 px (the cart panel, unclipped). */
  height?: number;
  /** The hook whose width the host decides: the legacy page gives it the demo's. */
  hook?: (phone: boolean) => string;
  open(page: Page, phone: boolean): Promise<void>;
  shots: (phone: boolean) => Shot[];
}

const dialog = (name: string) => (page: Page) => page.getByRole('dialog', { name });
/** A modal's box: the dialog itself covers the viewport (it is the backdrop) and shows the page behind. */
const modalPanel = (name: string, role: 'dialog' | 'alertdialog' = 'dialog') => (page: Page) => page.getByRole(role, { name }).locator('.sfw-modal__panel');
/** The header's search bar: the mobile one (in the header's search panel) on a phone. */
const searchHook = (phone: boolean) => (phone ? '[data-widget="search-bar"][data-props*="mobile"]' : '[data-widget="search-bar"]:not([data-props*="mobile"])');
const LINES = [
  { id: 1, quantity: 2, title: 'Topps Chrome Baseball Hobby Box Jumbo', price: 10.25 },
  { id: 41, quantity: 1, title: 'Penny Sleeves', price: 5.5 },
];

/** Adds lines through the backend, then tells the page, as legacy code would. */
async function fillCart(page: Page) {
  await page.evaluate(async (lines) => {
    for (const line of lines) {
      const body = JSON.stringify({ ...line, product_id: line.id, attributes: {}, region: 'US' });
      const response = await fetch('/cart/add-item', { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body });
      if (!response.ok) throw new Error(`add-item ${response.status}`);
    }
    window.dispatchEvent(new CustomEvent('storefront:cart-updated'));
  }, LINES);
}

/** Chooses the free gift and adds the product with the page's add-to-cart form. */
async function addToCart(page: Page) {
  const form = page.locator('[data-widget="add-to-cart"]');
  await form.getByLabel('Your free gift').selectOption({ label: 'Crimson' });
  await form.getByRole('button', { name: 'Add to Cart', exact: true }).click();
}

const LOOKS: Look[] = [
  {
    name: 'search suggestions',
    demo: '/',
    hook: searchHook,
    async open(page, phone) {
      if (phone) await page.locator('[data-panel-toggle="mobile-search"]').click();
      const input = page.locator(searchHook(phone)).getByRole('combobox', { name: 'Search' });
      await input.click();
      await input.pressSequentially('topps', { delay: 10 });
      await page.getByRole('link', { name: 'View All Results' }).waitFor();
    },
    shots: (phone) => [{ name: 'popup', of: (page) => page.locator(`${searchHook(phone)} .sfw-search-bar__popup`) }],
  },
  {
    name: 'cart dropdown',
    demo: '/',
    height: 2400,
    async open(page) {
      await fillCart(page);
      await page.locator('.sfw-cart-dropdown__badge', { hasText: '3' }).waitFor();
      await page.locator('.sfw-cart-dropdown__toggle').click();
      await dialog('Shopping cart')(page).getByRole('heading', { name: 'Recommended for you:' }).waitFor();
    },
    shots: () => [
      { name: 'panel', of: dialog('Shopping cart') },
      { name: 'badge', of: (page) => page.locator('.sfw-cart-dropdown__badge') },
      { name: 'checkout hovered', of: (page) => dialog('Shopping cart')(page).getByRole('link', { name: 'Checkout' }), hover: true },
    ],
  },
  {
    name: 'login modal',
    demo: '/',
    async open(page) {
      await page.locator('[data-panel-toggle="account"]').click();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await dialog('Sign in to your account')(page).getByLabel('Password').waitFor();
    },
    shots: () => [
      { name: 'dialog', of: modalPanel('Sign in to your account') },
      { name: 'facebook hovered', of: (page) => page.getByRole('link', { name: 'Continue with Facebook' }), hover: true },
    ],
  },
  {
    name: 'country prompt',
    demo: '/',
    query: 'visitor=CA',
    open: (page) => page.getByRole('dialog', { name: 'Shopping from outside the US?' }).getByRole('button').first().waitFor(),
    shots: () => [{ name: 'dialog', of: modalPanel('Shopping from outside the US?') }],
  },
  {
    name: 'region dialog',
    demo: '/',
    async open(page) {
      await page.locator('[data-region-open]').click();
      await dialog('Choose your region')(page).getByRole('link').first().waitFor();
    },
    shots: () => [{ name: 'dialog', of: modalPanel('Choose your region') }],
  },
  {
    name: 'teaser cards',
    demo: '/',
    hook: () => '[data-widget="product-grid"]',
    open: async () => {},
    shots: (phone) => [0, 1, 2, 3].slice(0, phone ? 2 : 4).map((n) => ({ name: `card ${n + 1}`, of: (page: Page) => page.locator('.sfw-teaser-card').nth(n) })),
  },
  {
    name: 'add-to-cart form',
    demo: `/${PRODUCT}`,
    hook: () => '[data-widget="add-to-cart"]',
    open: (page) => page.locator('.sfw-paypal-express__buttons[data-paypal-state="ready"]').waitFor(),
    shots: () => [{ name: 'form', of: (page) => page.locator('[data-widget="add-to-cart"] > *').first() }],
  },
  {
    name: 'added dialog',
    demo: `/${PRODUCT}`,
    async open(page) {
      await addToCart(page);
      await dialog('Product added to your cart!')(page).getByRole('heading', { name: 'You may also like' }).waitFor();
    },
    shots: () => [
      { name: 'dialog', of: modalPanel('Product added to your cart!') },
      { name: 'continue hovered', of: (page) => page.getByRole('button', { name: 'Continue shopping' }), hover: true },
    ],
  },
  {
    name: 'recently viewed',
    demo: '/',
    hook: () => '[data-widget="recently-viewed"]',
    async open(page) {
      await page.locator('[data-widget="recently-viewed"]').scrollIntoViewIfNeeded();
      await page.locator('.sfw-recently-viewed__slide').first().waitFor();
    },
    shots: () => [{ name: 'slider', of: (page) => page.locator('.sfw-recently-viewed') }],
  },
];

/**
 * Opens a page and wakes it (the pointer over an island), as a shopper's page is by
 * the time a panel opens: the states compared are the awake islands' (the first tap
 * on a sleeping page has tests of its own).
 */
async function openAwake(path: string, size: { width: number; height: number; phone: boolean }) {
  const page = await shop.open(path, size);
  // A dialog open at load (the country prompt) has woken it already, and covers the rest.
  await wakePage(page, { at: page.locator('[data-widget="cart-dropdown"]') });
  return page;
}

/** Brings the element to the middle of the window (all of it, below a sticky header) and waits until its images in view have loaded. */
async function bringIntoView(target: Locator) {
  await target.evaluate(async (el) => {
    el.scrollIntoView({ block: 'center' });
    const inView = (img: HTMLImageElement) => {
      const r = img.getBoundingClientRect();
      return r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
    };
    const images = [...el.querySelectorAll('img')].filter(inView);
    await Promise.all(images.map((img) => img.decode().catch(() => {})));
    // Two frames: a card that came into view (content-visibility: auto) has its real size.
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
}

type Box = { x: number; y: number; width: number; height: number };

/**
 * The element's pixels, as Chromium paints it (a box from y = 80.5 to 180.4 fills
 * rows 81 to 179): an element screenshot, rounded outwards, would add a row or a
 * column of the page behind, by where the host's layout puts the island.
 */
async function shoot(page: Page, shot: Shot, align?: { hook: string; like: Box }): Promise<{ png: Buffer; box: Box }> {
  const target = shot.of(page);
  await bringIntoView(target);
  if (shot.hover) await target.hover();
  else await page.mouse.move(0, 0);
  let box = (await target.boundingBox())!;
  // Text is drawn at fractions of a pixel: the hook moves by less than a pixel, to the fraction the demo's island is at.
  if (align) {
    const frac = (v: number) => v - Math.floor(v);
    const shift = { x: frac(align.like.x) - frac(box.x), y: frac(align.like.y) - frac(box.y) };
    await page.locator(align.hook).first().evaluate((el, d) => {
      const style = (el as HTMLElement).style;
      Object.assign(style, { position: 'relative', left: `${(parseFloat(style.left) || 0) + d.x}px`, top: `${(parseFloat(style.top) || 0) + d.y}px` });
    }, shift);
    box = (await target.boundingBox())!;
  }
  const [x, y] = [Math.round(box.x), Math.round(box.y)];
  const clip = { x, y, width: Math.round(box.x + box.width) - x, height: Math.round(box.y + box.height) - y };
  return { png: await page.screenshot({ clip, animations: 'disabled', caret: 'hide' }), box };
}

async function openBoth(look: Look, width: number) {
  const phone = width < 600;
  const size = { width, height: look.height ?? 1100, phone };
  // A dozen cards: the page the grid shows first, quicker to load and to scan than the demo's 48.
  const query = `reset=1&cards=12${look.query ? `&${look.query}` : ''}`;
  const demo = await openAwake(`${look.demo}${look.demo.includes('?') ? '&' : '?'}${query}`, size);
  await look.open(demo, phone);
  const demoShots = [];
  for (const shot of look.shots(phone)) if (!shot.hover || !phone) demoShots.push({ shot, ...(await shoot(demo, shot)) });
  // jQuery 1.12 tries an inline handler attribute (its focusin test) as it loads; the demo's CSP refuses it, harmlessly
  // (Debian's full headless Chromium says so in the console; the npm headless shell does not).
  shop.allowConsoleError(/inline event handler/);
  const legacy = await openAwake(`${LEGACY}&${query}`, size);
  const hook = look.hook?.(phone);
  if (hook) {
    // The room inside the hook (its content box) is the island's.
    const room = await demo.locator(hook).first().evaluate((el) => {
      const s = getComputedStyle(el);
      return [s.paddingLeft, s.paddingRight, s.borderLeftWidth, s.borderRightWidth].reduce((w, v) => w - parseFloat(v), el.getBoundingClientRect().width);
    });
    await legacy.locator(hook).first().evaluate((el, w) => Object.assign((el as HTMLElement).style, { boxSizing: 'content-box', width: `${w}px`, maxWidth: 'none' }), room);
  }
  await look.open(legacy, phone);
  return { legacy, demoShots, hook };
}

describe.each(WIDTHS)('on a Bootstrap 3 page, %i px wide', (width) => {
  it.each(LOOKS.map((look) => [look.name, look] as const))('%s looks as on the demo', async (_, look) => {
    const { legacy, demoShots, hook } = await openBoth(look, width);
    const differences: string[] = [];
    for (const { shot, png, box } of demoShots) {
      const name = `${width}-${look.name}-${shot.name}`;
      const diff = comparePngs(png, (await shoot(legacy, shot, hook ? { hook, like: box } : undefined)).png, name);
      console.log(`${name}: ${diff.size}, ${diff.sameSize ? `${diff.pixels} px differ (${(diff.ratio * 100).toFixed(3)} %)` : 'sizes differ'}`);
      if (!diff.sameSize || diff.pixels > allowed(...diff.area)) differences.push(`${shot.name}: ${diff.sameSize ? `${diff.pixels} px (${(diff.ratio * 100).toFixed(2)} %) differ` : `size ${diff.size}`}`);
    }
    expect(differences, `${look.name} on the Bootstrap page against the demo`).toEqual([]);
    expect(await axeViolations(legacy)).toEqual([]);
  }, 180_000);
});

/** What the shopper sees of an element, in words: its box, text and colours. */
function looksOf(target: Locator, hover = false): Promise<string> {
  return (hover ? target.hover() : Promise.resolve()).then(() =>
    target.evaluate((el) => {
      const s = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      const font = `${s.fontSize} ${s.fontFamily.split(',')[0]} ${s.textTransform} spacing ${s.letterSpacing}`;
      return `${Math.round(r.width)}×${Math.round(r.height)} px, ${font}, margin ${s.margin}, padding ${s.padding}, ${s.color} on ${s.backgroundColor}`;
    }),
  );
}

/** The colours of "color on background" in looksOf's words, and their contrast. */
const contrastOf = (look: string) => {
  const [, color, background] = /(rgba?\([^)]*\)) on (rgba?\([^)]*\))$/.exec(look)!;
  return contrast(color!, background!);
};

describe('on a Bootstrap 3 page, what an island shows is measured as on the demo', () => {
  it('cart badge, highlighted word, login modal, its title, labels and buttons', async () => {
    const measure = async (page: Page) => {
      const out: Record<string, string> = {};
      await fillCart(page);
      out['cart badge'] = await looksOf(page.locator('.sfw-cart-dropdown__badge', { hasText: '3' }));
      const input = page.locator(searchHook(false)).getByRole('combobox', { name: 'Search' });
      await input.click();
      await input.pressSequentially('topps', { delay: 10 });
      out['highlighted word'] = await looksOf(page.locator('.sfw-search-bar__title mark').first());
      await input.press('Escape');
      await page.locator('[data-panel-toggle="account"]').click();
      await page.getByRole('button', { name: 'Sign in' }).click();
      const modal = dialog('Sign in to your account')(page);
      out['login modal'] = await looksOf(modal.locator('.sfw-modal__panel'));
      out['dialog title'] = await looksOf(modal.getByRole('heading', { name: 'Sign in to your account' }));
      out['field label'] = await looksOf(modal.locator('label').first());
      out['field'] = await looksOf(modal.getByLabel('Email'));
      out['sign-in button'] = await looksOf(modal.getByRole('button', { name: 'Sign in', exact: true }));
      out['Facebook hovered'] = await looksOf(modal.getByRole('link', { name: 'Continue with Facebook' }), true);
      return out;
    };
    const wide = { width: 1280, height: 1100, phone: false };
    const demo = await measure(await openAwake('/?reset=1&cards=12', wide));
    shop.allowConsoleError(/inline event handler/); // jQuery's focusin test, refused by the CSP (see openBoth)
    const page = await openAwake(`${LEGACY}&reset=1&cards=12`, wide);
    const legacy = await measure(page);
    expect(legacy).toEqual(demo);
    // The header's hidden label (the page's markup, with the bundle's class: Bootstrap 3 has no .visually-hidden).
    expect(await looksOf(page.locator('[data-region-open] .sfw-visually-hidden'))).toMatch(/^1×1 px/);
    // The sizes the design gives them (on Bootstrap's 10 px root they were 260 px and a 13 px badge).
    expect(legacy['login modal']).toMatch(/^416×/);
    expect(legacy['cart badge']).toMatch(/^\d+×20 px, 11\.2px/);
    expect(contrastOf(legacy['Facebook hovered']!)).toBeGreaterThanOrEqual(4.5);
  }, 120_000);

  it('the added dialog: View Cart (focused), Checkout and Continue shopping (hovered) keep their colours; the page sees each click once', async () => {
    const measure = async (page: Page) => {
      const out: Record<string, string> = {};
      await addToCart(page);
      const added = dialog('Product added to your cart!')(page);
      const viewCart = added.getByRole('link', { name: 'View Cart' });
      // The title has the focus; Tab: the close icon, then View Cart.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Product added to your cart!');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect.poll(() => viewCart.evaluate((el) => el === document.activeElement)).toBe(true);
      out['View Cart, focused'] = await looksOf(viewCart);
      out['Checkout, hovered'] = await looksOf(added.getByRole('link', { name: 'Checkout' }), true);
      const continueShopping = added.getByRole('button', { name: 'Continue shopping' });
      out['Continue shopping, hovered'] = await looksOf(continueShopping, true);
      await continueShopping.click();
      await added.waitFor({ state: 'hidden' });
      return out;
    };
    const wide = { width: 1280, height: 1100, phone: false };
    const demo = await measure(await openAwake(`/${PRODUCT}?reset=1`, wide));
    shop.allowConsoleError(/inline event handler/); // jQuery's focusin test, refused by the CSP (see openBoth)
    const page = await openAwake(`${LEGACY}&reset=1&cards=12`, wide);
    const legacy = await measure(page);
    expect(legacy).toEqual(demo);
    for (const [name, look] of Object.entries(legacy)) expect(contrastOf(look), name).toBeGreaterThanOrEqual(4.5);
    expect(legacy['View Cart, focused']).toMatch(/×44 px,/);
    // The page's delegated jQuery handler (analytics.js) saw each click of the shopper once.
    expect(await page.evaluate(() => (window as unknown as { legacyClicks: string[] }).legacyClicks)).toEqual(['Add to Cart', 'Continue shopping']);
  }, 120_000);
});
