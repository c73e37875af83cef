/**
 * What the render service is made of (render-service.ts): its defaults, the
 * options `createRenderService()` takes, and what it adds to a node:http
 * server. The environment variables that set them are read in ssr-server.ts.
 */
import type { Server } from 'node:http';
import type { LocalHealth } from './health';

export const DEFAULT_PORT = 13714;
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const DEFAULT_MAX_HOOKS = 500;
// A cap per request, whatever the caller's deadline: one request never holds a worker longer.
export const DEFAULT_RENDER_BUDGET_MS = 150;
// Per worker: about 480 category grids of 48 cards (65 KB each).
export const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;
export const DEFAULT_LOG_LINES_PER_SECOND = 20;

/** One hook rendered (dist/server/render.js `renderHook`): HTML, dropped fields, the reason for ''. */
export interface HookResult {
  html: string;
  dropped: string[];
  error?: string;
  overBudget?: boolean;
}

/** A hook `warmUp()` renders before /health says ok. */
export interface WarmUpHook {
  widget: string;
  props: unknown;
  config?: unknown;
}

/** What a render is expected to take (render-times.ts RenderTimes). */
export interface RenderEstimate {
  expected(bytes: number): number;
  record(bytes: number, ms: number): void;
  relax?(): void;
}

export interface RenderServiceOptions {
  /** a renderer that returns the HTML ('' when it cannot render); used when `renderHook` is not given */
  render?: (widget: string, props: unknown, config?: unknown) => string;
  /** the renderer's structured form (dist/server/render.js `renderHook`): HTML, dropped fields, the reason for '' */
  renderHook?: (widget: string, props: unknown, config: unknown, limits: { deadline: number }) => HookResult;
  /** the build's render version: part of the cache key */
  renderVersion?: string;
  /** render cache size in bytes, 0: off */
  cacheBytes?: number;
  /** the widget names, for /health */
  widgets?: string[];
  /** bytes */
  bodyLimit?: number;
  /** hooks per request */
  maxHooks?: number;
  /** render time per request: once spent, the hook being rendered and the rest are '' */
  renderTimeoutMs?: number;
  /** how long the caller waits when it does not say (X-Storefront-Timeout) */
  timeoutMs?: number;
  /** hooks rendered by `warmUp()` before /health says ok */
  warmUp?: WarmUpHook[];
  /** the clock (ms), for tests */
  now?: () => number;
  /** runs the next render in a later turn of the event loop (setImmediate), for tests */
  defer?: (run: () => void) => void;
  /** what a render is expected to take (render-times.ts), for tests */
  renderTimes?: RenderEstimate;
  /** one line per problem */
  log?: (line: string) => void;
  /** more lines than this in a second are counted, not written */
  logLinesPerSecond?: number;
  /** the /health body from this process's figures (a cluster worker asks the others) */
  health?: (local: LocalHealth) => Promise<object>;
}

export interface RenderService extends Server {
  /** Stops accepting and resolves once the requests in flight are answered. */
  stop(): Promise<void>;
  /** This process's figures for /health. */
  localHealth(): LocalHealth;
  /** Renders the warm-up hooks; until it resolves /health answers 503 "warming" and every hook is ''. */
  warmUp(): Promise<void>;
}
