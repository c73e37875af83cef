/**
 * The one axios instance, loaded with the first call (see client.ts): the
 * islands' shared code evaluates without it, and axios evaluates in a task of
 * its own.
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
import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import { createHttp, isAxiosError, isCancel } from './axios-core';
import { readCsrfMeta } from '../config';
import { $sessionExpired } from '../stores/session';
import { ApiError, CSRF_REFRESH_URL, DEFAULT_TIMEOUT_MS, type CallOptions } from './errors';

export const http = createHttp({
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

/** Sends one call, retrying once after a 419. Throws ApiError only. */
export async function send(config: AxiosRequestConfig, options: CallOptions = {}): Promise<AxiosResponse> {
  const once = () => http.request({ ...config, signal: options.signal, timeout: options.timeout ?? DEFAULT_TIMEOUT_MS });
  try {
    try {
      return await once();
    } catch (error) {
      if (!isAxiosError(error) || error.response?.status !== 419) throw error;
      // Any answer (even an error) to this GET carries a fresh XSRF-TOKEN cookie.
      await http.get(CSRF_REFRESH_URL, { signal: options.signal }).catch((refreshError) => {
        if (isCancel(refreshError)) throw refreshError;
      });
      try {
        return await once();
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
