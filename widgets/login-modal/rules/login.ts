/**
 * Login rules (spec §4 Login modal, §5 Login, §7 POST /login, §8).
 * Plain functions, no JSX, tested as tables.
 */
import { SIGN_IN_PATH } from '../../../shared/api/calls';
import { ApiError } from '../../../shared/api/client';
import { serverMessages } from '../../../shared/api/server-errors';

/** Where a successful login lands (spec §2). */
export const LOGGED_IN_URL = '/user/logged-in';

export const MESSAGES = {
  network: "We couldn't reach the shop. Check your connection and try again.",
  timeout: 'The shop took too long to answer. Please try again.',
  expired: 'Your session has expired. Reload the page, then sign in again.',
  unknown: 'Something went wrong while signing you in. Please try again.',
  /** Laravel sent the sign-in back to /login: its reasons are in a session we cannot read. */
  refused: 'We could not sign you in. Check your email and password and try again.',
} as const;

/** Spec §5: both email and password are required, otherwise nothing is sent. */
export function canSubmit(email: string, password: string): boolean {
  return email.trim() !== '' && password !== '';
}

export type LoginOutcome = { ok: true; goTo: string } | { ok: false; messages: string[] };

/**
 * What a 2xx answer means. `url` is where it came from after redirects
 * (null when unknown), `origin` the page's.
 * - JSON (the spec): empty (204) or an object is success, unless it carries
 *   `error`/`errors`; then goes to /user/logged-in.
 * - Laravel's `redirect()->intended()`: the browser followed it to a page.
 *   Ending on any same-origin page but the sign-in route is success: go there.
 *   Ending on the sign-in route with a page (sent back, or the POST's own HTML
 *   answer) is a refusal. A page from elsewhere, or with no URL, is not an answer.
 */
export function readLoginAnswer(data: unknown, url: string | null, origin: string): LoginOutcome {
  const messages = serverMessages(data);
  if (messages.length) return { ok: false, messages };
  const isPage = typeof data === 'string' && data.trim() !== '';
  const final = parseUrl(url, origin);
  if (final && final.origin === origin && final.pathname.replace(/\/+$/, '') !== SIGN_IN_PATH) {
    return { ok: true, goTo: final.pathname + final.search + final.hash };
  }
  if (!isPage) return { ok: true, goTo: LOGGED_IN_URL };
  return { ok: false, messages: [final && final.origin === origin ? MESSAGES.refused : MESSAGES.unknown] };
}

function parseUrl(url: string | null, origin: string): URL | null {
  if (!url) return null;
  try {
    return new URL(url, origin);
  } catch {
    return null;
  }
}

/**
 * The messages shown for a failed call: the server's own (spec §8; every
 * Laravel shape, see serverMessages), otherwise a clear message of ours.
 * Empty for an expired session: the page-wide notice says it, once.
 * null for an abort we caused (nothing to show).
 */
export function loginErrorMessages(error: unknown): string[] | null {
  if (!(error instanceof ApiError)) return [MESSAGES.unknown];
  switch (error.kind) {
    case 'aborted':
      return null;
    case 'session-expired':
      return [];
    case 'network':
      return [MESSAGES.network];
    case 'timeout':
      return [MESSAGES.timeout];
    case 'http': {
      if (error.status === 419) return [MESSAGES.expired];
      const messages = serverMessages(error.body, error.status);
      return messages.length ? messages : [MESSAGES.unknown];
    }
    default:
      return [MESSAGES.unknown];
  }
}
