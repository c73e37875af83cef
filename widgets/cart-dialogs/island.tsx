/**
 * Island `cart-dialogs`: the 'Add to Cart' quick-add dialog and the
 * 'Product added to your cart!' dialog. Place it once per page, no props:
 *
 *   <div data-widget="cart-dialogs"></div>
 *
 * Opens the quick-add dialog on `storefront:quick-add` {productId} (teaser
 * cards, or legacy code: `window.dispatchEvent(new CustomEvent(
 * 'storefront:quick-add', { detail: { productId: 12 } }))`). The confirmation
 * dialog opens after any successful add (modal id 'cart-added'); the
 * quick-add one has the id 'quick-add'. Both close with
 * `storefront:modal-close` {id}.
 *
 * Only this listener loads with the page; the dialogs (and the add-to-cart
 * form inside quick-add) load the first time one of them is needed.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import * as v from 'valibot';
import { EVENTS, on } from '../../shared/events';
import { lazyPart } from '../../shared/runtime/deliver';
import { defineIsland } from '../../shared/runtime/island';
import { CART_ADDED_MODAL, QUICK_ADD_MODAL } from '../../shared/stores/cart-add';
import { $openModals, openModal } from '../../shared/stores/modals';
import { useMounted } from '../../shared/ui/use-page-id';
import type { QuickAddRequest } from './QuickAddDialog';

// Tried twice; its file gone (a new build published), the page reloads once (runtime/deliver.ts).
const Dialogs = lazy(lazyPart('cart-dialogs', () => import('./Dialogs')));

let seq = 0;

function CartDialogs() {
  const open = useStore($openModals);
  const [request, setRequest] = useState<QuickAddRequest | null>(null);
  const [needed, setNeeded] = useState(false);

  useEffect(
    () =>
      on(EVENTS.quickAdd, ({ productId }) => {
        const id = Number(productId);
        if (!Number.isInteger(id) || id < 1) return;
        setRequest({ productId: id, seq: ++seq });
        openModal(QUICK_ADD_MODAL);
      }),
    [],
  );

  // A closed quick-add forgets its product: opening it again by id does not
  // reload the last one. Cleared in the store's own (synchronous) callback, so
  // a quick-add right after a close is never wiped by a late effect.
  useEffect(
    () =>
      $openModals.listen((ids) => {
        if (!ids.includes(QUICK_ADD_MODAL)) setRequest(null);
      }),
    [],
  );

  // Not in the render that hydrates the server's (empty) HTML: a dialog opened before the island woke
  // (an add answered first, a legacy modal-open) loads right after, or React would find its HTML missing.
  const mounted = useMounted();
  if (!needed && mounted && (open.includes(QUICK_ADD_MODAL) || open.includes(CART_ADDED_MODAL))) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Dialogs request={request} />
    </Suspense>
  ) : null;
}

export default defineIsland('cart-dialogs', v.object({}), CartDialogs);
