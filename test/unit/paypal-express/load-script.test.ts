/** The SDK's script under a strict CSP: paypal-js's URL, the storefront Trusted Types policy, the nonce. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadScript, sdkUrl } from '../../../widgets/paypal-express/load-script';
import { sdkOptions } from '../../../widgets/paypal-express/sdk';

const config = (paypal: object) => `<script type="application/json" id="storefront-config">${JSON.stringify({ paypal })}</script>`;

beforeEach(() => {
  document.head.innerHTML = config({ clientId: 'cid', sdkBaseUrl: '/demo/fake-paypal-sdk.js' });
});
afterEach(() => {
  delete (globalThis as { trustedTypes?: unknown }).trustedTypes;
});

describe('paypal-express: the SDK script', () => {
  it('builds paypal-js\'s URL: the base (PayPal\'s production SDK by default), the options in kebab case', () => {
    expect(sdkUrl(sdkOptions('cid'))).toBe(
      'https://www.paypal.com/sdk/js?client-id=cid&currency=USD&locale=en_US&intent=capture&components=buttons&enable-funding=paylater',
    );
    expect(sdkUrl({ ...sdkOptions('a b'), sdkBaseUrl: '/demo/fake-paypal-sdk.js' })).toMatch(/^\/demo\/fake-paypal-sdk\.js\?client-id=a%20b&/);
  });

  it('inserts the script with the page nonce (as nonce and data-csp-nonce); a script that fails to load rejects naming it', async () => {
    document.head.insertAdjacentHTML('beforeend', '<script type="module" nonce="n0nce" src="/build/storefront.js"></script>');
    const loaded = loadScript({ ...sdkOptions('cid'), sdkBaseUrl: '/demo/fake-paypal-sdk.js' });
    const script = document.head.querySelector<HTMLScriptElement>('script[src*="fake-paypal-sdk"]')!;
    expect(script.getAttribute('data-csp-nonce')).toBe('n0nce');
    expect(script.nonce || script.getAttribute('nonce')).toBe('n0nce');
    // happy-dom runs no scripts: the load fails (the browser test loads the fake SDK).
    await expect(loaded).rejects.toThrow(/The script "\/demo\/fake-paypal-sdk\.js\?client-id=cid&.*" failed to load/);
  });

  it('refuses a script URL other than PayPal\'s SDK or the configured one, before touching the page', async () => {
    await expect(loadScript({ ...sdkOptions('cid'), sdkBaseUrl: 'https://evil.example/sdk/js' })).rejects.toThrow(/script URL not allowed/);
    expect(document.head.querySelector('script[src*="evil"]')).toBeNull();
  });

  it('with Trusted Types: one policy named "storefront", and script.src gets its value', async () => {
    const { trustedScriptUrl } = await import('../../../shared/runtime/csp');
    const createScriptURL = vi.fn((url: string) => ({ trusted: url, toString: () => url }));
    const createPolicy = vi.fn((_name: string, rules: { createScriptURL(url: string): string }) => ({
      createScriptURL: (url: string) => createScriptURL(rules.createScriptURL(url)),
    }));
    (globalThis as { trustedTypes?: unknown }).trustedTypes = { createPolicy };
    expect(String(trustedScriptUrl('https://www.paypal.com/sdk/js?client-id=cid'))).toBe('https://www.paypal.com/sdk/js?client-id=cid');
    expect(String(trustedScriptUrl('https://www.sandbox.paypal.com/sdk/js?client-id=cid'))).toContain('sandbox');
    expect(() => trustedScriptUrl('https://www.paypal.com/other.js')).toThrow(/not allowed/);
    expect(createPolicy).toHaveBeenCalledOnce();
    expect(createPolicy.mock.calls[0]![0]).toBe('storefront');
  });
});
