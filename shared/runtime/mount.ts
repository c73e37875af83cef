/**
 * The page runtime: finds `[data-widget]` hooks, loads only the islands
 * present, mounts each hook once, mounts hooks added later and unmounts hooks
 * that are removed. Server-rendered hooks sleep until the page wakes
 * (wake.ts); the entry script runs nothing else before the shopper does.
 *
 * Kept free of Preact and axios so the entry script stays tiny.
 */
import type { Island } from './island';
import { hasServerHtml, removeMarker } from './ssr';
import { CLAIMED, HOLD, heldButton, HOOK_SELECTOR, WIDGET_ATTR as ATTR } from './held';
import { listenForWake, readRawConfig } from './wake';

export interface IslandEntry {
  load: () => Promise<{ default: Island }>;
  /**
   * When its code loads and runs (README "When islands wake"):
   * - 'load' (default): at page load. Such an island must not listen to the
   *   storefront events: they may arrive while the page sleeps (wake.ts).
   * - 'visible': when the hook comes near the viewport.
   * - 'intent': a hook holding server HTML sleeps until the page wakes; an
   *   empty hook (nothing to show without code) wakes the page at load.
   */
  when?: 'load' | 'visible' | 'intent';
  /** 'intent': the island must run at load after all, given the page config as written (e.g. it lacks a state the island fetches, spec §7). */
  wakeAtLoad?: (config: Record<string, unknown>) => boolean;
  /** 'intent': an empty hook loads near the viewport instead of waking the page at load. */
  emptyWhen?: 'visible';
}
export type IslandRegistry = Readonly<Record<string, IslandEntry>>;

