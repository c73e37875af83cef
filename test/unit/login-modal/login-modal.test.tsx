import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { backend } from '../../../demo-pages/mock/node';
import { LOGIN_ERROR, PASSWORD_THAT_WORKS } from '../../../demo-pages/mock/backend';
import { emit, EVENTS } from '../../../shared/events';
import { navigation } from '../../../shared/navigation';
import { $sessionExpired } from '../../../shared/stores/session';
import { openModal } from '../../../shared/stores/modals';
import island from '../../../widgets/login-modal/island';
import { LoginModal } from '../../../widgets/login-modal/LoginModal';
import { MESSAGES } from '../../../widgets/login-modal/rules/login';
import { hook } from '../hook';

function setup() {
  const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
  render(<LoginModal />);
  act(() => openModal('login-modal'));
  return { assign };
}

const email = () => screen.getByLabelText('Email') as HTMLInputElement;
const password = () => screen.getByLabelText('Password') as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: /sign in|signing in/i });
const type = (input: HTMLInputElement, value: string) => act(() => void fireEvent.input(input, { target: { value } }));
const send = () => act(() => void fireEvent.click(submit()));
const signIn = (emailValue: string, passwordValue: string) => {
  type(email(), emailValue);
  type(password(), passwordValue);
  send();
};
/** A refused sign-in: the message as text in an alert (not focused: focus and alert were read twice), the email kept, no redirect. */
async function expectRefused(message: string, assign: ReturnType<typeof setup>['assign']) {
  const alert = await findAlert();
  expect(alert.textContent).toBe(message);
  expect(alert.contains(document.activeElement)).toBe(false);
  expect(email().value).toBe('fan@example.com');
  expect(assign).not.toHaveBeenCalled();
}
/** The login form's own alert (the shared session notice is another alert on the page). */
const findAlert = () => within(screen.getByRole('dialog')).findByRole('alert');

