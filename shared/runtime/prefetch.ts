/**
 * Fetches the request code (the api transport chunk, axios) and the
 * framework's chunk (Preact), with what they import, ahead of the first
 * interaction without running them (issue 13): a passive page view runs no
 * axios and no Preact, and the first click does not wait for the network.
 *
 * `<link rel="modulepreload">` fetches and compiles a module; it is evaluated
 * only when `import()` asks for it (client.ts). Added once: when the browser
 * is idle after the islands mount, or sooner on the first pointer over or
 * focus in an island.
 *
 * The chunk names are content-hashed, so the source cannot know them: the
 * build defines SFW_TRANSPORT_FILES (paths relative to the entry) in a second
 * pass over the entry (build.mjs, transportFiles). Only the entry holds the
 * list and nothing imports the entry, so no other chunk's hash depends on it.
 */
import { pageNonce } from './nonce';
import { HOOK_SELECTOR } from './held';

/** The files, separated by spaces. */
declare const SFW_TRANSPORT_FILES: string | undefined;

const FILES: string[] = typeof SFW_TRANSPORT_FILES === 'string' ? SFW_TRANSPORT_FILES.split(' ').filter(Boolean) : [];

let done = false;

/** Adds the modulepreload links (once); `base` is the entry's URL. */
export function prefetchTransport(base: string, files: readonly string[] = FILES): void {
  if (done || typeof document === 'undefined') return;
  done = true;
  // Under a nonce-based CSP ('strict-dynamic') a preload without the nonce is refused.
  const nonce = pageNonce();
  for (const file of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    if (nonce) link.nonce = nonce;
    link.href = new URL(file, base).href;
    document.head.append(link);
  }
}

/** Prefetches at idle (setTimeout where requestIdleCallback is missing) or on the first hover or focus of an island. */
export function prefetchTransportSoon(base: string, files: readonly string[] = FILES): void {
  const now = () => {
    document.removeEventListener('pointerover', onIntent, true);
    document.removeEventListener('focusin', onIntent, true);
    prefetchTransport(base, files);
  };
  const onIntent = (event: Event) => {
    if (event.target instanceof Element && event.target.closest(HOOK_SELECTOR)) now();
  };
  document.addEventListener('pointerover', onIntent, true);
  document.addEventListener('focusin', onIntent, true);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(now, { timeout: 2000 });
  else setTimeout(now, 1000);
}

/** Tests only. */
export function resetPrefetch(): void {
  done = false;
}
