/**
 * Lighthouse (the npm package, its mobile defaults: a Moto G Power screen,
 * simulated slow 4G and 4× CPU) on the category, supplies and product demo
 * pages, each with server rendering and without (`?ssr=0`). Categories
 * performance and accessibility only.
 *
 * Each run is Lighthouse's own CLI in a child process with its own Chromium
 * (CHROME_PATH: the one the browser tests use). Asynchronous on purpose: the
 * demo server runs in this process, and a synchronous spawn would block it,
 * so the page would never load.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromiumExecutable } from '../scripts/chromium.mjs';
import { markdownTable, median, ms, spread } from './common.mjs';

const RUN_TIMEOUT_MS = 180_000;
/** Done when (the issue): performance ≥ 0.98, LCP ≤ 1.8 s, CLS ≤ 0.02, accessibility 1.0. */
const TARGET = { performance: 0.98, lcpMs: 1800, cls: 0.02, accessibility: 1 };

/** One Lighthouse run: the parsed report (lhr). */
function runLighthouse(root, url, chrome) {
  const cli = join(root, 'node_modules/lighthouse/cli/index.js');
  const args = [
    cli,
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    '--only-categories=performance,accessibility',
    `--chrome-flags=${chrome.headless} --no-sandbox`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, CHROME_PATH: chrome.executablePath }, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    let err = '';
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`lighthouse ${url}: no report after ${RUN_TIMEOUT_MS / 1000} s`));
    }, RUN_TIMEOUT_MS);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`lighthouse ${url} exited with ${code}:\n${err.trim()}`));
      try {
        resolve(JSON.parse(Buffer.concat(out).toString('utf8')));
      } catch (error) {
        reject(new Error(`lighthouse ${url}: unreadable report (${error.message})\n${err.trim()}`));
      }
    });
  });
}

/** The figures of one report; a page that failed to load (runtimeError) is an error. */
function figures(lhr) {
  if (lhr.runtimeError) throw new Error(`lighthouse ${lhr.requestedUrl}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const failing = lhr.categories.accessibility.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  return {
    performance: lhr.categories.performance.score,
    lcpMs: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbtMs: audit('total-blocking-time'),
    accessibility: lhr.categories.accessibility.score,
    failing,
  };
}

/** Runs Lighthouse `runs` times per page and mode, printing each run and then the table. */
export async function lighthouse({ root, baseUrl, runs, pages }) {
  const chrome = await chromiumExecutable();
  const modes = [
    ['SSR', ''],
    ['no SSR', 'ssr=0'],
  ];
  const results = [];
  for (const [name, path] of pages) {
    for (const [mode, query] of modes) {
      const url = new URL(path, baseUrl);
      if (query) url.search = query;
      const rs = [];
      for (let i = 0; i < runs; i++) {
        const r = figures(await runLighthouse(root, url.href, chrome));
        rs.push(r);
        console.log(`  run ${i + 1} ${name} (${mode}): performance ${r.performance}, LCP ${ms(r.lcpMs)}, CLS ${r.cls.toFixed(3)}, TBT ${ms(r.tbtMs)}, accessibility ${r.accessibility}${r.failing.length ? ` (failing: ${r.failing.join(', ')})` : ''}`);
      }
      results.push({ name, path, mode, rs });
    }
  }
  const score = (n) => n.toFixed(2);
  const seconds = (n) => `${(n / 1000).toFixed(2)} s`;
  console.log(`\n### Lighthouse ${await version(root)}, mobile defaults (simulated slow 4G, 4× CPU)\n\n${runs === 1 ? '1 run' : `Median (min–max) of ${runs} runs`} per page and mode; "no SSR" is \`?ssr=0\`. Targets: performance ≥ ${TARGET.performance}, LCP ≤ ${seconds(TARGET.lcpMs)}, CLS ≤ ${TARGET.cls}, accessibility ${TARGET.accessibility.toFixed(1)}.\n`);
  const rows = results.map(({ name, path, mode, rs }) => {
    const col = (key, format) => spread(rs.map((r) => r[key]), format);
    return [`${name} \`${path}\``, mode, col('performance', score), col('lcpMs', seconds), col('cls', (n) => n.toFixed(3)), col('tbtMs', ms), col('accessibility', score)];
  });
  console.log(markdownTable(['page', 'mode', 'performance', 'LCP', 'CLS', 'TBT', 'accessibility'], rows));
  const missed = results.filter(({ rs }) => {
    const m = (key) => median(rs.map((r) => r[key]));
    return m('performance') < TARGET.performance || m('lcpMs') > TARGET.lcpMs || m('cls') > TARGET.cls || m('accessibility') < TARGET.accessibility;
  });
  console.log(`\nTargets (median): ${missed.length ? `missed by ${missed.map((r) => `${r.name} (${r.mode})`).join(', ')}` : 'all met'}`);
  const failing = [...new Set(results.flatMap(({ rs }) => rs.flatMap((r) => r.failing)))];
  if (failing.length) console.log(`Failing accessibility audits: ${failing.join(', ')}`);
}

async function version(root) {
  return JSON.parse(await readFile(join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version;
}
