/**
 * Every call in shared/api/calls.ts, sent through the transport as the build
 * ships it: axios from its core modules, with the form-data, fetch and
 * progress helpers left out (build/trim-axios.mjs). Each call must still
 * reach the backend with its plain-object body as JSON and read the answer.
 */
import * as esbuild from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { AXIOS_STUBS, trimAxios } from '../../../build/trim-axios.mjs';
import { PASSWORD_THAT_WORKS } from '../../../demo-pages/mock/backend';
import { backend } from '../../../demo-pages/mock/node';
import type * as Calls from '../../../shared/api/calls';

type Built = typeof Calls & { http: typeof import('../../../shared/api/transport').http };

let built: Built;
let inputs: string[];
let text: string;

beforeAll(async () => {
  const result = await esbuild.build({
    stdin: {
      contents: "export * from './shared/api/calls'; export { http } from './shared/api/transport';",
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'api',
    platform: 'browser',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [trimAxios],
  });
  inputs = Object.keys(result.metafile.inputs);
  text = result.outputFiles[0]!.text;
  // Evaluated in this test's window (happy-dom), where the mock backend answers.
  built = new Function(`${result.outputFiles[0]!.text}; return api;`)() as Built;
}, 30_000);

const payload = { title: 'Sleeves', quantity: 1, price: 5, attributes: {}, id: 41, product_id: 41, region: 'US' };

/** [call, arguments, method, path, body the backend must receive]. */
const CALLS: Array<[keyof typeof Calls, unknown[], 'GET' | 'POST', string, Record<string, unknown>?]> = [
  ['getCart', [], 'GET', '/cart/retrieve'],
  ['addCartItem', [payload], 'POST', '/cart/add-item', payload],
  ['removeCartItem', [41], 'POST', '/cart/remove-item', { item: 41 }],
  ['getUpsell', [], 'GET', '/cart/load-upsell'],
  ['getCartCount', [], 'GET', '/cart/get-count'],
  ['loadProduct', [41], 'POST', '/product/cart/load', { id: 41 }],
  ['getLiveBreakers', [], 'GET', '/check-live-break-eligible-status'],
  ['getRecentlyViewed', [], 'GET', '/recently-viewed'],
  ['getTrendingSearches', [], 'GET', '/trending-searches/load'],
  ['autoSearch', ['pok'], 'POST', '/auto-search', { q: 'pok' }],
  ['clearUserSearches', [], 'GET', '/clear-user-searches'],
  ['login', ['ann@example.com', PASSWORD_THAT_WORKS], 'POST', '/login', { email: 'ann@example.com', password: PASSWORD_THAT_WORKS }],
  ['determineUserCountry', [], 'GET', '/determine-user-country'],
  ['optInCurrencyDisplay', ['CA'], 'POST', '/opt-in-currency-display', { country: 'CA' }],
  ['optOutCurrency', [], 'GET', '/opt-out-currency'],
  ['loyaltyAdd', ['share'], 'POST', '/loyalty-add', { type: 'share' }],
];

describe('every api call through the shipped transport', () => {
  it('the table lists every call', () => {
    const calls = Object.entries(built).filter(([name, value]) => typeof value === 'function' && name !== 'http').map(([name]) => name);
    expect(calls.sort()).toEqual(CALLS.map(([name]) => name).sort());
  });

  it.each(CALLS)('%s', async (name, args, method, path, body) => {
    const call = built[name] as (...a: unknown[]) => Promise<unknown>;
    await expect(call(...args)).resolves.toBeDefined();
    const [sent] = backend.callsTo(path);
    expect(sent!.method).toBe(method);
    if (body) {
      expect(sent!.headers['content-type']).toContain('application/json');
      expect(sent!.body).toEqual(body);
    }
    expect(sent!.headers['x-requested-with']).toBe('XMLHttpRequest');
  });

  it('leaves out the default bundle and the form-data, fetch and progress helpers', () => {
    const axiosFiles = inputs.filter((f) => f.includes('node_modules/axios/')).map((f) => f.replace(/.*node_modules\/axios\/lib\//, ''));
    expect(axiosFiles.length).toBeGreaterThan(0);
    expect(axiosFiles).not.toContain('axios.js');
    for (const left of Object.keys(AXIOS_STUBS)) expect(axiosFiles).not.toContain(left);
  });

  it("the platform object built from named imports carries every export of axios's platform utils (an axios upgrade that adds one fails here)", async () => {
    const utils: Record<string, unknown> = await import(/* @vite-ignore */ `${process.cwd()}/node_modules/axios/lib/platform/common/utils.js`);
    expect(Object.keys(utils).length).toBeGreaterThan(0);
    for (const name of Object.keys(utils)) expect(AXIOS_STUBS['platform/index.js']).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it("keeps of axios's utils object every helper the bundled axios modules call, and not the others", () => {
    const kept = /utils_default = \{([\s\S]*?)\};/.exec(text)?.[1]?.split(',').map((entry) => entry.split(':')[0]!.trim()).filter(Boolean) ?? [];
    const called = new Set([...text.matchAll(/utils_default\.(\w+)/g)].map((m) => m[1]!));
    expect(called.size).toBeGreaterThan(20);
    for (const name of called) expect(kept).toContain(name);
    // axios 1.21 exports 63 helpers there; the build keeps what is called.
    expect(kept.length).toBeLessThan(45);
  });

  it('a call that would need a left-out helper fails clearly', async () => {
    await expect(built.http.get('/cart/get-count', { params: { a: 1 } })).rejects.toThrow(/left out of this build/);
  });
});
