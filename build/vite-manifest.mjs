/**
 * The build's manifest.json (build.mjs), from esbuild's metafile, in Vite's
 * format, which Laravel's @vite directive and the Laravel package's head
 * component (laravel/) read.
 */
import { basename, join, relative } from 'node:path';

/** Old entry path → new (CHANGELOG.md "Entry path"). */
export const MOVED_ENTRIES = { 'shared/runtime/entry.ts': 'widgets/storefront.ts', 'shared/styles/index.css': 'widgets/storefront.css' };

/** Vite's manifest format: keyed by source path, with file, imports, dynamicImports, css. */
export function viteManifest(metafile, { root, outdir, entry: ENTRY, cssEntry: CSS_ENTRY }) {
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
  // The entries' old paths in shared/: templates with
  // @vite('shared/runtime/entry.ts') keep working (CHANGELOG.md "Entry path").
  for (const [old, now] of Object.entries(MOVED_ENTRIES)) if (manifest[now]) manifest[old] = { ...manifest[now], src: old };
  return manifest;
}

/** 'cart-dialogs' for widgets/cart-dialogs/island.tsx, 'cart-dialogs/Dialogs' for a lazy part of it. */
function widgetName(src) {
  const m = /^widgets\/([^/]+)\/(.+)\.tsx?$/.exec(src);
  if (!m) return basename(src);
  return m[2] === 'island' ? m[1] : `${m[1]}/${m[2]}`;
}
