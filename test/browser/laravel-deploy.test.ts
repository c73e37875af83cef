/**
 * A deploy under an open page, in a real Laravel app (laravel/tests/app on
 * Laravel 8; laravel/tests/app11, the Laravel 11+ skeleton, on Laravel 13 with
 * PHP 8.4 in the sid root of scripts/sid-root.sh, when built) served by `php -S`, as docs/laravel.md "Deploying" says to do it: a page of
 * build A is open, build B is published (in place; and in a fresh release
 * folder whose public/storefront links to a shared folder, the old release
 * then removed), and only then the shopper's first Add to cart: the added
 * dialog's chunk, never loaded before, comes from build A and the dialog
 * opens. Build B is build A with that dialog changed (its chunk renamed), so
 * build A's chunk exists only where build A was kept.
 *
 * Without PHP this file does not run and says so in one line; without the sid
 * root, one line says the Laravel 13 app did not run (in CI it fails).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, settled, waitForIslands } from './harness';
import { trackRequests } from './settle';
import { freePort, hasLaravelPhp } from './servers';

const root = resolve(__dirname, '../..');
const buildA = join(root, 'laravel/dist/public');
const DIALOG = 'widgets/cart-dialogs/Dialogs.tsx';

const php = hasLaravelPhp();
if (!php) console.log('laravel-deploy.test.ts: not run (no php with Debian\'s Laravel). Install: sudo scripts/php-deps.sh');
const versions = [{ name: 'Laravel 8', php: 'php', app: join(root, 'laravel/tests/app') }];
const php84 = join(root, 'scripts/php84');
if (hasLaravelPhp(php84)) versions.push({ name: 'Laravel 13', php: php84, app: join(root, 'laravel/tests/app11') });
else console.log('laravel-deploy.test.ts: Laravel 13 (Debian sid, PHP 8.4) not run (no sid root, or not root). Build it: sudo scripts/sid-root.sh');
if (process.env.CI === 'true' && versions.length < 2) throw new Error('laravel-deploy.test.ts in CI: no Laravel 13');


/** The first add after build B was published fetched build A's dialog chunk, which was still there, and nothing was logged. */
function expectBuildAServed({ dialogChunk, messages }: { dialogChunk: Array<{ status: number; url: string }>; messages: string[] }): void {
  expect(dialogChunk).toHaveLength(1);
  expect(dialogChunk[0]!.status).toBe(200);
  expect(dialogChunk[0]!.url).not.toContain('CHANGED1');
  expect(messages).toEqual([]);
}

