/**
 * Browser test harness: real Chromium (playwright-core) against the built
 * demo pages served by the demo server, under its strict CSP.
 *
 * Chromium: the Debian `chromium` package when installed, otherwise the
 * binary shipped in the `@sparticuz/chromium` npm package. No manual step.
 *
 * Every page fails its test on a console error or an uncaught exception,
 * unless the test names the error it expects (`shop.expectConsoleError`).
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { launchChromium as launch } from '../../scripts/chromium.mjs';
// @ts-expect-error: plain JS module without types
import { startDemoServer } from '../../demo-pages/server.mjs';
import { trackRequests } from './settle';

export { elapse, settled, TIME_SUBJECT } from './settle';

const require = createRequire(import.meta.url);

/**
 * Connects to the project's shared Chromium (global-setup.ts), or launches one
 * (scripts/chromium.mjs, shared with `npm run bench`); `close()` disconnects, closing this file's contexts.
 */
export const launchChromium = (): Promise<Browser> => (inject('chromium') ? chromium.connect(inject('chromium')) : launch());

/** The cart control in the header: a link to /cart in the server HTML, the dropdown's button once the island runs. */
export const cartControl = (page: Page, name: string | RegExp = /^Cart/) => {
  const hook = page.locator('[data-widget="cart-dropdown"]');
  return hook.getByRole('link', { name }).or(hook.getByRole('button', { name })).first();
};

/** The search field the shopper sees, whatever role it exposes yet. */
export const searchField = (page: Page) => page.locator('[data-widget="search-bar"] input:not([type="hidden"])').filter({ visible: true }).first();

interface OpenOptions {
  width?: number;
  height?: number;
  /** CSS pixels per device pixel: 2 with a 640 px wide viewport lays the page out as 200 % zoom of a 1280 px window. */
  deviceScaleFactor?: number;
  reducedMotion?: 'reduce' | 'no-preference';
  forcedColors?: 'active' | 'none';
  /** Reuse a context (e.g. a second tab in the same session). */
  context?: BrowserContext;
  /** A phone: 390×844 (unless width/height say otherwise), mobile viewport, touch events. */
  phone?: boolean;
}

export interface Shop {
  url: string;
  browser: Browser;
  /** Opens a demo page in a fresh context (fresh cookies and storage) and waits for its islands. */
  open(path: string, options?: OpenOptions): Promise<Page>;
  /** The next console error matching this is expected, not a failure. */
  expectConsoleError(pattern: RegExp): void;
  /** A console error matching this may come, or not (one browser build reports it, another does not). */
  allowConsoleError(pattern: RegExp): void;
}

/**
 * Starts the demo server and Chromium for one test file; checks console
 * errors after each test. `mock: 'server'`: the API is answered by the demo
 * server in Node (as Laravel would), not by the page's service worker, so
 * `page.route` sees every request the page makes. `dist`: the folder served
 * as `/build/` (default dist/).
 */
