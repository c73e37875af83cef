/**
 * login-modal: the sign-in dialog (spec §2, §4 Login modal, §5 Login).
 *
 *   <div data-widget="login-modal"></div>
 *
 * Props: none. Opens as modal id 'login-modal': from any element the header wires
 * with `data-modal-open="login-modal"`, or from legacy code with
 *   window.dispatchEvent(new CustomEvent('storefront:modal-open', { detail: { id: 'login-modal' } }))
 * Success lands on /user/logged-in (or, when Laravel answers with
 * `redirect()->intended()`, on the page the redirect ended on); a refused
 * login shows the server's messages (`error`, or a 422's `errors`) as text in
 * an alert, and focus moves to it.
 */
import * as v from 'valibot';
import { defineIsland } from '../../shared/runtime/island';
import { LoginModal } from './LoginModal';

export default defineIsland('login-modal', v.object({}), LoginModal);
