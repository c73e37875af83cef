/**
 * One way to drive a page in Chromium, Firefox and WebKit, for the shopper
 * journeys that must hold in every engine (docs/architecture.md "Browser
 * support"):
 * - Chromium over the DevTools protocol and Firefox over WebDriver BiDi,
 *   both with puppeteer-core (Debian's firefox-esr; Chromium as the other
 *   browser tests find it, scripts/chromium.mjs);
 * - WebKit over W3C WebDriver with WebdriverIO: Debian's WebKitWebDriver
 *   starts WebKitGTK's MiniBrowser, which needs a display (Xvfb).
 * Input is real input: pointer and key actions the engine dispatches as
 * trusted events, never `dispatchEvent`.
 *
 * What a driver cannot do, named here once:
 * - WebKit's WebDriver reads no console log: console errors, uncaught
 *   errors, failed loads and CSP violations are recorded by a script the
 *   demo server puts first in each page (probe.js), the same in all engines.
 * - WebKit's sessions are slow to start (a browser process each): one
 *   session serves a whole test file, its cookies and storage cleared
 *   between pages.
 * - Touch input is not driven here (WebKitGTK's driver has no touch); the
 *   phone taps stay in the Chromium tests (first-tap.test.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import puppeteer, { type Browser as PuppeteerBrowser, type Page as PuppeteerPage } from 'puppeteer-core';
import { vi } from 'vitest';
import { Key, remote } from 'webdriverio';
import { chromiumExecutable, CHROMIUM_ARGS } from '../../../scripts/chromium.mjs';

export type EngineName = 'chromium' | 'firefox' | 'webkit';

export interface EnginePage {
  /** Loads a URL and waits for its load event. */
  goto(url: string): Promise<void>;
  /** A real pointer click in the middle of the first element matching `selector` (scrolled into view). */
  click(selector: string): Promise<void>;
  /** A real key press (`Enter`, `Escape`, `Tab`, `ArrowDown`, `ArrowUp`, `Space`) on the focused element. */
  press(key: KeyName): Promise<void>;
  /** Real key presses, one per character. */
  type(text: string): Promise<void>;
  /** Runs a self-contained function in the page (no closure over test variables: pass them as arguments). */
  evaluate<A extends unknown[], R>(fn: (...args: A) => R | Promise<R>, ...args: A): Promise<R>;
  /** Polls `fn` in the page until it returns a truthy value; fails after `timeoutMs` saying `what`. */
  waitFor<A extends unknown[]>(what: string, fn: (...args: A) => unknown, ...args: A): Promise<void>;
  /** What the page's console would show as errors (probe.js), plus what the driver itself reports. */
  errors(): Promise<string[]>;
  /**
   * Resolves once the page has settled (test/browser/settle.ts, here read in the page: probe.js):
   * three checks in a row, each a frame after the last, with no hook loading, no grid card
   * pending, no fetch or XHR open and no resource loaded since the check before.
   */
  settled(): Promise<void>;
}

export interface Engine {
  name: EngineName;
  /** The engine's version as the browser reports it. */
  version: string;
  /** A page with fresh cookies and storage, at 1280×900 unless told otherwise. */
  open(url: string, size?: { width: number; height: number }): Promise<EnginePage>;
  close(): Promise<void>;
}

export type KeyName = 'Enter' | 'Escape' | 'Tab' | 'ArrowDown' | 'ArrowUp' | 'Space';

const WAIT_MS = 30_000;

/** Why an engine cannot run on this machine (and how to install it), or '' when it can. */
export function missing(name: EngineName): string {
  if (name === 'firefox' && !existsSync(FIREFOX)) return 'no /usr/bin/firefox-esr (sudo apt-get install firefox-esr)';
  if (name === 'webkit') {
    const lacks = [existsSync(WEBKIT_DRIVER) ? '' : 'WebKitWebDriver', miniBrowser() ? '' : 'MiniBrowser', existsSync(XVFB) ? '' : 'Xvfb'].filter(Boolean);
    if (lacks.length) return `no ${lacks.join(', ')} (sudo apt-get install webkit2gtk-driver xvfb)`;
  }
  return '';
}

