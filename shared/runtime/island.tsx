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
import { Component, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type * as v from 'valibot';
import { parseProps } from './props';
import { startShared } from './shared-start';

export interface Island {
  name: string;
  mount(host: HTMLElement): () => void;
}

export function defineIsland<P extends object>(
  name: string,
  schema: v.GenericSchema<unknown, P>,
  View: ComponentType<P>,
): Island {
  return {
    name,
    mount(host) {
      startShared();
      const parsed = parseProps(name, host, schema);
      if (!parsed.ok) {
        console.error(parsed.message);
        host.setAttribute('data-widget-state', 'error');
        return () => {};
      }
      const root = createRoot(host);
      root.render(
        <IslandBoundary name={name}>
          <View {...parsed.props} />
        </IslandBoundary>,
      );
      host.setAttribute('data-widget-state', 'mounted');
      return () => {
        root.unmount();
        host.removeAttribute('data-widget-state');
      };
    },
  };
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

/**
 * An island that enhances server-rendered markup instead of rendering over
 * it (the header: its menus stay in the page's HTML). `enhance` wires the
 * host and returns the cleanup. Props are read and checked the same way.
 */
export function defineEnhancer<P extends object>(
  name: string,
  schema: v.GenericSchema<unknown, P>,
  enhance: (host: HTMLElement, props: P) => () => void,
): Island {
  return {
    name,
    mount(host) {
      startShared();
      const parsed = parseProps(name, host, schema);
      if (!parsed.ok) {
        console.error(parsed.message);
        host.setAttribute('data-widget-state', 'error');
        return () => {};
      }
      try {
        const cleanup = enhance(host, parsed.props);
        host.setAttribute('data-widget-state', 'mounted');
        return () => {
          cleanup();
          host.removeAttribute('data-widget-state');
        };
      } catch (error) {
        console.error(`[storefront] ${name} crashed and was removed:`, error);
        host.setAttribute('data-widget-state', 'error');
        return () => {};
      }
    },
  };
}
