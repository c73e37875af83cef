#!/usr/bin/env node
/**
 * The one build script (esbuild).
 *
 *   node build.mjs            Preact build into dist/ (what ships)
 *   node build.mjs --react    the same islands on React 19 into dist-react/
 *   node build.mjs --both     both
 *   node build.mjs --size     ...and fail when a size budget is exceeded
 *   node build.mjs --page     ...and measure the demo category page's JS in Chromium (scripts/measure-js.mjs)
 *   node build.mjs --serve    build, watch, and serve the demo pages (npm start);
 *                             the demo server answers the API (the mock
 *                             backend's handlers, in Node), as Laravel would
 *     --port 5173             its port (or PORT=5173; 0 picks a free one)
 *     --page-mock             answer the API in the page instead (MSW service
 *                             worker), as on a static host
 *
 * Output: content-hashed chunks with source maps, one CSS file, stable-named
 * `storefront.js`/`storefront.css` for pages without a manifest reader, and
 * `manifest.json` in Vite's format for Laravel's @vite directive. It prints
 * every chunk's raw, gzip and brotli size.
 */
import * as esbuild from 'esbuild';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// Leaves out the parts of axios no call uses (the fetch adapter alone is 4.4 KB gzip).
import { trimAxios } from './scripts/trim-axios.mjs';
import { supportedTarget } from './scripts/browsers.mjs';

const root = dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const args = new Set(argv);

/**
 * The render version in every hydration marker (shared/runtime/ssr.ts): a
 * hash of the island sources, the same for the server renderer and both
 * client builds, so server HTML from other sources is rendered again.
 */
function renderVersion() {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.(tsx?|svg)$/.test(entry.name)) hash.update(path).update(readFileSync(join(root, path)));
    }
  };
  walk('shared');
  walk('widgets');
  // An upgrade of what renders the HTML changes it too: old cached server HTML must not hydrate.
  for (const pkg of ['preact', 'preact-render-to-string', 'react', 'react-dom']) {
    hash.update(`${pkg}@${JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version}`);
  }
  return hash.digest('hex').slice(0, 10);
}
const RENDER_VERSION = JSON.stringify(renderVersion());
export const SERVER_ENTRY = 'shared/runtime/server.tsx';

export const ENTRY = 'shared/runtime/entry.ts';
export const CSS_ENTRY = 'shared/styles/index.css';

/** Budgets from DESIGN.md, in gzip bytes. */
export const BUDGETS = {
  entry: 3 * 1024,
  island: 8 * 1024,
  islandWithPaypal: 14 * 1024,
  categoryPage: 60 * 1024,
  /** Each chunk group of widgets/groups/ (README "Chunk groups"). */
  groups: { 'every-page': 10 * 1024, category: 2 * 1024 },
};
/** Islands allowed the larger budget. */
const PAYPAL_ISLANDS = new Set(['add-to-cart', 'add-to-cart/AddToCartForm', 'paypal-express/PaypalExpress']);

const PREACT_ALIAS = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
};

/**
 * The product placeholders are inlined (a few hundred bytes): server-rendered
 * cards then carry the same image URL as the browser's render.
 */
const inlinePlaceholders = {
  name: 'inline-placeholders',
  setup(build) {
    build.onLoad({ filter: /shared[\\/]assets[\\/][^\\/]+\.svg$/ }, (args) => ({ contents: readFileSync(args.path), loader: 'dataurl' }));
  },
};

/** `transport`: the files prefetch.ts preloads, defined as one string (an array define becomes a shared chunk of its own). */
function options(variant, outdir, transport = []) {
  return {
    absWorkingDir: root,
    entryPoints: [{ in: ENTRY, out: 'storefront' }, { in: CSS_ENTRY, out: 'storefront' }],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    // The browser support list in package.json (README "Browser support").
    target: supportedTarget(root),
    minify: true,
    sourcemap: 'linked',
    metafile: true,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    loader: { '.svg': 'file' },
    jsx: 'automatic',
    alias: variant === 'preact' ? PREACT_ALIAS : {},
    define: { 'process.env.NODE_ENV': '"production"', SFW_RENDER_VERSION: RENDER_VERSION, SFW_TRANSPORT_FILES: JSON.stringify(transport.join(' ')) },
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [trimAxios, inlinePlaceholders],
  };
}

