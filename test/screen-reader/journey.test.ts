/**
 * What a blind shopper hears (issue 40): GNOME Orca reads the demo shop in
 * Chromium (session.ts) while the shopper goes through every island by
 * keyboard alone, and the test asserts on what is SPOKEN:
 * - each state change heard exactly once (results, added, removed, errors, busy);
 * - each dialog's title heard when it opens;
 * - the focus announced where it returns when a dialog closes;
 * - nothing stale said later ("2 results" once in the whole journey).
 * Waits are for speech (the transcript polled with a deadline) or for the page.
 * Problems are collected and asserted once at the end, with the transcript.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_ERROR } from '../../demo-pages/mock/backend';
// @ts-expect-error: plain JS module without types
import { startDemoServer } from '../../demo-pages/server.mjs';
import { COUNT_FOCUS, is, Shopper } from './drive';
import { missingReader, type Reader, startReader } from './session';

const why = missingReader();
if (why) {
  // CI installs the reader (.ci/run, scripts/browser-deps.sh): there, a missing one is a failure, not a skip.
  if (process.env.CI) throw new Error(`screen reader: ${why}`);
  console.log(`screen-reader journey: not run, ${why}`);
}

describe.skipIf(Boolean(why))('what a blind shopper hears (Orca)', () => {
  let server: { url: string; close(): Promise<void>; server: import('node:http').Server };
  let reader: Reader;
  let shopper: Shopper;

  beforeAll(async () => {
    server = await startDemoServer({ port: 0 });
    try {
      reader = await startReader();
    } catch (error) {
      // One line that says why, as the engines do.
      throw new Error(`screen reader: could not start (${(error as Error).message.split('\n')[0]})`);
    }
  }, 60_000);
  afterAll(async () => {
    await reader?.close();
    server?.server.closeAllConnections(); // a browser that did not close keeps its connections
    await server?.close();
  }, 60_000);

  it('the whole shop by keyboard, every state change heard once', { timeout: 240_000 }, async () => {
    const context = await reader.browser.newContext({ viewport: null, serviceWorkers: 'allow' });
    await context.addInitScript(COUNT_FOCUS);
    const page = await context.newPage();
    shopper = new Shopper(reader, page);
    const { heard } = shopper;
    try {
      await page.goto(new URL('/?reset=1', server.url).href);
      await page.waitForFunction(() => window.Storefront && document.querySelector('[data-widget="search-bar"]')?.getAttribute('data-island') !== 'loading');
      await reader.focusWindow();

      // Search: the field and its trending panel (empty query), then "char": its results once, the
      // first suggestion. Then Tab on: the count must not come back later (when a dialog closes).
      heard.step('search');
      await shopper.moveTo('Tab', is('combobox', 'Search'), 'the search field');
      await heard.hears('Search', 'the field');
      await shopper.focusMode();
      await page.waitForFunction(() => document.querySelector('[data-widget="search-bar"] [role="combobox"]')?.getAttribute('aria-expanded') === 'true');
      await shopper.shows('[data-widget="search-bar"] [role="option"]');
      await shopper.key('Down');
      await shopper.focusOn((n) => n.role === 'option', 'the first trending search');
      await heard.hears(/Trending Searches/, 'the trending panel');
      await shopper.key('Escape');
      await page.waitForFunction(() => document.querySelector('[data-widget="search-bar"] [role="combobox"]')?.getAttribute('aria-expanded') === 'false');
      await shopper.type('char');
      await heard.hears('2 results', 'the result count');
      await shopper.key('Down');
      await shopper.focusOn((n) => n.role === 'option', 'the first suggestion');
      await heard.hears(/Charizard/, 'the first suggestion');
      heard.said('2 results', 1, 'the result count');
      // The shopper moves on with Tab (the next step), as in the journey.

      // Add to cart on the first card: the added dialog's title, the count once, the focus back on the button.
      heard.step('add to cart');
      await shopper.moveTo('Tab', is('button', 'Add to cart'), 'the first Add to cart');
      await shopper.key('Return');
      await shopper.shows('dialog:is(:modal, :popover-open)');
      await heard.hears('Product added to your cart!', 'the dialog title');
      await heard.hears('Your cart now has 1 item.', 'the cart count');
      await shopper.key('Escape');
      await shopper.focusOn(is('button', 'Add to cart'), 'Add to cart after the dialog');
      await heard.hears('Add to cart', 'the focus back on the button');
      heard.said('Your cart now has 1 item.', 1, 'the cart count');

      // Quick-add: a product that needs a choice opens the 'Add to Cart' dialog (busy, then the product);
      // its free gift chosen and added from the added dialog: "Added!" once.
      heard.step('quick-add and a gift');
      await shopper.moveTo('Tab', is('link', /Trainer's Toolkit/), "the Trainer's Toolkit card");
      await shopper.moveTo('Tab', is('button', 'Add to cart'), 'its Add to cart');
      await shopper.key('Return');
      // A dialog's title, as Orca says it for the dialog or for its heading when either takes the focus.
      await heard.hears(/Add to Cart (dialog|heading)/, 'the quick-add dialog title');
      await heard.hears('Loading product…', 'the quick-add dialog busy');
      await shopper.moveTo('Tab', is('combobox', 'Your free gift'), 'the gift choice');
      await shopper.focusMode();
      await shopper.key('Down');
      await shopper.moveTo('Tab', is('button', 'Add to Cart'), 'Add to Cart');
      await shopper.key('Return');
      await page.getByRole('dialog', { name: 'Product added to your cart!' }).waitFor();
      // Heard once the quick-add dialog leaves after the focus moved (shared/stores/cart-add.ts), and the gift's
      // select (whose insertion Chromium reports as a selection) is not presented as if the shopper chose it.
      await heard.hears('Product added to your cart!', 'the added dialog title, after a quick-add with a gift');
      await heard.hears('Your cart now has 2 items.', 'the cart count');
      heard.said(/^region Free gift$/, 0, 'the gift choice, before the shopper moves to it');
      await shopper.moveTo('Tab', is('combobox', /of your free gift$/), 'the gift colour');
      await shopper.focusMode();
      await shopper.key('Down');
      await shopper.moveTo('Tab', is('button', 'Add free gift'), 'Add free gift');
      await shopper.key('Return');
      await shopper.focusOn(is('button', 'Added!'), 'the gift added');
      await heard.hearsAll(['Added!', 'Your cart now has 3 items.'], 'the gift added and the cart count');
      await shopper.key('Escape');
      await shopper.focusOn(is('button', 'Add to cart'), 'Add to cart after the dialog');
      await heard.hears('Add to cart', 'the focus back on the button');
      heard.said('Loading product…', 1, 'the quick-add dialog busy');
      heard.said('Added!', 1, 'the gift added');
      heard.said('Your cart now has 3 items.', 1, 'the cart count');

      // The cart: opened, what loaded once (its loading too, before it, when the load lasts: the demo's
      // is quick, and a machine that is busy makes it slower), REMOVE, closed.
      heard.step('cart');
      await shopper.moveTo('shift+Tab', is('button', /^Cart, 3 items/), 'the cart');
      await shopper.key('Return');
      await shopper.shows('[data-widget="cart-dropdown"] button[aria-label^="Remove"]');
      await heard.hears('expanded', 'the cart opened');
      await heard.hears(/^Shopping cart (dialog|heading)/, 'the panel title');
      const loaded = /Your cart has \d+ items?\.|Your shopping cart is empty\./;
      await heard.hears(loaded, 'what loaded');
      heard.said(loaded, 1, 'what loaded');
      heard.saidBefore('Loading your cart…', loaded, 'the busy state, if said');
      // The panel's lines run together when Orca reads it whole (a focused dialog): "…$49.99quantity(1)…".
      heard.said(/quantity\(\d+\)/, 0, 'the panel read whole, its lines run together');
      await shopper.moveTo('Tab', is('button', /^Remove /), 'REMOVE');
      await shopper.key('Return');
      await heard.hears('Your cart now has 2 items.', 'the removal');
      await shopper.key('Escape');
      await shopper.focusOn(is('button', /^Cart/), 'the cart button');
      await heard.hears('collapsed', 'the cart closed');
      heard.said('Your cart now has 2 items.', 1, 'the removal');
      heard.said(/document web\.?$/, 0, 'the page, as the pressed REMOVE left with its row');

      // Sign in with a wrong password: the dialog's title, the error once, the focus back on Account.
      heard.step('login');
      await shopper.moveTo('shift+Tab', is('button', 'Account'), 'Account');
      await shopper.key('Return');
      await shopper.moveTo('Tab', is('button', 'Sign in'), 'Sign in');
      await shopper.key('Return');
      await page.getByRole('dialog', { name: 'Sign in to your account' }).waitFor();
      await heard.hears('Sign in to your account', 'the dialog title');
      await shopper.reach(is('textbox', 'Email'), 'the email field');
      await shopper.focusMode();
      await shopper.type('fan@example.com');
      await shopper.move('Tab');
      await shopper.focusMode();
      await shopper.type('not-the-password');
      await shopper.key('Return');
      await heard.hears(LOGIN_ERROR, 'the refused sign-in');
      await shopper.key('Escape');
      await shopper.focusOn(is('button', 'Account'), 'Account after the dialog');
      await heard.hears('Account', 'the focus back on Account');
      heard.said(LOGIN_ERROR, 1, 'the refused sign-in');

      // The region dialog: its title, the focus back on its button.
      heard.step('region');
      await shopper.moveTo('shift+Tab', is('button', 'Choose your region'), 'the region button');
      await shopper.key('Return');
      await shopper.shows('dialog:is(:modal, :popover-open)');
      await heard.hears(/Choose your region (dialog|heading)/, 'the dialog title');
      heard.said('United StatesPrices', 0, "a link's two lines read as one word");
      await shopper.key('Escape');
      await shopper.focusOn(is('button', 'Choose your region'), 'the region button after the dialog');
      await heard.hears('Choose your region push button', 'the focus back on the button');

      // The recently viewed slider, in a window narrow enough for one slide a page: its buttons say
      // where it is (Tab into the last slide scrolls to it), and a dot moves it back.
      heard.step('slider');
      await page.setViewportSize({ width: 390, height: 844 });
      await shopper.moveTo('Tab', is('link', 'Home'), 'the breadcrumb');
      await shopper.toHeading(/^Recently viewed heading/);
      // The slider wakes once in view (the heading brought it there).
      await page.waitForFunction(() => document.querySelector('[aria-label="Next products"]')?.getAttribute('aria-disabled') === 'false');
      await shopper.moveTo('Tab', is('button', 'Previous products'), 'Previous');
      await heard.hears('Previous products push button grayed', 'Previous, unavailable on the first page');
      await shopper.moveTo('Tab', is('button', 'Next products'), 'Next, past the slides');
      await heard.hears('Next products push button grayed', 'Next, unavailable on the last page');
      await shopper.moveTo('Tab', is('button', /^Page 1 of \d+$/), 'the first dot');
      await shopper.key('Return');
      await page.waitForFunction(() => document.querySelector('[aria-label="Next products"]')?.getAttribute('aria-disabled') === 'false');
      await shopper.moveTo('shift+Tab', is('button', 'Next products'), 'Next');
      await heard.hears(/^Next products push button\.$/, 'Next, available again');

      // Nothing stale: the search's count was said once in the whole journey.
      heard.end();
      heard.said('2 results', 1, 'the result count, not re-read when a dialog closes', true);
      heard.said('View CartCheckout', 0, 'two links read as one word', true);

      // The CAD prompt, on arrival from Canada: its title and its question, each once.
      heard.step('CAD prompt');
      await page.goto(new URL('/?visitor=CA', server.url).href);
      await shopper.shows('dialog:is(:modal, :popover-open)');
      await heard.hears('Shopping from outside the US?', 'the dialog title');
      await shopper.reach(is('button', 'Would you like to see prices in CAD?'), 'its question');
      await heard.hears('Would you like to see prices in CAD?', 'its question');
      // As an alert dialog it was read whole as it appeared, then as an alert, and again: its title three times.
      heard.said(/^alert /, 0, 'the prompt read as an alert');
      heard.said(/Flag of Canada/, 0, 'the prompt read whole as it appeared');
      heard.end();
    } finally {
      heard.end();
      console.log(`What Orca said:\n${heard}`);
      await Promise.race([context.close(), new Promise((r) => setTimeout(r, 10_000))]);
    }
    expect(heard.problems, `what Orca said:\n${heard}`).toEqual([]);
  });
});
