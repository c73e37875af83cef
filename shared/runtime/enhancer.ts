/**
 * An island that enhances server-rendered markup instead of rendering over
 * it (the header: its menus stay in the page's HTML). `enhance` wires the
 * host and returns the cleanup.
 *
 * Free of Preact and valibot, so the header's chunk stays small: it runs at
 * load (docs/architecture.md "When islands wake"). An enhancer with props passes `props`,
 * which reads and checks them (e.g. with runtime/props.ts parseProps).
 */
import type { Island } from './island';
import type { PropsResult } from './props';
import { STATE_ATTR } from './ssr';

export function defineEnhancer<P extends object = Record<string, never>>(
  name: string,
  enhance: (host: HTMLElement, props: P) => () => void,
  props?: (host: HTMLElement) => PropsResult<P>,
): Island {
  return {
    name,
    mount(host, ready) {
      // It listens once enhance() returned (or failed).
      queueMicrotask(() => ready?.());
      const parsed = props ? props(host) : ({ ok: true, props: {} as P } as const);
      if (!parsed.ok) {
        console.error(parsed.message);
        host.setAttribute(STATE_ATTR, 'failed');
        return () => {};
      }
      try {
        return enhance(host, parsed.props);
      } catch (error) {
        console.error(`[storefront] ${name} crashed and was removed:`, error);
        host.setAttribute(STATE_ATTR, 'failed');
        return () => {};
      }
    },
  };
}
