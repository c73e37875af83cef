/** The open cart dropdown's content: the items with REMOVE, the subtotal and actions, and the suggestions (spec §4 Cart dropdown). */
import { useStore } from '@nanostores/react';
import type { CartItem, UpsellEntry } from '../../shared/api/schemas';
import { approxUsNote, formatPrice, type Currency } from '../../shared/money';
import { productPath } from '../../shared/safe-url';
import { $cart, removeItem } from '../../shared/stores/cart';
import { itemPrice, itemTitle } from '../../shared/stores/cart-state';
import { ProductImage } from '../../shared/ui/ProductImage';
import { Spinner } from '../../shared/ui/Spinner';
import { usePageId } from '../../shared/ui/use-page-id';
import { trimTitle } from './rules/title';
import { SHOP_PAGES } from '../../shared/links';

/** The panel shows its loading state: nothing loaded yet. */
export const showsLoading = (items: number, status: string) => items === 0 && (status === 'loading' || status === 'idle');

/** `onRemove`: called as REMOVE is pressed, before its row turns busy and the button leaves (CartDropdown moves the focus). */
export function CartBody({ region, onRemove }: { region: Currency; onRemove?: () => void }) {
  const { items, status, total, deletingId, queued, supplies, upsell } = useStore($cart);
  if (showsLoading(items.length, status)) {
    return (
      // Unlabelled: the page's live region says it, once (CartDropdown); as the panel's text it was read twice.
      <div className="sfw-cart-dropdown__loading">
        <Spinner />
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
              <Item key={item.id} item={item} region={region} deleting={deletingId === item.id || queued.includes(item.id)} onRemove={onRemove} />
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
      {/* A list: two links side by side in a box were read as one string, "View CartCheckout". */}
      <ul className="sfw-cart-dropdown__actions">
        <li>
          <a className="sfw-btn" href={SHOP_PAGES.cart}>
            View Cart
          </a>
        </li>
        <li>
          <a className="sfw-btn sfw-btn--primary" href={SHOP_PAGES.checkout}>
            Checkout
          </a>
        </li>
      </ul>
      {items.length > 0 && (
        <>
          <Suggestions title="Protect your investment:" entries={supplies} region={region} shopAll />
          <Suggestions title="Recommended for you:" entries={upsell} region={region} />
        </>
      )}
    </>
  );
}

function Item({ item, region, deleting, onRemove }: { item: CartItem; region: Currency; deleting: boolean; onRemove?: () => void }) {
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
        <button
          type="button"
          className="sfw-cart-dropdown__remove"
          aria-label={`Remove ${title}`}
          onClick={() => {
            onRemove?.();
            void removeItem(item.id);
          }}
        >
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
