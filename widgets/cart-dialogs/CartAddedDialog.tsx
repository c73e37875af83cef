/**
 * The 'Product added to your cart!' dialog (spec §2, §4): what was added, the
 * links onward, the free add-on offer (one click adds 1: saving, 'Added!' or
 * the first error string) and the related items of the add answer.
 */
import { useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { AddOnGift, RelatedItem } from '../../shared/api/schemas';
import { formatPrice } from '../../shared/money';
import { productPath } from '../../shared/safe-url';
import { announce } from '../../shared/stores/announcer';
import { $lastAdd, addToCart, CART_ADDED_MODAL, GENERIC_ADD_ERROR } from '../../shared/stores/cart-add';
import { closeModal } from '../../shared/stores/modals';
import { $region } from '../../shared/stores/region';
import { Modal } from '../../shared/ui/Modal';
import { ProductImage } from '../../shared/ui/ProductImage';
import { Spinner } from '../../shared/ui/Spinner';
import { addonOffer, addonOptions } from '../add-to-cart/rules/addon';
import { SHOP_PAGES } from '../../shared/links';

export function CartAddedDialog() {
  const last = useStore($lastAdd);
  const region = useStore($region);
  return (
    <Modal id={CART_ADDED_MODAL} title="Product added to your cart!" size="lg">
      {last && (
        <p className="sfw-cart-dialogs__what">
          {last.quantity} × {last.title}
        </p>
      )}
      {/* A list, as in the cart dropdown: side by side, the links' names would run together. */}
      <ul className="sfw-cart-dialogs__actions">
        <li>
          <a className="sfw-btn sfw-btn--primary" href={SHOP_PAGES.cart}>
            View Cart
          </a>
        </li>
        <li>
          <a className="sfw-btn" href={SHOP_PAGES.checkout}>
            Checkout
          </a>
        </li>
        <li>
          <button type="button" className="sfw-btn sfw-cart-dialogs__continue" onClick={() => closeModal(CART_ADDED_MODAL)}>
            Continue shopping
          </button>
        </li>
      </ul>
      {last?.addon && <AddonOffer gift={last.addon} />}
      {last && last.related.length > 0 && (
        <section className="sfw-cart-dialogs__related" aria-label="Related items">
          <h3 className="sfw-cart-dialogs__heading">You may also like</h3>
          <ul className="sfw-cart-dialogs__list">
            {last.related.map((item) => (
              <Related key={item.slug} item={item} price={formatPrice(item.price, region)} />
            ))}
          </ul>
        </section>
      )}
    </Modal>
  );
}

function Related({ item, price }: { item: RelatedItem; price: string }) {
  const image = typeof item.mainImage === 'string' ? item.mainImage : item.mainImage?.Tiny;
  return (
    <li className="sfw-cart-dialogs__item">
      <a className="sfw-cart-dialogs__link" href={productPath(item.slug)}>
        <ProductImage src={image} alt="" width={120} height={120} placeholder="coming-soon" />
        <span className="sfw-cart-dialogs__title">{item.title}</span>
      </a>
      <span className="sfw-cart-dialogs__price">{price}</span>
    </li>
  );
}

const ADDED = 'Added!';

type AddonStatus = 'idle' | 'saving' | 'added' | { error: string };

function AddonOffer({ gift }: { gift: AddOnGift }) {
  const region = useStore($region);
  const options = addonOptions(gift);
  const needsChoice = (gift.product.Options ?? []).length > 0;
  const [choice, setChoice] = useState(options.length === 1 ? String(options[0]!.id) : '');
  const [status, setStatus] = useState<AddonStatus>('idle');
  const busy = useRef(false);
  const option = options.find((o) => String(o.id) === choice) ?? null;
  const ready = !needsChoice || option !== null;

  const add = async () => {
    if (busy.current || status === 'added' || !ready) return;
    busy.current = true;
    setStatus('saving');
    const result = await addToCart(
      {
        title: gift.product.title,
        quantity: 1,
        price: 0,
        attributes: option ? { variation: { type: option.type, value: option.value, option_type: option.option_type, sku: option.sku } } : {},
        id: option ? option.id : gift.product.id,
        product_id: gift.product.id,
        region: region.country,
      },
      { source: 'cart-dialogs', openConfirmation: false },
    );
    busy.current = false;
    setStatus(result.ok ? 'added' : { error: result.errors[0] ?? GENERIC_ADD_ERROR });
    if (result.ok) announce(ADDED);
  };

  if (needsChoice && options.length === 0) return null; // every gift option is gone
  return (
    <section className="sfw-cart-dialogs__gift" aria-label="Free gift">
      <p className="sfw-cart-dialogs__gift-title">
        Free gift: {gift.product.title}
      </p>
      {addonOffer(gift).lines.map((line) => (
        <p key={line} className="sfw-cart-dialogs__gift-line">
          {line}
        </p>
      ))}
      <div className="sfw-cart-dialogs__gift-row">
        {needsChoice && status !== 'added' && (
          <select
            className="sfw-select"
            aria-label={`${options[0]?.type || 'Option'} of your free gift`}
            value={choice}
            onChange={(e) => setChoice(e.currentTarget.value)}
          >
            <option value="">Choose your gift</option>
            {options.map((o) => (
              <option key={o.id} value={String(o.id)}>
                {o.value}
              </option>
            ))}
          </select>
        )}
        {/* One button throughout: the focus stays on it, and it says 'Added!' once saved. */}
        <button
          type="button"
          className={status === 'added' ? 'sfw-btn sfw-cart-dialogs__done' : 'sfw-btn sfw-btn--primary'}
          aria-disabled={!ready || status === 'saving' || status === 'added'}
          aria-busy={status === 'saving'}
          onClick={add}
        >
          {status === 'saving' && <Spinner size="sm" />}
          {status === 'saving' ? 'Adding…' : status === 'added' ? ADDED : 'Add free gift'}
        </button>
      </div>
      {typeof status === 'object' && (
        <p className="sfw-alert" role="alert">
          {status.error}
        </p>
      )}
    </section>
  );
}
