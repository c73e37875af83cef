/**
 * The mock backend answering from the demo server, in Node, over real HTTP:
 * how a Laravel backend looks to the page, with no MSW in the page. Used by
 * `npm run bench`, so the islands' long tasks are measured without the demo's
 * in-page request handling mixed in. State is in memory, one shop per server.
 * The demo "session" (login, currency) is this backend's state, where the
 * in-page mock keeps it in cookies.
 */
import { getResponse } from 'msw';
import { createBackend } from './backend';
import { applyControls } from './controls';

export const backend = createBackend();

/** The mock's answer to an API request, or undefined when no handler matches. */
export function answer(request: Request): Promise<Response | undefined> {
  // The handlers' paths are relative: resolve them against the request's own origin.
  return getResponse(backend.handlers, request, { baseUrl: new URL(request.url).origin });
}

/** A page loads: a healthy backend (the shop's state kept) with the page's demo controls, as the in-page mock starts. */
export function pageLoad(params: URLSearchParams): void {
  backend.reset(backend.store.read());
  applyControls(backend, params);
}

/** The demo session's cookies as the page renderer reads them. */
export function session(): Record<string, string> {
  const state = backend.store.read();
  return { demo_user: state.loggedIn ? '1' : '0', demo_currency: state.currency };
}

/** The initial state the app's Storefront::config() puts into the config block (docs/laravel.md "3. The page config"). */
export function pageState() {
  return backend.pageState();
}
