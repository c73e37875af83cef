/**
 * Loading the PayPal JS SDK: one memoized promise for the whole page.
 *
 * `loadScript` does not dedupe concurrent calls (two overlapping loads
 * insert two <script> tags, which breaks the SDK), so every express
 * button on the page shares this one promise. It has its own timeout; on
 * failure (script error, timeout, no `paypal` global) the promise is
 * forgotten, so a button mounted later can try again.
 *
 * The script URL is `paypal.sdkBaseUrl` of the page config when set (the
 * demo and tests point it at a local fake), else paypal-js's default
 * production URL, with the options as its query string (`?client-id=…`); see
 * load-script.ts for how the script is inserted under a strict CSP.
 */
import type { PayPalNamespace, PayPalScriptOptions } from '@paypal/paypal-js';
import { loadScript } from './load-script';
import { readPageConfig } from '../../shared/config';

export const SDK_TIMEOUT_MS = 10_000;
/** How far below the fold the SDK starts loading. */
export const NEAR_VIEWPORT_MARGIN = '300px 0px';

/** The SDK query parameters (see README.md "Which SDK option expresses each requirement"). */
export function sdkOptions(clientId: string, sdkBaseUrl?: string): PayPalScriptOptions {
  return {
    clientId,
    currency: 'USD',
    locale: 'en_US',
    intent: 'capture',
    components: 'buttons',
    enableFunding: 'paylater',
    ...(sdkBaseUrl ? { sdkBaseUrl } : {}),
  };
}

let loading: Promise<PayPalNamespace> | null = null;

export function loadPaypal(): Promise<PayPalNamespace> {
  if (loading) return loading;
  const { clientId, sdkBaseUrl } = readPageConfig().paypal;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`PayPal SDK did not load within ${SDK_TIMEOUT_MS / 1000} s`)), SDK_TIMEOUT_MS);
  });
  const load = Promise.resolve()
    .then(() => loadScript(sdkOptions(clientId, sdkBaseUrl)))
    .then((paypal) => {
      if (!paypal?.Buttons) throw new Error('PayPal SDK loaded without paypal.Buttons');
      return paypal;
    });
  const current: Promise<PayPalNamespace> = Promise.race([load, timeout]).then(
    (paypal) => {
      clearTimeout(timer);
      return paypal;
    },
    (error: unknown) => {
      clearTimeout(timer);
      if (loading === current) loading = null;
      throw error;
    },
  );
  loading = current;
  return current;
}

/** Calls `onNear` once, when `element` comes within the margin of the viewport. Returns a cleanup. */
export function whenNearViewport(element: Element, onNear: () => void): () => void {
  if (typeof IntersectionObserver !== 'function') {
    onNear();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      onNear();
    },
    { rootMargin: NEAR_VIEWPORT_MARGIN },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/** Tests only: forget the memoized load. */
export function resetPaypalSdk(): void {
  loading = null;
}
