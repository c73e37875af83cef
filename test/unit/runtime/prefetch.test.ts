/**
 * At idle the page fetches, without running, what its islands need when
 * they wake (shared/runtime/prefetch.ts): the files every page needs, and
 * those of each chunk a hook on the page names (registry `chunk`).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageNonce } from '../../../shared/runtime/nonce';
import { createPrefetch, type PreloadMap } from '../../../shared/runtime/prefetch';
import { createRuntime } from '../../../shared/runtime/mount';
import { withPage } from '../../../shared/runtime/wake';
import type { Island } from '../../../shared/runtime/island';
import { hook } from '../hook';

const MAP: PreloadMap = {
  files: ['transport-X', 'preact-Y', 'every-page-A', 'shared-S', 'category-B'],
  chunks: { '*': [0, 1], 'every-page': [2, 3], 'category': [4, 3] },
};
const BASE = 'https://shop.test/build/storefront-Z.js';
const links = () => [...document.querySelectorAll<HTMLLinkElement>('link')].map((l) => `${l.rel} ${l.href.slice('https://shop.test/build/'.length)}`);

const runtimes: Array<ReturnType<typeof createRuntime>> = [];
afterEach(() => {
  runtimes.splice(0).forEach((runtime) => runtime.stop());
  document.head.replaceChildren();
  document.body.replaceChildren();
});

const island: Island = { name: 'x', mount: () => () => {} };
const entry = (chunk: string) => ({ chunk, load: async () => ({ default: island }), wake: withPage() });

describe('prefetch of what the islands need', () => {
  it('the files of the chunks asked for, those every page needs first, each once', () => {
    const preload = createPrefetch(BASE, MAP);
    preload(['category', 'every-page']);
    expect(links()).toEqual([
      'modulepreload chunks/transport-X.js',
      'modulepreload chunks/preact-Y.js',
      'modulepreload chunks/category-B.js',
      'modulepreload chunks/shared-S.js',
      'modulepreload chunks/every-page-A.js',
    ]);
    preload(['unknown', 'every-page']);
    expect(links()).toHaveLength(5);
  });

  it('under a nonce-based CSP each link carries the page nonce, the one the PayPal loader gives its script', () => {
    const script = document.createElement('script');
    script.setAttribute('nonce', 'n0nce');
    script.nonce = 'n0nce'; // a browser hides the attribute's value and keeps the property; happy-dom has no such property
    document.head.append(script);
    createPrefetch(BASE, MAP)(['category']);
    const nonces = [...document.querySelectorAll<HTMLLinkElement>('link')].map((l) => l.nonce);
    expect(nonces).toEqual(['n0nce', 'n0nce', 'n0nce', 'n0nce']);
    expect(pageNonce()).toBe('n0nce');
  });

  it('at idle, one modulepreload link per file the page’s hooks need, and nothing runs; a hook added later adds its own', () => {
    const sleeping = (name: string) => {
      const el = hook(name);
      el.innerHTML = '<template data-sfw-ssr="h.x"></template><button>Go</button>';
      return el;
    };
    sleeping('a');
    const runtime = createRuntime({ a: entry('every-page'), b: entry('category') }, { preload: createPrefetch(BASE, MAP) });
    runtimes.push(runtime);
    runtime.mount();
    expect(links()).toEqual([]);
    runtime.prefetch();
    expect(links()).toEqual(['modulepreload chunks/transport-X.js', 'modulepreload chunks/preact-Y.js', 'modulepreload chunks/every-page-A.js', 'modulepreload chunks/shared-S.js']);
    expect(document.querySelector('script')).toBeNull();
    runtime.mount(sleeping('b'));
    expect(links().slice(4)).toEqual(['modulepreload chunks/category-B.js']);
  });

  it('a pointer over or a focus in an island prefetches its chunk at once; over other content, nothing', () => {
    document.body.innerHTML = '<p id="text">x</p>';
    const el = hook('a');
    el.innerHTML = '<template data-sfw-ssr="h.x"></template><button>Go</button><input>';
    const runtime = createRuntime({ a: entry('every-page') }, { preload: createPrefetch(BASE, MAP) });
    runtimes.push(runtime);
    runtime.mount();
    document.getElementById('text')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(links()).toEqual([]);
    el.querySelector('button')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(links()).toHaveLength(4);
  });
});
