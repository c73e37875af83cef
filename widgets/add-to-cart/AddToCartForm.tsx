/**
 * The add-to-cart form (spec §4 "Add to cart", §5, §6): on the product page
 * (island `add-to-cart`) and inside the quick-add dialog (`cart-dialogs`).
 * Every decision comes from ./rules; this file only shows them and keeps the
 * shopper's choices.
 *
 * States: idle → saving → success (the shared addToCart opens the
 * confirmation dialog) or errors (each server string as an alert line under
 * the button; choices kept). One request at a time; none while the express
 * PayPal flow runs.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { LiveBreaker, Product } from '../../shared/api/schemas';
import { getLiveBreakers } from '../../shared/api/calls';
import { logFailure } from '../../shared/api/client';
import { readPageConfig } from '../../shared/config';
import { approxUsNote, formatPrice } from '../../shared/money';
import { buysWithNormalButton } from '../../shared/rules/purchase';
import { productPath } from '../../shared/safe-url';
import { addToCart } from '../../shared/stores/cart-add';
import { $expressCheckoutRunning } from '../../shared/stores/express';
import { $region } from '../../shared/stores/region';
import { LinkedText } from '../../shared/ui/LinkedText';
import { ProductImage } from '../../shared/ui/ProductImage';
import { Spinner } from '../../shared/ui/Spinner';
import * as r from './rules';
import { firstReason } from './reasons';
import { useMounted, usePageId } from '../../shared/ui/use-page-id';

const PaypalExpress = lazy(() => import('../paypal-express/PaypalExpress'));

export interface AddToCartFormProps {
  product: Product;
  /** Sender name carried by the events this form causes. */
  source: string;
  /** Show image and title (quick-add); the product page has its own. */
  showTitle?: boolean;
  /**
   * Move focus to the product title once shown (quick-add, which loads after
   * its dialog opened): a screen reader hears which product, and the top of
   * the form stays in view; Tab goes on to the fields.
   */
  focusTitle?: boolean;
}

type Breakers = { status: 'idle' | 'loading' } | { status: 'done'; list: LiveBreaker[] };