/** Builds one variant and writes the manifest and stable-named entries. */
export async function buildVariant(variant) {
  const outdir = join(root, variant === 'preact' ? 'dist' : 'dist-react');
  const temp = `${outdir}.tmp-${process.pid}`;
  rmSync(temp, { recursive: true, force: true });
  // Two passes: the first names the transport chunks, the second writes them into the entry.
  const first = await esbuild.build({ ...options(variant, temp), write: false });
  const transport = transportFiles(first.metafile, temp);
  const result = await esbuild.build(options(variant, temp, transport));
  const missing = transport.filter((file) => !result.metafile.outputs[`${relative(root, temp)}/${file.slice(2)}`.split('\\').join('/')]);
  if (missing.length) throw new Error(`build: the transport chunks changed between the passes: ${missing.join(', ')}`);
  finish(variant, temp, result.metafile);
  rmSync(outdir, { recursive: true, force: true });
  renameSync(temp, outdir);
  const metafile = JSON.parse(JSON.stringify(result.metafile).split(relative(root, temp)).join(relative(root, outdir)));
  return { variant, outdir, metafile, manifest: JSON.parse(readFileSync(join(outdir, 'manifest.json'), 'utf8')) };
}

/**
 * The files prefetched at idle (shared/runtime/prefetch.ts), as './chunks/…'
 * relative to the entry: the transport chunk (shared/api/transport.ts:
 * axios) and the framework's chunk (Preact, or React in the React build),
 * each with what it imports, less what the entry already loads. The first
 * interaction wakes the islands and often calls the API: these are its
 * largest parts, fetched but not run. Only the entry gets the list; no chunk
 * imports the entry, so its change cannot move another chunk's content
 * hash, and the second pass names every chunk as the first did.
 */
function transportFiles(metafile, outdir) {
  const outputs = metafile.outputs;
  const closure = (file, seen = new Set()) => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const i of outputs[file]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) closure(i.path, seen);
    return seen;
  };
  const find = (src) => Object.keys(outputs).find((file) => outputs[file].entryPoint === src && file.endsWith('.js'));
  const transport = find('shared/api/transport.ts');
  if (!transport) throw new Error('build: no transport chunk (shared/api/transport.ts) in the output');
  const framework = Object.keys(outputs).find((file) => Object.keys(outputs[file].inputs ?? {}).some((src) => /node_modules\/(preact\/dist\/preact\.|react-dom\/)/.test(src)));
  if (!framework) throw new Error('build: no chunk holds the framework (preact or react-dom)');
  const loaded = closure(find(ENTRY));
  const wanted = closure(framework, closure(transport));
  return [...wanted].filter((file) => !loaded.has(file)).map((file) => `./${relative(outdir, join(root, file)).split('\\').join('/')}`);
}

/**
 * dist/server/render.js: `render(widget, props, config)` for Node (the demo
 * server, the render service), the same islands on Preact, one file.
 */
export async function buildServer() {
  const outfile = join(root, 'dist/server/render.js');
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: [SERVER_ENTRY],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    alias: PREACT_ALIAS,
    loader: { '.svg': 'dataurl', '.css': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"', SFW_RENDER_VERSION: RENDER_VERSION },
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [trimAxios],
  });
  return outfile;
}