export async function launch(name: EngineName): Promise<Engine> {
  return name === 'webkit' ? launchWebKit() : launchPuppeteer(name);
}

const FIREFOX = '/usr/bin/firefox-esr';
const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
const XVFB = '/usr/bin/Xvfb';
/** WebKitGTK's MiniBrowser (package libwebkit2gtk-4.1-0), under the machine's multiarch folder. */
const miniBrowser = () =>
  readdirSync('/usr/lib')
    .filter((dir) => dir.endsWith('-linux-gnu'))
    .flatMap((dir) => ['4.1', '4.0'].map((api) => `/usr/lib/${dir}/webkit2gtk-${api}/MiniBrowser`))
    .find((file) => existsSync(file));

/** Where the hooks stood, for a timeout's message: 'header:ready cart-dropdown:sleeping …'. */
const hookStates = () => [...document.querySelectorAll('[data-widget]')].map((h) => `${h.getAttribute('data-widget')}:${h.getAttribute('data-island')}`).join(' ');

async function poll(what: string, check: () => Promise<unknown>, states: () => Promise<string>): Promise<void> {
  let last: unknown;
  const held = await vi
    .waitFor(
      async () => {
        const ok = await check().catch((error) => void (last = error));
        if (!ok) throw new Error('not yet');
      },
      { timeout: WAIT_MS, interval: 50 },
    )
    .then(() => true, () => false);
  if (held) return;
  const hooks = await states().catch(() => '?');
  throw new Error(`timed out waiting for ${what}${last ? ` (${String(last)})` : ''}; hooks: ${hooks}`);
}

/** One check of settled() (EnginePage): whether this check is the third quiet one in a row. */
const quietCheck = () => {
  const w = window as unknown as { __sfwOpen: { requests: number; frames: number }; __sfwSettle?: { quiet: number; seen: number; frame: number } };
  const open = w.__sfwOpen;
  const last = (w.__sfwSettle ??= { quiet: 0, seen: -1, frame: -1 });
  const seen = performance.getEntriesByType('resource').length;
  const quiet = !document.querySelector('[data-island="loading"], [data-widget] li[aria-busy="true"]') && open.requests === 0 && seen === last.seen && open.frames > last.frame;
  w.__sfwSettle = { quiet: quiet ? last.quiet + 1 : 0, seen, frame: open.frames };
  requestAnimationFrame(() => open.frames++);
  return w.__sfwSettle.quiet >= 3;
};
const forgetChecks = () => void delete (window as unknown as { __sfwSettle?: unknown }).__sfwSettle;

async function launchPuppeteer(name: 'chromium' | 'firefox'): Promise<Engine> {
  let browser: PuppeteerBrowser;
  if (name === 'firefox') {
    browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, protocol: 'webDriverBiDi', headless: true });
  } else {
    const { executablePath, headless } = await chromiumExecutable();
    browser = await puppeteer.launch({ browser: 'chrome', executablePath, args: CHROMIUM_ARGS, headless: headless === '--headless=shell' ? 'shell' : true });
  }
  const version = await browser.version();
  return {
    name,
    version,
    async open(url, size = { width: 1280, height: 900 }) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport(size);
      const reported: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') reported.push(`${message.text()} ${message.location()?.url ?? ''}`.trim());
      });
      page.on('pageerror', (error) => reported.push(`uncaught: ${error instanceof Error ? error.message : String(error)}`));
      const enginePage = puppeteerPage(page, reported);
      await enginePage.goto(url);
      return enginePage;
    },
    close: () => browser.close(),
  };
}

