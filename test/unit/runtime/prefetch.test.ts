import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchTransportSoon, resetPrefetch } from '../../../shared/runtime/prefetch';

const FILES = ['./chunks/transport-X.js', './chunks/chunk-Y.js'];
const BASE = 'https://shop.test/build/storefront-Z.js';
const links = () => [...document.querySelectorAll<HTMLLinkElement>('link')].map((l) => [l.rel, l.href]);

afterEach(() => {
  resetPrefetch();
  vi.unstubAllGlobals();
});

describe('prefetch of the request code (issue 13)', () => {
  it('adds one modulepreload link per file when the browser is idle, and nothing runs', () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => (idle = cb));
    prefetchTransportSoon(BASE, FILES);
    expect(links()).toEqual([]);
    idle!();
    idle!();
    expect(links()).toEqual([
      ['modulepreload', 'https://shop.test/build/chunks/transport-X.js'],
      ['modulepreload', 'https://shop.test/build/chunks/chunk-Y.js'],
    ]);
    expect(document.querySelector('script')).toBeNull();
  });

  it('prefetches sooner on the first pointer over an island, not over other page content', () => {
    vi.stubGlobal('requestIdleCallback', () => 0);
    document.body.innerHTML = '<p id="text">x</p><div data-widget="cart-dropdown"><button>Cart</button></div>';
    prefetchTransportSoon(BASE, FILES);
    document.getElementById('text')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(links()).toEqual([]);
    document.querySelector('button')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(links()).toHaveLength(2);
  });

  it('focus in an island prefetches too; without requestIdleCallback a timer does', () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('requestIdleCallback', undefined);
      prefetchTransportSoon(BASE, FILES);
      expect(links()).toEqual([]);
      vi.advanceTimersByTime(1000);
      expect(links()).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
    resetPrefetch();
    document.head.innerHTML = '';
    vi.stubGlobal('requestIdleCallback', () => 0);
    document.body.innerHTML = '<div data-widget="search-bar"><input></div>';
    prefetchTransportSoon(BASE, FILES);
    document.querySelector('input')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(links()).toHaveLength(2);
  });
});
