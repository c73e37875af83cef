/**
 * The page runtime: finds `[data-widget]` hooks, loads only the islands
 * present, mounts each hook once, mounts hooks added later and unmounts hooks
 * that are removed. When each hook mounts is its registry line's strategy
 * (wake.ts); hooks with server HTML mostly sleep until the page wakes, and
 * the entry script runs nothing else before the shopper does.
 *
 * Waking, the island the shopper reached mounts first and gets what was held
 * for it (intent.ts); once that answer is drawn the others follow one per
 * task, nearest the viewport first, yielding to input in between. A storefront
 * event sent before every woken island listens reaches each listener once,
 * whenever it starts (events.ts).
 *
 * Kept free of Preact and axios so the entry script stays tiny.
 */
import type { Island } from './island';
import { listenForIntent, type Held } from './intent';
import { HOOK_SELECTOR, removeMarker, STATE_ATTR, stateOf, WIDGET_ATTR, type HostState } from './ssr';
import { keepStorefrontEvents } from '../events';
import { readRawConfig, withPage, type Strategy, type WakeContext } from './wake';

export interface IslandEntry {
  load: () => Promise<{ default: Island }>;
  /** The name of the module `load` imports (build.mjs chunkName): a group's ('every-page'); default the widget's own folder, its name. Its files are fetched at idle when the page has the hook. */
  chunk?: string;
  /** When it mounts (wake.ts): default withPage(), asleep in server HTML until the page wakes. */
  wake?: Strategy;
}
export type IslandRegistry = Readonly<Record<string, IslandEntry>>;

export interface RuntimeOptions {
  /** Fetches, without running, what these chunks need (prefetch.ts). */
  preload?: (chunks: Iterable<string>) => void;
}

/** Lets input through: scheduler.yield where the browser has it, else a fresh task. */
function yieldToInput(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve));
}

/** The most the other islands wait for the reached one to answer. */
const ANSWER_MS = 500;
/** After the next frame is drawn. */
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/** Hands what was held for a hook to deliver.ts (loaded only then): `failed`, its island did not load. */
function handOver(host: HTMLElement, held: Held[], failed = false): Promise<void> {
  if (!held.length) return Promise.resolve();
  return import('./deliver').then((m) => (failed ? m.release(held) : m.deliver(host, held)));
}

/** How far the hook is from the viewport (0 when in it): the nearest wakes first. */
function distanceToViewport(host: HTMLElement): number {
  const { top, bottom } = host.getBoundingClientRect();
  return top > innerHeight ? top - innerHeight : bottom < 0 ? -bottom : 0;
}

const withPageByDefault = withPage();

