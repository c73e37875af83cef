export declare const STABLE_MS: number;
export declare const MAX_RESTART_DELAY_MS: number;
export declare function restartDelay(quickDeaths: number): number;
export declare function runPrimary(options: { count: number; log: (line: string) => void; stopTimeoutMs?: number }): Promise<{ port: number; widgets: number; pids: number[] }>;
export declare function workerHealth(): (local: object) => Promise<object>;
