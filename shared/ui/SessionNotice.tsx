/**
 * The one 'session expired' notice (DESIGN.md: 419 after one retry). A modal
 * of its own: opened with showModal() after any modal already open, it is the
 * top of the top layer, so its Reload button is never behind another dialog
 * (a page-level notice would sit under an open login modal, inert). Focus
 * lands on Reload. Escape or the close icon dismiss it, giving focus back;
 * the next expired call shows it again. Nothing the shopper typed is touched.
 */
import { navigation } from '../navigation';
import { $sessionExpired, SESSION_MODAL } from '../stores/session';
import { Modal } from './Modal';

const textId = 'sfw-session-notice-text';

export function SessionNotice() {
  return (
    <Modal
      id={SESSION_MODAL}
      title="Your session has expired"
      size="sm"
      role="alertdialog"
      describedBy={textId}
      initialFocus=".sfw-session-notice__reload"
      onClose={() => $sessionExpired.set(false)}
    >
      <div className="sfw-session-notice">
        <p id={textId}>Reload the page to continue; what you entered here stays until you do.</p>
        <button type="button" className="sfw-btn sfw-btn--primary sfw-session-notice__reload" onClick={() => navigation.reload()}>
          Reload page
        </button>
      </div>
    </Modal>
  );
}
