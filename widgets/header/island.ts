/**
 * header: enhances the server-rendered site header (spec §2 Header). The
 * menus stay in the page's HTML; this only wires them. No props.
 *
 * Markup contract (all optional, inside the hook element):
 *   <header data-widget="header">
 *     <div data-header-topbar>…</div>  <div data-header-infobar>…</div>
 *       hidden (class `sfw-header--compact` on the hook) once the page is
 *       scrolled more than 10 px; back at the top; never while a panel is open
 *     <div data-alert-id="holiday-2026"> … <button data-alert-dismiss aria-label="Dismiss announcement">×</button></div>
 *       a dismissed alert stays hidden on later pages (localStorage, by id)
 *     <button data-panel-toggle="account" aria-controls="account-menu" aria-expanded="false">…</button>
 *     <ul id="account-menu" data-panel="account" hidden>…</ul>
 *       one open panel at a time, shared with the cart dropdown ('cart');
 *       panel ids: main-menu, account, mobile-search (its field gets focus);
 *       a panel without `hidden` (the main menu) only gets the class `is-open`
 *     <button data-submenu-toggle aria-controls="submenu-1" aria-expanded="false">…</button>
 *     <ul id="submenu-1" hidden>…</ul>
 *     <button data-region-open>…</button>       opens the 'region-dialog' modal
 *     <button data-modal-open="login-modal">…</button> opens a modal by id
 *     <div data-header-overlay hidden></div>   shown while a panel is open; a click closes all
 *   </header>
 *
 * Escape closes the open sub-menu or panel and returns focus to its toggle;
 * a press outside the panels closes them; the mobile search and menu close
 * when the window grows above 960 px.
 *
 * Events sent: storefront:modal-open { id: 'region-dialog' | 'login-modal' | …, source: 'header' }.
 */
import { defineEnhancer } from '../../shared/runtime/enhancer';
import { enhanceHeader } from './enhance';

export default defineEnhancer('header', enhanceHeader);
