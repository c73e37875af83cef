/**
 * The one axios instance. Every call in spec §7 goes through `request()`,
 * which validates the answer with a schema, so a wrong shape is a failed
 * call (an ApiError), never a crash in a component.
 *
 * Laravel conventions:
 * - `X-Requested-With` and `Accept: application/json`, so errors come as JSON.
 * - CSRF: axios copies the `XSRF-TOKEN` cookie into `X-XSRF-TOKEN` for
 *   same-origin requests. Only when no such cookie is readable do we send
 *   the meta tag's `X-CSRF-TOKEN`: Laravel checks that header first, and the
 *   meta token goes stale after login.
 * - 419 (session expired, nothing changed on the server): one GET refreshes
 *   the cookie, the call is retried once; a second 419 raises the shared
 *   `$sessionExpired` notice. Never a loop.
 * Only relative URLs are allowed, so no token ever leaves the site.
 */
import axios, { type AxiosRequestConfig, isAxiosError, isCancel } from 'axios';
import * as v from 'valibot';
import { readCsrfMeta } from '../config';
import { describeIssue } from '../runtime/issues';
import { $sessionExpired } from '../stores/session';

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

export const http = axios.create({
  // XHR only: the build drops axios's fetch adapter (build.mjs).
  adapter: 'xhr',
  timeout: DEFAULT_TIMEOUT_MS,
  headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
  withXSRFToken: (config) => isRelative(config.url),
});

function isRelative(url: string | undefined): boolean {
  return !!url && url.startsWith('/') && !url.startsWith('//');
}

function hasXsrfCookie(): boolean {
  return typeof document !== 'undefined' && /(?:^|;\s*)XSRF-TOKEN=/.test(document.cookie);
}

http.interceptors.request.use((config) => {
  if (!isRelative(config.url) || config.baseURL) {
    throw new ApiError('network', `Refusing a non-relative URL: ${config.url}`);
  }
  if (!hasXsrfCookie()) {
    const token = readCsrfMeta();
    if (token) config.headers.set('X-CSRF-TOKEN', token);
  }
  return config;
});

export interface CallOptions {
  signal?: AbortSignal;
  timeout?: number;
}

/**
 * One call: send, retry once after a 419, validate the answer.
 * Throws ApiError only.
 */
export async function request<S extends v.GenericSchema>(
  config: AxiosRequestConfig,
  schema: S,
  options: CallOptions = {},
): Promise<v.InferOutput<S>> {
  const send = () =>
    http.request({ ...config, signal: options.signal, timeout: options.timeout ?? DEFAULT_TIMEOUT_MS });
  let response;
  try {
    try {
      response = await send();
    } catch (error) {
      if (!isAxiosError(error) || error.response?.status !== 419) throw error;
      // Any answer (even an error) to this GET carries a fresh XSRF-TOKEN cookie.
      await http.get(CSRF_REFRESH_URL, { signal: options.signal }).catch((refreshError) => {
        if (isCancel(refreshError)) throw refreshError;
      });
      try {
        response = await send();
      } catch (retryError) {
        if (isAxiosError(retryError) && retryError.response?.status === 419) {
          $sessionExpired.set(true);
          throw new ApiError('session-expired', 'Your session has expired.', 419);
        }
        throw retryError;
      }
    }
  } catch (error) {
    throw toApiError(error, config.url);
  }
  const parsed = v.safeParse(schema, response.data);
  if (!parsed.success) {
    throw new ApiError('malformed', `${config.method ?? 'GET'} ${config.url}: unexpected answer (${describeIssue(parsed.issues[0])})`, response.status, response.data);
  }
  return parsed.output;
}

function toApiError(error: unknown, url: string | undefined): ApiError {
  if (error instanceof ApiError) return error;
  if (isCancel(error)) return new ApiError('aborted', `${url}: aborted`);
  if (isAxiosError(error)) {
    if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') {
      return new ApiError('timeout', `${url}: timed out`);
    }
    if (error.response) {
      return new ApiError('http', `${url}: HTTP ${error.response.status}`, error.response.status, error.response.data);
    }
    return new ApiError('network', `${url}: ${error.message}`);
  }
  return new ApiError('network', `${url}: ${String(error)}`);
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
