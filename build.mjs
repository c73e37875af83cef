#!/usr/bin/env node
/**
 * The one build script (esbuild). It builds; the size report and budgets
 * (scripts/size.mjs) and the dev server (scripts/dev-server.mjs) use it; its
 * helpers are in build/ and import nothing outside it.
 *
 *   node build.mjs            Preact build into dist/ (what ships)
 *   node build.mjs --react    the same islands on React 19 into dist-react/
 *   node build.mjs --both     both
 *
 * Each also writes dist/server/render.js (the server renderer),
 * dist-server/ssr-server.mjs (the render service, from server/: npm run ssr)
 * and dist-demo/ (the demo's mock backend and page renderer); the Preact
 * build also writes laravel/dist/, the Laravel package's bundle and render service.
 *
 * Output: content-hashed chunks with source maps, one CSS file, stable-named
 * `storefront.js`/`storefront.css` for pages without a manifest reader, and
 * `manifest.json` in Vite's format for Laravel's @vite directive.
 * Importing this module builds nothing: it exports the steps.
 */
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addCompileHint } from './build/compile-hint.mjs';
// Leaves out the parts of axios no call uses (the fetch adapter alone is 4.4 KB gzip).
import { trimAxios } from './build/trim-axios.mjs';
import { supportedTarget } from './build/browsers.mjs';
import { viteManifest } from './build/vite-manifest.mjs';
import { buildDemo } from './build/build-demo.mjs';
import { buildLaravel } from './build/build-laravel.mjs';
import { buildService, SERVICE_OUT } from './build/build-service.mjs';
import { islandsPlugin } from './build/islands.mjs';

const root = dirname(fileURLToPath(import.meta.url));

/**
 * The render version in every hydration marker (shared/runtime/ssr.ts): a
 * hash of the island sources, the same for the server renderer and both
 * client builds, so server HTML from other sources is rendered again.
 */
