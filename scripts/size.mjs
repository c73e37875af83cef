#!/usr/bin/env node
/**
 * The size report: builds (build.mjs), prints every chunk's raw, gzip and
 * brotli size and the demo category page's JS total, and checks the budgets
 * (scripts/budgets.mjs).
 *
 *   node scripts/size.mjs             the Preact build
 *   node scripts/size.mjs --both      both builds, and their ratio (--react: React only)
 *   node scripts/size.mjs --budgets   ...and fail when the Preact build exceeds a budget (npm run size, npm test)
 *   node scripts/size.mjs --page      ...and measure the demo category page's JS in Chromium (scripts/measure-js.mjs)
 *   node scripts/size.mjs --report    ...and write what it printed to docs/measurements.md, "Sizes" (scripts/report.mjs)
 */
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, CSS_ENTRY, ENTRY } from '../build.mjs';
import { CATEGORY_PAGE } from '../demo-pages/server.mjs';
import { BUDGETS, PAYPAL_ISLANDS } from './budgets.mjs';
import { MOVED_ENTRIES } from '../build/vite-manifest.mjs';
import { writeSection } from './report.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function sizesOf(build) {
  const rows = [];
  for (const [key, item] of Object.entries(build.manifest)) {
    if (Object.hasOwn(MOVED_ENTRIES, key)) continue; // the same file under its old path
    const code = readFileSync(join(build.outdir, item.file));
    rows.push({
      key,
      file: item.file,
      // A lazily loaded part of shared/ (the api transport) is shared code, not an island.
      kind: item.isEntry ? (key === CSS_ENTRY ? 'css' : 'entry') : item.src?.startsWith('widgets/groups/') ? 'group' : item.isDynamicEntry && !item.src?.startsWith('shared/') ? 'island' : 'shared',
      name: item.name ?? key,
      raw: code.length,
      gzip: gzipSync(code, { level: 9 }).length,
      brotli: brotliCompressSync(code, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  return rows;
}

/** Every JS chunk a page loads: the entry plus each named island and what it imports. */
export function pageChunks(build, widgets) {
  const seen = new Set();
  const visit = (key) => {
    if (!key || seen.has(key)) return;
    seen.add(key);
    for (const i of build.manifest[key]?.imports ?? []) visit(i);
    // Lazy shared code (the api transport) is prefetched at idle on every page (shared/runtime/prefetch.ts) and runs with the first call.
    // Not the field chunk (shared/field/): only a sampled page view loads it.
    for (const i of build.manifest[key]?.dynamicImports ?? []) if (/^shared\/(?!field\/)/.test(build.manifest[i]?.src ?? '')) visit(i);
  };
  visit(ENTRY);
  for (const [key, item] of Object.entries(build.manifest)) {
    // An island's own chunk, or the group chunk that holds it; lazy sub-chunks load on demand.
    if (item.isDynamicEntry && islandsIn(build, item).some((w) => widgets.includes(w))) visit(key);
  }
  return [...seen];
}

/** The islands (widgets/<name>/island.tsx) whose code is in a manifest item's chunk. */
function islandsIn(build, item) {
  const out = build.metafile.outputs[relative(root, join(build.outdir, item.file)).split('\\').join('/')];
  return Object.keys(out?.inputs ?? {}).map((i) => /^widgets\/([^/]+)\/island\.tsx?$/.exec(i)?.[1]).filter(Boolean);
}

/** The islands named by `data-widget` on a demo page, as the demo server renders it. */
export async function widgetsOnPage(path) {
  const { renderPage } = await import(pathToFileURL(join(root, 'dist-demo/render.mjs')).href);
  const { html } = renderPage({ path, query: new URLSearchParams(), cookies: {}, build: 'preact' });
  return [...new Set([...html.matchAll(/data-widget="([a-z0-9-]+)"/g)].map((m) => m[1]))];
}

const kb = (n) => `${(n / 1024).toFixed(2)} KB`;

function printSizes(build) {
  const rows = sizesOf(build).sort((a, b) => a.kind.localeCompare(b.kind) || b.gzip - a.gzip);
  console.log(`\n${build.variant} build (${relative(root, build.outdir)}/)`);
  console.log(`${'chunk'.padEnd(44)} ${'kind'.padEnd(7)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)}`);
  for (const r of rows) {
    console.log(`${r.name.slice(0, 44).padEnd(44)} ${r.kind.padEnd(7)} ${kb(r.raw).padStart(10)} ${kb(r.gzip).padStart(10)} ${kb(r.brotli).padStart(10)}`);
  }
  return rows;
}

/** The same figures as Markdown, for docs/measurements.md. */
function markdownSizes(build, rows, total) {
  const lines = [`### ${build.variant} build (\`${relative(root, build.outdir)}/\`), gzip -9 and brotli -11`, '', '| chunk | kind | raw | gzip | brotli |', '|---|---|--:|--:|--:|'];
  for (const r of rows) lines.push(`| ${r.name} | ${r.kind} | ${kb(r.raw)} | ${kb(r.gzip)} | ${kb(r.brotli)} |`);
  return [...lines, '', `Demo category page (\`${CATEGORY_PAGE}\`), every chunk it can load: ${kb(total)} gzip.`].join('\n');
}

async function pageTotal(build, rows) {
  const keys = new Set(pageChunks(build, await widgetsOnPage(CATEGORY_PAGE)));
  return rows.filter((r) => keys.has(r.key)).reduce((sum, r) => sum + r.gzip, 0);
}

async function checkBudgets(build, rows) {
  const over = [];
  for (const r of rows) {
    if (r.kind === 'entry' && r.gzip > BUDGETS.entry) over.push(`entry ${kb(r.gzip)} > ${kb(BUDGETS.entry)}`);
    if (r.kind === 'css' && r.gzip > BUDGETS.css) over.push(`stylesheet ${kb(r.gzip)} > ${kb(BUDGETS.css)}`);
    if (r.kind === 'island') {
      const budget = PAYPAL_ISLANDS.includes(r.name) ? BUDGETS.islandWithPaypal : BUDGETS.island;
      if (r.gzip > budget) over.push(`island ${r.name} ${kb(r.gzip)} > ${kb(budget)}`);
    }
    if (Object.hasOwn(BUDGETS.chunks, r.key) && r.gzip > BUDGETS.chunks[r.key]) over.push(`chunk ${r.key} ${kb(r.gzip)} > ${kb(BUDGETS.chunks[r.key])}`);
    if (r.kind === 'group') {
      const budget = BUDGETS.groups[r.name.replace(/^groups\//, '')];
      if (budget === undefined) over.push(`group ${r.name} has no budget (scripts/budgets.mjs, groups)`);
      else if (r.gzip > budget) over.push(`group ${r.name} ${kb(r.gzip)} > ${kb(budget)}`);
    }
  }
  // A budget by source that names no chunk (a moved file) would hold nothing.
  for (const key of Object.keys(BUDGETS.chunks)) if (!rows.some((r) => r.key === key)) over.push(`chunk ${key} has a budget but no chunk (scripts/budgets.mjs, chunks)`);
  return { over, total: await pageTotal(build, rows) };
}

async function main(args) {
  const variants = args.has('--both') ? ['preact', 'react'] : args.has('--react') ? ['react'] : ['preact'];
  // esbuild has printed what failed.
  const builds = await build(variants).catch(() => process.exit(1));
  let failed = false;
  const totals = {};
  const report = [];
  for (const b of builds) {
    const rows = printSizes(b);
    const { over, total } = await checkBudgets(b, rows);
    totals[b.variant] = total;
    report.push(markdownSizes(b, rows, total));
    // The budgets hold the Preact build; the React build is a comparison.
    if (b.variant === 'preact') report.push(over.length ? `Over budget (\`scripts/budgets.mjs\`): ${over.join('; ')}.` : 'Within every budget of `scripts/budgets.mjs`.');
    // A figure, not a limit: what the page fetches has DESIGN.md's budget, measured in Chromium (BUDGETS.page).
    console.log(`category page (demo ${CATEGORY_PAGE}) JS total: ${kb(total)} gzip`);
    if (b.variant === 'preact' && over.length) {
      console.log(`OVER BUDGET:\n  ${over.join('\n  ')}`);
      failed = true;
    }
  }
  if (totals.preact && totals.react) {
    console.log(`Preact/React category page JS: ${(totals.preact / totals.react).toFixed(2)}`);
    report.push(`Preact ÷ React, the category page's chunks: ${(totals.preact / totals.react).toFixed(2)}.`);
  }
  if (args.has('--page')) {
    // What a shopper downloads and runs, measured in Chromium (both builds: use with --both).
    const { measureVariants, formatPageJs } = await import('./measure-js.mjs');
    const table = formatPageJs(await measureVariants({ path: CATEGORY_PAGE }));
    console.log(table);
    report.push(`### What a shopper's browser fetches and runs (\`scripts/measure-js.mjs\`)\n\n\`\`\`text\n${table.trim()}\n\`\`\``);
  }
  if (args.has('--report')) writeSection('size', 'Sizes', `node scripts/size.mjs ${[...args].join(' ')}`, report.join('\n\n'));
  if (args.has('--budgets') && failed) process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main(new Set(process.argv.slice(2)));
