/**
 * The handoff model's browser subset (test/unit/runtime/handoff.model.test.ts
 * runs thousands of generated cases against synthetic islands in jsdom):
 * here, generated cases (fast-check, a fixed seed) against the real islands
 * of the server-rendered demo page in Chromium, in both builds. Each case is
 * a short sequence of a shopper's inputs on one island, with the island's
 * code arriving 0–400 ms after the page was ready, or never (its chunk
 * answers 404).
 *
 *   cart icon (a toggle): taps, mouse clicks and a first Enter, some ms apart. The
 *     dropdown is open exactly when an odd number of them was made, and the
 *     page never leaves; without the code, the first one follows the link to
 *     /cart once (the server link does its own job).
 *   search field (a combobox): a click into it, the first letters of a query
 *     typed some ms apart, maybe ArrowDown last. The field holds exactly the
 *     letters typed, in order, with the focus and the caret at the end, and
 *     ArrowDown opens the list. Without the code the letters still land in
 *     the server field.
 *
 * HANDOFF_BROWSER_CASES (default 6 per island and build) and HANDOFF_SEED
 * choose the sample; a failure prints its case, to run again by its seed.
 */
import fc from 'fast-check';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cartControl, elapse, searchField, settled, useShop } from './harness';
import { trackRequests } from './settle';

const shop = useShop({ mock: 'server' });

const CASES = Number(process.env.HANDOFF_BROWSER_CASES ?? 6);
const SEED = Number(process.env.HANDOFF_SEED ?? 20261125);
const TIMEOUT_MS = 5000;
const BUILDS = ['preact', 'react'] as const;

/** When the island's code arrives after the page is ready: ms, or never (404). */
const arrival = fc.oneof({ weight: 4, arbitrary: fc.nat({ max: 400 }) }, { weight: 1, arbitrary: fc.constant('never' as const) });
const gap = fc.constantFrom(0, 30, 120);

interface CartCase {
  code: number | 'never';
  inputs: { input: 'tap' | 'click' | 'enter'; after: number }[];
}
/**
 * Enter only first, on the sleeping link: once the dropdown is open the focus is in it (by design), so a
 * later Enter on the toggle would need a focus() racing the dropdown's own, which no shopper makes.
 */
const cartCase: fc.Arbitrary<CartCase> = fc.record({
  code: arrival,
  first: fc.record({ input: fc.constantFrom('tap' as const, 'click' as const, 'enter' as const), after: gap }),
  then: fc.array(fc.record({ input: fc.constantFrom('tap' as const, 'click' as const), after: gap }), { maxLength: 3 }),
}).map(({ code, first, then }) => ({ code, inputs: [first, ...then] }));

/** Typed: the start of a query the demo catalog has results for. */
const QUERY = 'charizard';
interface SearchCase {
  code: number | 'never';
  letters: { letter: string; after: number }[];
  arrowDown: boolean;
}
const searchCase: fc.Arbitrary<SearchCase> = fc.record({
  code: arrival,
  gaps: fc.array(gap, { minLength: 1, maxLength: 6 }),
  arrowDown: fc.boolean(),
}).map(({ code, gaps, arrowDown }) => ({ code, letters: gaps.map((after, i) => ({ letter: QUERY[i]!, after })), arrowDown }));

const sample = <T,>(arbitrary: fc.Arbitrary<T>, salt: number): T[] => fc.sample(arbitrary, { seed: SEED + salt, numRuns: CASES });

/**
 * The islands' own chunks (every-page-…, category-…, island-…): not the shared `chunk-…` the entry imports,
 * nor the delivery code (deliver-…), which the idle prefetch has fetched by the time a deploy can delete it.
 */
const ISLAND_CHUNK = /\/build(-react)?\/chunks\/(?!chunk-|deliver-)[^/]+\.js(\?.*)?$/;

/**
 * A fresh page whose island code arrives `code` ms late, or never (404),
 * from the start: the first input meets server HTML whose code is on its
 * way. Console errors and uncaught exceptions go into `errors` (a 404's own
 * lines expected). Resolves once the entry runs.
 */
async function openWithCode(url: string, code: number | 'never', phone: boolean): Promise<{ page: Page; errors: string[] }> {
  const context = await shop.browser.newContext({ viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 900 }, isMobile: phone, hasTouch: phone });
  await context.route(ISLAND_CHUNK, async (route) => {
    if (code === 'never') return route.fulfill({ status: 404, body: 'gone' });
    await elapse('codeArrival', code);
    await route.continue().catch(() => {});
  });
  const page = await context.newPage();
  trackRequests(page);
  const errors: string[] = [];
  const expected = /Failed to load resource.*404|Failed to fetch dynamically imported module|error loading dynamically imported module|\[storefront\]/;
  page.on('console', (m) => m.type() === 'error' && !(code === 'never' && expected.test(m.text())) && errors.push(m.text()));
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => Boolean(window.Storefront));
  return { page, errors };
}