function finish(variant, outdir, metafile) {
  const manifest = viteManifest(metafile, outdir);
  writeFileSync(join(outdir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  const entry = manifest[ENTRY];
  // Stable names for pages that cannot read the manifest.
  writeFileSync(join(outdir, 'storefront.js'), `import './${entry.file}';\n`);
  if (entry.css?.[0]) copyFileSync(join(outdir, entry.css[0]), join(outdir, 'storefront.css'));
  return { variant, outdir, metafile, manifest };
}

/** Vite's manifest format: keyed by source path, with file, imports, dynamicImports, css. */
function viteManifest(metafile, outdir) {
  const rel = (p) => relative(outdir, join(root, p)).split('\\').join('/');
  const outputs = Object.entries(metafile.outputs).filter(([file]) => !file.endsWith('.map'));
  const keyOf = new Map();
  for (const [file, out] of outputs) {
    if (out.entryPoint) keyOf.set(file, out.entryPoint);
    else if (file.endsWith('.js')) keyOf.set(file, `_${basename(file)}`);
  }
  // A dynamic import target is an esbuild output whose inputs include the imported source.
  const manifest = {};
  for (const [file, out] of outputs) {
    if (!file.endsWith('.js')) continue;
    const key = keyOf.get(file);
    const item = { file: rel(file) };
    if (out.entryPoint) {
      item.src = out.entryPoint;
      if (out.entryPoint === ENTRY) item.isEntry = true;
      else item.isDynamicEntry = true;
      item.name = out.entryPoint === ENTRY ? 'storefront' : widgetName(out.entryPoint);
    }
    const imports = out.imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => keyOf.get(i.path)).filter(Boolean);
    const dynamic = out.imports.filter((i) => i.kind === 'dynamic-import').map((i) => keyOf.get(i.path) ?? i.path).filter(Boolean);
    if (imports.length) item.imports = imports;
    if (dynamic.length) item.dynamicImports = dynamic;
    if (out.entryPoint === ENTRY) {
      const css = outputs.find(([, o]) => o.entryPoint === CSS_ENTRY);
      if (css) item.css = [rel(css[0])];
    }
    const assets = out.imports.filter((i) => i.kind === 'file-loader' || /\.(svg|png)$/.test(i.path)).map((i) => rel(i.path));
    if (assets.length) item.assets = assets;
    manifest[key] = item;
  }
  const css = outputs.find(([, o]) => o.entryPoint === CSS_ENTRY);
  if (css) manifest[CSS_ENTRY] = { file: rel(css[0]), src: CSS_ENTRY, isEntry: true, name: 'storefront' };
  return manifest;
}

/** 'cart-dialogs' for widgets/cart-dialogs/island.tsx, 'cart-dialogs/Dialogs' for a lazy part of it. */
function widgetName(src) {
  const m = /^widgets\/([^/]+)\/(.+)\.tsx?$/.exec(src);
  if (!m) return basename(src);
  return m[2] === 'island' ? m[1] : `${m[1]}/${m[2]}`;
}

// --- sizes ---------------------------------------------------------------

export function sizesOf(build) {
  const rows = [];
  for (const [key, item] of Object.entries(build.manifest)) {
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
    for (const i of build.manifest[key]?.dynamicImports ?? []) if (build.manifest[i]?.src?.startsWith('shared/')) visit(i);
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
  const { renderPage } = await import(`${pathToFileURL(join(root, 'dist-demo/render.mjs')).href}?t=${Date.now()}`);
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

const CATEGORY_PAGE = "/";
/** The demo product page the README and the bench use. */
export const PRODUCT_PAGE = '/2025-26-topps-chrome-uefa-club-competitions-soccer';

async function pageTotal(build, rows) {
  const keys = new Set(pageChunks(build, await widgetsOnPage(CATEGORY_PAGE)));
  return rows.filter((r) => keys.has(r.key)).reduce((sum, r) => sum + r.gzip, 0);
}

async function checkBudgets(build, rows) {
  const over = [];
  for (const r of rows) {
    if (r.kind === 'entry' && r.gzip > BUDGETS.entry) over.push(`entry ${kb(r.gzip)} > ${kb(BUDGETS.entry)}`);
    if (r.kind === 'island') {
      const budget = PAYPAL_ISLANDS.has(r.name) ? BUDGETS.islandWithPaypal : BUDGETS.island;
      if (r.gzip > budget) over.push(`island ${r.name} ${kb(r.gzip)} > ${kb(budget)}`);
    }
    if (r.kind === 'group') {
      const budget = BUDGETS.groups[r.name.replace(/^groups\//, '')];
      if (budget === undefined) over.push(`group ${r.name} has no budget (BUDGETS.groups)`);
      else if (r.gzip > budget) over.push(`group ${r.name} ${kb(r.gzip)} > ${kb(budget)}`);
    }
  }
  const total = await pageTotal(build, rows);
  if (total > BUDGETS.categoryPage) over.push(`category page JS ${kb(total)} > ${kb(BUDGETS.categoryPage)}`);
  return { over, total };
}

// --- demo support ------------------------------------------------------

/** The demo's mock backend (MSW, browser) and the server-side page renderer. */
export async function buildDemo() {
  const final = join(root, 'dist-demo');
  const outdir = `${final}.tmp-${process.pid}`;
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { mock: 'demo-pages/mock/browser.ts', 'fake-paypal-sdk': 'demo-pages/mock/fake-paypal-sdk.ts' },
    outdir,
    bundle: true,
    format: 'esm',
    minify: false,
    sourcemap: true,
    logLevel: 'warning',
  }).catch(() => process.exit(1));
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { render: 'demo-pages/render.ts', 'server-api': 'demo-pages/mock/server-api.ts' },
    outdir,
    bundle: true,
    platform: 'node',
    packages: 'external',
    format: 'esm',
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  });
  copyFileSync(join(root, 'node_modules/msw/lib/mockServiceWorker.js'), join(outdir, 'mockServiceWorker.js'));
  rmSync(final, { recursive: true, force: true });
  renameSync(outdir, final);
}

async function main() {
  const variants = args.has('--both') ? ['preact', 'react'] : args.has('--react') ? ['react'] : ['preact'];
  const builds = [];
  for (const variant of variants) builds.push(await buildVariant(variant));
  await buildServer();
  await buildDemo();
  let failed = false;
  const totals = {};
  for (const build of builds) {
    const rows = printSizes(build);
    const { over, total } = await checkBudgets(build, rows);
    totals[build.variant] = total;
    console.log(`category page (demo ${CATEGORY_PAGE}) JS total: ${kb(total)} gzip (budget ${kb(BUDGETS.categoryPage)})`);
    if (build.variant === 'preact' && over.length) {
      console.log(`OVER BUDGET:\n  ${over.join('\n  ')}`);
      failed = true;
    }
  }
  if (totals.preact && totals.react) {
    console.log(`Preact/React category page JS: ${(totals.preact / totals.react).toFixed(2)}`);
  }
  if (args.has('--page')) {
    // What a shopper downloads and runs, measured in Chromium (both builds: use with --both).
    const { measureVariants, formatPageJs } = await import('./scripts/measure-js.mjs');
    console.log(formatPageJs(await measureVariants({ path: CATEGORY_PAGE })));
  }
  if (args.has('--size') && failed) process.exit(1);
  if (args.has('--serve')) await serve();
}

/** npm start: rebuilds dist/ on every change and serves the demo shop. */
async function serve() {
  const { startDemoServer } = await import('./demo-pages/server.mjs');
  const outdir = join(root, 'dist');
  let firstBuild;
  const built = new Promise((resolve) => (firstBuild = resolve));
  const writeManifest = {
    name: 'manifest',
    setup: (b) =>
      // esbuild reads what onEnd returns as options: return nothing.
      b.onEnd((r) => {
        if (r.metafile) finish('preact', outdir, r.metafile);
        firstBuild();
      }),
  };
  // As buildVariant: the entry names the transport chunks it prefetches (a
  // build without them would also overwrite dist/ with an entry that prefetches nothing).
  const transport = transportFiles((await esbuild.build({ ...options('preact', outdir), write: false })).metafile, outdir);
  const base = options('preact', outdir, transport);
  const ctx = await esbuild.context({ ...base, plugins: [...base.plugins, writeManifest] });
  await ctx.watch();
  await built;
  const mock = args.has('--page-mock') ? 'page' : 'server';
  const portArg = argv.indexOf('--port');
  const port = Number(portArg >= 0 ? argv[portArg + 1] : (process.env.PORT ?? 5173));
  if (!Number.isInteger(port) || port < 0) throw new Error(`bad port: ${portArg >= 0 ? argv[portArg + 1] : process.env.PORT}`);
  const { url } = await startDemoServer({ port, mock }).catch((error) => {
    if (error.code !== 'EADDRINUSE') throw error;
    console.error(`Port ${port} is in use: stop what runs there, or pick another port (npm start -- --port 8080).`);
    process.exit(1);
  });
  const api = mock === 'server' ? 'the demo server answers the API' : 'the API is answered in the page (MSW service worker)';
  console.log(`\nDemo shop: ${url}  (product page: ${url}${PRODUCT_PAGE.slice(1)})\n${api}. Watching for changes. Ctrl+C to stop.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
