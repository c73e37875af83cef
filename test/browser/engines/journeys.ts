/**
 * The shopper journeys that must hold in every engine, written once against
 * driver.ts and run by chromium.test.ts, firefox.test.ts and webkit.test.ts.
 * Every page is served under the strict nonce CSP, with the API answered by
 * the demo server (as Laravel would), and must log no error.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { productById, sampleIds } from '../../../demo-pages/mock/catalog';
// @ts-expect-error: plain JS module without types
import { startDemoServer } from '../../../demo-pages/server.mjs';
import { elapse } from '../settle';
import { type Engine, type EngineName, type EnginePage, launch, missing } from './driver';

/** When the island code reaches the page after the first input, in ms (the demo server holds it). */
const CODE_DELAYS = [0, 120, 300];
const LOOP_TIMEOUT_MS = 240_000;

/** Marks the first visible element matching `selector` whose aria-label or text is `name` (or starts with it); returns a selector for it. */
async function named(page: EnginePage, selector: string, name: string, match: 'exact' | 'prefix' = 'exact'): Promise<string> {
  await page.waitFor(`${selector} "${name}"`, (sel: string, wanted: string, how: string) => {
    for (const old of document.querySelectorAll('[data-e2e]')) old.removeAttribute('data-e2e');
    const found = [...document.querySelectorAll(sel)].find((el) => {
      const box = el.getBoundingClientRect();
      const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
      return box.width > 0 && box.height > 0 && (how === 'exact' ? label === wanted : label.startsWith(wanted));
    });
    found?.setAttribute('data-e2e', '');
    return Boolean(found);
  }, selector, name, match);
  return '[data-e2e]';
}

/** Whether an open dialog is labelled `title` (its aria-labelledby heading). */
function dialogOpen(title: string) {
  return (wanted: string) =>
    [...document.querySelectorAll('dialog:is([open], :popover-open), [role="dialog"]:not([hidden])')].some((d) => {
      const label = d.getAttribute('aria-labelledby');
      const heading = label ? document.getElementById(label)?.textContent?.trim() : d.getAttribute('aria-label');
      return heading === wanted && d.getBoundingClientRect().height > 0;
    });
}

const cartLabel = () => document.querySelector('.sfw-cart-dropdown__toggle')?.getAttribute('aria-label');
const everyHookSettled = () =>
  [...document.querySelectorAll('[data-widget]')].every((h) => {
    const state = h.getAttribute('data-island');
    return state === 'ready' || state === 'sleeping' || (state === 'waiting' && h.getBoundingClientRect().top > innerHeight);
  });
const posts = (path: string) => performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname === path).length;

