/**
 * Login rules (spec §4 Login modal, §5 Login, §7 POST /login, §8).
 * Plain functions, no JSX, tested as tables.
 */
import * as v from 'valibot';
import { ApiError } from '../../../shared/api/client';
import { LoginError } from '../../../shared/api/schemas';

/** Where a successful login lands (spec §2). */
export const LOGGED_IN_URL = '/user/logged-in';

export const MESSAGES = {
  network: "We couldn't reach the shop. Check your connection and try again.",
  timeout: 'The shop took too long to answer. Please try again.',
  expired: 'Your session has expired. Reload the page, then sign in again.',
  unknown: 'Something went wrong while signing you in. Please try again.',
} as const;

/** Spec §5: both email and password are required, otherwise nothing is sent. */
export function canSubmit(email: string, password: string): boolean {
  return email.trim() !== '' && password !== '';
}

/**
 * What a 2xx answer means. The spec does not show the success body: Laravel
 * answers 204 (empty) or a JSON object. An object carrying an `error` string
 * is a refusal; text (an HTML page) is not an answer to a JSON call.
 */
export function readLoginAnswer(data: unknown): { ok: true } | { ok: false; message: string } {
  if (data === undefined || data === null || data === '') return { ok: true };
  if (typeof data !== 'object') return { ok: false, message: MESSAGES.unknown };
  const refused = v.safeParse(LoginError, data);
  if (refused.success && refused.output.error.trim()) return { ok: false, message: refused.output.error };
  return { ok: true };
}

/**
 * The message shown for a failed call: the server's own `error` string when
 * it sent one (spec §8), otherwise a clear message of ours. null for an abort
 * we caused (nothing to show).
 */
export function loginErrorMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return MESSAGES.unknown;
  switch (error.kind) {
    case 'aborted':
      return null;
    case 'network':
      return MESSAGES.network;
    case 'timeout':
      return MESSAGES.timeout;
    case 'session-expired':
      return MESSAGES.expired;
    case 'http': {
      if (error.status === 419) return MESSAGES.expired;
      const refused = v.safeParse(LoginError, error.body);
      return refused.success && refused.output.error.trim() ? refused.output.error : MESSAGES.unknown;
    }
    default:
      return MESSAGES.unknown;
  }
}
