import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { CartItem, UpsellEntry } from '../../shared/api/schemas';
import { approxUsNote, formatPrice, type Currency } from '../../shared/money';
import { productPath } from '../../shared/safe-url';
import { $cart, CART_PANEL, removeItem } from '../../shared/stores/cart';
import { itemPrice, itemTitle } from '../../shared/stores/cart-state';
import { $openModals } from '../../shared/stores/modals';
import { $openPanel, closePanels, togglePanel } from '../../shared/stores/panels';
import { $region } from '../../shared/stores/region';
import { ProductImage } from '../../shared/ui/ProductImage';
import { LoadingOverlay, Spinner } from '../../shared/ui/Spinner';
import { badgeText, cartButtonLabel, countAnnouncement, type CartBadge } from './rules/labels';
import { trimTitle } from './rules/title';
import { useMounted, usePageId } from '../../shared/ui/use-page-id';

export function CartDropdown() {
  const cart = useStore($cart);
  const region = useStore($region);
  const open = useStore($openPanel) === CART_PANEL;
  const panelId = usePageId('sfw-cart-dropdown-panel');
  const headingId = usePageId('sfw-cart-dropdown-heading');
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef(false);
  const shown = useRef<CartBadge | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const mounted = useMounted();

  // Announce count changes, but not the first count of the page.
  useEffect(() => {
    if (!cart.counted) return;
    const now = { count: cart.count, errors: cart.errors };
    const before = shown.current;
    shown.current = now;
    const text = before && countAnnouncement(before, now);
    if (text) setAnnouncement(text);
  }, [cart.counted, cart.count, cart.errors]);

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
    place();
    // The button moves with a resize (or a phone turned) and with a header that scrolls away.
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, { passive: true });
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place);
    };
  }, [open]);

  // Opened from the button: focus goes into the dialog.
  useEffect(() => {
    if (open && focusOnOpen.current) panelRef.current?.focus();
    focusOnOpen.current = false;
  }, [open]);

  // The removed row took the focus with it: keep it in the dropdown.
  const deleting = cart.deletingId !== null;
  useEffect(() => {
    const active = document.activeElement;
    if (!deleting && open && (!active || active === document.body)) panelRef.current?.focus();
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
  const toggleContent = (
    <>
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
    </>
  );
  return (
    <div
      ref={rootRef}
      className="sfw-cart-dropdown"
      data-panel={CART_PANEL}
    >
      {mounted ? (
        <button
          ref={toggleRef}
          type="button"
          className="sfw-cart-dropdown__toggle"
          aria-label={cartButtonLabel(cart)}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => {
            focusOnOpen.current = !open;
            togglePanel(CART_PANEL);
          }}
        >
          {toggleContent}
        </button>
      ) : (
        // Server HTML, and until hydrated: a link to the cart page, which works without JavaScript.
        <a className="sfw-cart-dropdown__toggle" href="/cart" aria-label={cartButtonLabel(cart)}>
          {toggleContent}
        </a>
      )}
      <p className="sfw-visually-hidden" role="status">
        {announcement}
      </p>
      <div
        ref={panelRef}
        id={panelId}
        className="sfw-cart-dropdown__panel"
        role="dialog"
        aria-labelledby={headingId}
        tabIndex={-1}
        hidden={!open}
      >
        <div className="sfw-cart-dropdown__head">
          <h2 id={headingId} className="sfw-cart-dropdown__heading">
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
        {open && <CartBody region={region} />}
      </div>
      {deleting && <LoadingOverlay />}
    </div>
  );
}

