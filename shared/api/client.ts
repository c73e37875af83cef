/**
 * Every call in spec §7 goes through `request()`, which validates the answer
 * with a schema, so a wrong shape is a failed call (an ApiError), never a
 * crash in a component. Leniently (api/lenient.ts): a bad optional field
 * or a bad list item is dropped with one console.warn naming the call and
 * the field; only a field the answer cannot do without fails the call.
 *
 * The transport (axios and the Laravel conventions, transport.ts) loads with
 * the first call, in a chunk of its own: the islands mount without evaluating
 * axios, and its evaluation is a short task of its own.
 */
import type { AxiosRequestConfig } from 'axios';
import type * as v from 'valibot';
import { describeIssue, parseLenient } from './lenient';
import { ApiError, type CallOptions } from './errors';

export { ApiError, CSRF_REFRESH_URL, DEFAULT_TIMEOUT_MS, isAborted, logFailure } from './errors';
export type { ApiErrorKind, CallOptions } from './errors';

let transport: Promise<typeof import('./transport')> | undefined;

/** One load for the page; a failed load (e.g. a deploy removed the chunk) is tried again next call. */
function loadTransport() {
  transport ??= import('./transport').catch((error: unknown) => {
    transport = undefined;
    throw new ApiError('network', `The request code could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
  });
  return transport;
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
  return (await requestWithUrl(config, schema, options)).data;
}

/** An answer and the URL it came from after the browser followed any redirect. */
export interface Answered<T> {
  data: T;
  /** XHR's `responseURL`: absolute, or null when the browser did not say. */
  url: string | null;
}

/**
 * `request()`, also telling where the answer came from: a Laravel form
 * action answers with a redirect (`redirect()->intended()`), and only the
 * final URL tells success from being sent back.
 */
export async function requestWithUrl<S extends v.GenericSchema>(
  config: AxiosRequestConfig,
  schema: S,
  options: CallOptions = {},
): Promise<Answered<v.InferOutput<S>>> {
  const { send } = await loadTransport();
  const response = await send(config, options);
  const call = `${config.method ?? 'GET'} ${config.url}`;
  const parsed = parseLenient(schema, response.data);
  for (const note of parsed.dropped) console.warn(`[storefront] ${call}: ${note}`);
  if (!parsed.success) {
    throw new ApiError('malformed', `${call}: unexpected answer (${describeIssue(parsed.issue)})`, response.status, response.data);
  }
  const xhr = response.request as { responseURL?: unknown } | undefined;
  const url = typeof xhr?.responseURL === 'string' && xhr.responseURL ? xhr.responseURL : null;
  return { data: parsed.output, url };
}
