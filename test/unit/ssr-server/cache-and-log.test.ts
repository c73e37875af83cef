// @vitest-environment node
/** The render service's parts on their own: the render cache (LRU in bytes), the request's one log line, the log rate limit, the restart back-off. */
import { describe, expect, it, vi } from 'vitest';
import { hookKey, requestKey, RenderCache } from '../../../server/cache';
import { noteKind, rateLimited, RequestReport } from '../../../server/log';
import { restartDelay } from '../../../server/workers';

describe('RenderCache', () => {
  it('keeps at most its limit in bytes, dropping the least recently used entry first', () => {
    const cache = new RenderCache(300);
    cache.set('a', 'A', 100);
    cache.set('b', 'B', 100);
    cache.set('c', 'C', 100);
    expect(cache.get('a')).toBe('A'); // a is now the most recently used
    cache.set('d', 'D', 100);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual(['A', 'C', 'D']);
    expect(cache.stats()).toEqual({ hits: 4, misses: 1, bytes: 300, entries: 3, evictions: 1, limitBytes: 300 });
  });

  it('does not keep an entry bigger than the whole cache, and a key set again replaces its bytes', () => {
    const cache = new RenderCache(300);
    cache.set('big', 'x', 301);
    expect(cache.get('big')).toBeUndefined();
    cache.set('a', 'A', 100);
    cache.set('a', 'A2', 150);
    expect(cache.stats()).toMatchObject({ bytes: 150, entries: 1 });
    expect(cache.get('a')).toBe('A2');
  });

  it('with 0 bytes keeps nothing and counts nothing', () => {
    const cache = new RenderCache(0);
    cache.set('a', 'A', 1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.stats()).toEqual({ hits: 0, misses: 0, bytes: 0, entries: 0, evictions: 0, limitBytes: 0 });
  });

  it('keys on every input: the render version, each byte of the body and the hook\'s index change the key; the same input gives the same key', () => {
    const body = JSON.stringify({ config: { region: { symbol: '$' } }, hooks: [{ widget: 'teaser-card', props: { product: { id: 7 } } }] });
    const key = hookKey(requestKey('v1', Buffer.from(body)), 0);
    expect(hookKey(requestKey('v1', body), 0)).toBe(key);
    const others = [
      hookKey(requestKey('v2', body), 0),
      hookKey(requestKey('v1', body.replace('7', '8')), 0),
      hookKey(requestKey('v1', body.replace('teaser-card', 'product-grid')), 0),
      hookKey(requestKey('v1', body.replace('$', 'C$')), 0),
      hookKey(requestKey('v1', body), 1),
      // Text moved between the version and the body must not give the same input.
      hookKey(requestKey('v1\n{', body.slice(1)), 0),
    ];
    expect(new Set([key, ...others]).size).toBe(others.length + 1);
  });
});

describe('the request log line', () => {
  it('counts dropped fields by widget and field path: 12,000 bad cards are one line', () => {
    const report = new RequestReport();
    const notes = Array.from({ length: 12_000 }, (_, i) => `dropped item "products.${i}" (field "price": Invalid type: Expected string but received null)`);
    report.drop('product-grid', notes);
    report.drop('teaser-card', ['dropped field "product.blockPoolLogo" (must be a relative or http(s) URL)']);
    const line = report.line('request 4', 2);
    expect(line).toBe(
      'request 4: 2 hooks, 12001 dropped from the props (product-grid: dropped item "products.*" (field "price": Invalid type: Expected string but received null) ×12000; teaser-card: dropped field "product.blockPoolLogo" (must be a relative or http(s) URL) ×1)',
    );
    expect(line).not.toContain('\n');
  });

  it('names the first empty hooks and counts the rest; a request without a problem has no line', () => {
    const report = new RequestReport();
    expect(report.line('request 1', 3)).toBe('');
    for (let i = 0; i < 5; i++) report.leftEmpty(`hook ${i} (x): unknown widget`);
    expect(report.line('request 1', 5)).toBe('request 1: 5 hooks, 5 left empty (hook 0 (x): unknown widget; hook 1 (x): unknown widget; hook 2 (x): unknown widget; 2 more)');
  });

  it('a list index anywhere in a path is one kind; other numbers stay', () => {
    expect(noteKind('dropped item "lines.12.options.3" (field "qty": must be 1 or more)')).toBe('dropped item "lines.*.options.*" (field "qty": must be 1 or more)');
    expect(noteKind('dropped field "product.price2" (bad)')).toBe('dropped field "product.price2" (bad)');
  });
});

describe('rateLimited', () => {
  it('writes at most N lines a second, then one line with the count held back', () => {
    vi.useFakeTimers();
    try {
      const lines: string[] = [];
      const log = rateLimited((line: string) => lines.push(line), 3, () => Date.now());
      for (let i = 0; i < 10; i++) log(`line ${i}`);
      expect(lines).toEqual(['line 0', 'line 1', 'line 2']);
      vi.advanceTimersByTime(1000);
      expect(lines.slice(3)).toEqual(['7 log lines suppressed (over 3 a second)']);
      log('later');
      expect(lines.at(-1)).toBe('later');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('restartDelay', () => {
  it('restarts a worker that died once at once, then waits longer after each quick death, up to 10 s', () => {
    expect([1, 2, 3, 4, 5].map(restartDelay)).toEqual([0, 100, 200, 400, 800]);
    expect(restartDelay(30)).toBe(10_000);
  });
});
