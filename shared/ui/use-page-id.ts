import { useState } from 'react';

let counter = 0;

/**
 * An id unique on the whole page. React's `useId` is not: every island is
 * its own root, and Preact numbers ids per root, so two islands would both
 * get `P0-0` (duplicate ids, wrong labels).
 */
export function usePageId(prefix: string): string {
  const [id] = useState(() => `${prefix}-${++counter}`);
  return id;
}
