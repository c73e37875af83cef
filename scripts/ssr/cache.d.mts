export declare function cacheKey(renderVersion: string, widget: string, props: unknown, config: unknown): string;
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
