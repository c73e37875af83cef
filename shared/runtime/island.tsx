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
import { listOf, type ListOptions } from './list';
import { note } from './note';
import { hasServerHtml, readMarker, removeMarker, stateOf } from './ssr';
import { keepTyped } from './typed';

export type { Island } from './contracts';

export interface IslandOptions {
  /** Its props hold a list shown one element per item (the grid, the slider): list.tsx. */
  list?: ListOptions;
}

declare const SFW_REACT: boolean | undefined;

/**
 * React's hydration errors (the React build): noted as a mismatch for field data, then reported as React
 * does by default. Preact has no such hook (it trusts the server HTML while hydrating): the marker's hash
 * is its check, warnMismatch below.
 */
const hydrationOptions = (name: string) =>
  typeof SFW_REACT === 'boolean' && SFW_REACT
    ? {
        onRecoverableError(error: unknown) {
          note('fail', { kind: 'mismatch', island: name });
          if (typeof reportError === 'function') reportError(error);
          else console.error(error);
        },
      }
    : undefined;

/** The one warning for server HTML that cannot be hydrated (noted for field data). */
export function warnMismatch(name: string, why: string): void {
  note('fail', { kind: 'mismatch', island: name });
  console.warn(`[storefront] ${name}: ${why}; rendering it on the client instead (an old cache or an edited template?).`);
}

export function defineIsland<P extends object>(
  name: string,
  schema: v.GenericSchema<unknown, P>,
  View: ComponentType<P>,
  options: IslandOptions = {},
): Island {
  const tree = (props: P, ids: string | null, ready?: ReadyProps) => (
    <IdScopeContext.Provider value={ids === null ? null : { base: ids, n: 0 }}>
      <IslandBoundary name={name}>
        <View {...props} />
      </IslandBoundary>
      {ready && <Ready {...ready} />}
    </IdScopeContext.Provider>
  );
  const list = options.list && listOf(name, schema as v.GenericSchema<unknown, unknown>, options.list, IslandBoundary);
  const hashed: (props: P) => unknown = list?.hashed ?? ((props) => props);
  const withList = (element: ReactElement, mode: 'mark' | 'fill') => (list ? list.mode(element, mode) : element);
  return {
    name,
    ssr: {
      schema: schema as v.GenericSchema<unknown, unknown>,
      render: (props, ids) => withList(tree(props as P, ids), 'mark'),
      hashed: (props) => hashed(props as P),
    },
    reach: list?.reach,
    mount(host, handoff: Handoff = { ready() {}, failed() {} }) {
      // Field data: its code is here (the field chunk knows since when: shared/field/collect.ts), then it hydrates until its ready commit.
      const mounted = performance.now();
      const ready = handoff.ready;
      handoff.ready = () => {
        note('wake', { island: name, mounted, hydrate: performance.now() - mounted });
        ready();
      };
      startShared();
      let marker = readMarker(host);
      // Field data: a hook the server left empty (render service down, shedding, throttled), rendered here.
      if (!marker && !hasServerHtml(host)) note('fallback', { island: name });
      if (marker && list?.hydrate) {
        const cleanup = list.hydrate(host, marker, (why) => warnMismatch(name, why));
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
      const why = !marker
        ? 'the hook holds HTML without a server-render marker'
        : marker.hash !== read.hash
          ? 'the server HTML was rendered from other props or config'
          : list?.mismatch(host, read.props);
      if (marker && !why) {
        removeMarker(host);
        const typed = keepTyped(host);
        const root = hydrateRoot(host, tree(read.props, marker.ids, { host, handoff, reach: list?.reach, typed }), hydrationOptions(name));
        return () => {
          typed.stop();
          root.unmount();
        };
      }
      if (hasServerHtml(host)) {
        warnMismatch(name, why!);
        host.replaceChildren();
      }
      const root = createRoot(host);
      root.render(withList(tree(read.props, null, { host, handoff, reach: list?.reach }), 'fill'));
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
    note('fail', { kind: 'crash', island: this.props.name });
    console.error(`[storefront] ${this.props.name} crashed and was removed:`, error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
