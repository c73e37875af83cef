/** The top of the add-to-cart form: what the product is, costs and has in stock (spec §4, §6). */
import { useEffect, useRef } from 'react';
import type { Product } from '../../../shared/api/schemas';
import type { PriceDisplay } from '../../../shared/rules/price';
import { productPath } from '../../../shared/safe-url';
import { LinkedText } from '../../../shared/ui/LinkedText';
import { ProductImage } from '../../../shared/ui/ProductImage';
import * as r from '../rules';

/** Image, title and details link (quick-add; the product page has its own). `focus` moves focus to the title once shown. */
export function Head({ product, focus }: { product: Product; focus?: boolean }) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) titleRef.current?.focus();
  }, []);
  return (
    <div className="sfw-add-to-cart__head">
      <ProductImage src={product.MainImage?.Small} alt="" width={96} height={96} className="sfw-add-to-cart__img" />
      <div>
        <h3 className="sfw-add-to-cart__title" ref={titleRef} tabIndex={-1}>
          {r.displayTitle(product)}
        </h3>
        <a className="sfw-link sfw-add-to-cart__details" href={productPath(product.slug)}>
          View Details
        </a>
      </div>
    </div>
  );
}

export function Badges({ product, showPresale }: { product: Product; showPresale: boolean }) {
  const badges = r.formBadges(product, showPresale);
  if (badges.length === 0) return null;
  return (
    <ul className="sfw-add-to-cart__badges">
      {badges.map((b) => (
        <li key={b.kind} className={b.kind === 'pool' ? 'sfw-add-to-cart__badge' : `sfw-add-to-cart__badge sfw-add-to-cart__badge--${b.kind}`}>
          {b.logo && <img src={b.logo} alt="" width={20} height={20} />}
          {b.text}
        </li>
      ))}
    </ul>
  );
}

export function PriceLine({ price: d }: { price: PriceDisplay }) {
  return (
    <p className="sfw-add-to-cart__price">
      {d.kind === 'starts-at' && <span className="sfw-add-to-cart__from">{`${d.prefix} `}</span>}
      <span className={d.kind === 'sale' ? 'sfw-add-to-cart__amount sfw-add-to-cart__amount--sale' : 'sfw-add-to-cart__amount'}>{d.amount}</span>
      {d.kind === 'deposit' && <span className="sfw-add-to-cart__tag">{` ${d.label}`}</span>}
      {d.kind === 'sale' && (
        <>
          {' '}
          <s className="sfw-add-to-cart__was">
            <span className="sfw-visually-hidden">Was </span>
            {d.struck}
          </s>{' '}
          <span className="sfw-add-to-cart__sale">{d.saleMark}</span>
        </>
      )}
      {d.approx && <span className="sfw-add-to-cart__approx">{d.approx}</span>}
    </p>
  );
}

export function StockLine({ product, available }: { product: Product; available: number }) {
  const last = r.lastOneAvailable(product, available);
  return <p className={last ? 'sfw-add-to-cart__stock sfw-add-to-cart__stock--last' : 'sfw-add-to-cart__stock'}>{last ?? `${available} available`}</p>;
}

/** Reward-only, live-break-only and ineligible-to-ship notices, each with its link. */
export function Notices({ product }: { product: Product }) {
  return r.productNotices(product).map((notice) => (
    <p key={notice.kind} className={`sfw-add-to-cart__notice sfw-add-to-cart__notice--${notice.kind}`}>
      {/* One text node before each link: React hydrates text node by node (no adjacent ones). */}
      {notice.link ? <LinkedText text={notice.text} link={notice.link} /> : notice.text + (notice.kind === 'live-break-only' ? ' See ' : notice.kind === 'ineligible' ? '. ' : '')}
      {notice.kind === 'live-break-only' && (
        <>
          <a className="sfw-link" href={r.liveBreakScheduleLink.href}>{r.liveBreakScheduleLink.text}</a>.
        </>
      )}
      {notice.kind === 'ineligible' && <a className="sfw-link" href={r.internationalBuyersLink.href}>{r.internationalBuyersLink.text}</a>}
    </p>
  ));
}