describe.skipIf(!php).each(versions)('a deploy under an open page ($name app)', ({ php: phpCommand, app }) => {
  let browser: Browser;
  let work: string;
  let buildB: string;
  let server: ChildProcess | undefined;
  let port: number;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'storefront-deploy-'));
    mkdirSync(join(work, 'storage'));
    // Build B: build A with the added dialog changed.
    buildB = join(work, 'build-b');
    cpSync(buildA, buildB, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(buildB, 'manifest.json'), 'utf8'));
    const old = manifest[DIALOG].file as string;
    manifest[DIALOG].file = old.replace(/-[A-Z0-9]+\.js$/, '-CHANGED1.js');
    renameSync(join(buildB, old), join(buildB, manifest[DIALOG].file));
    appendFileSync(join(buildB, manifest[DIALOG].file), '\n// build B\n');
    writeFileSync(join(buildB, 'manifest.json'), JSON.stringify(manifest));
    browser = await launchChromium();
  });

  afterAll(async () => {
    await stop();
    await browser?.close();
    rmSync(work, { recursive: true, force: true });
  });

  /** The environment of one release: its public folder and the bundle its package holds. */
  const envOf = (publicDir: string, bundle: string) => ({
    ...process.env,
    APP_STORAGE: join(work, 'storage'),
    APP_PUBLIC: publicDir,
    STOREFRONT_BUNDLE: bundle,
    STOREFRONT_SSR: 'false',
  });

  /** A release's public/: the app's own files, and public/storefront linked to the shared folder or not. */
  function release(name: string, shared?: string): string {
    const publicDir = join(work, name, 'public');
    mkdirSync(publicDir, { recursive: true });
    cpSync(join(app, 'public/img'), join(publicDir, 'img'), { recursive: true });
    if (shared) symlinkSync(shared, join(publicDir, 'storefront'));
    return publicDir;
  }

  function artisan(env: NodeJS.ProcessEnv, ...args: string[]): string {
    return execFileSync(phpCommand, [join(app, 'artisan'), ...args], { env, encoding: 'utf8' });
  }

  /** `php -S` serving a release on the one port (the web server pointed at it). */
  async function serve(env: NodeJS.ProcessEnv, publicDir: string): Promise<void> {
    port ??= await freePort();
    server = await new Promise<ChildProcess>((done, fail) => {
      const child = spawn(phpCommand, ['-S', `127.0.0.1:${port}`, '-t', publicDir, join(app, 'server.php')], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk;
        if (/Development Server .* started/.test(output)) done(child);
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => fail(new Error(`php -S exited (${code}): ${output}`)));
    });
  }

  function stop(): Promise<void> {
    const child = server;
    server = undefined;
    if (!child || child.exitCode !== null) return Promise.resolve();
    return new Promise((done) => {
      child.once('exit', () => done());
      process.kill(-child.pid!, 'SIGTERM');
    });
  }

  /** Opens a page of build A, runs the deploy, then adds the first card to the cart. */
  async function addAfter(deploy: () => Promise<void>): Promise<{ dialogChunk: { url: string; status: number }[]; messages: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    trackRequests(page);
    const messages: string[] = [];
    page.on('console', (msg) => {
      // The browser's own favicon request is no part of the page.
      if (!msg.location().url.endsWith('/favicon.ico')) messages.push(`${msg.type()}: ${msg.text()} (${msg.location().url})`);
    });
    page.on('pageerror', (error) => messages.push(`uncaught: ${error.message}`));
    const dialogChunk: { url: string; status: number }[] = [];
    page.on('response', (r) => {
      if (/\/chunks\/Dialogs-/.test(r.url())) dialogChunk.push({ url: r.url(), status: r.status() });
      if (r.status() >= 400) messages.push(`HTTP ${r.status()}: ${r.url()}`);
    });
    await page.goto(`http://127.0.0.1:${port}/?cards=4`);
    await waitForIslands(page);
    await settled(page); // what the page fetches at idle is fetched: nothing is in flight during the deploy
    expect(dialogChunk).toEqual([]);

    await deploy();

    const added = page.waitForResponse((r) => r.url().endsWith('/cart/add-item'));
    await page.locator('.sfw-teaser-card').first().locator('button', { hasText: 'Add to cart' }).click();
    expect((await added).status()).toBe(200);
    await expect.poll(() => page.getByText('Product added to your cart!').isVisible()).toBe(true);
    await context.close();
    return { dialogChunk, messages };
  }

  it('in place: build B published into the same public/storefront, the server never stopped', async () => {
    const publicDir = release('in-place');
    // The package's dist/public in the app's vendor/: build A, until composer install brings build B.
    const bundle = join(work, 'in-place', 'vendor-bundle');
    cpSync(buildA, bundle, { recursive: true });
    const env = envOf(publicDir, bundle);
    artisan(env, 'storefront:publish');
    await serve(env, publicDir);
    try {
      expectBuildAServed(await addAfter(async () => {
        rmSync(bundle, { recursive: true });
        cpSync(buildB, bundle, { recursive: true });
        expect(artisan(env, 'storefront:publish')).toMatch(/^Published build [0-9a-f]{12} into public\/storefront\//);
        artisan(env, 'storefront:prune-builds', '--keep-hours=24');
      }));
    } finally {
      await stop();
    }
  });

  it('zero-downtime: build B in a fresh release folder, public/storefront shared, the old release removed', async () => {
    const shared = join(work, 'shared-storefront');
    mkdirSync(shared);
    const public1 = release('release-1', shared);
    const env1 = envOf(public1, buildA);
    artisan(env1, 'storefront:publish');
    await serve(env1, public1);
    try {
      expectBuildAServed(await addAfter(async () => {
        const public2 = release('release-2', shared);
        const env2 = envOf(public2, buildB);
        artisan(env2, 'storefront:publish');
        artisan(env2, 'storefront:prune-builds', '--keep-hours=24');
        await stop(); // the switch: the web server now serves release 2
        await serve(env2, public2);
        rmSync(join(work, 'release-1'), { recursive: true });
      }));
    } finally {
      await stop();
    }
  });
});
