/** What every call can fail with, shared by client.ts and transport.ts (no axios here). */

/** Where the 419 recovery GETs a fresh XSRF-TOKEN cookie (any Laravel GET sets it). */
export const CSRF_REFRESH_URL = '/cart/get-count';
export const DEFAULT_TIMEOUT_MS = 15_000;

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'malformed' | 'session-expired' | 'aborted';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status?: number,
    /** The parsed error body, when the server sent one. */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface CallOptions {
  signal?: AbortSignal;
  timeout?: number;
}

/** True for an abort we caused ourselves: not an error worth logging. */
export function isAborted(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'aborted';
}

/** Logs a failure the spec says is "only logged" (§8); aborts are silent. */
export function logFailure(what: string, error: unknown): void {
  if (isAborted(error)) return;
  console.warn(`[storefront] ${what} failed:`, error instanceof Error ? error.message : error);
}
