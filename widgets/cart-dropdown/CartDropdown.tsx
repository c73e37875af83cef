import { useEffect, useLayoutEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { announce, PAGE_SCOPE } from '../../shared/stores/announcer';
import { $cart, CART_PANEL, followCart } from '../../shared/stores/cart';
import { $openModals } from '../../shared/stores/modals';
import { $openPanel, closePanels, togglePanel } from '../../shared/stores/panels';
import { $region } from '../../shared/stores/region';
import { LiveRegion } from '../../shared/ui/LiveRegion';
import { LoadingOverlay } from '../../shared/ui/Spinner';
import { useMounted, usePageId } from '../../shared/ui/use-page-id';
import { CartBody, showsLoading } from './CartBody';
import { badgeText, cartButtonLabel, countAnnouncement, loadedAnnouncement, type CartBadge } from './rules/labels';
import { SHOP_PAGES } from '../../shared/links';

export const LOADING_CART = 'Loading your cart…';
/** A load shorter than this says its result alone. */
export const SAY_LOADING_MS = 500;

export function CartDropdown() {
  const cart = useStore($cart);
  const region = useStore($region);
  const open = useStore($openPanel) === CART_PANEL;
  const panelId = usePageId('sfw-cart-dropdown-panel');
  const headingId = usePageId('sfw-cart-dropdown-heading');
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLAnchorElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // The focus goes to the panel's title, as in every dialog (shared/ui/Modal.tsx): a focused dialog
  // Orca reads whole, its lines run together ("…$49.99quantity(1)…View Cart Checkout").
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusOnOpen = useRef(false);
  const shown = useRef<CartBadge | null>(null);
  const mounted = useMounted();

  // The cart follows its events and calls while this dropdown is on the page, not a moment longer
  // (a layout effect: its cleanup runs as the dropdown unmounts, a passive one's only later).
  useLayoutEffect(() => followCart(), []);

  // Announce count changes, but not the first count of the page: through
  // the page's live region, or the open dialog's (an add opens one).
  useEffect(() => {
    if (!cart.counted) return;
    const now = { count: cart.count, errors: cart.errors };
    const before = shown.current;
    shown.current = now;
    const text = before && countAnnouncement(before, now);
    if (text) announce(text);
  }, [cart.counted, cart.count, cart.errors]);

  // The opened panel's loading, then what it loaded, each said once and in that order by the page's live
  // region: a status inside the panel was read with the panel as well, and its end not at all. The
  // loading only when it lasts: said as the panel took the focus, Orca spoke a quick load's result first.
  const loading = open && showsLoading(cart.items.length, cart.status);
  const wasLoading = useRef(false);
  useEffect(() => {
    if (!loading) return;
    wasLoading.current = true;
    const timer = setTimeout(() => announce(LOADING_CART), SAY_LOADING_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  useEffect(() => {
    if (loading || !wasLoading.current) return;
    wasLoading.current = false;
    if (open && cart.status === 'ready') announce(loadedAnnouncement(cart.count));
  }, [loading, open, cart.status, cart.count]);

  // The panel is fixed under the button (see the CSS), placed before it paints.
  useLayoutEffect(() => {
    if (!open) return;
    // Measured only when open: at mount it would force a layout for nothing.
    const place = () => {
      const button = toggleRef.current?.getBoundingClientRect();
      const style = panelRef.current?.style;
      if (!button || !style) return;
      style.setProperty('--sfw-cart-dropdown-top', `${Math.round(button.bottom + 8)}px`);
      style.setProperty('--sfw-cart-dropdown-end', `${Math.round(document.documentElement.clientWidth - button.right)}px`);
    };
    // In the frame that first paints the panel: measured in the tap's own task, the button's box would
    // lay out the panel just inserted there, one forced layout on top of the render.
    const first = requestAnimationFrame(place);
    // The button moves with a resize (or a phone turned) and with a header that scrolls away.
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, { passive: true });
    return () => {
      cancelAnimationFrame(first);
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place);
    };
  }, [open]);

  // Opened from the button: focus goes into the dialog.
  useEffect(() => {
    if (open && focusOnOpen.current) headingRef.current?.focus();
    focusOnOpen.current = false;
  }, [open]);

  // The removed row took the focus with it: keep it in the dropdown.
  const deleting = cart.deletingId !== null;
  useEffect(() => {
    const active = document.activeElement;
    if (!deleting && open && (!active || active === document.body)) headingRef.current?.focus();
  }, [deleting]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || $openModals.get().length) return;
      const active = document.activeElement;
      closePanels();
      if (!active || active === document.body || rootRef.current?.contains(active)) toggleRef.current?.focus();
    };
    // Tabbing out closes it; focus lost to nowhere (a removed row) does not.
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && !rootRef.current?.contains(next)) closePanels();
    };
    const root = rootRef.current;
    document.addEventListener('keydown', onKey);
    root?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('keydown', onKey);
      root?.removeEventListener('focusout', onFocusOut);
    };
  }, [open]);

  const badge = badgeText(cart);
  return (
    <div
      ref={rootRef}
      className="sfw-cart-dropdown"
      data-panel={CART_PANEL}
    >
      {/*
        One element asleep and awake, so hydration keeps the node a press may be on. The server prints a link to
        the cart page, which works without JavaScript; once the island runs it is the dropdown's disclosure button
        (role, aria-expanded; Space and Enter toggle), and a click with a modifier still opens /cart in a new tab or
        window (a middle click sends no click at all). A click before the island listens is held for it and shows
        at once (aria-controls: the panel opens in its loading state; runtime/intent.ts).
      */}
      <a
        ref={toggleRef}
        className="sfw-cart-dropdown__toggle"
        href={SHOP_PAGES.cart}
        role={mounted ? 'button' : undefined}
        aria-label={cartButtonLabel(cart)}
        aria-expanded={mounted ? open : undefined}
        aria-controls={panelId}
        onClick={(event) => {
          if (event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          focusOnOpen.current = !open;
          togglePanel(CART_PANEL);
        }}
        onKeyDown={(event) => {
          // Enter on a link clicks it already; Space is a button's key, not the page's scroll.
          if (event.key !== ' ') return;
          event.preventDefault();
          if (!event.repeat) event.currentTarget.click();
        }}
      >
        <svg className="sfw-cart-dropdown__icon" viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M3 4h2.2l2.4 11.2a1.6 1.6 0 0 0 1.6 1.3h8.3a1.6 1.6 0 0 0 1.6-1.2L21 8H6.1M9.5 20.5h.01M17.5 20.5h.01"
          />
        </svg>
        {badge && (
          <span className={cart.errors ? 'sfw-cart-dropdown__badge sfw-cart-dropdown__badge--error' : 'sfw-cart-dropdown__badge'} aria-hidden="true">
            {badge}
          </span>
        )}
      </a>
      <LiveRegion scope={PAGE_SCOPE} />
      <div
        ref={panelRef}
        id={panelId}
        className="sfw-cart-dropdown__panel"
        role="dialog"
        aria-labelledby={headingId}
        hidden={!open}
      >
        <div className="sfw-cart-dropdown__head">
          <h2 ref={headingRef} id={headingId} className="sfw-cart-dropdown__heading" tabIndex={-1}>
            Shopping cart
          </h2>
          <button
            type="button"
            className="sfw-cart-dropdown__close"
            aria-label="Close cart"
            onClick={() => {
              closePanels();
              toggleRef.current?.focus();
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {/* The pressed REMOVE leaves with its row: the focus goes to the title first, so a reader
            hears one move, not the page ("document web") and then the title. */}
        {open && <CartBody region={region} onRemove={() => headingRef.current?.focus()} />}
      </div>
      {deleting && <LoadingOverlay />}
    </div>
  );
}
