import { describe, expect, it, vi } from 'vitest';
import { readCsrfMeta, readPageConfig } from '../../../shared/config';
import { approxUsNote, formatPrice, subtotal, USD } from '../../../shared/money';
import { isSafeSlug, isSafeUrl } from '../../../shared/safe-url';

function configBlock(text: string) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = 'storefront-config';
  el.textContent = text;
  document.head.append(el);
}

describe('page config', () => {
  it('defaults without a config block: factor 1, symbol $, US, logged out', () => {
    expect(readPageConfig()).toEqual({ region: { factor: 1, symbol: '$', country: 'US' }, user: { loggedIn: false }, paypal: { clientId: '' } });
  });

  it('reads region, user and PayPal client id, ignoring unknown keys', () => {
    configBlock('{"region":{"factor":1.37,"symbol":"C$","country":"CA"},"user":{"loggedIn":true},"paypal":{"clientId":"abc"},"other":1}');
    expect(readPageConfig()).toEqual({ region: { factor: 1.37, symbol: 'C$', country: 'CA' }, user: { loggedIn: true }, paypal: { clientId: 'abc' } });
  });

  it.each([
    ['not JSON', '{region:', /not valid JSON/],
    ['not an object', '"CA"', /storefront-config/],
  ])('%s: one clear error, defaults apply', (_c, text, message) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    configBlock(text);
    expect(readPageConfig().region).toEqual({ factor: 1, symbol: '$', country: 'US' });
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toMatch(message);
  });

  it.each([
    ['a bad factor', '{"region":{"factor":-2,"symbol":"C$","country":"CA"}}', { factor: 1, symbol: 'C$', country: 'CA' }, /field "region.factor"/],
    ['a bad country', '{"region":{"factor":1.37,"symbol":"C$","country":"FR"}}', { factor: 1.37, symbol: 'C$', country: 'US' }, /field "region.country"/],
  ])('%s: one clear warning, that key alone takes its default', (_c, text, region, message) => {
    const error = vi.spyOn(console, 'error');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    configBlock(text);
    expect(readPageConfig().region).toEqual(region);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(message);
    expect(error).not.toHaveBeenCalled();
  });

  it('reads the CSRF meta token fresh each time', () => {
    expect(readCsrfMeta()).toBeNull();
    const meta = document.createElement('meta');
    meta.name = 'csrf-token';
    meta.content = 'one';
    document.head.append(meta);
    expect(readCsrfMeta()).toBe('one');
    meta.content = 'two';
    expect(readCsrfMeta()).toBe('two');
  });
});

describe('money (spec §9)', () => {
  const cad = { factor: 1.37, symbol: 'C$' };
  it.each([
    [12.5, USD, '$12.50'],
    [0, USD, '$0.00'],
    [1299.999, USD, '$1,300.00'],
    [1234567.891, USD, '$1,234,567.89'],
    [999.99, USD, '$999.99'],
    [100, USD, '$100.00'],
    [26.5, cad, 'C$36.31'],
    [12.5, cad, 'C$17.13'],
    [0.1, cad, 'C$0.14'],
  ])('formatPrice(%s) → %s', (usd, currency, text) => {
    expect(formatPrice(usd, currency)).toBe(text);
  });

  // Half a cent rounds as PHP's round() and number_format() do (what the
  // server prints): away from zero, on the amount read to 15 significant
  // digits. Intl.NumberFormat differs where the double lies just under the
  // half: 50 × 1.3333 is 66.66499999999999, Intl prints 66.66, PHP 66.67.
  it.each<[string, number, number, string]>([
    ['0.004: under half a cent', 0.004, 1, '$0.00'],
    ['0.005', 0.005, 1, '$0.01'],
    ['1.005 (1.00499999999999989 as a double)', 1.005, 1, '$1.01'],
    ['2.675 (2.67499999999999982 as a double)', 2.675, 1, '$2.68'],
    ['0.285', 0.285, 1, '$0.29'],
    ['50 × 1.3333 = 66.665 (66.66499999999999 as a double)', 50, 1.3333, '$66.67'],
    ['3.50 × 1.37 = 4.795', 3.5, 1.37, '$4.80'],
    ['-1.005: away from zero', -1.005, 1, '$-1.01'],
    ['-0.004: no minus zero', -0.004, 1, '$0.00'],
  ])('rounds half a cent like PHP: %s', (_, usd, factor, text) => {
    expect(formatPrice(usd, { factor, symbol: '$' })).toBe(text);
  });

  it.each([
    [12.5, USD, null],
    [12.5, cad, 'Approx. $12.50 US'],
  ])('approx note for %s', (usd, currency, note) => {
    expect(approxUsNote(usd, currency)).toBe(note);
  });

  it.each([
    [[], 0],
    [[{ quantity: 2, price: 10.1 }], 20.2],
    [[{ quantity: 3, price: 0.1 }, { quantity: 1, price: 0.2 }], 0.5],
  ])('subtotal = sum of quantity × price (%j)', (items, total) => {
    expect(subtotal(items)).toBe(total);
  });
});

describe('safe URLs', () => {
  it.each([
    ['/pokemon', true],
    ['img/a.svg', true],
    ['https://cdn.example.com/a.png', true],
    ['HTTP://x', true],
    ['javascript:alert(1)', false],
    [' JaVaScRiPt:alert(1)', false],
    ['java\nscript:alert(1)', false],
    ['data:text/html,<script>', false],
    ['vbscript:x', false],
    ['', false],
  ])('isSafeUrl(%j) = %s', (value, ok) => expect(isSafeUrl(value)).toBe(ok));

  it.each([
    ['pokemon-151-booster-box', true],
    ['c/supplies', true],
    ['//evil.example', false],
    ['../admin', false],
    ['javascript:alert(1)', false],
    ['', false],
  ])('isSafeSlug(%j) = %s', (value, ok) => expect(isSafeSlug(value)).toBe(ok));
});
