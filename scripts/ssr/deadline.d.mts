export declare const TIMEOUT_HEADER: string;
export declare const DEFAULT_TIMEOUT_MS: number;
export declare const HOOKS_HEADER: string;
export declare function hookCountOf(value: string | string[] | undefined, max: number): number | undefined;
export declare function timeoutOf(value: string | string[] | undefined, fallback?: number): number;
export declare function marginOf(timeoutMs: number): number;
export declare function deadlineOf(arrival: number, timeoutMs: number): number;

export declare class RenderTimes {
  constructor(options?: { msPerKb?: number; weight?: number });
  expected(bytes: number): number;
  record(bytes: number, ms: number): void;
  relax(): void;
}

export interface RenderJob {
  deadline: number;
  cost: number;
  gone(): boolean;
  shed(): void;
  run(): void;
  /** ms from the start of its render to the next turn of the queue */
  took?(ms: number): void;
}

export declare class RenderQueue {
  constructor(clock: { now: () => number; defer?: (run: () => void) => void });
  readonly length: number;
  readonly queued: number;
  arrival(): number;
  /** A connection or a request came in: the loop turns again before the next render. */
  arrived(): void;
  fits(deadline: number, cost: number): boolean;
  add(job: RenderJob): boolean;
  next(): RenderJob | undefined;
  schedule(): void;
}

export declare function countHooks(bytes: Uint8Array): number | undefined;