export function createRuntime(registry: IslandRegistry) {
  const unmounts = new Map<HTMLElement, () => void>();
  let visibility: IntersectionObserver | undefined;
  const held = new Map<HTMLElement, HTMLElement>();
  const sleeping = new Set<HTMLElement>();
  let wakeState: 'asleep' | 'waking' | 'awake' = 'asleep';
  let wakeListener: ReturnType<typeof listenForWake> | undefined;
  /** A click was held before the hooks were claimed: wake as soon as they are. */
  let clickedEarly = false;

  const onClick = (event: Event) => {
    const hit = heldButton(event);
    if (!hit) return;
    event.preventDefault(); // e.g. a form without action would reload the page
    held.set(hit.host, hit.button);
    if (wakeListener) wakeListener.wake();
    else clickedEarly = true;
  };
  document.addEventListener('click', onClick, true);

  const entryOf = (host: HTMLElement) => {
    const name = host.getAttribute(ATTR) ?? '';
    return Object.hasOwn(registry, name) ? registry[name] : undefined;
  };

  /** Loads and mounts one hook; resolves once it listens (its effects ran), failed or not. */
  async function mountHost(host: HTMLElement): Promise<void> {
    const name = host.getAttribute(ATTR) ?? '';
    const entry = entryOf(host);
    if (!entry) {
      console.error(`[storefront] Unknown widget "${name}". Known widgets: ${Object.keys(registry).join(', ')}.`);
      host.setAttribute('data-widget-state', 'error');
      return;
    }
    host.setAttribute(CLAIMED, 'loading');
    try {
      const island = (await entry.load()).default;
      // Mount each island in a task of its own, so a page of islands never blocks input for long.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (!host.isConnected || host.getAttribute(CLAIMED) !== 'loading') return;
      host.setAttribute(CLAIMED, 'mounted');
      await new Promise<void>((ready) => unmounts.set(host, island.mount(host, ready)));
      const button = held.get(host);
      held.delete(host);
      const key = button?.getAttribute(HOLD);
      // The island may have replaced the element (the cart's link becomes its button).
      (button?.isConnected ? button : key ? host.querySelector<HTMLElement>(`[${HOLD}="${key}"]`) : null)?.click();
    } catch (error) {
      console.error(`[storefront] ${name} could not be loaded:`, error);
      host.setAttribute('data-widget-state', 'error');
      // Its server HTML stays, working as without JavaScript: clicks are no longer held.
      removeMarker(host);
      host.setAttribute(CLAIMED, 'failed');
      // A held link goes where it leads; a held button of dead server HTML does nothing.
      const button = held.get(host);
      held.delete(host);
      if (button?.localName === 'a') button.click();
    }
  }

  /**
   * Mounts every sleeping hook, each in a task of its own. Storefront events
   * sent until all listen wait (wake.ts), islands already awake included, and
   * then reach every listener once, in the order they were sent. Known edge:
   * a listener added before the first hook fell asleep (only when hooks with
   * server HTML are added after the first scan) sees them at once and again.
   */
  function wake(): void {
    if (wakeState !== 'asleep') return;
    wakeState = 'waking';
    const hosts = [...sleeping];
    sleeping.clear();
    void Promise.all(hosts.map(mountHost)).then(() => {
      wakeState = 'awake';
      wakeListener?.replay();
      wakeListener?.stop();
    });
  }

  function sleep(host: HTMLElement): void {
    host.setAttribute(CLAIMED, 'sleeping');
    sleeping.add(host);
    wakeListener ??= listenForWake(
      (target) => target instanceof Element && target.closest(HOOK_SELECTOR) !== null,
      wake,
      () => wakeState === 'awake',
    );
  }

  function mountWhenVisible(host: HTMLElement): void {
    if (typeof IntersectionObserver !== 'function') return void mountHost(host);
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

  /** Claims a hook; returns true when it wants the page awake at load. */
  function claim(host: HTMLElement, config: () => Record<string, unknown>): boolean {
    if (host.hasAttribute(CLAIMED)) return false;
    const entry = entryOf(host);
    host.setAttribute(CLAIMED, 'loading');
    // Server HTML that only shows a loading state (marked data-sfw-loading) has nothing to wait for: it does not sleep.
    if (entry?.when === 'intent' && wakeState === 'asleep' && hasServerHtml(host) && !host.querySelector('[data-sfw-loading]')) {
      sleep(host);
      return entry.wakeAtLoad?.(config()) ?? false;
    }
    const visible = entry?.when === 'visible' || (entry?.when === 'intent' && entry.emptyWhen === 'visible');
    if (visible) mountWhenVisible(host);
    else void mountHost(host);
    // An empty 'intent' hook runs now, so the page wakes with it.
    return !visible && entry?.when === 'intent' && wakeState === 'asleep';
  }

  /** Mounts every hook inside `root` (and `root` itself) that is not mounted yet. */
  function mount(root: ParentNode = document): void {
    let config: Record<string, unknown> | undefined;
    const configOnce = () => (config ??= readRawConfig());
    const hosts = [...root.querySelectorAll<HTMLElement>(HOOK_SELECTOR)];
    if (root instanceof HTMLElement && root.matches(HOOK_SELECTOR)) hosts.unshift(root);
    let wakeNow = clickedEarly;
    for (const host of hosts) if (claim(host, configOnce)) wakeNow = true;
    // Nothing sleeps: the page is awake (hooks added later mount at once).
    if (wakeNow) wakeListener ? wakeListener.wake() : (wakeState = 'awake');
  }

  function unmountHost(host: HTMLElement): void {
    visibility?.unobserve(host);
    sleeping.delete(host);
    held.delete(host);
    unmounts.get(host)?.();
    unmounts.delete(host);
    host.removeAttribute(CLAIMED);
  }

  /** Unmounts every claimed hook inside `root`; with none left asleep, stops listening for what wakes the page. */
  function unmount(root: ParentNode = document): void {
    for (const host of [...unmounts.keys(), ...sleeping]) if (root === host || root.contains(host)) unmountHost(host);
    if (sleeping.size === 0 && wakeState === 'asleep') {
      wakeListener?.stop();
      wakeListener = undefined;
    }
  }

  function sweepDetached(): void {
    for (const host of [...unmounts.keys(), ...sleeping]) if (!host.isConnected) unmountHost(host);
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
    /** Wakes the page now (tests; `Storefront.wake()` for a template that knows better). */
    wake: () => (wakeListener ? wakeListener.wake() : undefined),
    mounted: () => unmounts.size,
    sleeping: () => sleeping.size,
  };
}
