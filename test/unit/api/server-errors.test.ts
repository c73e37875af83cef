import { describe, expect, it } from 'vitest';
import { serverMessages } from '../../../shared/api/server-errors';

describe('serverMessages (every error shape a Laravel shop sends, as text)', () => {
  it.each([
    ['spec login refusal {error}', { error: 'These credentials do not match our records.' }, 422, ['These credentials do not match our records.']],
    ['spec add refusal {errors: [...]}', { errors: ['Too many.', 'Lower it.'] }, 422, ['Too many.', 'Lower it.']],
    [
      "Laravel 422 {message, errors: {field: [...]}}: the fields' messages, not the summary",
      {
        message: 'The email field must be a valid email address. (and 2 more errors)',
        errors: { email: ['The email field must be a valid email address.'], password: ['The password field is required.', 'Too short.'] },
      },
      422,
      ['The email field must be a valid email address.', 'The password field is required.', 'Too short.'],
    ],
    ['Laravel 422 with a field holding one string', { message: 'x', errors: { quantity: 'Only 2 left.' } }, 422, ['Only 2 left.']],
    ['Laravel 422 with empty errors falls back to the message', { message: 'The given data was invalid.', errors: {} }, 422, ['The given data was invalid.']],
    ['the same message under two fields is shown once, in order', { errors: { a: ['Same.', 'First.'], b: ['Same.'], c: ['Last.'] } }, 422, ['Same.', 'First.', 'Last.']],
    ['{error} and {errors} together, no repeat', { error: 'Same.', errors: ['Same.', 'Other.'] }, 422, ['Same.', 'Other.']],
    ['{message} alone on a 403 (abort(403, …))', { message: 'Your account is locked.' }, 403, ['Your account is locked.']],
    ['{message} alone on a 429 (throttle)', { message: 'Too Many Attempts.' }, 429, ['Too Many Attempts.']],
    ['{message} alone on a 500 is not for the shopper', { message: 'Server Error' }, 500, []],
    ['{message} alone on a 404', { message: 'Not Found' }, 404, []],
    ['{message} alone on a 419', { message: 'CSRF token mismatch.' }, 419, []],
    ['{message} alone without a status (a 2xx answer)', { message: 'Welcome back.' }, undefined, []],
    ['{errors} on a 500 still count', { errors: ['Out of stock.'] }, 500, ['Out of stock.']],
    ['HTML stays text, exactly', { error: '<img src=x onerror=alert(1)>Nope' }, 422, ['<img src=x onerror=alert(1)>Nope']],
    ['blank and non-string entries are dropped, strings trimmed', { errors: { a: ['  ', 3, null, ' Real. '], b: [{ x: 1 }] } }, 422, ['Real.']],
    ['a non-string error', { error: ['a'] }, 422, []],
    ['an HTML page', '<html>Whoops</html>', 500, []],
    ['a list body', ['a'], 422, []],
    ['no body', undefined, 422, []],
    ['null', null, 422, []],
  ] as const)('%s', (_case, body, status, expected) => {
    expect(serverMessages(body, status)).toEqual(expected);
  });
});