function puppeteerPage(page: PuppeteerPage, reported: string[]): EnginePage {
  return {
    async goto(url) {
      await page.goto(url, { waitUntil: 'load' });
    },
    async click(selector) {
      await page.locator(selector).setTimeout(WAIT_MS).click();
    },
    async press(key) {
      await page.keyboard.press(key === 'Space' ? ' ' : key);
    },
    async type(text) {
      await page.keyboard.type(text);
    },
    evaluate: (fn, ...args) => page.evaluate(fn as never, ...(args as unknown as never[])) as never,
    waitFor: (what, fn, ...args) => poll(what, () => page.evaluate(fn as never, ...(args as unknown as never[])), () => page.evaluate(hookStates)),
    async settled() {
      await page.evaluate(forgetChecks);
      await poll('the page to settle', () => page.evaluate(quietCheck), () => page.evaluate(hookStates));
    },
    async errors() {
      await page.waitForFunction(() => document.readyState === 'complete');
      const probed = await page.evaluate(() => (window as unknown as { __sfwErrors?: string[] }).__sfwErrors ?? ['probe.js did not run']);
      return [...probed, ...reported];
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** Xvfb on the first free display; resolves with its name (':N') once it accepts clients. */
function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  return new Promise((done, fail) => {
    const xvfb = spawn(XVFB, ['-displayfd', '3', '-screen', '0', '1400x1000x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
    xvfb.once('error', fail);
    xvfb.once('exit', (code) => fail(new Error(`Xvfb exited (${code})`)));
    (xvfb.stdio[3] as NodeJS.ReadableStream).once('data', (chunk) => done({ display: `:${String(chunk).trim()}`, process: xvfb }));
  });
}

async function launchWebKit(): Promise<Engine> {
  const xvfb = await startXvfb();
  const port = await freePort();
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`], { env: { ...process.env, DISPLAY: xvfb.display }, stdio: 'ignore' });
  const stopAll = () => {
    driver.kill();
    xvfb.process.kill();
  };
  try {
    await poll('WebKitWebDriver', async () => (await fetch(`http://127.0.0.1:${port}/status`)).ok, async () => 'none yet');
    const browser = await remote({
      hostname: '127.0.0.1',
      port,
      logLevel: 'warn',
      capabilities: {
        browserName: 'MiniBrowser',
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': { binary: miniBrowser(), args: ['--automation'] },
      } as WebdriverIO.Capabilities,
    });
    const keys: Record<KeyName, string> = { Enter: Key.Enter, Escape: Key.Escape, Tab: Key.Tab, ArrowDown: Key.ArrowDown, ArrowUp: Key.ArrowUp, Space: Key.Space };
    const page: EnginePage = {
      async goto(url) {
        await browser.url(url);
      },
      async click(selector) {
        const element = await browser.$(selector);
        await element.waitForClickable({ timeout: WAIT_MS });
        await element.click();
      },
      async press(key) {
        await browser.keys(keys[key]);
      },
      async type(text) {
        await browser.keys(text.split(''));
      },
      evaluate: (fn, ...args) => browser.execute(fn as never, ...(args as unknown as never[])) as never,
      waitFor: (what, fn, ...args) => poll(what, () => browser.execute(fn as never, ...(args as unknown as never[])), () => browser.execute(hookStates)),
      errors: () => browser.execute(() => (window as unknown as { __sfwErrors?: string[] }).__sfwErrors ?? ['probe.js did not run']),
      async settled() {
        await browser.execute(forgetChecks);
        await poll('the page to settle', () => browser.execute(quietCheck), () => browser.execute(hookStates));
      },
    };
    return {
      name: 'webkit',
      version: `WebKitGTK ${String(browser.capabilities.browserVersion)}`,
      async open(url, size = { width: 1280, height: 900 }) {
        // One session for the file: start each page from a blank one with no cookies or storage.
        if ((await browser.getUrl()).startsWith('http')) {
          await browser.execute(() => {
            localStorage.clear();
            sessionStorage.clear();
          });
          await browser.deleteAllCookies();
        }
        await browser.setWindowSize(size.width, size.height);
        await page.goto(url);
        return page;
      },
      async close() {
        await browser.deleteSession().catch(() => {});
        stopAll();
      },
    };
  } catch (error) {
    stopAll();
    throw error;
  }
}
