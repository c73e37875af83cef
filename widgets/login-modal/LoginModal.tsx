import { useEffect, useRef, useState, type FormEvent } from 'react';
import { login } from '../../shared/api/calls';
import { navigation } from '../../shared/navigation';
import { Modal } from '../../shared/ui/Modal';
import { Spinner } from '../../shared/ui/Spinner';
import { canSubmit, loginErrorMessages, readLoginAnswer } from './rules/login';

export const LOGIN_MODAL_ID = 'login-modal';
/** Field ids. Not useId(): Preact numbers ids per island root, so they would clash across islands. */
const id = 'sfw-login-modal';

type Status = { name: 'idle' } | { name: 'processing' } | { name: 'success'; goTo: string } | { name: 'error'; messages: string[] };

/** The login modal of spec §2/§4/§5: email + password, social logins, server errors as text. */
export function LoginModal() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [status, setStatus] = useState<Status>({ name: 'idle' });
  const busy = useRef(false);
  const request = useRef<AbortController | null>(null);

  useEffect(() => () => request.current?.abort(), []);

  const ready = canSubmit(email, password);
  const working = status.name === 'processing' || status.name === 'success';

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The ref, not state: a second Enter in the same tick must not send twice.
    if (!ready || busy.current) return;
    busy.current = true;
    setStatus({ name: 'processing' });
    const controller = (request.current = new AbortController());
    let next: Status;
    try {
      const { data, url } = await login(email.trim(), password, { signal: controller.signal });
      const answer = readLoginAnswer(data, url, location.origin);
      next = answer.ok ? { name: 'success', goTo: answer.goTo } : { name: 'error', messages: answer.messages };
    } catch (error) {
      const messages = loginErrorMessages(error);
      if (messages === null) return; // aborted: unmounted
      // Nothing to say here when the session expired: the page-wide notice says it.
      next = messages.length ? { name: 'error', messages } : { name: 'idle' };
    }
    setStatus(next);
    if (next.name === 'success') navigation.assign(next.goTo);
    else busy.current = false;
  }

  return (
    <Modal
      id={LOGIN_MODAL_ID}
      title="Sign in to your account"
      size="sm"
      onClose={() => {
        if (!busy.current) setStatus({ name: 'idle' });
      }}
    >
      <form className="sfw-login-modal" noValidate onSubmit={submit}>
        {status.name === 'error' && (
          // An alert, said once where the focus stays (the field typed in): focused as well, Orca read it twice.
          <div className="sfw-alert sfw-login-modal__error" role="alert">
            {status.messages.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        )}
        <div className="sfw-login-modal__field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
        </div>
        <div className="sfw-login-modal__field">
          <label htmlFor={`${id}-password`}>Password</label>
          <input
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
        </div>
        <p id={`${id}-hint`} className="sfw-visually-hidden">
          {ready ? '' : 'Enter your email and password to sign in.'}
        </p>
        <button
          type="submit"
          className="sfw-btn sfw-btn--primary sfw-login-modal__submit"
          aria-disabled={!ready || working}
          aria-busy={working}
          aria-describedby={`${id}-hint`}
        >
          {working ? (
            <>
              <Spinner size="sm" /> Signing in…
            </>
          ) : (
            'Sign in'
          )}
        </button>
        {/* After the button, so Tab goes email → password → Sign in. */}
        <a className="sfw-link sfw-login-modal__forgot" href="/password/reset">
          Forgot your password?
        </a>
        {/* There (empty) from the start: a region inserted with its text is often not read. */}
        <p className="sfw-visually-hidden" role="status">
          {status.name === 'success' ? 'Signed in. Taking you to your account…' : ''}
        </p>
      </form>
      <p className="sfw-login-modal__divider">
        <span>or</span>
      </p>
      <div className="sfw-login-modal__social">
        <a className="sfw-btn sfw-login-modal__social-btn sfw-login-modal__social-btn--facebook" href="/auth/facebook/redirect">
          Continue with Facebook
        </a>
        <a className="sfw-btn sfw-login-modal__social-btn sfw-login-modal__social-btn--google" href="/auth/google/redirect">
          Continue with Google
        </a>
      </div>
      <p className="sfw-login-modal__register">
        New here?{' '}
        <a className="sfw-link" href="/register">
          Create an account
        </a>
      </p>
    </Modal>
  );
}
