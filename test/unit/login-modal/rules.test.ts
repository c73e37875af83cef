import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/client';
import { canSubmit, loginErrorMessage, MESSAGES, readLoginAnswer } from '../../../widgets/login-modal/rules/login';

describe('canSubmit (spec §5: both email and password are required)', () => {
  it.each([
    ['a@b.co', 'pw', true],
    ['', 'pw', false],
    ['   ', 'pw', false],
    ['a@b.co', '', false],
    ['', '', false],
    // A password is sent as typed: spaces are characters.
    ['a@b.co', '  ', true],
  ])('email %j, password %j → %s', (email, password, expected) => {
    expect(canSubmit(email, password)).toBe(expected);
  });
});

describe('readLoginAnswer (2xx answers)', () => {
  it.each([
    ['204 (empty)', '', { ok: true }],
    ['null', null, { ok: true }],
    ['an object', { success: true, redirect: '/user/logged-in' }, { ok: true }],
    ['an object with an error', { error: 'Account locked.' }, { ok: false, message: 'Account locked.' }],
    ['an object with an empty error', { error: '  ' }, { ok: true }],
    ['an HTML page', '<html>Whoops</html>', { ok: false, message: MESSAGES.unknown }],
  ])('%s', (_case, data, expected) => {
    expect(readLoginAnswer(data)).toEqual(expected);
  });
});

describe('loginErrorMessage (spec §8: the server error is displayed)', () => {
  it.each([
    ['422 with error', new ApiError('http', 'x', 422, { error: 'These credentials do not match our records.' }), 'These credentials do not match our records.'],
    ['422 with HTML in the error stays the same text', new ApiError('http', 'x', 422, { error: '<b>No</b>' }), '<b>No</b>'],
    ['500 without error', new ApiError('http', 'x', 500, { message: 'Server Error' }), MESSAGES.unknown],
    ['422 with a non-string error', new ApiError('http', 'x', 422, { error: ['a'] }), MESSAGES.unknown],
    ['419 as http', new ApiError('http', 'x', 419, {}), MESSAGES.expired],
    ['session expired', new ApiError('session-expired', 'x', 419), MESSAGES.expired],
    ['network', new ApiError('network', 'x'), MESSAGES.network],
    ['timeout', new ApiError('timeout', 'x'), MESSAGES.timeout],
    ['malformed', new ApiError('malformed', 'x', 200, '<html>'), MESSAGES.unknown],
    ['not an ApiError', new Error('boom'), MESSAGES.unknown],
    ['aborted', new ApiError('aborted', 'x'), null],
  ])('%s', (_case, error, expected) => {
    expect(loginErrorMessage(error)).toBe(expected);
  });
});
