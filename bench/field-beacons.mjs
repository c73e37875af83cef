#!/usr/bin/env node
/**
 * A field report from a realistic set of beacons, through the demo server's receiver (the plain-PHP
 * one, demo-pages/field-data.mjs): N beacons (default 200; seeded, so every run sends the same) across
 * the demo's pages, devices and islands, with shapes as a shop's would have them (log-normal times,
 * a slow cart dropdown, a few chunk failures and fallbacks), plus a few bad ones that must be refused.
 * Writes OUT.txt (the command-line report), OUT.html (the demo's /field-report) and OUT.png (its
 * screenshot in headless Chromium). Needs `php`.
 *
 *   node bench/field-beacons.mjs [--count=200] [--out=/tmp/field-report]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../scripts/chromium.mjs';
import { startDemoServer } from '../demo-pages/server.mjs';

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const count = Number(arg('count', '200'));
const out = arg('out', '/tmp/field-report');

/** mulberry32: the same beacons on every run. */
let seed = 38;
function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
/** A log-normal value of this median; spread: the factor one sigma away. */
const logNormal = (median, spread) => median * Math.exp(Math.log(spread) * Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random()));
const pick = (weighted) => {
  let r = random() * weighted.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, w] of weighted) if ((r -= w) < 0) return value;
  return weighted[0][0];
};
const cap = (ms) => Math.round(Math.min(600000, Math.max(0, ms)));

/** The islands a shopper taps, with the median INP and held time of each (ms) on a phone. */
const TAPPED = { 'cart-dropdown': [210, 120], 'search-bar': [130, 70], 'add-to-cart': [95, 60], header: [70, 40] };

function beacon() {
  const page = pick([['category', 6], ['product', 3], ['cart', 1]]);
  const device = pick([['mobile', 65], ['desktop', 35]]);
  const slow = device === 'mobile' ? 1 : 0.55;
  const metrics = [
    { name: 'LCP', value: cap(logNormal(1900 * slow, 1.45)), island: page === 'category' ? 'teaser-card' : 'page' },
    { name: 'CLS', value: Math.round(Math.min(100, random() < 0.5 ? 0 : logNormal(0.03, 2.2)) * 1000) / 1000, island: pick([['page', 3], ['product-grid', 1]]) },
  ];
  const held = [];
  const wakes = [];
  const island = pick(Object.keys(TAPPED).map((name) => [name, 1]));
  if (random() < 0.7) {
    const inp = cap(logNormal(TAPPED[island][0] * slow, 1.6));
    const delay = Math.round(inp * 0.1);
    const presentation = Math.round(inp * 0.25);
    const processing = Math.max(0, inp - delay - presentation);
    metrics.push({ name: 'INP', value: inp, island, parts: { inputDelay: delay, processing, presentation }, script: { ours: Math.round(processing * 0.7), shop: Math.round(processing * 0.2) } });
  }
  if (random() < 0.4) held.push({ island, input: pick([['click', 5], ['pointerdown', 2], ['keydown', 1], ['focus', 1]]), ms: cap(logNormal(TAPPED[island][1] * slow, 1.5)) });
  for (const woken of new Set([island, pick([['search-bar', 1], ['recently-viewed', 1], ['product-grid', 1]])])) {
    wakes.push({ island: woken, wake: cap(logNormal(60 * slow, 1.8)), hydrate: cap(logNormal(14 * slow, 1.6)) });
  }
  const failures = random() < 0.03 ? [{ kind: pick([['chunk', 3], ['crash', 1], ['reload', 1]]), island }] : [];
  const fallbacks = random() < 0.06 ? [{ island: 'product-grid' }] : [];
  return { v: 1, build: '0.1.0+demo', page, device, metrics, held, wakes, failures, fallbacks };
}

/** The answer's status to one POST. */
function post(url, body, type = 'text/plain;charset=UTF-8') {
  return new Promise((done, failed) => {
    const req = request(url, { method: 'POST', headers: { 'Content-Type': type } }, (res) => res.resume().on('end', () => done(res.statusCode)));
    req.on('error', failed);
    req.end(body);
  });
}

const dir = mkdtempSync(join(tmpdir(), 'storefront-field-bench-'));
const file = join(dir, 'aggregates.json');
const server = await startDemoServer({ fieldData: { file, perMinute: 10000 } });
const endpoint = `${server.url}storefront/field-data`;
const answers = {};
const tally = (status) => (answers[status] = (answers[status] ?? 0) + 1);
try {
  for (let i = 0; i < count; i++) tally(await post(endpoint, JSON.stringify(beacon())));
  // Refused, and the report unchanged by them: a URL, a user agent, an oversize body, another type.
  tally(await post(endpoint, JSON.stringify({ ...beacon(), url: 'https://shop.example/?q=1' })));
  tally(await post(endpoint, JSON.stringify({ ...beacon(), page: '<script>alert(1)</script>' })));
  tally(await post(endpoint, 'x'.repeat(20000)));
  tally(await post(endpoint, JSON.stringify(beacon()), 'application/x-www-form-urlencoded'));
  const html = await new Promise((done, failed) => {
    request(`${server.url}field-report`, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk)).on('end', () => done(text));
    }).on('error', failed).end();
  });
  writeFileSync(`${out}.html`, html);
  const text = execFileSync('php', [join(import.meta.dirname, '../php/storefront-field-data.php'), 'report', `--file=${file}`], { encoding: 'utf8' });
  writeFileSync(`${out}.txt`, `${count} beacons sent through the demo server, then 4 bad ones; answers: ${JSON.stringify(answers)}\n\n${text}`);
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 860, height: 900 } });
  await page.goto(`${server.url}field-report`);
  await page.screenshot({ path: `${out}.png`, fullPage: true });
  await browser.close();
  console.log(`Answers: ${JSON.stringify(answers)}. Wrote ${out}.txt, ${out}.html, ${out}.png`);
} finally {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
