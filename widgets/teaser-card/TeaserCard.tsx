/**
 * A product teaser card (spec §2 "Product teaser card", §4 badges, stock
 * messages, price display). Shared by the teaser-card, product-grid and
 * recently-viewed islands.
 *
 * Kept cheap, since a category page mounts 48 at once: no store
 * subscription and no effect per card. The island reads $region once and
 * passes it down; only the Add to cart button holds state.
 *
 * Screen readers: the image link (with the visible badges) is a mouse
 * shortcut hidden from them; the title link is the card link, and its name
 * is the title followed by the badges ('…, Sale'; an aria-label that starts
 * with the visible title). 'View Details' and 'Add to cart' are described by
 * the title link (its text, the title), so each names its product.
 */
import { memo, useRef, useState } from 'react';
import type { ProductTeaser } from '../../shared/api/schemas';
import { emit, EVENTS } from '../../shared/events';
import { SHOP_PAGES } from '../../shared/links';
import { productPath } from '../../shared/safe-url';
import { buysWithNormalButton, REWARD_ONLY_NOTICE } from '../../shared/rules/purchase';
import { addToCart } from '../../shared/stores/cart-add';
import type { Region } from '../../shared/stores/region';
import { LinkedText } from '../../shared/ui/LinkedText';
import { ProductImage } from '../../shared/ui/ProductImage';
import { Spinner } from '../../shared/ui/Spinner';
import { badgeLabel, shippingNotice, stockMessage, teaserBadges, teaserPrice, type Badge } from './rules';
import type { PriceDisplay } from '../../shared/rules/price';
import { directAddPayload } from './rules/direct-add';

/** Rendered size of the card image; the real size follows the CSS, these keep the aspect ratio. */
const IMAGE_SIZE = 300;

export interface TeaserCardProps {
  product: ProductTeaser;
  region: Region;
  /** Sent with the quick-add event and the cart add. */
  source: string;
  /** Unique on the page; the card's element ids derive from it. */
  uid: string;
  /** Load the image at once (first row of a grid); others load lazily. */
  eager?: boolean;
}

/**
 * Memoized: the grid renders its cards a few per task, and each new batch must
 * not re-render the cards already shown (same product objects, same props).
 */
export const TeaserCard = memo(function TeaserCard({ product: p, region, source, uid, eager }: TeaserCardProps) {
  const href = productPath(p.slug);
  const titleId = `${uid}-title`;
  const badges = teaserBadges(p);
  // A reward-only product is had in the Rewards Program (spec §6), whatever
  // showATC says: no normal button, and no 'Out of stock' (that is for
  // products that cannot be had at all).
  const normal = buysWithNormalButton(p);
  const stock = normal ? stockMessage(p) : null;
  const shipping = shippingNotice(p);

  return (
    <div className="sfw-teaser-card">
      <a className="sfw-teaser-card__media" href={href} tabIndex={-1} aria-hidden="true">
        <ProductImage
          src={p.mainImage}
          alt=""
          width={IMAGE_SIZE}
          height={IMAGE_SIZE}
          eager={eager}
          sources={[
            p.mainImageTiny ? { media: '(max-width: 400px)', src: p.mainImageTiny } : null,
            p.mainImageMedium ? { media: '(max-width: 767px)', src: p.mainImageMedium } : null,
          ]}
        />
        {badges.length > 0 && (
          <ul className="sfw-teaser-card__badges">
            {badges.map((b) => (
              <BadgeView key={b.kind} badge={b} />
            ))}
          </ul>
        )}
      </a>
      <div className="sfw-teaser-card__body">
        <a className="sfw-teaser-card__title" id={titleId} href={href} aria-label={badges.length ? `${p.title}, ${badgeLabel(badges)}` : undefined}>
          {p.title}
        </a>
        <Price display={teaserPrice(p, region)} />
        {stock && stock.kind !== 'notify' && <p className={`sfw-teaser-card__stock sfw-teaser-card__stock--${stock.kind}`}>{stock.text}</p>}
        {!normal && (
          <p className="sfw-teaser-card__note">
            <LinkedText {...REWARD_ONLY_NOTICE} />
          </p>
        )}
        {shipping && (
          <p className="sfw-teaser-card__note sfw-teaser-card__note--warn">
            <a href={SHOP_PAGES.internationalBuyers}>{shipping}</a>
          </p>
        )}
        <div className="sfw-teaser-card__actions">
          {normal && p.showATC ? (
            <AddButton product={p} country={region.country} source={source} describedBy={titleId} />
          ) : stock?.kind === 'notify' ? (
            <a className="sfw-btn sfw-teaser-card__notify" href={href} aria-describedby={titleId}>
              {stock.text}
            </a>
          ) : null}
          <a className="sfw-btn" href={href} aria-describedby={titleId}>
            View Details
          </a>
        </div>
      </div>
    </div>
  );
});

function BadgeView({ badge }: { badge: Badge }) {
  return (
    <li className={`sfw-teaser-card__badge sfw-teaser-card__badge--${badge.kind}`}>
      {badge.logo && <img className="sfw-teaser-card__badge-logo" src={badge.logo} alt="" width={16} height={16} loading="lazy" />}
      {badge.text}
      {badge.date && <span className="sfw-teaser-card__badge-date">{badge.date}</span>}
    </li>
  );
}

function Price({ display: d }: { display: PriceDisplay }) {
  return (
    <p className={`sfw-teaser-card__price sfw-teaser-card__price--${d.kind}`}>
      {d.kind === 'starts-at' && <span className="sfw-teaser-card__price-prefix">{d.prefix}</span>}
      {d.kind === 'sale' && (
        <s className="sfw-teaser-card__price-was">
          <span className="sfw-visually-hidden">Regular price </span>
          {d.struck}
        </s>
      )}
      <span className="sfw-teaser-card__price-now">{d.amount}</span>
      {d.kind === 'deposit' && <span className="sfw-teaser-card__price-label">{d.label}</span>}
      {d.kind === 'sale' && <span className="sfw-teaser-card__price-mark">{d.saleMark}</span>}
      {d.approx && <span className="sfw-teaser-card__price-approx">{d.approx}</span>}
    </p>
  );
}

interface AddButtonProps {
  product: ProductTeaser;
  country: string;
  source: string;
  describedBy: string;
}

/**
 * Products that need a choice open the quick-add dialog (event); the others
 * are added at once. One request per click: a click while one is in flight
 * does nothing. A cart write is not aborted when the card goes away (the
 * server may already have done it); its answer is then simply not shown.
 */
function AddButton({ product, country, source, describedBy }: AddButtonProps) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const inFlight = useRef(false);

  async function add() {
    if (product.needsOptions) {
      emit(EVENTS.quickAdd, { productId: product.id, source });
      return;
    }
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setErrors([]);
    try {
      const result = await addToCart(directAddPayload(product, country), { source });
      if (!result.ok) setErrors(result.errors);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="sfw-btn sfw-btn--primary"
        aria-busy={busy}
        aria-disabled={busy}
        aria-describedby={describedBy}
        onClick={add}
      >
        {busy && <Spinner size="sm" />}
        Add to cart
      </button>
      {errors.map((error, i) => (
        <p key={i} className="sfw-alert" role="alert">
          {error}
        </p>
      ))}
    </>
  );
}