export function AddToCartForm({ product, source, showTitle, focusTitle }: AddToCartFormProps) {
  const region = useStore($region);
  const expressRunning = useStore($expressCheckoutRunning);
  // Page-unique, and the same on the server and in hydration (useId is per root).
  const id = usePageId('sfw-atc');
  const mounted = useMounted();
  const [state, setState] = useState(r.initialFormState);
  const [qtyText, setQtyText] = useState('1');
  const [overDemand, setOverDemand] = useState(false);
  const [breakers, setBreakers] = useState<Breakers>({ status: 'idle' });
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const savingRef = useRef(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, []);
  const alive = useRef(true);
  const abort = useRef<AbortController | null>(null);

  const list = breakers.status === 'done' ? breakers.list : null;
  const available = r.availableQuantity(product, state, list);
  const variation = r.chosenVariation(product, state);
  const quantity = r.quantityControl(product, state, available);
  const blockers = r.addToCartBlockers(product, state, available, list);
  const eligible = r.eligibleBreakers(list, product);
  const rewardOnly = !buysWithNormalButton(product);
  const liveBreakable = product.break_eligible || product.LiveBreakOnly;
  const showPicker = product.LiveBreakOnly || state.liveBreak;
  const blocked = blockers.length > 0;
  const reason = firstReason(blockers, {
    product,
    available,
    breakerCount: list ? eligible.length : null,
    withBreaker: r.activeBreaker(product, state, list) !== null,
  });

  const loadBreakers = () => {
    if (breakers.status !== 'idle') return;
    setBreakers({ status: 'loading' });
    const controller = (abort.current = new AbortController());
    getLiveBreakers({ signal: controller.signal }).then(
      (answer) => setBreakers({ status: 'done', list: answer }),
      (error) => {
        logFailure('Live breakers', error);
        if (!controller.signal.aborted) setBreakers({ status: 'done', list: [] });
      },
    );
  };

  useEffect(() => {
    if (product.LiveBreakOnly) loadBreakers();
    return () => {
      alive.current = false;
      abort.current?.abort();
    };
    // The product of a mounted form does not change (the dialog remounts it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** A new choice: keeps the quantity within what is now available, clears the over-demand flag. */
  const choose = (patch: Partial<r.FormState>) => {
    const next = { ...state, ...patch };
    const nextAvailable = r.availableQuantity(product, next, list);
    if (next.quantity > nextAvailable && !('quantity' in patch)) next.quantity = Math.max(r.MIN_QUANTITY, nextAvailable);
    setState(next);
    setQtyText(String(next.quantity));
    setOverDemand(false);
  };

  // Read at click time by PayPal, so it always sends the current choices.
  const payloadRef = useRef<(() => ReturnType<typeof r.buildCartAddPayload>) | null>(null);
  payloadRef.current = () => r.buildCartAddPayload(product, state, { region: region.country, breakers: list });
  const getPayload = useCallback(() => payloadRef.current!(), []);

  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (savingRef.current || blocked || expressRunning || rewardOnly) return;
    savingRef.current = true;
    setSaving(true);
    setErrors([]);
    const declined = state.addonChoice === r.ADDON_OPTOUT;
    const result = await addToCart(getPayload(), { source, addon: declined ? null : product.AddOnProduct });
    savingRef.current = false;
    if (!alive.current) return;
    setSaving(false);
    if (!result.ok) setErrors(result.errors);
  };

  const price = variation || !(product.LowestVariationPrice > 0) ? r.unitPrice(product, state) : product.LowestVariationPrice;
  const deposit = r.paysDeposit(product, state);
  const onSale = product.OnSale && !variation && !deposit && product.ListPrice > price;
  const approx = approxUsNote(price, region);
  const last = r.lastOneAvailable(product, available);
  const selectable = r.selectableVariations(product.Options);
  const gift = product.AddOnProduct;
  const giftOptions = gift ? r.addonOptions(gift) : [];
  const paypal = !!readPageConfig().paypal.clientId && !rewardOnly;

  return (
    <form className="sfw-atc" onSubmit={submit} noValidate aria-label={showTitle ? undefined : 'Add to cart'}>
      {showTitle && (
        <div className="sfw-atc__head">
          <ProductImage src={product.MainImage?.Small} alt="" width={96} height={96} className="sfw-atc__img" />
          <div>
            <h3 className="sfw-atc__title" ref={titleRef} tabIndex={-1}>
              {r.displayTitle(product)}
            </h3>
            <a className="sfw-link sfw-atc__details" href={productPath(product.slug)}>
              View Details
            </a>
          </div>
        </div>
      )}

      <Badges product={product} showPresale={!showTitle} />

      <p className="sfw-atc__price">
        {!variation && product.LowestVariationPrice > 0 && <span className="sfw-atc__from">Starts at: </span>}
        <span className={onSale ? 'sfw-atc__amount sfw-atc__amount--sale' : 'sfw-atc__amount'}>{formatPrice(price, region)}</span>
        {deposit && <span className="sfw-atc__tag"> (DEPOSIT)</span>}
        {onSale && (
          <>
            {' '}
            <s className="sfw-atc__was">
              <span className="sfw-visually-hidden">Was </span>
              {formatPrice(product.ListPrice, region)}
            </s>{' '}
            <span className="sfw-atc__sale">SALE</span>
          </>
        )}
        {approx && <span className="sfw-atc__approx">{approx}</span>}
      </p>

      {!rewardOnly && available > 0 && (
        <p className={last ? 'sfw-atc__stock sfw-atc__stock--last' : 'sfw-atc__stock'}>{last ?? `${available} available`}</p>
      )}

      {r.productNotices(product).map((notice) => (
        <p key={notice.kind} className={`sfw-atc__notice sfw-atc__notice--${notice.kind}`}>
          {/* One text node before each link: React hydrates text node by node (no adjacent ones). */}
          {notice.link ? <LinkedText text={notice.text} link={notice.link} /> : notice.text + (notice.kind === 'live-break-only' ? ' See ' : notice.kind === 'ineligible' ? '. ' : '')}
          {notice.kind === 'live-break-only' && (
            <>
              <a className="sfw-link" href={r.liveBreakScheduleLink.href}>{r.liveBreakScheduleLink.text}</a>.
            </>
          )}
          {notice.kind === 'ineligible' && <a className="sfw-link" href={r.internationalBuyersLink.href}>{r.internationalBuyersLink.text}</a>}
        </p>
      ))}

      {!rewardOnly && (
        <>
          {selectable.length > 0 && (
            <div className="sfw-atc__field">
              <label htmlFor={`${id}-var`}>{selectable[0]!.type || 'Option'}</label>
              <select
                id={`${id}-var`}
                className="sfw-atc__select"
                value={variation ? String(variation.id) : ''}
                onChange={(e) => choose({ variationId: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
              >
                <option value="">Choose an option</option>
                {selectable.map((o) => (
                  <option key={o.id} value={String(o.id)}>
                    {`${o.value} – ${formatPrice(o.price, region)}`}
                  </option>
                ))}
              </select>
            </div>
          )}

          {gift && (
            <div className="sfw-atc__gift">
              <p className="sfw-atc__gift-title">
                {`Free gift: ${gift.product.title}`}
              </p>
              {r.addonOffer(gift).lines.map((line) => (
                <p key={line} className="sfw-atc__gift-line">
                  {line}
                </p>
              ))}
              {r.addonNeedsChoice(gift) && (
                <div className="sfw-atc__field">
                  <label htmlFor={`${id}-gift`}>Your free gift</label>
                  <select
                    id={`${id}-gift`}
                    className="sfw-atc__select"
                    value={state.addonChoice ?? ''}
                    onChange={(e) => choose({ addonChoice: e.currentTarget.value })}
                  >
                    <option value="">Choose your gift</option>
                    {giftOptions.map((o) => (
                      <option key={o.id} value={String(o.id)}>
                        {o.value}
                      </option>
                    ))}
                    <option value={r.ADDON_OPTOUT}>No thanks</option>
                  </select>
                </div>
              )}
            </div>
          )}

          {liveBreakable && (
            <div className="sfw-atc__live">
              {!product.LiveBreakOnly && (
                <label className="sfw-atc__check">
                  <input
                    type="checkbox"
                    checked={state.liveBreak}
                    aria-controls={`${id}-breakers`}
                    onChange={(e) => {
                      choose({ liveBreak: e.currentTarget.checked });
                      if (e.currentTarget.checked) loadBreakers();
                    }}
                  />
                  Open it on a live break
                </label>
              )}
              <div id={`${id}-breakers`} hidden={!showPicker}>
                {showPicker && (
                  <fieldset className="sfw-atc__breakers">
                    <legend>Choose a breaker</legend>
                    {!list ? (
                      <Spinner size="sm" label="Loading live breakers…" />
                    ) : eligible.length === 0 ? (
                      <p className="sfw-atc__muted">No live breaker is available right now.</p>
                    ) : (
                      eligible.map((b) => {
                        const next = r.formatNextLive(b.next_live);
                        return (
                          <label key={b.identifier} className="sfw-atc__breaker">
                            <input
                              type="radio"
                              name={`${id}-breaker`}
                              value={b.identifier}
                              checked={state.breakerId === b.identifier}
                              onChange={() => choose({ breakerId: b.identifier })}
                            />
                            <span>
                              <span className="sfw-atc__breaker-name">{b.identifier}</span>
                              {next && <span className="sfw-atc__muted">Next live: {next}</span>}
                            </span>
                          </label>
                        );
                      })
                    )}
                  </fieldset>
                )}
              </div>
            </div>
          )}

          {product.DownPayment && product.DepositPrice > 0 && !variation && (
            <fieldset className="sfw-atc__pay">
              <legend>Payment</legend>
              <label className="sfw-atc__check">
                <input type="radio" name={`${id}-pay`} checked={!state.payFull} onChange={() => choose({ payFull: false })} />
                {`Pay a deposit of ${formatPrice(product.DepositPrice, region)} now`}
              </label>
              <label className="sfw-atc__check">
                <input type="radio" name={`${id}-pay`} checked={state.payFull} onChange={() => choose({ payFull: true })} />
                {`Pay the full amount of ${formatPrice(r.fullPrice(product, state), region)}`}
              </label>
              {deposit && <p className="sfw-atc__muted">{r.depositMessage}</p>}
            </fieldset>
          )}

          <div className="sfw-atc__buy">
            <div className="sfw-qty">
              <label className="sfw-qty__label" htmlFor={`${id}-qty`}>
                Qty
              </label>
              <button
                type="button"
                className="sfw-qty__btn"
                aria-label="Decrease quantity"
                disabled={!quantity.canDecrement}
                onClick={() => choose({ quantity: r.decrement(state.quantity) })}
              >
                −
              </button>
              <input
                id={`${id}-qty`}
                className="sfw-qty__input"
                type="number"
                inputMode="numeric"
                min={1}
                max={Math.max(1, available)}
                value={qtyText}
                disabled={quantity.disabled}
                onInput={(e) => {
                  const text = e.currentTarget.value;
                  setQtyText(text);
                  const n = Number(text);
                  if (Number.isInteger(n) && n >= r.MIN_QUANTITY) {
                    setState((s) => ({ ...s, quantity: n }));
                    setOverDemand(false);
                  }
                }}
                onBlur={() => setQtyText(String(state.quantity))}
              />
              <button
                type="button"
                className="sfw-qty__btn"
                aria-label="Increase quantity"
                disabled={!quantity.canIncrement}
                onClick={() => {
                  const next = r.increment(state, available);
                  choose({ quantity: next.quantity });
                  setOverDemand(next.overDemand);
                }}
              >
                +
              </button>
            </div>
            <button
              type="submit"
              className="sfw-btn sfw-btn--primary sfw-atc__submit"
              aria-disabled={blocked || saving || expressRunning}
              aria-busy={saving}
              aria-describedby={reason ? `${id}-why` : undefined}
            >
              {saving && <Spinner size="sm" />}
              {saving ? 'Adding…' : r.buttonLabel(product)}
            </button>
          </div>
          {overDemand && (
            <p className="sfw-atc__over" role="alert">
              {`Sorry, only ${available} available.`}
            </p>
          )}
          {reason && (
            <p id={`${id}-why`} className="sfw-atc__why">
              {reason}
            </p>
          )}
          <div className="sfw-atc__errors">
            {errors.map((error, i) => (
              <p key={i} className="sfw-alert" role="alert">
                {error}
              </p>
            ))}
          </div>
          {paypal && mounted && (
            <Suspense fallback={null}>
              <PaypalExpress getPayload={getPayload} disabled={blocked || saving} />
            </Suspense>
          )}
        </>
      )}
    </form>
  );
}

function Badges({ product, showPresale }: { product: Product; showPresale: boolean }) {
  const charity = product.ActiveCharity;
  const items: ReactNode[] = [];
  if (showPresale && product.Presale) {
    items.push(
      <li key="presale" className="sfw-atc__badge sfw-atc__badge--presale">
        {`Presale${product.ReleaseDate ? ` · Releases ${releaseDate(product.ReleaseDate)}` : ''}`}
      </li>,
    );
  }
  if (product.BlockPool) {
    items.push(
      <li key="pool" className="sfw-atc__badge">
        {product.BlockPoolLogo && <img src={product.BlockPoolLogo} alt="" width={20} height={20} />}
        {`Block Pool eligible${product.BlockPoolSpotsEligible > 0 ? ` · ${product.BlockPoolSpotsEligible} spots` : ''}`}
      </li>,
    );
  }
  if (charity) {
    items.push(
      <li key="charity" className="sfw-atc__badge sfw-atc__badge--charity">
        {charity.charity_logo && <img src={charity.charity_logo} alt="" width={20} height={20} />}
        {`Supports ${charity.charity_name}`}
      </li>,
    );
  }
  return items.length ? <ul className="sfw-atc__badges">{items}</ul> : null;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** '2027-01-30' → 'Jan 30, 2027'; anything else as sent. */
function releaseDate(value: string): string {
  const time = /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value.slice(0, 10)) : NaN;
  return Number.isNaN(time) ? value : dateFormat.format(time);
}
