/**
 * The field beacon (shared/field/beacon.ts): exactly the shape the receivers accept, whatever the runtime
 * noted or the chunk measured; at most 16384 bytes and 50 entries a list; no shopper in it.
 */
import { describe, expect, it } from 'vitest';
import { beaconJson, buildBeacon, islandName, islandOf, MAX_BYTES, type Note } from '../../../shared/field/beacon';

const base = { build: '0.1.0+abc1234567', page: 'category', device: 'desktop' as const, metrics: [], notes: [] };

describe('islandOf: the island an element belongs to', () => {
  it("is its closest hook's data-widget, else the page", () => {
    document.body.innerHTML = '<header id="h"><div data-widget="cart-dropdown"><button id="b">Cart</button></div></header><p id="p">text</p>';
    expect(islandOf(document.getElementById('b'))).toBe('cart-dropdown');
    expect(islandOf(document.querySelector('[data-widget]'))).toBe('cart-dropdown');
    expect(islandOf(document.getElementById('p'))).toBe('page');
    expect(islandOf(null)).toBe('page');
    expect(islandOf(undefined)).toBe('page');
  });

  it("a text node (a layout shift's source may be one) is its element's", () => {
    document.body.innerHTML = '<div data-widget="cart-dropdown"><span id="s">3 items</span></div><p id="p">text</p>';
    expect(islandOf(document.getElementById('s')!.firstChild)).toBe('cart-dropdown');
    expect(islandOf(document.getElementById('p')!.firstChild)).toBe('page');
  });

  it('a hook nested in another is its own island', () => {
    document.body.innerHTML = '<div data-widget="product-grid"><div data-widget="teaser-card"><a id="a">x</a></div></div>';
    expect(islandOf(document.getElementById('a'))).toBe('teaser-card');
  });

  it('names a lazy part by its island; a name outside the pattern is the page', () => {
    expect(islandName('add-to-cart/AddToCartForm')).toBe('add-to-cart');
    expect(islandName('Cart Dropdown')).toBe('page');
    expect(islandName('<script>')).toBe('page');
    expect(islandName('a'.repeat(41))).toBe('page');
    expect(islandName(42)).toBe('page');
  });
});

