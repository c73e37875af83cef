import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { initRegion } from '../stores/region';
import { initCartCount } from '../stores/cart';
import { openModal } from '../stores/modals';
import { $sessionExpired, SESSION_MODAL } from '../stores/session';
import { SessionNotice } from '../ui/SessionNotice';

let started = false;

/**
 * Page-wide setup that islands share, done once when the first island mounts:
 * the page state, and the session notice. Syncing starts in the stores
 * themselves (nanostores onMount: cart.ts, modals.ts).
 */
export function startShared(): void {
  if (started) return;
  started = true;
  initPageState();
  showSessionNoticeWhenExpired();
}

/**
 * The stores filled from the page's config (its region and cart count). The
 * server renderer fills them the same way for each render, so both sides
 * render from the same state and the HTML hydrates.
 */
export function initPageState(): void {
  initRegion();
  initCartCount();
}

/**
 * The notice renders the first time a session expires, then opens (above any
 * open modal) each time a call finds the session expired again. Its code is
 * small and the Modal it uses is already on every page with a login modal.
 * Returns a stop: unsubscribes and removes the notice.
 */
export function showSessionNoticeWhenExpired(): () => void {
  let unmount: (() => void) | undefined;
  const off = $sessionExpired.subscribe((expired) => {
    if (!expired) return;
    if (!unmount) {
      const host = document.createElement('div');
      host.className = 'sfw-root';
      document.body.append(host);
      const root = createRoot(host);
      root.render(createElement(SessionNotice));
      unmount = () => {
        root.unmount();
        host.remove();
      };
    }
    openModal(SESSION_MODAL);
  });
  return () => {
    off();
    unmount?.();
  };
}
