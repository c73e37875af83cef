/**
 * The page runtime: finds `[data-widget]` hooks, loads only the islands
 * present (one lazy chunk each), mounts each hook once, mounts hooks added
 * later and unmounts hooks that are removed.
 *
 * Kept free of Preact and axios so the entry script stays tiny.
 */
import type { Island } from './island';
import { readMarker } from './ssr';

export interface IslandEntry {
  load: () => Promise<{ default: Island }>;
  /** 'visible': load and mount only when the hook comes near the viewport. */
  when?: 'visible';
}
export type IslandRegistry = Readonly<Record<string, IslandEntry>>;

const ATTR = 'data-widget';
const SELECTOR = `[${ATTR}]`;
/** Set on a host as soon as it is claimed, so a second bundle or a second mount() skips it. */
const CLAIMED = 'data-widget-claimed';

/**
 * A click on a server-rendered button before its island hydrated (its chunk
 * still loading) is held and replayed on the same button once it did. Links
 * and forms with an action work without JavaScript: those are left alone.
 */
function heldButton(event: Event): { host: HTMLElement; button: HTMLElement } | null {
  const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>('button');
  const host = button?.closest<HTMLElement>(SELECTOR);
  if (!button || !host || !readMarker(host)) return null;
  if (button.type === 'submit' && button.form?.hasAttribute('action')) return null;
  return { host, button };
}

export function createRuntime(registry: IslandRegistry) {
  const unmounts = new Map<HTMLElement, () => void>();
  let visibility: IntersectionObserver | undefined;
  const held = new Map<HTMLElement, HTMLElement>();
  document.addEventListener(
    'click',
    (event) => {
      const hit = heldButton(event);
      if (!hit) return;
      event.preventDefault(); // e.g. a form without action would reload the page
      held.set(hit.host, hit.button);
    },
    true,
  );

  async function mountHost(host: HTMLElement): Promise<void> {
    const name = host.getAttribute(ATTR) ?? '';
    const entry = Object.hasOwn(registry, name) ? registry[name] : undefined;
    if (!entry) {
      console.error(`[storefront] Unknown widget "${name}". Known widgets: ${Object.keys(registry).join(', ')}.`);
      host.setAttribute('data-widget-state', 'error');
      return;
    }
    try {
      const island = (await entry.load()).default;
      // Mount each island in a task of its own, so a page of islands never blocks input for long.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (!host.isConnected || host.getAttribute(CLAIMED) !== 'loading') return;
      host.setAttribute(CLAIMED, 'mounted');
      unmounts.set(host, island.mount(host));
      const button = held.get(host);
      held.delete(host);
      if (button?.isConnected) button.click();
    } catch (error) {
      console.error(`[storefront] ${name} could not be loaded:`, error);
      host.setAttribute('data-widget-state', 'error');
      // Its server HTML stays, working as without JavaScript: clicks are no longer held.
      if (readMarker(host)) host.firstElementChild!.remove();
      held.delete(host);
    }
  }

  function claim(host: HTMLElement): void {
    if (host.hasAttribute(CLAIMED)) return;
    host.setAttribute(CLAIMED, 'loading');
    const entry = registry[host.getAttribute(ATTR) ?? ''];
    if (entry?.when === 'visible' && typeof IntersectionObserver === 'function') {
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
      return;
    }
    void mountHost(host);
  }

  /** Mounts every hook inside `root` (and `root` itself) that is not mounted yet. */
  function mount(root: ParentNode = document): void {
    if (root instanceof HTMLElement && root.matches(SELECTOR)) claim(root);
    root.querySelectorAll<HTMLElement>(SELECTOR).forEach(claim);
  }

  function unmountHost(host: HTMLElement): void {
    visibility?.unobserve(host);
    unmounts.get(host)?.();
    unmounts.delete(host);
    host.removeAttribute(CLAIMED);
  }

  /** Unmounts every mounted hook inside `root`. */
  function unmount(root: ParentNode = document): void {
    for (const host of [...unmounts.keys()]) if (root === host || root.contains(host)) unmountHost(host);
  }

  function sweepDetached(): void {
    for (const host of [...unmounts.keys()]) if (!host.isConnected) unmountHost(host);
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

  return { mount, unmount, observe, mounted: () => unmounts.size };
}
