/**
 * The bundle under the strict CSP a shop can send (docs/laravel.md "Content Security
 * Policy"): nonce-based script-src with 'strict-dynamic' and Trusted Types
 * (demo control ?csp=strict). Every island mounts, the PayPal button loads
 * the (fake) SDK through the `storefront` policy, the prefetch adds its
 * preloads, and the page reports no `securitypolicyviolation` at all.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { productById, sampleIds } from '../../demo-pages/mock/catalog';
// @ts-expect-error: plain JS module without types
import { startDemoServer } from '../../demo-pages/server.mjs';
import { useShop, waitForIslands } from './harness';

const shop = useShop();
const product = productById(sampleIds.plain)!;

/** A context whose pages record every CSP violation from their first script on. */
async function watchedContext(): Promise<BrowserContext> {
  const context = await shop.browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'allow' });
  await context.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      w.__violations.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return context;
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

async function wakeAll(page: Page) {
  await page.evaluate(() => window.Storefront?.wake());
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-widget]')].every((host) => {
      const state = host.getAttribute('data-island');
      const rect = host.getBoundingClientRect();
      // Lazy islands far below the fold wait for the viewport.
      return state === 'ready' || (state === 'waiting' && rect.top > window.innerHeight + 300);
    }),
  );
}

describe('strict CSP with nonces and Trusted Types (?csp=strict)', () => {
  it('the page is sent with the nonce policy, and every script of the page carries this response\'s nonce', async () => {
    const response = await fetch(new URL('/?csp=strict&reset=1', shop.url));
    const policy = response.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toContain(`script-src 'nonce-${nonce}' 'strict-dynamic'`);
    for (const part of ["object-src 'none'", "base-uri 'none'", "require-trusted-types-for 'script'", 'trusted-types storefront']) expect(policy).toContain(part);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag).filter((tag) => !tag.includes('application/json'));
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const again = await fetch(new URL('/?csp=strict', shop.url));
    expect(again.headers.get('content-security-policy')).not.toContain(nonce);
  });

  it('category page: every island mounts and works, the preloads load, no violation', async () => {
    const context = await watchedContext();
    const page = await shop.open('/?csp=strict&reset=1', { context });
    await wakeAll(page);
    // The idle prefetch adds its modulepreload links with the nonce, and they load.
    await page.waitForFunction(() => document.querySelectorAll('link[rel="modulepreload"]').length > 0);
    const preloads = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.nonce !== ''));
    expect(preloads.every(Boolean)).toBe(true);
    // A call and a dialog: search suggestions and the cart.
    await page.getByRole('combobox').first().fill('pokemon');
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.sfw-cart-dropdown__toggle').first().click();
    await page.getByRole('dialog', { name: 'Shopping cart' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('product page: add to cart and the PayPal button (fake SDK loaded through the storefront policy), no violation', async () => {
    const context = await watchedContext();
    const page = await shop.open(`/${product.slug}?csp=strict&reset=1`, { context });
    await wakeAll(page);
    const payIn4 = page.getByRole('button', { name: /Pay in 4/ });
    await payIn4.scrollIntoViewIfNeeded();
    await payIn4.waitFor();
    const sdk = await page.evaluate(() => {
      const script = document.querySelector<HTMLScriptElement>('script[src*="fake-paypal-sdk"]')!;
      return { nonce: script.nonce !== '', dataNonce: script.getAttribute('data-csp-nonce') !== null, loads: window.__fakePaypal?.loads };
    });
    expect(sdk).toEqual({ nonce: true, dataNonce: true, loads: 1 });
    await payIn4.click();
    await page.getByRole('group', { name: 'Fake PayPal checkout' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('as a shop sends it (the API answered by the server, no in-page mock, no default policy): the PayPal button and the cart, no violation', async () => {
    const server = await startDemoServer({ port: 0, mock: 'server', csp: 'strict' });
    const context = await watchedContext();
    const errors: string[] = [];
    try {
      const page = await context.newPage();
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      page.on('pageerror', (error) => errors.push(error.message));
      const response = await page.goto(new URL(`/${product.slug}?reset=1`, server.url).href);
      expect(response!.headers()['content-security-policy']).toMatch(/trusted-types storefront$/);
      await waitForIslands(page);
      await wakeAll(page);
      await page.locator('.sfw-add-to-cart__submit').click();
      await expect.poll(() => page.locator('.sfw-cart-dropdown__toggle').first().getAttribute('aria-label')).toMatch(/^Cart, [1-9]/);
      // The cart-added dialog (another island) opens; Escape closes it.
      await page.locator('dialog[data-modal-id="cart-added"]').waitFor();
      await page.keyboard.press('Escape');
      await page.locator('dialog[data-modal-id="cart-added"]').waitFor({ state: 'hidden' });
      const payIn4 = page.getByRole('button', { name: /Pay in 4/ });
      await payIn4.scrollIntoViewIfNeeded();
      await payIn4.click();
      await page.getByRole('group', { name: 'Fake PayPal checkout' }).waitFor();
      expect(await violations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await server.close();
    }
  });

  it('the storefront policy refuses a script URL other than PayPal\'s SDK and the configured one', async () => {
    const context = await watchedContext();
    const page = await shop.open(`/${product.slug}?csp=strict&reset=1`, { context });
    const outcome = await page.evaluate(() => {
      const tt = (window as unknown as { trustedTypes: { createPolicy(name: string, rules: object): unknown } }).trustedTypes;
      const script = document.createElement('script');
      try {
        script.src = 'https://evil.example/x.js';
        return 'assigned';
      } catch (error) {
        try {
          tt.createPolicy('sneaky', { createScriptURL: (u: string) => u });
          return 'second policy allowed';
        } catch {
          return `refused: ${(error as Error).name}`;
        }
      }
    });
    expect(outcome).toBe('refused: TypeError');
    // The refused assignment is itself a reported violation: the page's policy works.
    expect((await violations(page)).length).toBeGreaterThan(0);
    shop.expectConsoleError(/Trusted Type|TrustedScriptURL|trusted-types/i);
    await context.close();
  });
});

describe('Trusted Types sinks in the built bundle (dist/)', () => {
  const files = ['dist', 'dist/chunks'].flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith('.js')).map((f) => join(dir, f)));
  const sinks = /\.(innerHTML|outerHTML|srcdoc|src|text)\s*=(?!=)|insertAdjacentHTML|createContextualFragment|document\.write|\beval\(|new Function\b|\bFunction\(|setAttribute\(\s*["'](src|srcdoc|href)["']|setTimeout\(\s*["'`]|setInterval\(\s*["'`]/g;
  const found = files.flatMap((file) => {
    const code = readFileSync(file, 'utf8');
    return [...code.matchAll(sinks)].map((m) => ({ file, sink: m[0], around: code.slice(Math.max(0, m.index! - 80), m.index! + 60) }));
  });

  it('the one script URL is the PayPal SDK\'s, through the storefront policy', () => {
    const scriptSrc = found.filter((f) => /\.src\s*=/.test(f.sink));
    expect(scriptSrc).toHaveLength(1);
    expect(scriptSrc[0]!.file).toMatch(/PaypalExpress/);
    // Its value comes from trustedScriptUrl(), whose module holds the policy's name.
    expect(readFileSync(scriptSrc[0]!.file, 'utf8')).toContain('"storefront"');
  });

  it('no markup, script text, eval or string timers; innerHTML only in Preact\'s dangerouslySetInnerHTML branch, which no island uses', () => {
    const others = found.filter((f) => !/\.src\s*=/.test(f.sink));
    for (const { sink, around } of others) {
      expect(sink).toMatch(/\.innerHTML\s*=/);
      expect(around).toContain('__html');
    }
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
    for (const file of [...sources('widgets'), ...sources('shared')]) expect(readFileSync(file, 'utf8'), file).not.toContain('dangerouslySetInnerHTML');
  });
});
