import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/client';
import { canSubmit, loginErrorMessages, MESSAGES, readLoginAnswer } from '../../../widgets/login-modal/rules/login';

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

const ORIGIN = 'http://shop.test';

describe('readLoginAnswer (2xx answers: the JSON of spec §7, or Laravel\'s followed redirect)', () => {
  it.each([
    // The spec's JSON answer: the call's own URL, the page goes to /user/logged-in.
    ['204 (empty)', '', `${ORIGIN}/login`, { ok: true, goTo: '/user/logged-in' }],
    ['null', null, `${ORIGIN}/login`, { ok: true, goTo: '/user/logged-in' }],
    ['an object', { success: true, redirect: '/user/logged-in' }, `${ORIGIN}/login`, { ok: true, goTo: '/user/logged-in' }],
    ['an object, URL unknown', { two_factor: false }, null, { ok: true, goTo: '/user/logged-in' }],
    ['an object with an error', { error: 'Account locked.' }, `${ORIGIN}/login`, { ok: false, messages: ['Account locked.'] }],
    ['an object with an empty error', { error: '  ' }, `${ORIGIN}/login`, { ok: true, goTo: '/user/logged-in' }],
    ['an object with an errors list', { errors: ['Verify your email first.'] }, `${ORIGIN}/login`, { ok: false, messages: ['Verify your email first.'] }],
    // Laravel: redirect()->intended('/user/logged-in'), followed by the browser.
    ['redirected to /user/logged-in', '<html>Welcome</html>', `${ORIGIN}/user/logged-in`, { ok: true, goTo: '/user/logged-in' }],
    ['redirected to the intended page', '<html>Checkout</html>', `${ORIGIN}/checkout?step=2#pay`, { ok: true, goTo: '/checkout?step=2#pay' }],
    ['redirected to a page answering JSON', { user: 1 }, `${ORIGIN}/account`, { ok: true, goTo: '/account' }],
    ['redirected to a page, relative URL', '<html></html>', '/account', { ok: true, goTo: '/account' }],
    // Sent back to the sign-in route, or the POST's own HTML page: refused.
    ['sent back to /login', '<html>Sign in</html>', `${ORIGIN}/login`, { ok: false, messages: [MESSAGES.refused] }],
    ['sent back to /login/ with a query', '<html>Sign in</html>', `${ORIGIN}/login/?expired=1`, { ok: false, messages: [MESSAGES.refused] }],
    // Not an answer we can read.
    ['an HTML page, URL unknown', '<html>Whoops</html>', null, { ok: false, messages: [MESSAGES.unknown] }],
    ['a page from another origin', '<html>Elsewhere</html>', 'https://evil.example/user/logged-in', { ok: false, messages: [MESSAGES.unknown] }],
    ['an unparsable URL', '<html></html>', 'http://[bad', { ok: false, messages: [MESSAGES.unknown] }],
  ] as const)('%s', (_case, data, url, expected) => {
    expect(readLoginAnswer(data, url, ORIGIN)).toEqual(expected);
  });
});

describe('loginErrorMessages (spec §8: the server error is displayed)', () => {
  it.each([
    ['422 with error', new ApiError('http', 'x', 422, { error: 'These credentials do not match our records.' }), ['These credentials do not match our records.']],
    ['422 with HTML in the error stays the same text', new ApiError('http', 'x', 422, { error: '<b>No</b>' }), ['<b>No</b>']],
    [
      "Laravel's 422 {message, errors}",
      new ApiError('http', 'x', 422, { message: 'These credentials do not match our records.', errors: { email: ['These credentials do not match our records.'] } }),
      ['These credentials do not match our records.'],
    ],
    [
      "Laravel's 422 with two fields",
      new ApiError('http', 'x', 422, { message: 'x (and 1 more error)', errors: { email: ['The email field is required.'], password: ['The password field is required.'] } }),
      ['The email field is required.', 'The password field is required.'],
    ],
    ['429 throttled', new ApiError('http', 'x', 429, { message: 'Too many login attempts. Please try again in 60 seconds.' }), ['Too many login attempts. Please try again in 60 seconds.']],
    ['500 without error', new ApiError('http', 'x', 500, { message: 'Server Error' }), [MESSAGES.unknown]],
    ['422 with a non-string error', new ApiError('http', 'x', 422, { error: ['a'] }), [MESSAGES.unknown]],
    ['419 as http', new ApiError('http', 'x', 419, {}), [MESSAGES.expired]],
    // The page-wide notice says it, once: nothing in the modal.
    ['session expired', new ApiError('session-expired', 'x', 419), []],
    ['network', new ApiError('network', 'x'), [MESSAGES.network]],
    ['timeout', new ApiError('timeout', 'x'), [MESSAGES.timeout]],
    ['malformed', new ApiError('malformed', 'x', 200, '<html>'), [MESSAGES.unknown]],
    ['not an ApiError', new Error('boom'), [MESSAGES.unknown]],
    ['aborted', new ApiError('aborted', 'x'), null],
  ])('%s', (_case, error, expected) => {
    expect(loginErrorMessages(error)).toEqual(expected);
  });
});
