/**
 * Turns a component into an island: `defineIsland(name, propsSchema, Component)`.
 * Each island file under widgets/ default-exports one; the runtime calls
 * `mount(host)` and keeps the returned unmount.
 *
 * - a bad optional prop, or a bad item of a list prop: one console.warn
 *   naming the widget and the field, and the island renders without it;
 * - a bad or missing prop it cannot work without: exactly one console.error
 *   naming the widget and the field, and the hook renders nothing;
 * - a component that throws is caught by its own boundary: it renders
 *   nothing, logs, and every other island goes on.
 */
import { Component, useLayoutEffect, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type * as v from 'valibot';
import { readPageConfig } from '../config';
import { IdScopeContext } from '../ui/use-page-id';
import type { Handoff, Island } from './contracts';
import { deliver } from './deliver';
import { propsJson, readLogged } from './props';
import { startShared } from './shared-start';
import { hasServerHtml, readMarker, removeMarker, stateOf, type SsrMarker } from './ssr';
import { keepTyped } from './typed';

export type { Island } from './contracts';

export interface IslandOptions<P> {
  /** The server's tree when it differs from the client's View (the grid: every card, each its own root). */
  serverView?: ComponentType<P & { ids: string }>;
  /**
   * Hydrates server HTML its own way (the grid, card by card). Returns the
   * cleanup, or null after it cleared the host: the island then renders on the client.
   */
  hydrate?: (host: HTMLElement, marker: SsrMarker) => (() => void) | null;
  /** See Island.reach. */
  reach?: (host: HTMLElement, target: Element) => void;
  /** What of the props the marker's hash covers, when not all of them (the grid checks each card itself). */
  hashed?: (props: P) => unknown;
}

/** The one warning for server HTML that cannot be hydrated. */
export function warnMismatch(name: string, why: string): void {
  console.warn(`[storefront] ${name}: ${why}; rendering it on the client instead (an old cache or an edited template?).`);
}

export function defineIsland<P extends object>(
  name: string,
  schema: v.GenericSchema<unknown, P>,
  View: ComponentType<P>,
  options: IslandOptions<P> = {},
): Island {
  const tree = (props: P, ids: string | null, Shown: ComponentType<P> = View, ready?: ReadyProps) => (
    <IdScopeContext.Provider value={ids === null ? null : { base: ids, n: 0 }}>
      <IslandBoundary name={name}>
        <Shown {...props} />
      </IslandBoundary>
      {ready && <Ready {...ready} />}
    </IdScopeContext.Provider>
  );
  const ServerView = options.serverView;
  const hashed = options.hashed ?? ((props: P) => props);
  return {
    name,
    ssr: {
      schema: schema as v.GenericSchema<unknown, unknown>,
      render: (props, ids) =>
        ServerView ? tree(props as P, ids, (p: P) => <ServerView {...p} ids={ids} />) : tree(props as P, ids),
      hashed: (props) => hashed(props as P),
    },
    reach: options.reach,
    mount(host, handoff: Handoff = { ready() {}, failed() {} }) {
      startShared();
      let marker = readMarker(host);
      if (marker && options.hydrate) {
        const cleanup = options.hydrate(host, marker);
        if (cleanup) {
          handoff.ready();
          return cleanup;
        }
        marker = null; // it cleared the host (or the props fail below): render on the client
      }
      const json = propsJson(name, host);
      const read = json.ok ? readLogged(name, json.json, schema, hashed, readPageConfig()) : json;
      if (!read.ok) {
        console.error(read.message);
        host.replaceChildren();
        handoff.failed();
        return () => {};
      }
      if (marker && marker.hash === read.hash) {
        removeMarker(host);
        const typed = keepTyped(host);
        const root = hydrateRoot(host, tree(read.props, marker.ids, View, { host, handoff, reach: options.reach, typed }));
        return () => {
          typed.stop();
          root.unmount();
        };
      }
      if (hasServerHtml(host)) {
        warnMismatch(name, marker ? 'the server HTML was rendered from other props or config' : 'the hook holds HTML without a server-render marker');
        host.replaceChildren();
      }
      const root = createRoot(host);
      root.render(tree(read.props, null, View, { host, handoff, reach: options.reach }));
      return () => root.unmount();
    },
  };
}

interface ReadyProps {
  host: HTMLElement;
  handoff: Handoff;
  reach?: Island['reach'];
  /** What was typed into the server HTML, put back once hydrated. */
  typed?: { restore(): void };
}

/**
 * Renders nothing. It comes last, so its layout effect runs in the commit
 * that put the island's handlers in the DOM, after the island's own layout
 * effects: the island listens. What was held (intent.ts) is taken, the hook
 * becomes ready and it is delivered (deliver.ts), in one task, after the
 * commit's own re-renders. The elements are the server's (hydration keeps
 * them), so it goes to the very node the shopper reached.
 */
function Ready({ host, handoff, reach, typed }: ReadyProps) {
  useLayoutEffect(() => {
    typed?.restore();
    if (!handoff.held?.has(host)) return handoff.ready();
    queueMicrotask(() => {
      const held = handoff.held!.take(host);
      handoff.ready();
      if (stateOf(host) === 'ready') deliver(host, held, reach);
    });
  }, []);
  return null;
}

interface BoundaryProps {
  name: string;
  children: ReactNode;
}

export class IslandBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`[storefront] ${this.props.name} crashed and was removed:`, error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
