import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { initRegion } from '../stores/region';
import { initCartCount } from '../stores/cart';
import { listenForModalEvents } from '../stores/modals';
import { $sessionExpired } from '../stores/session';
import { SessionNotice } from '../ui/SessionNotice';

let started = false;

/** Page-wide setup that islands share, done once when the first island mounts. */
export function startShared(): void {
  if (started) return;
  started = true;
  initRegion();
  initCartCount();
  listenForModalEvents();
  showSessionNoticeWhenExpired();
}

function showSessionNoticeWhenExpired(): void {
  const off = $sessionExpired.subscribe((expired) => {
    if (!expired) return;
    queueMicrotask(() => off());
    const host = document.createElement('div');
    host.className = 'sfw-root';
    document.body.append(host);
    createRoot(host).render(createElement(SessionNotice));
  });
}
