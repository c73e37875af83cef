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
 * the region and cart count of the page's config. Syncing starts in the
 * stores themselves (nanostores onMount: cart.ts, modals.ts).
 */
export function startShared(): void {
  if (started) return;
  started = true;
  initRegion();
  initCartCount();
  showSessionNoticeWhenExpired();
}

/**
 * The notice renders the first time a session expires, then opens (above any
 * open modal) each time a call finds the session expired again. Its code is
 * small and the Modal it uses is already on every page with a login modal.
 * Returns a stop (for tests): unsubscribes and removes the notice.
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
