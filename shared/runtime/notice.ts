/**
 * The page a reload-once reloaded (reload.ts) tells the shopper why, once:
 * visibly, and in a polite live region (added empty, its text a moment
 * later, so a screen reader reads it). Its mark is cleared as it shows, so
 * the next load says nothing. Run when imported (mount.ts, only on such a page).
 */
import { NOTICE } from './ssr';

const TEXTS: Record<string, string> = {
  added: 'Product added to your cart! The shop was updated, so the page was reloaded.',
  updated: 'The shop was updated, so the page was reloaded. Please try again.',
};

let text: string | undefined;
try {
  text = TEXTS[sessionStorage.getItem(NOTICE) ?? ''];
  sessionStorage.removeItem(NOTICE);
} catch {}

if (text) {
  const box = document.createElement('div');
  box.className = 'sfw-root sfw-reload-notice';
  const status = box.appendChild(document.createElement('p'));
  status.setAttribute('role', 'status');
  const close = box.appendChild(document.createElement('button'));
  close.type = 'button';
  close.className = 'sfw-btn';
  close.textContent = 'OK';
  close.onclick = () => box.remove();
  document.body.append(box);
  setTimeout(() => (status.textContent = text!), 500);
}
