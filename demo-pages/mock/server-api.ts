/**
 * The mock backend answering from the demo server, in Node, over real HTTP:
 * how a Laravel backend looks to the page, with no MSW in the page. Used by
 * `npm run bench`, so the islands' long tasks are measured without the demo's
 * in-page request handling mixed in. State is in memory, one shop per server.
 * The demo cookies (login, currency) are set by the in-page mock only, so in
 * this mode the pages always render logged out, in USD.
 */
import { getResponse } from 'msw';
import { createBackend } from './backend';

export const backend = createBackend();

/** The mock's answer to an API request, or undefined when no handler matches. */
export function answer(request: Request): Promise<Response | undefined> {
  // The handlers' paths are relative: resolve them against the request's own origin.
  return getResponse(backend.handlers, request, { baseUrl: new URL(request.url).origin });
}
