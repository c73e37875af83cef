import type { Browser, Page } from 'playwright-core';

export interface ScriptSize {
  url: string;
  /** gzip -9 of the response body, in bytes. */
  gzip: number;
}
export interface PageJs {
  url: string;
  /** Load, then `quietMs` with no input: every script fetched, those whose code ran, and whether axios code ran. */
  before: { fetched: ScriptSize[]; ran: ScriptSize[]; axiosRan: boolean };
  /** After a scroll to the end and idle: every script fetched. */
  after: { fetched: ScriptSize[] };
  /** After the first mouse move over the header (the page wakes): every script whose code ran. */
  woken: { ran: ScriptSize[] };
  errors: string[];
}
export declare const QUIET_MS: number;
export declare function measurePageJs(browser: Browser, url: string, options?: {
    quietMs?: number;
    init?: string | (() => void);
    /** Called before the load; the wait it returns replaces `quietMs` and the quiet seconds after the scroll and the wake. */
    watch?: (page: Page) => () => Promise<void>;
  },
): Promise<PageJs>;
export declare function measureVariants(options?: { path?: string; build?: boolean; quietMs?: number }): Promise<{ path: string; quietMs: number; preact: PageJs; react: PageJs }>;
export declare function formatPageJs(result: { path: string; quietMs: number; preact: PageJs; react: PageJs }, options?: { files?: boolean }): string;
