/**
 * The add-to-cart form (spec §4 "Add to cart", §5, §6): on the product page
 * (island `add-to-cart`) and inside the quick-add dialog (`cart-dialogs`).
 * State and requests live in use-add-to-cart.ts, every decision in ./rules;
 * this file puts the sections (./sections) in order.
 */
import { lazy, Suspense } from 'react';
import type { Product } from '../../shared/api/schemas';
import { readPageConfig } from '../../shared/config';
import { buysWithNormalButton } from '../../shared/rules/purchase';
import { useMounted, usePageId } from '../../shared/ui/use-page-id';
import * as r from './rules';
import { BuyRow, Messages } from './sections/Buy';
import { GiftField, PaymentField, VariationField } from './sections/Choices';
import { LiveBreakField } from './sections/LiveBreak';
import { Badges, Head, Notices, PriceLine, StockLine } from './sections/Summary';
import { useAddToCart } from './use-add-to-cart';

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

export function AddToCartForm({ product, source, showTitle, focusTitle }: AddToCartFormProps) {
  const form = useAddToCart(product, source);
  const { region, state, choose } = form;
  // Page-unique, and the same on the server and in hydration (useId is per root).
  const id = usePageId('sfw-add-to-cart');
  const mounted = useMounted();
  const variation = r.chosenVariation(product, state);
  const options = r.selectableVariations(product.Options);
  const gift = product.AddOnProduct;
  const choice = { id, product, state, choose, region };

  return (
    <form className="sfw-add-to-cart" onSubmit={form.submit} noValidate aria-label={showTitle ? undefined : 'Add to cart'}>
      {showTitle && <Head product={product} focus={focusTitle} />}
      <Badges product={product} showPresale={!showTitle} />
      <PriceLine price={r.shownPrice(product, state, region)} />
      {buysWithNormalButton(product) && form.available > 0 && <StockLine product={product} available={form.available} />}
      <Notices product={product} />

      {buysWithNormalButton(product) && (
        <>
          {options.length > 0 && <VariationField id={id} options={options} chosen={variation} choose={choose} region={region} />}
          {gift && <GiftField id={id} gift={gift} state={state} choose={choose} />}
          {(product.break_eligible || product.LiveBreakOnly) && <LiveBreakField {...choice} tick={form.tickLiveBreak} breakers={form.breakers} />}
          {product.DownPayment && product.DepositPrice > 0 && !variation && <PaymentField {...choice} />}
          <BuyRow id={id} product={product} form={form} />
          <Messages id={id} form={form} />
          {mounted && r.offersExpressCheckout(product, readPageConfig().paypal.clientId) && (
            <Suspense fallback={null}>
              <PaypalExpress getPayload={form.getPayload} disabled={form.blocked || form.saving} />
            </Suspense>
          )}
        </>
      )}
    </form>
  );
}