let renderVersion;
function hashSources() {
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
/** The render version as an esbuild define, hashed once per process, when a build first needs it. */
const RENDER_VERSION = () => JSON.stringify((renderVersion ??= hashSources()));
export const SERVER_ENTRY = 'widgets/server.tsx';

export const ENTRY = 'widgets/storefront.ts';
export const CSS_ENTRY = 'widgets/storefront.css';

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

/** `preloadFile`: the name of the preload map (preloadMap), relative to the entry. */
function options(variant, outdir, preloadFile = '') {
  return {
    absWorkingDir: root,
    entryPoints: [{ in: ENTRY, out: 'storefront' }, { in: CSS_ENTRY, out: 'storefront' }],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    // The browser support list in package.json (docs/architecture.md "Browser support").
    target: supportedTarget(root),
    minify: true,
    // Written beside each file but not linked from it: no shopper downloads the comment (~50 B a file, 10 files before input);
    // the demo server names each map in a SourceMap header, which DevTools follows.
    sourcemap: 'external',
    metafile: true,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    loader: { '.svg': 'file' },
    jsx: 'automatic',
    alias: variant === 'preact' ? PREACT_ALIAS : {},
    define: {
      'process.env.NODE_ENV': '"production"',
      SFW_RENDER_VERSION: RENDER_VERSION(),
      SFW_PRELOAD_FILE: JSON.stringify(preloadFile),
      SFW_REACT: String(variant === 'react'),
      // The field beacon's build (shared/field/collect.ts): the package version + the render version.
      SFW_VERSION: JSON.stringify(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version),
    },
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [trimAxios, inlinePlaceholders, islandsPlugin(root)],
  };
}

/** Builds one variant and writes the manifest and stable-named entries. */
export async function buildVariant(variant) {
  const outdir = join(root, variant === 'preact' ? 'dist' : 'dist-react');
  const temp = `${outdir}.tmp-${process.pid}`;
  rmSync(temp, { recursive: true, force: true });
  // Two passes: the first names the chunks to preload, the second writes their names into the entry.
  const first = await esbuild.build({ ...options(variant, temp), write: false });
  const preload = preloadFiles(first.metafile, temp);
  const map = preloadMap(preload);
  const result = await esbuild.build(options(variant, temp, `./${map.name}`));
  writeFileSync(join(temp, map.name), map.json);
  const { files } = map;
  const missing = files.filter((file) => !result.metafile.outputs[`${relative(root, temp)}/${file.slice(2)}`.split('\\').join('/')]);
  if (missing.length) throw new Error(`build: the preloaded chunks changed between the passes: ${missing.join(', ')}`);
  addCompileHint(temp, files);
  finish(variant, temp, result.metafile);
  rmSync(outdir, { recursive: true, force: true });
  renameSync(temp, outdir);
  const metafile = JSON.parse(JSON.stringify(result.metafile).split(relative(root, temp)).join(relative(root, outdir)));
  return { variant, outdir, metafile, preload, manifest: JSON.parse(readFileSync(join(outdir, 'manifest.json'), 'utf8')) };
}

/**
 * The files prefetched at idle (shared/runtime/prefetch.ts), as './chunks/…'
 * relative to the entry, less what the entry already loads:
 * - under '*', for every page: the transport chunk (shared/api/transport.ts:
 *   axios), the framework's chunk (Preact, or React in the React build) and
 *   the runtime's lazy part (shared/runtime/deliver.ts), each with what it
 *   imports;
 * - under each module the entry imports lazily, by its chunkName (the
 *   `chunk` of its registry lines): its chunk and what that imports.
 * The first interaction wakes the islands and often calls the API: with
 * these fetched (not run) it waits for no request. Only the entry gets the
 * map; no chunk imports the entry, so its change cannot move another chunk's
 * content hash, and the second pass names every chunk as the first did.
 *
 * `run`: what the browser also runs when idle, before any input: React DOM in
 * the React build. Its 200 KB take 150–300 ms to compile and run on a phone
 * (4× CPU), one task a first tap would wait behind; Preact's few KB are not
 * worth running early.
 */
function preloadFiles(metafile, outdir) {
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
  const entry = find(ENTRY);
  const loaded = closure(entry);
  const names = (files) => [...files].filter((file) => !loaded.has(file)).map((file) => `./${relative(outdir, join(root, file)).split('\\').join('/')}`);
  const preload = { '*': names(closure(framework, closure(transport))) };
  for (const i of outputs[entry].imports) {
    const src = i.kind === 'dynamic-import' ? outputs[i.path]?.entryPoint : undefined;
    if (src?.startsWith('widgets/')) preload[chunkName(src)] = names(closure(i.path)).filter((file) => !preload['*'].includes(file));
    // The runtime's own lazy part (shared/runtime/deliver.ts): every page. Not the field chunk: only a sampled page view loads it.
    else if (src?.startsWith('shared/') && !src.startsWith('shared/field/')) preload['*'].push(...names(closure(i.path)).filter((file) => !preload['*'].includes(file)));
  }
  return { chunks: preload, run: /node_modules\/react-dom\//.test(Object.keys(outputs[framework].inputs).join()) ? names([framework]) : [] };
}

/** A lazy module's name in the preload map: a group's ('widgets/groups/every-page.ts': 'every-page'), else its folder's ('widgets/header/island.ts': 'header'). */
export const chunkName = (src) => src.replace(/^widgets\/(groups\/)?/, '').replace(/(\/island)?\.tsx?$/, '');

/**
 * The preload map, a JSON file next to the entry that prefetch.ts fetches at
 * idle (data, not code: the entry that runs before input stays small), named
 * by its content hash: each file once, as its name under chunks/ without
 * '.js', each chunk's files as indexes into that list, and `run` (the
 * files the browser also runs when idle) the same way. `files`: those
 * files, './chunks/…' relative to the entry.
 */
function preloadMap({ chunks: preload, run }) {
  const files = [...new Set(Object.values(preload).flat())];
  const bad = files.find((file) => !/^\.\/chunks\/[^/]+\.js$/.test(file));
  if (bad) throw new Error(`build: a preloaded file outside chunks/: ${bad}`);
  const chunks = Object.fromEntries(Object.entries(preload).map(([chunk, list]) => [chunk, list.map((file) => files.indexOf(file))]));
  const json = JSON.stringify({ files: files.map((file) => file.slice('./chunks/'.length, -'.js'.length)), chunks, run: run.map((file) => files.indexOf(file)) });
  return { name: `preload-${createHash('sha256').update(json).digest('hex').slice(0, 8)}.json`, json, files };
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
    define: { 'process.env.NODE_ENV': '"production"', SFW_RENDER_VERSION: RENDER_VERSION() },
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [trimAxios, islandsPlugin(root)],
  });
  return outfile;
}

