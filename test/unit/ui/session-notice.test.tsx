import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backend } from '../../../demo-pages/mock/node';
import { navigation } from '../../../shared/navigation';
import { showSessionNoticeWhenExpired } from '../../../shared/runtime/shared-start';
import { $openModals, openModal } from '../../../shared/stores/modals';
import { $sessionExpired, SESSION_MODAL } from '../../../shared/stores/session';
import { LoginModal } from '../../../widgets/login-modal/LoginModal';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

// The first call of the file loads the transport chunk: slow on a busy machine.
const notice = () => screen.findByRole('alertdialog', { name: 'Your session has expired' }, { timeout: 5000 });

/** The login modal open, a sign-in that gets 419 twice (the session expired while the shopper typed). */
async function expireDuringLogin() {
  stop = showSessionNoticeWhenExpired();
  render(<LoginModal />);
  act(() => openModal('login-modal'));
  backend.fail('/login', '419');
  const email = screen.getByLabelText('Email') as HTMLInputElement;
  act(() => void fireEvent.input(email, { target: { value: 'fan@example.com' } }));
  act(() => void fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'secret' } }));
  act(() => void fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
  return { email, dialog: await notice() };
}

describe('session expired notice', () => {
  it('with the login modal open: one notice, a dialog opened above it, focus on Reload', async () => {
    const { dialog } = await expireDuringLogin();
    expect(dialog.tagName).toBe('DIALOG');
    expect((dialog as HTMLDialogElement).open).toBe(true);
    // Opened after the login modal: the top of the top layer.
    expect($openModals.get()).toEqual(['login-modal', SESSION_MODAL]);
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)!.textContent).toMatch(/Reload the page to continue/);
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Reload page' })));
    // One notice: the login form says nothing of its own about it.
    expect(document.body.textContent!.match(/expired/gi)).toHaveLength(1);
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });

  it('Reload reloads the page', async () => {
    const reload = vi.spyOn(navigation, 'reload').mockImplementation(() => {});
    const { dialog } = await expireDuringLogin();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reload page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('Escape dismisses it and what the shopper typed stays; the next expired call shows it again', async () => {
    const { dialog, email } = await expireDuringLogin();
    act(() => void fireEvent(dialog, new Event('cancel', { cancelable: true })));
    expect((dialog as HTMLDialogElement).open).toBe(false);
    expect($sessionExpired.get()).toBe(false);
    expect($openModals.get()).toEqual(['login-modal']);
    expect(email.value).toBe('fan@example.com');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('secret');

    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    await waitFor(() => expect((dialog as HTMLDialogElement).open).toBe(true));
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
  });
});
