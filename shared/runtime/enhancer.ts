/**
 * An island that enhances server-rendered markup instead of rendering over
 * it (the header: its menus stay in the page's HTML). `enhance` wires the
 * host and returns the cleanup.
 *
 * Free of Preact and valibot, so the header's chunk stays small: it runs at
 * load (docs/architecture.md "When islands wake"). An enhancer with props passes `props`,
 * which reads and checks them (e.g. with runtime/props.ts parseProps).
 */
import type { Island } from './contracts';
import type { PropsResult } from './props';

export function defineEnhancer<P extends object = Record<string, never>>(
  name: string,
  enhance: (host: HTMLElement, props: P) => () => void,
  props?: (host: HTMLElement) => PropsResult<P>,
): Island {
  return {
    name,
    mount(host, handoff) {
      const parsed = props ? props(host) : ({ ok: true, props: {} as P } as const);
      if (!parsed.ok) {
        console.error(parsed.message);
        handoff?.failed();
        return () => {};
      }
      try {
        const stop = enhance(host, parsed.props);
        handoff?.ready(); // it listens once enhance() returned
        return stop;
      } catch (error) {
        console.error(`[storefront] ${name} crashed and was removed:`, error);
        handoff?.failed();
        return () => {};
      }
    },
  };
}