function finish(variant, outdir, metafile) {
  const manifest = viteManifest(metafile, { root, outdir, entry: ENTRY, cssEntry: CSS_ENTRY });
  // What the PHP clients send the render service (X-Storefront-Render-Version): it renders the hooks of
  // a page only for the bundle it loads (docs/render-service.md "Deadlines").
  manifest[ENTRY].renderVersion = (renderVersion ??= hashSources());
  writeFileSync(join(outdir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  const entry = manifest[ENTRY];
  // Stable names for pages that cannot read the manifest.
  writeFileSync(join(outdir, 'storefront.js'), `import './${entry.file}';\n`);
  if (entry.css?.[0]) copyFileSync(join(outdir, entry.css[0]), join(outdir, 'storefront.css'));
  return { variant, outdir, metafile, manifest };
}

/** Builds the client variants, the server renderer and the demo; returns each variant's build. */
export async function build(variants = ['preact']) {
  const builds = [];
  for (const variant of variants) builds.push(await buildVariant(variant));
  await buildServer();
  await buildService(root);
  if (variants.includes('preact')) await buildLaravel(root);
  await buildDemo();
  return builds;
}

/**
 * Rebuilds dist/ (Preact) on every change of the sources (npm start);
 * resolves after the first build. As buildVariant, the entry names the
 * chunks it prefetches (a build without them would also overwrite dist/
 * with an entry that prefetches nothing): `preload` as the Preact build
 * just named them, or found by a pass of its own.
 */
export async function watch(preload) {
  const outdir = join(root, 'dist');
  let firstBuild;
  const built = new Promise((resolve) => (firstBuild = resolve));
  const writeManifest = {
    name: 'manifest',
    setup: (b) =>
      // esbuild reads what onEnd returns as options: return nothing.
      b.onEnd((r) => {
        if (r.metafile) {
          addCompileHint(outdir, map.files);
          finish('preact', outdir, r.metafile);
        }
        firstBuild();
      }),
  };
  const map = preloadMap(preload ?? preloadFiles((await esbuild.build({ ...options('preact', outdir), write: false })).metafile, outdir));
  const base = options('preact', outdir, `./${map.name}`);
  const ctx = await esbuild.context({ ...base, plugins: [...base.plugins, writeManifest] });
  mkdirSync(outdir, { recursive: true });
  writeFileSync(join(outdir, map.name), map.json);
  await ctx.watch();
  await built;
  return ctx;
}

async function main(argv) {
  const unknown = argv.filter((a) => !['--both', '--react'].includes(a));
  if (unknown.length) {
    console.error(`build.mjs: unknown option ${unknown.join(' ')} (sizes and budgets: npm run size; the dev server: npm start)`);
    process.exit(2);
  }
  const variants = argv.includes('--both') ? ['preact', 'react'] : argv.includes('--react') ? ['react'] : ['preact'];
  // esbuild has printed what failed.
  const builds = await build(variants).catch(() => process.exit(1));
  for (const b of builds) console.log(`${b.variant} build: ${relative(root, b.outdir)}/ (${Object.keys(b.manifest).length} manifest entries)`);
  console.log(`server renderer: dist/server/render.js; render service: ${SERVICE_OUT}; demo: dist-demo/`);
  if (variants.includes('preact')) console.log('Laravel package: laravel/dist/ (bundle, renderer, render service)');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));
