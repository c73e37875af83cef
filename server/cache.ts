/**
 * The render cache: a hook's HTML is a pure function of the render version,
 * the widget, its props and the page config, so a repeated hook is answered
 * without rendering. Least recently used entries go first once the cache
 * holds more than its limit in bytes.
 */
import { createHash } from 'node:crypto';

/**
 * A request's key: a SHA-256 of the render version and the request body's
 * bytes, which hold every hook's widget and props and the page config, so two
 * shoppers' hooks that differ in anything (a region, a cart count, one recent
 * search) never share an entry. Hook `i` of the request is `hookKey(key, i)`.
 * Hashing the bytes as they came, not the parsed hook and config written
 * again as JSON: that took a 48-card grid ~130 us, the bytes ~30 us. A hook
 * is so answered from the cache only in the same request body (PHP writes a
 * page's hooks the same way each time: the same grid for every guest).
 */
export function requestKey(renderVersion: string, body: string | Uint8Array): string {
  // The version is the build's hash (no newline): the line break cannot be forged.
  return createHash('sha256').update(renderVersion).update('\n').update(body).digest('base64');
}

/** Hook `index` of a request: its key (44 characters, always) and the index. */
export const hookKey = (requestKey: string, index: number): string => requestKey + index;

// The entry, its key and its notes as V8 holds them (estimated); the HTML is its bytes.
const ENTRY_OVERHEAD = 200;
/** The bytes a cached hook takes: its JSON bytes, plus the dropped-field notes it keeps for the log. */
export const sizeOf = (key: string, result: { json: Uint8Array; dropped?: string[] | undefined }): number =>
  ENTRY_OVERHEAD + key.length + result.json.length + (result.dropped ?? []).reduce((n, note) => n + 2 * note.length + 40, 0);

export interface CacheStats {
  hits: number;
  misses: number;
  bytes: number;
  entries: number;
  evictions: number;
  limitBytes: number;
}

export class RenderCache<Value = unknown> {
  /** In use order, oldest first. */
  private entries = new Map<string, { value: Value; size: number }>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;
  private evictions = 0;

  /** @param maxBytes 0 turns the cache off */
  constructor(private readonly maxBytes: number) {}

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  get(key: string): Value | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` under `key`; `size` in bytes. An entry bigger than the whole cache is not kept. */
  set(key: string, value: Value, size: number): void {
    if (!this.enabled || size > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.size;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, size });
    this.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.size;
      this.evictions++;
    }
  }

  stats(): CacheStats {
    return { hits: this.hits, misses: this.misses, bytes: this.bytes, entries: this.entries.size, evictions: this.evictions, limitBytes: this.maxBytes };
  }
}
