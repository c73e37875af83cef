import { createContext, useContext, useLayoutEffect, useState } from 'react';

let counter = 0;

/**
 * Ids of a server-rendered island: the server picks `base` (unique per
 * render) and writes it in the hydration marker; the client hydrates with
 * the same base, so both sides number the ids in the same order.
 */
export interface IdScope {
  base: string;
  n: number;
}
export const IdScopeContext = createContext<IdScope | null>(null);

/**
 * An id unique on the whole page. React's `useId` is not: every island is
 * its own root, and Preact numbers ids per root, so two islands would both
 * get `P0-0` (duplicate ids, wrong labels).
 */
export function usePageId(prefix: string): string {
  const scope = useContext(IdScopeContext);
  const [id] = useState(() => (scope ? `${prefix}-${scope.base}-${++scope.n}` : `${prefix}-${++counter}`));
  return id;
}

/**
 * False on the server and in the render that hydrates its HTML, true right
 * after, before the browser paints (a layout effect): what only works with
 * JavaScript (a disabled submit, a toggle button) is shown once it does, and
 * is in place by the time the island's first effects run (island.tsx Ready).
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useLayoutEffect(() => setMounted(true), []);
  return mounted;
}
