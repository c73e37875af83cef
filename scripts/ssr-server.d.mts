import type { Server } from 'node:http';

export declare const DEFAULT_PORT: number;
export declare const DEFAULT_BODY_LIMIT: number;
export declare const DEFAULT_MAX_HOOKS: number;
export declare const DEFAULT_RENDER_BUDGET_MS: number;
export declare const DEFAULT_CACHE_BYTES: number;

export interface HookResult {
  html: string;
  dropped: string[];
  error?: string;
  overBudget?: boolean;
}

export interface RenderServiceOptions {
  render?: (widget: string, props: unknown, config?: unknown) => string;
  renderHook?: (widget: string, props: unknown, config: unknown, limits: { deadline?: number }) => HookResult;
  renderVersion?: string;
  cacheBytes?: number;
  widgets?: string[];
  bodyLimit?: number;
  maxHooks?: number;
  renderTimeoutMs?: number;
  timeoutMs?: number;
  warmUp?: { widget: string; props: unknown; config?: unknown }[];
  now?: () => number;
  defer?: (run: () => void) => void;
  renderTimes?: { expected(bytes: number): number; record(bytes: number, ms: number): void; relax?(): void };
  log?: (line: string) => void;
  logLinesPerSecond?: number;
  health?: (local: object) => Promise<object>;
}

export interface RenderService extends Server {
  /** Stops accepting and resolves once the requests in flight are answered. */
  stop(): Promise<void>;
  /** This process's figures for /health. */
  localHealth(): object;
  /** Renders the warm-up hooks; until it resolves /health answers 503 "warming" and every hook is ''. */
  warmUp(): Promise<void>;
}

export declare function createRenderService(options: RenderServiceOptions): RenderService;
