/**
 * The one script tag a page includes. It only scans for hooks, runs the
 * header, and lets server-rendered islands sleep until the page wakes
 * (shared/runtime/wake.ts); everything else arrives in lazy chunks, fetched
 * at idle and run on the first intent.
 *
 *   <script type="module" src="/storefront/storefront.js"></script>
 *
 * `window.Storefront` = { mount(root), unmount(root), wake(), events, widgets, fieldData: { consent(granted) } }.
 * A page may set `window.StorefrontBeforeMount` to a promise (a consent tool,
 * or the demo's mock backend) and islands mount once it settles.
 */
import { ISLANDS } from './registry';
import { EVENTS } from '../shared/events';
import { createRuntime } from '../shared/runtime/mount';
import { createPrefetch, whenIdle } from '../shared/runtime/prefetch';
import { startField } from '../shared/runtime/field';
import type { FieldState } from '../shared/runtime/deliver';
import { readRawConfig } from '../shared/runtime/wake';

export interface StorefrontGlobal {
  mount(root?: ParentNode): void;
  unmount(root?: ParentNode): void;
  /** Wakes the sleeping islands now (docs/architecture.md "When islands wake"). */
  wake(): void;
  events: typeof EVENTS;
  widgets: string[];
  /** Field data (docs/embedding.md "Field data"): the page's consent, given or taken back after load. */
  fieldData: { consent(granted: boolean): void };
}

declare global {
  interface Window {
    Storefront?: StorefrontGlobal;
    StorefrontBeforeMount?: Promise<unknown>;
  }
}

// The bundle included twice (two tags, two builds) starts once.
if (!window.Storefront) {
  const runtime = createRuntime(ISLANDS, { preload: createPrefetch(import.meta.url) });
  window.Storefront = {
    mount: runtime.mount,
    unmount: runtime.unmount,
    wake: runtime.wake,
    events: EVENTS,
    widgets: Object.keys(ISLANDS),
    fieldData: { consent: startField(readRawConfig().fieldData as FieldState | undefined) },
  };
  const start = () => {
    runtime.mount(document);
    runtime.observe();
    whenIdle(runtime.prefetch);
  };
  const whenReady = () =>
    document.readyState === 'loading' ? document.addEventListener('DOMContentLoaded', start, { once: true }) : start();
  Promise.resolve(window.StorefrontBeforeMount)
    .catch((error) => console.error('[storefront] StorefrontBeforeMount rejected; mounting anyway.', error))
    .then(whenReady);
}