function CartBody({ region }: { region: Currency }) {
  const { items, status, total, deletingId, queued, supplies, upsell } = useStore($cart);
  if (items.length === 0 && (status === 'loading' || status === 'idle')) {
    return (
      <div className="sfw-cart-dropdown__loading">
        <Spinner label="Loading your cart…" />
      </div>
    );
  }
  const approx = approxUsNote(total, region);
  return (
    <>
      {items.length > 0 ? (
        <>
          <ul className="sfw-cart-dropdown__items">
            {items.map((item) => (
              // A queued removal shows as deleting too: it is on its way.
              <Item key={item.id} item={item} region={region} deleting={deletingId === item.id || queued.includes(item.id)} />
            ))}
          </ul>
          <div className="sfw-cart-dropdown__subtotal">
            <span>Subtotal</span>
            <strong>{formatPrice(total, region)}</strong>
          </div>
          {approx && <p className="sfw-cart-dropdown__approx">{approx}</p>}
        </>
      ) : (
        // A failed load says nothing (spec §8); only a loaded cart can be empty.
        status === 'ready' && <p className="sfw-cart-dropdown__empty">Your shopping cart is empty.</p>
      )}
      <div className="sfw-cart-dropdown__actions">
        <a className="sfw-btn" href="/cart">
          View Cart
        </a>
        <a className="sfw-btn sfw-btn--primary" href="/checkout">
          Checkout
        </a>
      </div>
      {items.length > 0 && (
        <>
          <Suggestions title="Protect your investment:" entries={supplies} region={region} shopAll />
          <Suggestions title="Recommended for you:" entries={upsell} region={region} />
        </>
      )}
    </>
  );
}

function Item({ item, region, deleting }: { item: CartItem; region: Currency; deleting: boolean }) {
  const title = itemTitle(item);
  const slug = item.product?.slug;
  const name = (
    <>
      <span aria-hidden="true">{trimTitle(title)}</span>
      <span className="sfw-visually-hidden">{title}</span>
    </>
  );
  return (
    <li className="sfw-cart-dropdown__item">
      <ProductImage src={item.Image?.Tiny} alt="" width={64} height={64} placeholder="coming-soon" className="sfw-cart-dropdown__thumb" />
      <div className="sfw-cart-dropdown__info">
        {slug ? (
          <a className="sfw-cart-dropdown__title" href={productPath(slug)} title={title}>
            {name}
          </a>
        ) : (
          <span className="sfw-cart-dropdown__title" title={title}>
            {name}
          </span>
        )}
        <span className="sfw-cart-dropdown__price">
          {formatPrice(itemPrice(item), region)}{' '}
          <span className="sfw-cart-dropdown__qty">
            <span className="sfw-visually-hidden">quantity </span>({item.quantity})
          </span>
        </span>
      </div>
      {deleting ? (
        <span className="sfw-cart-dropdown__removing">
          <Spinner size="sm" />
        </span>
      ) : (
        <button type="button" className="sfw-cart-dropdown__remove" aria-label={`Remove ${title}`} onClick={() => void removeItem(item.id)}>
          REMOVE
        </button>
      )}
    </li>
  );
}

function Suggestions({ title, entries, region, shopAll }: { title: string; entries: UpsellEntry[]; region: Currency; shopAll?: boolean }) {
  const headingId = usePageId('sfw-cart-dropdown-heading');
  if (entries.length === 0) return null;
  return (
    <section className="sfw-cart-dropdown__block" aria-labelledby={headingId}>
      <div className="sfw-cart-dropdown__block-head">
        <h3 id={headingId}>{title}</h3>
        {shopAll && (
          <a href="/c/supplies" aria-label="Shop All supplies">
            Shop All
          </a>
        )}
      </div>
      <ul className="sfw-cart-dropdown__grid">
        {entries.map((entry) => (
          <li key={entry.slug}>
            <a className="sfw-cart-dropdown__suggestion" href={productPath(entry.slug)}>
              <ProductImage src={entry.mainImage?.Tiny} alt="" width={96} height={96} placeholder="coming-soon" />
              <span className="sfw-cart-dropdown__suggestion-title">{entry.title}</span>
              <span className="sfw-cart-dropdown__suggestion-price">{formatPrice(entry.price, region)}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
