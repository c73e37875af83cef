import type { Page } from 'playwright-core';

/** Resolves once `page` has had no request open for `quietMs` (or after `maxMs`). */
export function networkQuiet(page: Page, quietMs: number, maxMs: number): Promise<void>;
