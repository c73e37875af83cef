/**
 * An island is its folder (docs/architecture.md "Adding an island"): a scratch island
 * written into a temporary copy of the repo, one folder and no other file
 * edited, is built, rendered by the server renderer, and in Chromium sleeps
 * in its server HTML, hydrates the same nodes and wakes on a tap, which it
 * answers; its stylesheet is in the bundle's and the render service warms it up.
 * A list-like scratch island (shared/runtime/list.tsx) too: its items marked
 * by the server, each hydrated alone, on the same nodes.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './harness';

const repo = join(import.meta.dirname, '../..');
const copy = mkdtempSync(join(tmpdir(), 'storefront-scratch-'));

/** The whole island, as a newcomer writes it: a component, its props schema, one example, a stylesheet. */
const COUNTER: Record<string, string> = {
  'island.tsx': `
import { useState } from 'react';
import * as v from 'valibot';
import { defineIsland } from '../../shared/runtime/island';

const Props = v.object({ label: v.string() });

function Counter({ label }: v.InferOutput<typeof Props>) {
  const [taps, setTaps] = useState(0);
  return <button type="button" className="sfw-scratch-counter" onClick={() => setTaps(taps + 1)}>{label}: {taps}</button>;
}

export default defineIsland('scratch-counter', Props, Counter);
`,
  'example.ts': `export default { label: 'Taps' };\n`,
  'scratch-counter.css': `.sfw-scratch-counter { outline: 3px solid rgb(1, 2, 3); }\n`,
};

/** A list-like island: the list option and ListItems on top of the same five concepts. */
const LIST: Record<string, string> = {
  'island.tsx': `
import { useState } from 'react';
import * as v from 'valibot';
import { defineIsland } from '../../shared/runtime/island';
import { ListItems, type ListItemProps } from '../../shared/runtime/list';

const Props = v.object({ labels: v.array(v.string()) });

function Tap({ item }: ListItemProps<string>) {
  const [taps, setTaps] = useState(0);
  return <button type="button" onClick={() => setTaps(taps + 1)}>{item}: {taps}</button>;
}

function Taps({ labels }: v.InferOutput<typeof Props>) {
  return <ul className="sfw-scratch-list"><ListItems items={labels} Item={Tap} className="sfw-scratch-list__item" /></ul>;
}

export default defineIsland('scratch-list', Props, Taps, { list: { prop: 'labels', Item: Tap } });
`,
  'example.ts': `export default { labels: ['A', 'B', 'C'] };\n`,
};
const FOLDERS = { 'scratch-counter': COUNTER, 'scratch-list': LIST };

/** Runs a module in Node in the copy; returns what it printed. */
const node = (code: string) => execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: copy, encoding: 'utf8' });

let browser: Browser;
let server: Server;
let url: string;
type Rendered = { html: string; widgets: string[]; warmUp: string[]; example: unknown };
let rendered: Rendered;
let list: Rendered;