export function createRuntime(registry: IslandRegistry, options: RuntimeOptions = {}) {
  const mounted = new Map<HTMLElement, { unmount: () => void; island: Island }>();
  const sleeping = new Set<HTMLElement>();
  let page: 'asleep' | 'waking' | 'awake' = 'asleep';
  let visibility: IntersectionObserver | undefined;
  /** The chunks the page's hooks need; `preloaded` once the idle prefetch ran (later hooks prefetch at once). */
  const chunks = new Set<string>();
  let preloaded = false;
  /** While the page wakes: the hooks still to mount, the next first, and those the shopper reached (they answer before the next starts). */
  let queue: HTMLElement[] = [];
  const reached = new Set<HTMLElement>();
  /** The page woke before the hooks were claimed (an intent while StorefrontBeforeMount waited). */
  let wakeWhenClaimed = false;

  const setState = (host: HTMLElement, state: HostState) => host.setAttribute(STATE_ATTR, state);
  const entryOf = (host: HTMLElement) => {
    const name = host.getAttribute(WIDGET_ATTR) ?? '';
    return Object.hasOwn(registry, name) ? registry[name] : undefined;
  };
  const chunkOf = (host: HTMLElement) => entryOf(host) && (entryOf(host)!.chunk ?? host.getAttribute(WIDGET_ATTR)!);

  // An event for a sleeping island (Sign in's modal-open) reaches it: it mounts next, not after the others.
  const events = keepStorefrontEvents(() => page === 'awake', (addressee) => {
    const host = addressee?.closest<HTMLElement>(HOOK_SELECTOR);
    wake(host && stateOf(host) === 'sleeping' ? host : undefined);
  });
  const intent = listenForIntent({
    near: (host) => {
      const chunk = chunkOf(host);
      if (chunk) options.preload?.([chunk]);
    },
    reach: (host, target) => {
      const state = stateOf(host);
      if (state === 'ready') mounted.get(host)?.island.reach?.(host, target);
      // Any island reached wakes the page, a sleeping one first (one waiting for the viewport is reached there: the observer mounts it).
      wake(state === 'sleeping' || state === null ? host : undefined);
    },
    watchMoves: () => page === 'asleep',
  });

  /**
   * Loads and mounts one hook. Resolves once its island's mount() ran, to
   * `ready`, which resolves once it listens (its first effects ran and what
   * they rendered is in place), failed or not.
   */
  async function mountHost(host: HTMLElement): Promise<{ ready: Promise<void> }> {
    const name = host.getAttribute(WIDGET_ATTR) ?? '';
    const entry = entryOf(host);
    const done = { ready: Promise.resolve() };
    if (!entry) {
      console.error(`[storefront] Unknown widget "${name}". Known widgets: ${Object.keys(registry).join(', ')}.`);
      setState(host, 'failed');
      return done;
    }
    setState(host, 'loading');
    try {
      const island = (await entry.load()).default;
      // Each island mounts in a task of its own, so a page of islands never blocks input for long.
      await yieldToInput();
      if (!host.isConnected || stateOf(host) !== 'loading') return done;
      let listening!: () => void;
      const ready = new Promise<void>((resolve) => (listening = resolve)).then(() => {
        if (!mounted.has(host)) return;
        if (stateOf(host) === 'loading') setState(host, 'ready');
        return handOver(host, intent.take(host));
      });
      mounted.set(host, { unmount: island.mount(host, listening), island });
      return { ready };
    } catch (error) {
      console.error(`[storefront] ${name} could not be loaded:`, error);
      // Its server HTML stays, working as without JavaScript.
      removeMarker(host);
      setState(host, 'failed');
      void handOver(host, intent.take(host), true);
      return done;
    }
  }

  /** Wakes the page once: `first` (the hook the shopper reached) mounts first, then the rest, nearest the viewport first. */
  function wake(first?: HTMLElement): void {
    if (first && page !== 'awake') {
      reached.add(first);
      // Reached while the page wakes (a header button that focuses the search field): it mounts next.
      if (queue.includes(first)) queue = [first, ...queue.filter((host) => host !== first)];
    }
    if (page !== 'asleep') return;
    if (!claimed) {
      wakeWhenClaimed = true;
      return;
    }
    page = 'waking';
    queue = [...sleeping].sort((a, b) => Number(reached.has(b)) - Number(reached.has(a)) || distanceToViewport(a) - distanceToViewport(b));
    sleeping.clear();
    void (async () => {
      const readies: Array<Promise<void>> = [];
      for (let host; (host = queue.shift()); ) {
        if (!host.isConnected) continue;
        const { ready } = await mountHost(host);
        readies.push(ready);
        // A reached island answers before the next starts: what was held delivered and that frame drawn (or, stuck, after ANSWER_MS).
        if (reached.delete(host)) await Promise.race([ready.then(nextFrame), new Promise((resolve) => setTimeout(resolve, ANSWER_MS))]);
      }
      await Promise.all(readies);
      page = 'awake';
      events.forget();
    })();
  }

  function mountWhenVisible(host: HTMLElement): void {
    // Every browser of the support list (package.json browserslist) has IntersectionObserver.
    setState(host, 'waiting');
    visibility ??= new IntersectionObserver(
      (entries) => {
        for (const { isIntersecting, target } of entries) {
          if (!isIntersecting) continue;
          visibility!.unobserve(target);
          void mountHost(target as HTMLElement);
        }
      },
      { rootMargin: '300px' },
    );
    visibility.observe(host);
  }

  let claimed = false;

  /** Mounts every hook inside `root` (and `root` itself) that is not claimed yet, each by its strategy. */
  function mount(root: ParentNode = document): void {
    let config: Record<string, unknown> | undefined;
    let wakeNow = wakeWhenClaimed;
    wakeWhenClaimed = false;
    claimed = true;
    const hosts = [...root.querySelectorAll<HTMLElement>(HOOK_SELECTOR)];
    if (root instanceof HTMLElement && root.matches(HOOK_SELECTOR)) hosts.unshift(root);
    const added: string[] = [];
    for (const host of hosts) {
      if (host.hasAttribute(STATE_ATTR)) continue;
      const entry = entryOf(host);
      if (!entry) {
        void mountHost(host); // logs the unknown name
        continue;
      }
      const chunk = chunkOf(host)!;
      if (!chunks.has(chunk)) {
        chunks.add(chunk);
        added.push(chunk);
      }
      const sleep = () => {
        if (page !== 'asleep') return void mountHost(host);
        setState(host, 'sleeping');
        sleeping.add(host);
      };
      const context: WakeContext = {
        now: () => void mountHost(host),
        sleep,
        wakePage: () => {
          sleep();
          wakeNow = true;
        },
        whenVisible: () => mountWhenVisible(host),
        config: () => (config ??= readRawConfig()),
      };
      (entry.wake ?? withPageByDefault)(host, context);
    }
    if (preloaded && added.length) options.preload?.(added);
    if (wakeNow) wake();
  }

  function unmountHost(host: HTMLElement): void {
    visibility?.unobserve(host);
    sleeping.delete(host);
    intent.take(host);
    mounted.get(host)?.unmount();
    mounted.delete(host);
    host.removeAttribute(STATE_ATTR);
  }

  /** Unmounts every claimed hook inside `root`. */
  function unmount(root: ParentNode = document): void {
    for (const host of [...mounted.keys(), ...sleeping]) if (root === host || root.contains(host)) unmountHost(host);
  }

  function sweepDetached(): void {
    for (const host of [...mounted.keys(), ...sleeping]) if (!host.isConnected) unmountHost(host);
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
      if (removed) sweepDetached();
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }

  return {
    mount,
    unmount,
    observe,
    /** Wakes the page now (`Storefront.wake()`, for a template that knows better). */
    wake: () => wake(),
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