describe('login-modal', () => {
  it('opens from the documented event as a dialog titled by its heading, with every link', () => {
    vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    render(<LoginModal />);
    act(() => emit(EVENTS.modalOpen, { id: 'login-modal' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign in to your account' });
    expect(dialog).toBeTruthy();
    // The title first, as in every dialog: each screen reader says it (docs/development.md, Accessibility).
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Sign in to your account' }));
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Forgot your password?')).toBe('/password/reset');
    expect(href('Create an account')).toBe('/register');
    expect(href('Continue with Facebook')).toBe('/auth/facebook/redirect');
    expect(href('Continue with Google')).toBe('/auth/google/redirect');
  });

  it('mounts as an island without props', () => {
    const host = hook('login-modal');
    const unmount = island.mount(host);
    expect(host.getAttribute('data-island')).not.toBe('failed');
    expect(host.querySelector('dialog')).toBeTruthy();
    unmount();
  });

  it('with either field empty the button is announced disabled, stays focusable, and nothing is sent', async () => {
    setup();
    expect(submit().getAttribute('aria-disabled')).toBe('true');
    expect(submit().hasAttribute('disabled')).toBe(false);
    send();
    type(email(), 'fan@example.com');
    expect(submit().getAttribute('aria-disabled')).toBe('true');
    send();
    signIn('', PASSWORD_THAT_WORKS);
    act(() => void fireEvent.submit(email().form!));
    await new Promise((r) => setTimeout(r, 20));
    expect(backend.callsTo('/login')).toHaveLength(0);
    expect(submit().getAttribute('aria-disabled')).toBe('true');
    type(email(), 'fan@example.com');
    expect(submit().getAttribute('aria-disabled')).toBe('false');
  });

  it('processing: the button is busy and a second submit sends nothing; success redirects to /user/logged-in', async () => {
    const { assign } = setup();
    backend.delay('/login', 50);
    // The status region is there, empty, before it says anything (one inserted with its text is often not read).
    const status = document.querySelector('.sfw-login-modal [role="status"]')!;
    expect(status.textContent).toBe('');
    signIn(' fan@example.com ', PASSWORD_THAT_WORKS);
    expect(submit().getAttribute('aria-busy')).toBe('true');
    expect(submit().getAttribute('aria-disabled')).toBe('true');
    expect(submit().textContent).toContain('Signing in');
    send();
    act(() => void fireEvent.submit(email().form!));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/user/logged-in'));
    expect(document.querySelector('.sfw-login-modal [role="status"]')).toBe(status);
    expect(status.textContent).toBe('Signed in. Taking you to your account…');
    expect(backend.callsTo('/login')).toHaveLength(1);
    expect(backend.callsTo('/login')[0]!.body).toEqual({ email: 'fan@example.com', password: PASSWORD_THAT_WORKS });
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('a refused login shows the server error as text in an alert; the email stays', async () => {
    const { assign } = setup();
    signIn('fan@example.com', 'wrong');
    await expectRefused(LOGIN_ERROR, assign);
    // The button works again: a second try is sent.
    expect(submit().getAttribute('aria-busy')).toBe('false');
    type(password(), PASSWORD_THAT_WORKS);
    send();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/user/logged-in'));
  });

  it('server error text containing HTML is shown as text, never parsed', async () => {
    setup();
    const { http, HttpResponse } = await import('msw');
    const { server } = await import('../../../demo-pages/mock/node');
    server.use(http.post('/login', () => HttpResponse.json({ error: '<img src=x onerror=alert(1)>Nope' }, { status: 422 })));
    signIn('fan@example.com', 'x');
    const alert = await findAlert();
    expect(alert.textContent).toBe('<img src=x onerror=alert(1)>Nope');
    expect(alert.querySelector('img')).toBeNull();
  });

  it.each([
    ['a network failure', 'network', MESSAGES.network],
    ['a 500 without error text', '500', MESSAGES.unknown],
    // A 200 page from the POST itself ends on /login: Laravel's failed sign-in.
    ['an HTML page instead of JSON', 'malformed', MESSAGES.refused],
  ] as const)('%s shows a clear message and keeps the email', async (_case, mode, message) => {
    const { assign } = setup();
    backend.fail('/login', mode);
    signIn('fan@example.com', 'secret');
    await expectRefused(message, assign);
  });

  it("Laravel's 422 {message, errors: {field: [...]}} shows the server's message, not a generic one", async () => {
    const { assign } = setup();
    backend.answerAs('laravel');
    signIn('fan@example.com', 'wrong');
    await expectRefused(LOGIN_ERROR, assign);
  });

  it('a 422 naming two fields shows each message on its own line, once', async () => {
    setup();
    const { http, HttpResponse } = await import('msw');
    const { server } = await import('../../../demo-pages/mock/node');
    const errors = { email: ['The email field must be a valid email address.'], password: ['The password field must be at least 8 characters.'] };
    server.use(http.post('/login', () => HttpResponse.json({ message: 'The email field must be a valid email address. (and 1 more error)', errors }, { status: 422 })));
    signIn('fan', 'x');
    const alert = await findAlert();
    expect([...alert.querySelectorAll('p')].map((p) => p.textContent)).toEqual([errors.email[0], errors.password[0]]);
  });

  it('419 twice: no second "session expired" message in the modal (the page-wide notice says it); the form works again and keeps what was typed', async () => {
    const { assign } = setup();
    backend.fail('/login', '419');
    signIn('fan@example.com', 'secret');
    await waitFor(() => expect($sessionExpired.get()).toBe(true));
    await waitFor(() => expect(submit().getAttribute('aria-busy')).toBe('false'));
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).toBeNull();
    expect(screen.getByRole('dialog').textContent).not.toMatch(/expired/i);
    expect(email().value).toBe('fan@example.com');
    expect(password().value).toBe('secret');
    expect(assign).not.toHaveBeenCalled();
  });

  it('closing after an error clears the message but keeps the email', async () => {
    setup();
    signIn('fan@example.com', 'wrong');
    await findAlert();
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Close' })));
    act(() => openModal('login-modal'));
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).toBeNull();
    expect(email().value).toBe('fan@example.com');
  });
});
