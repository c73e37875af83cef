/**
 * The page runtime: finds `[data-widget]` hooks, loads only the islands
 * present, mounts each hook once, mounts hooks added later and unmounts hooks
 * that are removed. Named parts, each small:
 *
 * - wake.ts: when each hook mounts, a strategy per registry line;
 * - page.ts: the page's lifecycle (starting, asleep, waking, awake), the
 *   hydrate contract, and the one writer of a hook's state;
 * - intent.ts: the capture listeners; inputs held for hooks not yet ready;
 * - deliver.ts (out of the entry): delivers what was held (island.tsx calls
 *   it), or what a failed island leaves (reload.ts, the one reload-once;
 *   notice.ts, what the reloaded page says);
 * - contracts.ts: the types these parts and the islands share;
 * - events.ts: storefront events kept for the islands that wake.
 *
 * Kept free of Preact and axios so the entry script stays tiny.
 */
import { listenForIntent } from './intent';
import type { Claim, IslandEntry } from './contracts';
import { createPage, setState, withHandoff } from './page';
import { HOOK_SELECTOR, NOTICE, STATE_ATTR, WIDGET_ATTR } from './ssr';
import { keepStorefrontEvents } from '../events';
import { readRawConfig, withPage } from './wake';

export type { IslandEntry } from './contracts';
export type IslandRegistry = Readonly<Record<string, IslandEntry>>;

export interface RuntimeOptions {
  /** Fetches, without running, what these chunks need (prefetch.ts). */
  preload?: (chunks: Iterable<string>) => void;
}

const withPageByDefault = withPage();

export function createRuntime(registry: IslandRegistry, options: RuntimeOptions = {}) {
  // A page a reload-once reloaded says why, once (notice.ts).
  try {
    if (sessionStorage.getItem(NOTICE)) void import('./notice');
  } catch {}
  /** Each claimed hook's way out: its island's unmount, or, until it mounts, what stops its strategy (an observer). */
  const claims = new Map<HTMLElement, Claim>();
  /** The chunks the page's hooks need; `preloaded` once the idle prefetch ran (later hooks prefetch at once). */
  const chunks = new Set<string>();
  let preloaded = false;

  const entryOf = (host: HTMLElement) => {
    const name = host.getAttribute(WIDGET_ATTR) ?? '';
    return Object.hasOwn(registry, name) ? registry[name] : undefined;
  };
  const chunkOf = (host: HTMLElement) => entryOf(host) && (entryOf(host)!.chunk ?? host.getAttribute(WIDGET_ATTR)!);

  // An event for a sleeping island (Sign in's modal-open) reaches it: it mounts next, not after the others.
  const events = keepStorefrontEvents(
    () => page.state === 'awake',
    (addressee) => void page.wake(addressee?.closest<HTMLElement>(HOOK_SELECTOR)),
  );
  const page = createPage(entryOf, claims, () => intent, () => events.forget());
  // Any island reached wakes the page (page.wake, called by the listener itself).
  const intent = listenForIntent({
    near: (host) => {
      const chunk = chunkOf(host);
      if (chunk) options.preload?.([chunk]);
    },
    reach: (host, target) => claims.get(host)?.island?.reach?.(host, target),
    wake: page.wake,
    watchMoves: () => page.state === 'asleep',
  });

  /** Mounts every hook inside `root` (and `root` itself) that is not claimed yet, each by its strategy. */
  function mount(root: ParentNode = document): void {
    let config: Record<string, unknown> | undefined;
    let wakeNow = false;
    const hosts = [...root.querySelectorAll<HTMLElement>(HOOK_SELECTOR)];
    if (root instanceof HTMLElement && root.matches(HOOK_SELECTOR)) hosts.unshift(root);
    const added: string[] = [];
    for (const host of hosts) {
      if (host.hasAttribute(STATE_ATTR)) continue;
      const entry = entryOf(host);
      if (!entry) {
        setState(host, 'failed');
        withHandoff((m) => m.unknown(host, registry)); // said from the chunk a page without mistakes never runs
        continue;
      }
      const chunk = chunkOf(host)!;
      if (!chunks.has(chunk)) {
        chunks.add(chunk);
        added.push(chunk);
      }
      const stop = (entry.wake ?? withPageByDefault)(host, {
        hydrate: () => void page.hydrate(host),
        sleep: () => page.sleep(host),
        wakePage: () => {
          page.sleep(host);
          wakeNow = true;
        },
        wait: () => setState(host, 'waiting'),
        config: () => (config ??= readRawConfig()),
      });
      if (stop) claims.set(host, { unmount: stop });
    }
    if (preloaded && added.length) options.preload?.(added);
    page.claimed();
    if (wakeNow) void page.wake();
  }

  function unmountHost(host: HTMLElement): void {
    page.forget(host);
    intent.take(host);
    claims.get(host)?.unmount();
    claims.delete(host);
    setState(host, null);
  }

  const claimedHosts = () => [...claims.keys(), ...page.sleeping];

  /** Unmounts every claimed hook inside `root`. */
  function unmount(root: ParentNode = document): void {
    for (const host of claimedHosts()) if (root === host || root.contains(host)) unmountHost(host);
  }

  function observe(root: Node = document.documentElement): () => void {
    const observer = new MutationObserver((records) => {
      let removed = false;
      for (const record of records) {
        record.addedNodes.forEach((node) => {
          if (node instanceof HTMLElement) mount(node);
        });
        if (record.removedNodes.length) removed = true;
      }
      if (removed) for (const host of claimedHosts()) if (!host.isConnected) unmountHost(host);
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }

  return {
    mount,
    unmount,
    observe,
    /** Wakes the page now (`Storefront.wake()`, for a template that knows better). */
    wake: () => void page.wake(),
    /** Fetches what the page's hooks need, now and for hooks added later (call when the browser is idle). */
    prefetch(): void {
      preloaded = true;
      options.preload?.(chunks);
    },
    /** Stops listening: every hook unmounted, no event held (tests, a page tearing the bundle down). */
    stop(): void {
      unmount(document);
      intent.stop();
      events.stop();
    },
  };
}
