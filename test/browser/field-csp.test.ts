/**
 * Field data's CSP failures (docs/embedding.md "Field data"): a violation whose source is one of the
 * bundle's files goes in the beacon as a `csp` failure; one from the shop's own files does not.
 *
 * The policy is a shop's strict one (docs/embedding.md "9. Content Security Policy", the demo's
 * ?csp=strict) that names its own Trusted Types policy, `trusted-types shop`, and not `storefront`, the
 * misconfiguration the bundle itself warns about: the PayPal button's code (add-to-cart's lazy part)
 * cannot create its policy, then cannot set the SDK script's src. Chromium reports both to the field
 * chunk's ReportingObserver.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { productById, sampleIds } from '../../demo-pages/mock/catalog';
import type { Beacon } from '../../shared/field/beacon';
import { settled, useShop, wakePage } from './harness';

const shop = useShop({ mock: 'server' });
const product = productById(sampleIds.plain)!;
/** The shop's own script, beside the bundle (not under its /build/ folder): it creates a policy the page's CSP does not name. */
const SHOP_SCRIPT = '/shop/analytics.js';

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close().catch(() => {});
});

/**
 * A context whose pages of `path` get the strict policy with `trusted-types shop` (and, with `shopScript`,
 * the shop's script in their head, with the page's nonce), record every violation (directive and source
 * file), and whose beacons are caught.
 */
async function shopContext(path: string, { shopScript = false } = {}) {
  context = await shop.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.effectiveDirective} ${e.sourceFile}`));
  });
  await context.route((url) => url.pathname === path, async (route) => {
    const response = await route.fetch();
    const policy = response.headers()['content-security-policy']!;
    const nonce = /'nonce-([^']+)'/.exec(policy)![1];
    const html = (await response.text()).replace('<head>', shopScript ? `<head><script src="${SHOP_SCRIPT}" nonce="${nonce}"></script>` : '<head>');
    // The body as text (route.fetch() decoded it): its length and encoding headers go.
    const { 'content-length': _length, 'content-encoding': _encoding, ...headers } = response.headers();
    await route.fulfill({ status: response.status(), body: html, headers: { ...headers, 'content-security-policy': policy.replace('trusted-types storefront', 'trusted-types shop') } });
  });
  await context.route(`**${SHOP_SCRIPT}`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: "try { trustedTypes.createPolicy('analytics', { createHTML: (s) => s }); } catch {}" }),
  );
  const beacons: Beacon[] = [];
  await context.route('**/storefront/field-data', async (route) => {
    beacons.push(JSON.parse(route.request().postData() ?? 'null') as Beacon);
    await route.fulfill({ status: 204 });
  });
  return beacons;
}

/** The violations the page saw, once one comes from a file whose path contains `from`. */
async function violationsFrom(page: Page, from: string): Promise<string[]> {
  await page.waitForFunction((from) => (window as unknown as { __violations: string[] }).__violations.some((v) => v.includes(from)), from);
  return page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

/** Hides the page as a tab switch does; its one beacon. */
async function beaconOf(page: Page, beacons: Beacon[]): Promise<Beacon> {
  await settled(page);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
  await expect.poll(() => beacons.length).toBe(1);
  return beacons[0]!;
}

it("the bundle's own code refused by the page's CSP: the beacon has a csp failure for each violation", async () => {
  const path = `/${product.slug}`;
  const beacons = await shopContext(path);
  shop.expectConsoleError(/TrustedTypePolicy named 'storefront'/);
  shop.expectConsoleError(/cannot create the Trusted Types policy "storefront"/);
  shop.allowConsoleError(/TrustedScriptURL/);
  const page = await shop.open(`${path}?csp=strict&field=1&reset=1`, { context });
  // Awake, add-to-cart loads its PayPal button, whose code is refused.
  await wakePage(page);
  await violationsFrom(page, '/build/');
  const beacon = await beaconOf(page, beacons);
  const ours = (await violationsFrom(page, '/build/')).filter((v) => v.includes('/build/'));
  expect(ours).toEqual(expect.arrayContaining([expect.stringMatching(/^trusted-types /), expect.stringMatching(/^require-trusted-types-for /)]));
  expect(beacon.failures.filter((f) => f.kind === 'csp')).toEqual(ours.map(() => ({ kind: 'csp', island: 'page' })));
});

it("a violation from the shop's own file: no csp failure", async () => {
  const beacons = await shopContext('/', { shopScript: true });
  shop.expectConsoleError(/TrustedTypePolicy named 'analytics'/);
  const page = await shop.open('/?csp=strict&field=1&reset=1', { context });
  await wakePage(page);
  expect(await violationsFrom(page, SHOP_SCRIPT)).toEqual([`trusted-types ${new URL(SHOP_SCRIPT, shop.url).href}`]);
  const beacon = await beaconOf(page, beacons);
  expect(beacon.failures).toEqual([]);
  // The beacon went: the page was sampled, and its chunk watched.
  expect(beacon.metrics.map((m) => m.name)).toContain('LCP');
});
