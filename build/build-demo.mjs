/**
 * dist-demo/: what the demo pages need besides the bundle, built by
 * build.mjs: the in-page mock backend (MSW) and the fake PayPal SDK for the
 * browser, the demo shop's stylesheet, the legacy page's Bootstrap and jQuery, and for the demo server (Node) the
 * page renderer and the mock API.
 */
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { islandsPlugin } from './islands.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

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
  });
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
    // The /islands page's examples (sfw:examples).
    plugins: [islandsPlugin(root)],
  });
  // The demo shop's stylesheet, one file from its parts (demo-pages/styles/demo.css says why).
  await esbuild.build({ absWorkingDir: root, entryPoints: { demo: 'demo-pages/styles/demo.css' }, outdir, bundle: true, logLevel: 'warning' });
  copyFileSync(join(root, 'node_modules/msw/lib/mockServiceWorker.js'), join(outdir, 'mockServiceWorker.js'));
  // The legacy test page's Bootstrap 3 and jQuery 1 (pages/legacy-bootstrap3.html), served as same-origin files.
  mkdirSync(join(outdir, 'legacy'));
  copyFileSync(join(root, 'node_modules/bootstrap/dist/css/bootstrap.min.css'), join(outdir, 'legacy/bootstrap.min.css'));
  copyFileSync(join(root, 'node_modules/jquery/dist/jquery.min.js'), join(outdir, 'legacy/jquery.min.js'));
  rmSync(final, { recursive: true, force: true });
  renameSync(outdir, final);
}