export function shopperJourneys(name: EngineName): void {
  const why = missing(name);
  if (why) {
    // CI installs every engine (.ci/run): there, a missing one is a failure, not a skip.
    if (process.env.CI) throw new Error(`${name}: ${why}`);
    console.log(`${name} journeys: not run, ${why}`);
  }

  describe.skipIf(Boolean(why))(`${name}: shopper journeys`, { timeout: 120_000 }, () => {
    let engine: Engine;
    let server: { url: string; close(): Promise<void> };
    let codeDelay = 0;
    let page: EnginePage | undefined;

    beforeAll(async () => {
      server = await startDemoServer({
        port: 0,
        mock: 'server',
        csp: 'strict',
        inject: fileURLToPath(new URL('./probe.js', import.meta.url)),
        beforeCode: () => elapse('codeArrival', codeDelay),
      });
      engine = await launch(name);
      console.log(`${name}: ${engine.version}`);
    });
    afterEach(async () => {
      codeDelay = 0;
      const errors = page ? await page.errors() : [];
      page = undefined;
      expect(errors, 'console errors, uncaught errors, failed loads, CSP violations').toEqual([]);
    });
    afterAll(async () => {
      await engine?.close();
      await server?.close();
    });

    const open = async (path: string, size?: { width: number; height: number }) => {
      page = await engine.open(new URL(path, server.url).href, size);
      await page.waitFor('every hook mounted or asleep in its server HTML', everyHookSettled);
      return page;
    };

    it('server HTML hydrates with no console error once an input wakes the page', async () => {
      const p = await open('/?reset=1');
      expect(await p.evaluate(() => document.querySelectorAll('.sfw-teaser-card').length)).toBeGreaterThan(10);
      // An input inside an island wakes the page (shared/runtime/wake.ts).
      await p.click('.sfw-search-bar--desktop input[role="combobox"]');
      await p.waitFor('every hook on screen ready', () =>
        [...document.querySelectorAll('[data-widget]')].every((h) => h.getAttribute('data-island') === 'ready' || h.getBoundingClientRect().top > innerHeight),
      );
    });

    it('Add to cart on a card: the added dialog, the badge; the cart dropdown lists it and REMOVE empties it', async () => {
      const p = await open('/?reset=1');
      await p.click(await named(p, '.sfw-product-grid__item button', 'Add to cart'));
      await p.waitFor('the added dialog', dialogOpen('Product added to your cart!'), 'Product added to your cart!');
      await p.waitFor('the badge says 1 item', (label: string) => document.querySelector('.sfw-cart-dropdown__toggle')?.getAttribute('aria-label') === label, 'Cart, 1 item');
      await p.press('Escape');
      await p.waitFor('the added dialog closed', (t: string) => !document.querySelector('dialog:is([open], :popover-open)') || !document.body.textContent?.includes(t), 'Product added to your cart!');

      await p.click('.sfw-cart-dropdown__toggle');
      await p.waitFor('the cart dropdown', dialogOpen('Shopping cart'), 'Shopping cart');
      await p.click(await named(p, '.sfw-cart-dropdown__panel button', 'Remove ', 'prefix'));
      await p.waitFor('the badge says 0 items', (label: string) => document.querySelector('.sfw-cart-dropdown__toggle')?.getAttribute('aria-label') === label, 'Cart, 0 items');
      expect(await p.evaluate(cartLabel)).toBe('Cart, 0 items');
    });

    it('search by keyboard: Trending Searches, two suggestions, ArrowDown, Enter opens the product', async () => {
      const p = await open('/c/supplies');
      await p.click('.sfw-search-bar--desktop input[role="combobox"]');
      await p.waitFor('Trending Searches', () => [...document.querySelectorAll('[role="group"]')].some((g) => g.getAttribute('aria-label') === 'Trending Searches' || g.textContent?.includes('Trending Searches')));
      await p.type('charizard');
      const options = () => document.querySelectorAll('.sfw-search-bar--desktop [role="option"]').length;
      await p.waitFor('two suggestions', (n: number) => document.querySelectorAll('.sfw-search-bar--desktop [role="option"]').length === n, 2);
      expect(await p.evaluate(options)).toBe(2);
      await p.press('ArrowDown');
      const first = await p.evaluate(() => {
        const input = document.querySelector('.sfw-search-bar--desktop input[role="combobox"]')!;
        const option = document.querySelector('.sfw-search-bar--desktop [role="option"]')!;
        return { active: input.getAttribute('aria-activedescendant'), id: option.id, href: option.getAttribute('href') };
      });
      expect(first.active).toBe(first.id);
      await p.press('Enter');
      await p.waitFor(`the product page ${first.href}`, (href: string) => location.pathname === href, first.href!);
    });

    it('the login modal: focus goes in, Escape closes it, focus comes back', async () => {
      const p = await open('/?reset=1');
      await p.click(await named(p, 'button', 'Account'));
      await p.click(await named(p, 'button', 'Sign in'));
      await p.waitFor('the login modal', dialogOpen('Sign in to your account'), 'Sign in to your account');
      await p.waitFor('focus on its title', () => document.activeElement?.textContent === 'Sign in to your account');
      await p.press('Escape');
      await p.waitFor('the login modal closed', (t: string) => ![...document.querySelectorAll('dialog:is([open], :popover-open)')].some((d) => d.textContent?.includes(t)), 'Sign in to your account');
      await p.waitFor('focus back on the account menu', () => ['Account', 'Sign in'].includes((document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '').trim()));
    });

    it('the product form: Increase quantity, Add to Cart posts 2 and the dialog opens', async () => {
      const p = await open(`/${productById(sampleIds.plain)!.slug}?reset=1`);
      await p.click(await named(p, '[data-widget="add-to-cart"] button', 'Increase quantity'));
      await p.waitFor('quantity 2', () => document.querySelector<HTMLInputElement>('[data-widget="add-to-cart"] input[type="number"]')?.value === '2');
      await p.click(await named(p, '[data-widget="add-to-cart"] form button', 'Add to Cart'));
      await p.waitFor('the added dialog', dialogOpen('Product added to your cart!'), 'Product added to your cart!');
      await p.waitFor('the badge says 2 items', (label: string) => document.querySelector('.sfw-cart-dropdown__toggle')?.getAttribute('aria-label') === label, 'Cart, 2 items');
    });

    it('the recently-viewed slider: Next products moves to the second page', async () => {
      const p = await open('/', { width: 900, height: 900 });
      await p.evaluate(() => document.querySelector('[data-widget="recently-viewed"]')!.scrollIntoView({ block: 'center' }));
      // The page sleeps: the click is held, wakes it and reaches the slider in the commit that hydrates it.
      await p.waitFor('the slides', () => document.querySelectorAll('.sfw-recently-viewed__slide').length > 4);
      await p.click(await named(p, 'button', 'Next products'));
      await p.waitFor('page 2 current', () => document.querySelector('.sfw-recently-viewed__dot[aria-label="Page 2 of 2"]')?.getAttribute('aria-current') === 'true');
    });

    it('a CA visitor accepts CAD by keyboard; the page shows C$ prices', async () => {
      // Not ?reset=1: the answer's redirect goes back to this URL, which would reset the choice. The tests after this one reset.
      const p = await open('/?visitor=CA');
      await p.waitFor('the country prompt', dialogOpen('Shopping from outside the US?'), 'Shopping from outside the US?');
      await p.waitFor('focus on its title', () => document.activeElement?.textContent?.trim() === 'Shopping from outside the US?');
      await p.press('Tab');
      await p.waitFor('focus on the CAD offer', () => document.activeElement?.textContent?.trim() === 'Would you like to see prices in CAD?');
      await p.press('Enter');
      await p.waitFor('C$ prices', () => JSON.parse(document.getElementById('storefront-config')?.textContent ?? '{}').region?.symbol === 'C$' && /C\$\d/.test(document.querySelector('[data-widget="product-grid"]')?.textContent ?? ''));
    });

    for (const build of ['preact', 'react'] as const) {
      const query = build === 'react' ? '&build=react' : '';
      it(`${build} build, first tap on a sleeping page: the cart icon opens the dropdown once, whenever the code comes`, async () => {
        for (const delay of CODE_DELAYS) {
          const p = await open(`/?reset=1${query}`);
          codeDelay = delay;
          await p.click('[data-widget="cart-dropdown"] .sfw-cart-dropdown__toggle');
          await p.waitFor(`the dropdown (code +${delay} ms)`, dialogOpen('Shopping cart'), 'Shopping cart');
          await p.settled(); // a doubled click would have closed it again by then
          expect(await p.evaluate(dialogOpen('Shopping cart'), 'Shopping cart'), `open once the page settled (code +${delay} ms)`).toBe(true);
          expect(await p.evaluate(() => location.pathname)).toBe('/');
          expect(await p.errors()).toEqual([]);
        }
      }, LOOP_TIMEOUT_MS);

      it(`${build} build, first tap on a sleeping page: Add to cart posts once and opens one dialog, whenever the code comes`, async () => {
        for (const delay of CODE_DELAYS) {
          const p = await open(`/?reset=1${query}`);
          codeDelay = delay;
          await p.click(await named(p, '.sfw-product-grid__item button', 'Add to cart'));
          await p.waitFor(`the added dialog (code +${delay} ms)`, dialogOpen('Product added to your cart!'), 'Product added to your cart!');
          await p.settled(); // a second, replayed click would have posted by then
          expect(await p.evaluate(posts, '/cart/add-item'), `POST /cart/add-item (code +${delay} ms)`).toBe(1);
          expect(await p.evaluate(() => document.querySelectorAll('dialog:is([open], :popover-open)').length)).toBe(1);
          expect(await p.errors()).toEqual([]);
        }
      }, LOOP_TIMEOUT_MS);
    }
  });
}
