#!/usr/bin/env node
/**
 * A field report of real clicks (bench/field-beacons.mjs sends seeded beacons instead): 12 page views of
 * the demo with field data on (`?field=1`: every view sampled, with consent), 4 pages × 3 rounds, phone
 * and desktop in turn. Each view taps the cart, types a search, adds to the cart where it can, and is
 * hidden as a tab switch hides it; its one beacon goes through to the demo server's receiver (the
 * plain-PHP one, demo-pages/field-data.mjs) and is kept.
 *
 * The aggregates go to a file of this run's own, not the demo's default one in the temp folder: every
 * demo server on the machine writes there (`npm run demo`, scripts/measure-js.mjs on `?field=1`, whose
 * views send their beacon when closed), so a report read from it can count beacons of other runs. The
 * run checks that the server received exactly the beacons the pages sent.
 *
 * Writes OUT.json (the beacons as sent), OUT.txt (the command-line report), OUT.html (the demo's
 * /field-report) and OUT.png (its screenshot, full page). `--post=URL`: also POSTs each beacon to another
 * receiver, e.g. a Laravel app's /storefront/field-data (then `php artisan storefront:field-report`).
 * Needs `php` and a build (`node build.mjs`).
 *
 *   node bench/field-session.mjs [--out=/tmp/field-session] [--post=http://127.0.0.1:8000/storefront/field-data]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../scripts/chromium.mjs';
import { startDemoServer } from '../demo-pages/server.mjs';

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const out = arg('out', '/tmp/field-session');
const forward = arg('post', '');
const ENDPOINT = '/storefront/field-data';
/** A category page, a product page, the cart page (the demo's page type `page`), another category. */
const PAGES = ['/', '/pokemon-tcg-scarlet-and-violet-151-booster-bundle', '/cart', '/c/supplies'];
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** The answer's status to one POST. */
function post(url, body) {
  return new Promise((done, failed) => {
    const req = request(url, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' } }, (res) => res.resume().on('end', () => done(res.statusCode)));
    req.on('error', failed);
    req.end(body);
  });
}

/** What a shopper does on the page: opens and closes the cart, searches, adds to the cart. */
async function shop(page) {
  const cart = page.locator('.sfw-cart-dropdown__toggle').filter({ visible: true }).first();
  if (await cart.count()) {
    await cart.click();
    const dialog = page.getByRole('dialog', { name: 'Shopping cart' });
    await dialog.waitFor();
    // An Escape while the tapped cart still wakes is lost (the panel stays open): then a second one.
    await page.keyboard.press('Escape');
    if (!(await dialog.waitFor({ state: 'hidden', timeout: 2000 }).then(() => true, () => false))) await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  }
  // On a phone the search is in the header's panel.
  const toggle = page.locator('[data-panel-toggle="mobile-search"]').filter({ visible: true });
  if (await toggle.count()) await toggle.click();
  const search = page.getByRole('combobox').filter({ visible: true }).first();
  if (await search.count()) {
    await search.click();
    await search.pressSequentially('char', { delay: 60 });
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('Escape');
    if (await toggle.count()) await toggle.click();
  }
  const add = page.getByRole('button', { name: /^add to cart$/i, disabled: false }).filter({ visible: true }).first();
  if (await add.count()) {
    // Mid-screen: not under the phone's sticky header.
    await add.evaluate((button) => button.scrollIntoView({ block: 'center' }));
    await add.click();
    await page.getByRole('dialog', { name: 'Product added to your cart!' }).waitFor();
    await page.keyboard.press('Escape');
  }
}

const dir = mkdtempSync(join(tmpdir(), 'storefront-field-session-'));
const file = join(dir, 'aggregates.json');
const server = await startDemoServer({ fieldData: { file } });
let received = 0;
server.server.prependListener('request', (req) => req.method === 'POST' && req.url.startsWith(ENDPOINT) && received++);
const browser = await launchChromium();
const beacons = [];
const answers = {};
try {
  for (let round = 0; round < 3; round++) {
    for (const [i, path] of PAGES.entries()) {
      const phone = (round + i) % 2 === 1;
      const context = await browser.newContext(phone ? PHONE : DESKTOP);
      const sent = [];
      await context.route(`**${ENDPOINT}`, async (route) => {
        sent.push(route.request().postData());
        const response = await route.fetch();
        answers[response.status()] = (answers[response.status()] ?? 0) + 1;
        await route.fulfill({ response });
      });
      const page = await context.newPage();
      await page.goto(`${server.url}${path.slice(1)}?field=1${round === 0 ? '&reset=1' : ''}`);
      // The field chunk loads once the browser is idle after the load.
      await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/chunks\/collect-/.test(e.name)));
      await shop(page);
      const beacon = page.waitForRequest(`**${ENDPOINT}`);
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      });
      await (await beacon).response();
      await context.close();
      if (sent.length !== 1) throw new Error(`${path}: ${sent.length} beacons, not 1`);
      beacons.push(JSON.parse(sent[0]));
      console.log(`${path} (${phone ? 'phone' : 'desktop'}): ${beacons.at(-1).metrics.map((m) => `${m.name} ${m.value} ${m.island}`).join(', ')}`);
    }
  }
  const series = JSON.parse(readFileSync(file, 'utf8')).series;
  const lcp = Object.entries(series).filter(([key]) => key.split('|')[1] === 'LCP').reduce((n, [, counts]) => n + Object.values(counts).reduce((a, b) => a + b, 0), 0);
  const summary = `${beacons.length} page views, ${beacons.length} beacons sent, ${received} received by the demo server (answers ${JSON.stringify(answers)}), ${lcp} LCP in its aggregates`;
  if (received !== beacons.length || lcp !== beacons.filter((b) => b.metrics.some((m) => m.name === 'LCP')).length) throw new Error(summary);
  writeFileSync(`${out}.json`, JSON.stringify(beacons, null, 1));
  const text = execFileSync('php', [join(import.meta.dirname, '../php/storefront-field-data.php'), 'report', `--file=${file}`], { encoding: 'utf8' });
  writeFileSync(`${out}.txt`, `${summary}\n\n${text}`);
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  const report = await page.goto(`${server.url}field-report`);
  writeFileSync(`${out}.html`, await report.text());
  await page.screenshot({ path: `${out}.png`, fullPage: true });
  if (forward) {
    const statuses = [];
    for (const b of beacons) statuses.push(await post(forward, JSON.stringify(b)));
    console.log(`Posted to ${forward}: ${JSON.stringify(statuses)}`);
  }
  console.log(`${summary}. Wrote ${out}.json, ${out}.txt, ${out}.html, ${out}.png`);
} finally {
  await browser.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
