/**
 * Running under a strict Content-Security-Policy (docs/laravel.md "Content Security
 * Policy"): the page's nonce for the elements the bundle adds that load
 * scripts, and the bundle's one Trusted Types policy, `storefront`.
 *
 * The policy makes script URLs only, and only for PayPal's SDK (production
 * and sandbox) and the `paypal.sdkBaseUrl` the page config names (the demo's
 * local fake SDK). It makes no HTML and no script text: the bundle writes
 * text with textContent and elements with the DOM, never markup.
 */
import { readPageConfig } from '../config';
import { pageNonce } from './nonce';

export { pageNonce };

export const POLICY_NAME = 'storefront';
export const PAYPAL_SDK_URLS = ['https://www.paypal.com/sdk/js', 'https://www.sandbox.paypal.com/sdk/js'];

/** origin + path: what an allowed script URL is compared by (its query string is the SDK's options). */
const base = (url: string) => {
  const parsed = new URL(url, document.baseURI);
  return parsed.protocol === 'https:' || parsed.origin === location.origin ? `${parsed.origin}${parsed.pathname}` : '';
};

function allowedBases(): string[] {
  const configured = readPageConfig().paypal.sdkBaseUrl;
  return [...PAYPAL_SDK_URLS, ...(configured ? [base(configured)] : [])].filter(Boolean);
}

interface ScriptUrlPolicy {
  createScriptURL(url: string): unknown;
}
interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createScriptURL(url: string): string }): ScriptUrlPolicy;
}

let policy: ScriptUrlPolicy | null | undefined;

/**
 * `url` as a TrustedScriptURL from the `storefront` policy, for a script's
 * src; a plain string where the browser has no Trusted Types. Throws for a
 * URL the policy does not allow, with or without Trusted Types.
 */
export function trustedScriptUrl(url: string): string {
  const check = (input: string) => {
    if (!allowedBases().includes(base(input))) throw new TypeError(`[storefront] script URL not allowed: ${input}`);
    return input;
  };
  const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  if (!factory) return check(url);
  if (policy === undefined) {
    try {
      policy = factory.createPolicy(POLICY_NAME, { createScriptURL: check });
    } catch (error) {
      // The page's CSP names other policies (trusted-types without storefront): the sink will refuse a string.
      console.error(`[storefront] cannot create the Trusted Types policy "${POLICY_NAME}": add it to the trusted-types directive.`, error);
      policy = null;
    }
  }
  return policy ? (policy.createScriptURL(url) as string) : check(url);
}
