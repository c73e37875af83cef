import type { Server } from 'node:http';

export declare const DEFAULT_PORT: number;
export declare const DEFAULT_BODY_LIMIT: number;
export declare const DEFAULT_MAX_HOOKS: number;
export declare const DEFAULT_RENDER_BUDGET_MS: number;

export interface RenderServiceOptions {
  render: (widget: string, props: unknown, config?: unknown) => string;
  widgets?: string[];
  bodyLimit?: number;
  maxHooks?: number;
  renderTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface RenderService extends Server {
  /** Stops accepting and resolves once the requests in flight are answered. */
  stop(): Promise<void>;
}

export declare function createRenderService(options: RenderServiceOptions): RenderService;
