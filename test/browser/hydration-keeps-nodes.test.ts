/**
 * Server HTML is enhanced, never replaced (docs/architecture.md "When islands
 * wake"): on every demo page, in both builds, each control the shopper can
 * press in an island's server HTML is the same DOM node once the page woke as
 * a shopper's device wakes it and every island hydrated (the page scrolled to
 * its end, so the grid's cards and the islands that wait for the viewport
 * hydrate too). A control swapped under a press gets no click from the
 * browser (the node pressed left the page): a swap is the bug this keeps out.
 *
 * Each control is marked with a property before the wake (a property, not an
 * attribute: hydration neither sees nor keeps it), and looked for again after.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { productById, sampleIds } from '../../demo-pages/mock/catalog';
import { useShop, wakePage, type WakeBy } from './harness';

const shop = useShop({ mock: 'server' });

/** What a shopper can press, tap, type into or reach with Tab. */
const PRESSABLE = 'a[href], button, input, select, textarea, summary, [role="button"], [role="combobox"], [tabindex]';

const PAGES: Array<{ path: string; by: WakeBy; phone?: boolean }> = [
  { path: '/?reset=1', by: 'mouse' },
  { path: '/?reset=1', by: 'finger', phone: true },
  { path: '/c/supplies?reset=1', by: 'keyboard' },
  { path: `/${productById(sampleIds.variations)!.slug}?reset=1`, by: 'mouse' },
  { path: `/legacy-bootstrap3?product=${productById(sampleIds.giftWithOptions)!.slug}&reset=1`, by: 'mouse' },
];

interface Served {
  widget: string;
  control: string;
}

/** Marks every control in each hook's server HTML; returns how many per widget. */
function markServed(page: Page, selector: string): Promise<Record<string, number>> {
  return page.evaluate((pressable) => {
    const served: Array<{ element: Element; widget: string }> = [];
    const counts: Record<string, number> = {};
    for (const host of document.querySelectorAll('[data-widget]')) {
      const widget = host.getAttribute('data-widget')!;
      // Each control once, for its nearest hook (the cart's hook is inside the header's).
      for (const element of [host, ...host.querySelectorAll(pressable)].filter((el) => el.matches(pressable) && el.closest('[data-widget]') === host)) {
        (element as unknown as { sfwServed: boolean }).sfwServed = true;
        served.push({ element, widget });
        counts[widget] = (counts[widget] ?? 0) + 1;
      }
    }
    (window as unknown as { sfwServed: typeof served }).sfwServed = served;
    return counts;
  }, selector);
}

/** The marked controls that are no longer in their hook, as the shopper would name them. */
function replaced(page: Page): Promise<Served[]> {
  return page.evaluate(() =>
    (window as unknown as { sfwServed: Array<{ element: Element; widget: string }> }).sfwServed
      .filter(({ element, widget }) => !element.isConnected || element.closest(`[data-widget="${widget}"]`) === null)
      .map(({ element, widget }) => ({ widget, control: element.outerHTML.replace(/>[\s\S]*$/, '>').slice(0, 160) })),
  );
}

/** Scrolls to the end a screen at a time, each step once the page is idle (the grid hydrates cards near the viewport, lazy islands mount there). */
async function scrollThrough(page: Page): Promise<void> {
  const idle = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestIdleCallback(resolve, { timeout: 2000 }))));
  for (let step = 0; step < 60 && (await page.evaluate(() => innerHeight + scrollY < document.documentElement.scrollHeight - 1)); step++) {
    await page.evaluate(() => scrollBy(0, innerHeight));
    await idle();
  }
  await idle();
}

describe.each(['preact', 'react'] as const)('hydration keeps every control the server rendered (%s build)', (build) => {
  for (const { path, by, phone } of PAGES) {
    it(`${path}${phone ? ' on a phone' : ''}, woken by ${by}: each control in every island is the same node before and after`, async () => {
      const url = build === 'react' ? `${path}&build=react` : path;
      if (path.startsWith('/legacy')) shop.allowConsoleError(/inline event handler/); // jQuery 1.12's focusin test, refused by the CSP (legacy-page.test.ts)
      const page = await shop.open(url, { phone });
      const counts = await markServed(page, PRESSABLE);
      // Every island on the page has controls to check (the cart's link among them).
      expect(counts['cart-dropdown'], JSON.stringify(counts)).toBeGreaterThan(0);
      await wakePage(page, { by });
      await scrollThrough(page);
      // Said by name when an island never gets there: which, and in what state.
      const states = () => page.evaluate(() => [...document.querySelectorAll('[data-widget]')].map((h) => `${h.getAttribute('data-widget')}: ${h.getAttribute('data-island')}`).join(', '));
      await page.waitForFunction(() => [...document.querySelectorAll('[data-widget]')].every((h) => h.getAttribute('data-island') === 'ready'), undefined, { timeout: 30_000 }).catch(async (error: Error) => {
        throw new Error(`not every island ready after the wake and the scroll: ${await states()} (${error.message.split('\n')[0]})`);
      });
      expect(await replaced(page)).toEqual([]);
      // The cart's control is one element asleep and awake: now the dropdown's disclosure.
      const cart = page.locator('[data-widget="cart-dropdown"] .sfw-cart-dropdown__toggle');
      expect(await cart.evaluate((el) => [(el as unknown as { sfwServed?: boolean }).sfwServed, el.localName, el.getAttribute('href'), el.getAttribute('role'), el.getAttribute('aria-expanded')])).toEqual([
        true,
        'a',
        '/cart',
        'button',
        'false',
      ]);
    });
  }
});