/** Resolves once the hook settled (ready or failed), or after the timeout. */
const hookSettled = (page: Page, widget: string) =>
  page
    .waitForFunction((w) => ['ready', 'failed'].includes(document.querySelector(`[data-widget="${w}"]`)?.getAttribute('data-island') ?? ''), widget, { timeout: TIMEOUT_MS })
    .catch(() => {});

describe.each(BUILDS)('generated handoff cases in Chromium, %s build', (build) => {
  const path = (p: string) => (build === 'react' ? `${p}${p.includes('?') ? '&' : '?'}build=react` : p);

  it('the cart icon: open exactly when toggled an odd number of times, never leaving the page; without the code, the link to /cart followed', async () => {
    const failures: string[] = [];
    for (const c of sample(cartCase, build === 'react' ? 1 : 0)) {
      const { page, errors } = await openWithCode(new URL(path('/'), shop.url).href, c.code, true);
      try {
        const navigations: string[] = [];
        page.on('request', (r) => r.isNavigationRequest() && r.frame() === page.mainFrame() && navigations.push(new URL(r.url()).pathname));
        let made = 0;
        for (const { input, after } of c.inputs) {
          if (navigations.length) break; // the page left: nothing after
          await elapse('inputGap', after);
          const icon = cartControl(page);
          if (input === 'tap') await icon.tap();
          else if (input === 'click') await icon.click();
          else {
            await icon.focus();
            await page.keyboard.press('Enter');
          }
          made++;
        }
        const label = `${JSON.stringify(c)}, ${made} made`;
        if (errors.length) failures.push(`${label}: ${errors.join(' | ')}`);
        if (c.code === 'never') {
          await page.waitForURL((url) => url.pathname === '/cart', { timeout: TIMEOUT_MS }).catch(() => {});
          // The link followed, as without JavaScript (a second click before the page left follows it again, as there).
          if (!navigations.length || navigations.some((p) => p !== '/cart')) failures.push(`${label}: navigations ${JSON.stringify(navigations)}, expected /cart`);
          continue;
        }
        await hookSettled(page, 'cart-dropdown');
        await settled(page); // a doubled or late delivery would show by then
        const open = await page.locator('[data-widget="cart-dropdown"]').getByRole('dialog').isVisible();
        if (navigations.length) failures.push(`${label}: went to ${navigations.join(', ')}`);
        else if (open !== (made % 2 === 1)) failures.push(`${label}: the dropdown is ${open ? 'open' : 'closed'}`);
      } finally {
        await page.context().close();
      }
    }
    expect(failures).toEqual([]);
  }, 30_000 * CASES);

  it('the search field: exactly the letters typed, the focus and the caret kept, ArrowDown opens the list; without the code the letters still land', async () => {
    const failures: string[] = [];
    for (const c of sample(searchCase, build === 'react' ? 3 : 2)) {
      const { page, errors } = await openWithCode(new URL(path('/'), shop.url).href, c.code, false);
      try {
        const field = searchField(page);
        await field.click();
        for (const { letter, after } of c.letters) {
          await elapse('inputGap', after);
          await page.keyboard.type(letter);
        }
        if (c.arrowDown && c.code !== 'never') await page.keyboard.press('ArrowDown');
        if (c.code !== 'never') await hookSettled(page, 'search-bar');
        await settled(page);
        const typed = c.letters.map((l) => l.letter).join('');
        const label = JSON.stringify(c);
        if (errors.length) failures.push(`${label}: ${errors.join(' | ')}`);
        const state = await searchField(page).evaluate((el) => {
          const input = el as HTMLInputElement;
          return { value: input.value, focused: input === document.activeElement, caret: [input.selectionStart, input.selectionEnd] };
        });
        // The list opens once it has something to show (its suggestions come from the API).
        if (c.arrowDown && c.code !== 'never' && !(await searchField(page).evaluate((el) => el.getAttribute('aria-expanded') === 'true'))) {
          await page.waitForFunction(() => document.activeElement?.getAttribute('aria-expanded') === 'true', null, { timeout: TIMEOUT_MS }).catch(() => failures.push(`${label}: after ArrowDown the list never opened`));
        }
        if (state.value !== typed) failures.push(`${label}: the field shows "${state.value}", not "${typed}"`);
        else if (!state.focused) failures.push(`${label}: the focus left the field`);
        else if (state.caret[0] !== typed.length || state.caret[1] !== typed.length) failures.push(`${label}: the caret is at ${state.caret.join('–')}`);
      } finally {
        await page.context().close();
      }
    }
    expect(failures).toEqual([]);
  }, 30_000 * CASES);
});
