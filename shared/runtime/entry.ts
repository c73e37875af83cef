/**
 * The one script tag a page includes. It only scans for hooks and imports the
 * islands present; everything else arrives in lazy chunks.
 *
 *   <script type="module" src="/storefront/storefront.js"></script>
 *
 * `window.Storefront` = { mount(root), unmount(root), events, widgets }.
 * A page may set `window.StorefrontBeforeMount` to a promise (a consent tool,
 * or the demo's mock backend) and islands mount once it settles.
 */
import { ISLANDS } from '../../widgets/registry';
import { EVENTS } from '../events';
import { createRuntime } from './mount';
import { prefetchTransportSoon } from './prefetch';

export interface StorefrontGlobal {
  mount(root?: ParentNode): void;
  unmount(root?: ParentNode): void;
  events: typeof EVENTS;
  widgets: string[];
}

declare global {
  interface Window {
    Storefront?: StorefrontGlobal;
    StorefrontBeforeMount?: Promise<unknown>;
  }
}

// The bundle included twice (two tags, two builds) starts once.
if (!window.Storefront) {
  const runtime = createRuntime(ISLANDS);
  window.Storefront = {
    mount: runtime.mount,
    unmount: runtime.unmount,
    events: EVENTS,
    widgets: Object.keys(ISLANDS),
  };
  const start = () => {
    runtime.mount(document);
    runtime.observe();
    prefetchTransportSoon(import.meta.url);
  };
  const whenReady = () =>
    document.readyState === 'loading' ? document.addEventListener('DOMContentLoaded', start, { once: true }) : start();
  Promise.resolve(window.StorefrontBeforeMount)
    .catch((error) => console.error('[storefront] StorefrontBeforeMount rejected; mounting anyway.', error))
    .then(whenReady);
}