beforeAll(async () => {
  // What the client bundle and the server renderer are built from; node_modules shared.
  for (const path of ['build.mjs', 'build', 'widgets', 'shared', 'package.json', 'tsconfig.json']) cpSync(join(repo, path), join(copy, path), { recursive: true });
  symlinkSync(join(repo, 'node_modules'), join(copy, 'node_modules'));
  for (const [name, folder] of Object.entries(FOLDERS)) {
    mkdirSync(join(copy, 'widgets', name));
    for (const [file, text] of Object.entries(folder)) writeFileSync(join(copy, 'widgets', name, file), text);
  }

  node(`const b = await import('./build.mjs'); await b.buildVariant('preact'); await b.buildServer();`);
  const renderExample = (widget: string): Rendered =>
    JSON.parse(
      node(`const r = await import('./dist/server/render.js');
        const hook = r.warmUp.find((h) => h.widget === '${widget}');
        console.log(JSON.stringify({ html: r.render('${widget}', hook.props), widgets: r.widgets, warmUp: r.warmUp.map((h) => h.widget), example: hook.props }));`),
    );
  rendered = renderExample('scratch-counter');
  list = renderExample('scratch-list');

  const page = `<!doctype html><html lang="en"><head><title>Scratch</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="/storefront.css"><script type="module" src="/storefront.js"></script></head>
<body><main><p>A page with two islands.</p><div data-widget="scratch-counter" data-props='${JSON.stringify(rendered.example)}'>${rendered.html}</div>
<div data-widget="scratch-list" data-props='${JSON.stringify(list.example)}'>${list.html}</div></main></body></html>`;
  const types: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };
  server = createServer((req, res) => {
    const path = new URL(req.url!, 'http://x').pathname;
    if (path === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    let body: Buffer;
    try {
      body = readFileSync(join(copy, 'dist', path));
    } catch {
      return res.writeHead(404).end();
    }
    res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
  rmSync(copy, { recursive: true, force: true });
});

describe('a scratch island: one folder, no other file edited', () => {
  /** The scratch page on a touch screen, with the console errors and page errors it reports. */
  async function openTouch() {
    const context = await browser.newContext({ hasTouch: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(url);
    return { context, page, errors };
  }

  it('the server renderer renders it from its example, and the render service warms it up', () => {
    expect(rendered.widgets).toContain('scratch-counter');
    expect(rendered.warmUp).toContain('scratch-counter');
    expect(rendered.html).toMatch(/^<template data-sfw-ssr="[^"]+"><\/template><button type="button" class="sfw-scratch-counter">Taps: 0<\/button>$/);
  });

  it('in Chromium it sleeps in its server HTML, wakes on a tap, hydrates the same button and answers the tap', async () => {
    const { context, page, errors } = await openTouch();
    await page.waitForFunction(() => window.Storefront?.widgets.includes('scratch-counter'));
    const hook = page.locator('[data-widget="scratch-counter"]');
    await expect.poll(() => hook.getAttribute('data-island')).toBe('sleeping');
    // Its stylesheet is in the bundle's one stylesheet.
    expect(await page.locator('.sfw-scratch-counter').evaluate((el) => getComputedStyle(el).outlineColor)).toBe('rgb(1, 2, 3)');
    await page.locator('.sfw-scratch-counter').evaluate((el) => ((window as unknown as { serverButton: Element }).serverButton = el));

    const box = (await page.locator('.sfw-scratch-counter').boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);

    await expect.poll(() => hook.getAttribute('data-island')).toBe('ready');
    await expect.poll(() => page.locator('.sfw-scratch-counter').textContent()).toBe('Taps: 1');
    expect(await page.locator('.sfw-scratch-counter').evaluate((el) => el === (window as unknown as { serverButton: Element }).serverButton)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a list-like one: the server marks each item, and in Chromium a tap on an item wakes it, hydrates that item on its own nodes and answers', async () => {
    expect(list.widgets).toContain('scratch-list');
    expect(list.html).toMatch(/^<template data-sfw-ssr="[^"]+"><\/template><ul class="sfw-scratch-list">.*<\/ul>$/);
    expect(list.html.match(/<li [^>]*data-sfw-item="\w+"[^>]*><button type="button">[ABC]: 0<\/button><\/li>/g)).toHaveLength(3);
    const { context, page, errors } = await openTouch();
    const hook = page.locator('[data-widget="scratch-list"]');
    await expect.poll(() => hook.getAttribute('data-island')).toBe('sleeping');
    const button = page.getByRole('button', { name: 'B: 0' });
    await button.evaluate((el) => ((window as unknown as { serverButton: Element }).serverButton = el));
    const box = (await button.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => hook.getAttribute('data-island')).toBe('ready');
    await expect.poll(() => page.locator('.sfw-scratch-list__item').nth(1).textContent()).toBe('B: 1');
    expect(await page.locator('.sfw-scratch-list__item button').nth(1).evaluate((el) => el === (window as unknown as { serverButton: Element }).serverButton)).toBe(true);
    expect(await page.locator('.sfw-scratch-list__item').allTextContents()).toEqual(['A: 0', 'B: 1', 'C: 0']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