export function useShop({ mock = 'page', dist }: { mock?: 'page' | 'server'; dist?: string } = {}): Shop {
  let server: { url: string; close(): Promise<void> };
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let errors: string[] = [];
  let expected: RegExp[] = [];
  let allowed: RegExp[] = [];

  beforeAll(async () => {
    server = await startDemoServer({ port: 0, mock, dist });
    browser = await launchChromium();
  });
  afterEach(async () => {
    const unexpected = errors.filter((e) => ![...expected, ...allowed].some((p) => p.test(e)));
    const missing = expected.filter((p) => !errors.some((e) => p.test(e)));
    errors = [];
    expected = [];
    allowed = [];
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
    expect(unexpected, 'console errors / uncaught exceptions').toEqual([]);
    expect(missing.map(String), 'expected console errors that never came').toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const shop: Shop = {
    get url() {
      return server.url;
    },
    get browser() {
      return browser;
    },
    async open(path, options = {}) {
      let context = options.context;
      if (!context) {
        const phone = options.phone ?? false;
        context = await browser.newContext({
          viewport: { width: options.width ?? (phone ? 390 : 1280), height: options.height ?? (phone ? 844 : 900) },
          isMobile: phone,
          hasTouch: phone,
          deviceScaleFactor: options.deviceScaleFactor,
          reducedMotion: options.reducedMotion,
          forcedColors: options.forcedColors,
          serviceWorkers: 'allow',
        });
        contexts.push(context);
      }
      const page = await context.newPage();
      page.on('console', (msg) => {
        // A failed resource names itself only in the location.
        if (msg.type() === 'error') errors.push(msg.text().startsWith('Failed to load resource') ? `${msg.text()}: ${msg.location().url}` : msg.text());
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      trackRequests(page);
      await page.goto(new URL(path, server.url).href);
      await waitForIslands(page);
      return page;
    },
    expectConsoleError(pattern) {
      expected.push(pattern);
    },
    allowConsoleError(pattern) {
      allowed.push(pattern);
    },
  };
  return shop;
}

/**
 * Resolves when every hook in the viewport has mounted, failed or sleeps in
 * its server HTML until the page wakes (docs/architecture.md "When islands wake"; lazy
 * ones may still wait), and every list shows all its items (a long list's
 * fill in a few per task after the mount, busy until then: shared/runtime/list.tsx).
 */
export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if (!window.Storefront) return false;
    const hosts = [...document.querySelectorAll('[data-widget]')];
    return hosts.every((h) => {
      const state = h.getAttribute('data-island');
      if (state === 'ready' && h.querySelector('li[aria-busy="true"]')) return false;
      if (state === 'ready' || state === 'failed' || state === 'sleeping') return true;
      // Lazy islands below the fold wait for the viewport.
      const rect = h.getBoundingClientRect();
      return state === 'waiting' && rect.top > window.innerHeight + 300;
    });
  });
}

/** How a shopper's device first reaches an island. */
export type WakeBy = 'mouse' | 'finger' | 'keyboard';

/**
 * Wakes a sleeping page as a shopper's device does (docs/architecture.md "When islands
 * wake") and waits until no island sleeps. Every test that wakes a page with input uses it.
 * - `mouse`: the pointer comes onto the island and moves over it. Several moves: the
 *   first move into a page carries no movement (Chromium, either build), and a move
 *   that did not move is not an intent (shared/runtime/intent.ts).
 * - `finger`: a tap (a pointerdown, then the tap's click) on the island's plain text,
 *   never on a control, so nothing else happens (the context needs `hasTouch`).
 * - `keyboard`: Tab until the focus is in an island.
 * `at`: the island (default: the first hook on screen).
 */
export async function wakePage(page: Page, { by = 'mouse', at }: { by?: WakeBy; at?: Locator } = {}): Promise<void> {
  if (!(await page.locator('[data-island="sleeping"]').count())) return; // awake already (a dialog open at load wakes it)
  if (by === 'keyboard') {
    for (let tabs = 0; tabs < 20 && !(await page.evaluate(() => !!document.activeElement?.closest('[data-widget]'))); tabs++) await page.keyboard.press('Tab');
  } else {
    const island = at ?? page.locator('[data-widget]').filter({ visible: true }).first();
    await island.scrollIntoViewIfNeeded();
    // A mouse may pass over a control; a finger taps plain text only.
    const point = await island.evaluate(pointIn, by === 'mouse');
    if (!point) throw new Error(`wakePage: no point of ${await island.evaluate((el) => el.outerHTML.slice(0, 80))} to reach by ${by}`);
    if (by === 'finger') await page.touchscreen.tap(point.x, point.y);
    else {
      await page.mouse.move(point.x - 8, point.y);
      await page.mouse.move(point.x, point.y, { steps: 4 });
    }
  }
  // Said by name when an island sleeps on: which, after what wake.
  await page.waitForFunction(() => !document.querySelector('[data-island="sleeping"]'), undefined, { timeout: 30_000 }).catch(async (error: Error) => {
    const sleeping = await page.evaluate(() => [...document.querySelectorAll('[data-island="sleeping"]')].map((h) => h.getAttribute('data-widget')).join(', '));
    throw new Error(`wakePage: still sleeping 30 s after a wake by ${by}: ${sleeping} (${error.message.split('\n')[0]})`);
  });
}

/** A point inside the element and the viewport whose topmost element is in it and, unless `controls`, no control (a tap there does nothing but reach it). */
function pointIn(el: Element, controls: boolean): { x: number; y: number } | null {
  const box = el.getBoundingClientRect();
  const control = 'a, button, input, select, textarea, label, summary, [role="button"], [tabindex]';
  for (const fy of [0.5, 0.25, 0.75, 0.1, 0.9]) {
    for (const fx of [0.5, 0.25, 0.75, 0.1, 0.9, 0.02, 0.98]) {
      const x = box.left + box.width * fx;
      const y = box.top + box.height * fy;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit && el.contains(hit) && (controls || !hit.closest(control))) return { x, y };
    }
  }
  return null;
}

const axeSource = readFile(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core (WCAG 2.x A/AA rules) on the page; returns the violations, if any, in a readable form. */
export async function axeViolations(page: Page, options: { include?: string } = {}): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the page's CSP does not block it.
  await page.evaluate(await axeSource);
  const result = await page.evaluate(async (include) => {
    // @ts-expect-error axe is injected above
    const axe = window.axe;
    const r = await axe.run(include ? { include: [include] } : document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return r.violations.map(
      (v: { id: string; help: string; nodes: Array<{ target: string[] }> }) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
  }, options.include);
  return result;
}

/**
 * The demo server with the API answered in Node (as Laravel would, and as
 * `npm start` does) and Chromium, for one test file; closed after it.
 */
export function useServerMockShop(): { readonly url: string; readonly browser: Browser } {
  return useShop({ mock: 'server' });
}

/** Where the demo serves the built chunk of a source module: '/build/chunks/transport-….js'. */
export function builtUrl(src: string): string {
  const manifest = JSON.parse(readFileSync('dist/manifest.json', 'utf8')) as Record<string, { file: string; src?: string }>;
  return `/build/${Object.values(manifest).find((m) => m.src === src)!.file}`;
}
