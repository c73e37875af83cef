export declare function requestKey(renderVersion: string, body: string | Uint8Array): string;
export declare const hookKey: (requestKey: string, index: number) => string;
export declare const sizeOf: (key: string, result: { json: Uint8Array; dropped?: string[] }) => number;
export interface CacheStats {
  hits: number;
  misses: number;
  bytes: number;
  entries: number;
  evictions: number;
  limitBytes: number;
}
export declare class RenderCache {
  constructor(maxBytes: number);
  readonly enabled: boolean;
  get(key: string): unknown;
  set(key: string, value: unknown, size: number): void;
  stats(): CacheStats;
}
