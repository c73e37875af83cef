/**
 * scripts/measure-js.mjs (npm run size, npm run bench) tells a script the
 * page only fetched from one whose code ran, and spots axios code by its
 * source map, on the built demo category page.
 */
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/chromium.mjs';
import { measurePageJs } from '../../scripts/measure-js.mjs';
// @ts-expect-error: plain JS module without types
import { startDemoServer } from '../../demo-pages/server.mjs';

const manifest = JSON.parse(readFileSync('dist/manifest.json', 'utf8')) as Record<string, { file: string; isEntry?: boolean; src?: string }>;
const urlOf = (src: string) => `/build/${Object.values(manifest).find((m) => m.src === src)!.file}`;

let server: { url: string; close(): Promise<void> };
let browser: Browser;
beforeAll(async () => {
  server = await startDemoServer({ port: 0, mock: 'server' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('measurePageJs', () => {
  it('counts a preloaded script as fetched, not run; the entry and the axios transport as run', async () => {
    // The product page's form: not on the category page, so only the preload fetches it.
    const preloaded = urlOf('widgets/add-to-cart/AddToCartForm.tsx');
    const transport = urlOf('shared/api/transport.ts');
    const init = `document.addEventListener('DOMContentLoaded', () => {
      const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href: ${JSON.stringify(preloaded)} });
      document.head.append(link);
      import(${JSON.stringify(transport)});
    });`;
    const r = await measurePageJs(browser, new URL('/?reset=1', server.url).href, { quietMs: 1000, init });
    const paths = (list: Array<{ url: string }>) => list.map((s) => new URL(s.url).pathname);

    expect(paths(r.before.fetched)).toContain(preloaded);
    expect(paths(r.before.ran)).not.toContain(preloaded);
    expect(paths(r.before.ran)).toContain(`/build/${manifest['shared/runtime/entry.ts']!.file}`);
    expect(paths(r.before.ran)).toContain(transport);
    expect(r.before.axiosRan).toBe(true);
    for (const s of r.after.fetched) expect(s.gzip).toBeGreaterThan(0);
    expect(paths(r.after.fetched)).toEqual(expect.arrayContaining(paths(r.before.fetched)));
    expect(r.errors).toEqual([]);
  });

  it('the category page gets the islands it mounts at load in two group chunks, not one request per island', async () => {
    const r = await measurePageJs(browser, new URL('/?reset=1', server.url).href, { quietMs: 1000 });
    const ran = r.before.ran.map((s) => new URL(s.url).pathname);
    expect(ran).toEqual(expect.arrayContaining([urlOf('widgets/groups/every-page.ts'), urlOf('widgets/groups/category.ts')]));
    // Was 29 with a chunk per island; the entry, two groups, the api transport and the code they share.
    expect(r.before.fetched.length).toBeLessThanOrEqual(20);
  });
});