describe('buildBeacon', () => {
  it('has every key, in the contract, even with nothing to say', () => {
    expect(buildBeacon(base)).toEqual({ v: 1, build: '0.1.0+abc1234567', page: 'category', device: 'desktop', metrics: [], held: [], wakes: [], failures: [], fallbacks: [] });
  });

  it("turns the runtime's notes into records, and drops what the contract does not allow", () => {
    const notes: Note[] = [
      { kind: 'held', detail: { island: 'cart-dropdown', input: 'click', ms: 85.4 } },
      { kind: 'held', detail: { island: 'cart-dropdown', input: 'scroll', ms: 5 } },
      { kind: 'wake', detail: { island: 'search-bar', mounted: 1040.2, hydrate: 12.7 } },
      { kind: 'wake', detail: { island: 'header', mounted: 300, hydrate: 5 } },
      { kind: 'fail', detail: { kind: 'chunk', island: 'header' } },
      { kind: 'fail', detail: { kind: 'reload', island: 'add-to-cart/AddToCartForm' } },
      { kind: 'fail', detail: { kind: 'oops', island: 'header' } },
      { kind: 'fallback', detail: { island: 'teaser-card' } },
      { kind: 'something-else', detail: { island: 'teaser-card' } },
      { kind: 'fallback', detail: null },
    ];
    // The search bar's hooks went loading at 900 and 1000 (the field chunk saw it), and again at 2000 (a later hook);
    // the header was asked for before the chunk came: from DOMContentLoaded (250).
    const starts = { seen: { 'search-bar': [900, 1000, 2000] }, before: 250 };
    const beacon = buildBeacon({ ...base, notes, failures: [{ kind: 'csp', island: 'page' }], starts });
    expect(beacon.held).toEqual([{ island: 'cart-dropdown', input: 'click', ms: 85 }]);
    expect(beacon.wakes).toEqual([
      { island: 'search-bar', wake: 40, hydrate: 13 },
      { island: 'header', wake: 50, hydrate: 5 },
    ]);
    expect(beacon.failures).toEqual([
      { kind: 'chunk', island: 'header' },
      { kind: 'reload', island: 'add-to-cart' },
      { kind: 'csp', island: 'page' },
    ]);
    expect(beacon.fallbacks).toEqual([{ island: 'teaser-card' }, { island: 'page' }]);
  });

  it('keeps each metric once (the last), its numbers finite and in range, parts and script on INP only', () => {
    const beacon = buildBeacon({
      ...base,
      metrics: [
        { name: 'LCP', value: 1200, island: 'page' },
        { name: 'LCP', value: 1830.6, island: 'teaser-card' },
        { name: 'CLS', value: 0.041234, island: 'page', parts: { inputDelay: 1, processing: 2, presentation: 3 } },
        { name: 'INP', value: 9e9, island: 'cart-dropdown', parts: { inputDelay: -4, processing: NaN, presentation: 48.2 }, script: { ours: 150, shop: Infinity } },
      ],
    });
    expect(beacon.metrics).toEqual([
      { name: 'LCP', value: 1831, island: 'teaser-card' },
      { name: 'CLS', value: 0.0412, island: 'page' },
      { name: 'INP', value: 600000, island: 'cart-dropdown', parts: { inputDelay: 0, processing: 0, presentation: 48 }, script: { ours: 150, shop: 600000 } },
    ]);
    expect(buildBeacon({ ...base, metrics: [{ name: 'CLS', value: 250, island: 'page' }] }).metrics[0]!.value).toBe(100);
  });

  it('a build string outside the pattern is "unknown"', () => {
    expect(buildBeacon({ ...base, build: 'v1 (beta)' }).build).toBe('unknown');
  });

  it('caps every list at 50', () => {
    const notes = Array.from({ length: 80 }, () => ({ kind: 'fallback', detail: { island: 'teaser-card' } }));
    expect(buildBeacon({ ...base, notes }).fallbacks).toHaveLength(50);
  });
});

describe('beaconJson', () => {
  it('is the JSON of the beacon when it fits', () => {
    const beacon = buildBeacon({ ...base, notes: [{ kind: 'fallback', detail: { island: 'teaser-card' } }] });
    expect(JSON.parse(beaconJson(beacon))).toEqual(beacon);
  });

  const island = `a${'b'.repeat(39)}`;
  const many = (kind: string, detail: object, n = 50) => Array.from({ length: n }, () => ({ kind, detail }));
  const longest = [
    ...many('held', { island, input: 'pointerdown', ms: 600000 }),
    ...many('wake', { island, mounted: 600000, hydrate: 600000 }),
    ...many('fail', { kind: 'mismatch', island }),
    ...many('fallback', { island }),
  ];

  it('the longest beacon the lists allow fits whole', () => {
    const beacon = buildBeacon({ ...base, notes: longest });
    expect(beaconJson(beacon)).toBe(JSON.stringify(beacon));
    expect(beaconJson(beacon).length).toBeLessThanOrEqual(MAX_BYTES);
  });

  it('over 16384 bytes, the longest list loses entries from its end until it fits', () => {
    const beacon = buildBeacon({ ...base, notes: longest });
    // Lists longer than any the builder makes (a later field with longer entries meets the same cap).
    beacon.wakes.push(...beacon.wakes, ...beacon.wakes);
    expect(JSON.stringify(beacon).length).toBeGreaterThan(MAX_BYTES);
    const sent = JSON.parse(beaconJson(beacon));
    expect(new TextEncoder().encode(JSON.stringify(sent)).length).toBeLessThanOrEqual(MAX_BYTES);
    expect(sent.wakes.length).toBeLessThan(150);
    expect(sent.wakes.length).toBeGreaterThanOrEqual(50);
    expect([sent.held.length, sent.failures.length, sent.fallbacks.length]).toEqual([50, 50, 50]);
  });
});
