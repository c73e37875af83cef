/**
 * Inserts the PayPal JS SDK's <script> as paypal-js's `loadScript` does (the
 * same URL built from the same options), with two differences for pages
 * under a strict CSP: the URL is a TrustedScriptURL from the bundle's
 * `storefront` policy (paypal-js assigns a plain string to `script.src`,
 * which `require-trusted-types-for 'script'` refuses), and the script carries
 * the page's nonce (also as `data-csp-nonce`, which the SDK reads for what it adds).
 */
import type { PayPalNamespace, PayPalScriptOptions } from '@paypal/paypal-js';
import { pageNonce, PAYPAL_SDK_URLS, trustedScriptUrl } from '../../shared/runtime/csp';

const kebab = (key: string) => key.replace(/[A-Z]+(?![a-z])|[A-Z]/g, (match, at: number) => (at ? '-' : '') + match.toLowerCase());

/** paypal-js's URL: `sdkBaseUrl` (or PayPal's production or sandbox SDK), the options as kebab-case query parameters. */
export function sdkUrl(options: PayPalScriptOptions): string {
  const { sdkBaseUrl, environment, ...rest } = options as PayPalScriptOptions & { sdkBaseUrl?: string; environment?: string };
  const baseUrl = sdkBaseUrl || (environment === 'sandbox' ? PAYPAL_SDK_URLS[1]! : PAYPAL_SDK_URLS[0]!);
  const query = Object.entries(rest)
    .filter(([key, value]) => value !== undefined && value !== null && value !== '' && !key.startsWith('data'))
    .map(([key, value]) => `${kebab(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `${baseUrl}?${query}`;
}

/** Resolves with `window.paypal` once the SDK ran; rejects when the script fails to load or is not allowed. */
export function loadScript(options: PayPalScriptOptions): Promise<PayPalNamespace | null> {
  return new Promise((resolve, reject) => {
    const url = sdkUrl(options);
    const script = document.createElement('script');
    script.src = trustedScriptUrl(url);
    const nonce = pageNonce();
    if (nonce) {
      script.nonce = nonce;
      script.setAttribute('data-csp-nonce', nonce);
    }
    script.onload = () => resolve((window as { paypal?: PayPalNamespace }).paypal ?? null);
    script.onerror = () => reject(new Error(`The script "${url}" failed to load.`));
    document.head.append(script);
  });
}
