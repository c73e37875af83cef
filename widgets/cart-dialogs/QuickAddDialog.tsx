/**
 * The 'Add to Cart' quick-add dialog (spec §2, §4). The island hands it each
 * `storefront:quick-add` request; it shows a spinner while
 * POST /product/cart/load runs, then the add-to-cart form, or 'An error
 * occurred. Please try again' when the load fails (or when the dialog was
 * opened by id, without a product). Closing aborts the load and forgets the
 * product; focus moves to the product title once the form is shown.
 */
import { lazyPart } from '../../shared/runtime/deliver';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Product } from '../../shared/api/schemas';
import { loadProduct } from '../../shared/api/calls';
import { logFailure } from '../../shared/api/client';
import { QUICK_ADD_MODAL } from '../../shared/stores/cart-add';
import { announce } from '../../shared/stores/announcer';
import { $openModals } from '../../shared/stores/modals';
import { Modal } from '../../shared/ui/Modal';
import { Spinner } from '../../shared/ui/Spinner';

// The form is only needed once a shopper asks for it: category pages stay light.
const AddToCartForm = lazy(lazyPart('cart-dialogs', () => import('../add-to-cart/AddToCartForm').then((m) => ({ default: m.AddToCartForm }))));

export const QUICK_ADD_ERROR = 'An error occurred. Please try again';

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; product: Product };

// Unlabelled: the dialog's live region says 'Loading product…' once (below). As the spinner's own
// status, it was read with the dialog and again when the form's code was awaited (Orca said it twice).
const loading = (
  <div className="sfw-cart-dialogs__loading">
    <Spinner />
  </div>
);

/** One quick-add request; `seq` tells two requests for the same product apart. */
export interface QuickAddRequest {
  productId: number;
  seq: number;
}

export function QuickAddDialog({ request }: { request: QuickAddRequest | null }) {
  const open = useStore($openModals).includes(QUICK_ADD_MODAL);
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    if (!open) return;
    if (!request) {
      // Opened by id (storefront:modal-open) instead of with a product.
      console.error(`[storefront] cart-dialogs: the '${QUICK_ADD_MODAL}' dialog needs a product: open it with storefront:quick-add { productId }.`);
      setLoad({ status: 'error' });
      return;
    }
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    announce('Loading product…');
    loadProduct(request.productId, { signal: controller.signal }).then(
      (product) => controller.signal.aborted || setLoad({ status: 'ready', product }),
      (error) => {
        logFailure('Quick-add product load', error);
        if (!controller.signal.aborted) setLoad({ status: 'error' });
      },
    );
    // Closing (or a new request) aborts the load.
    return () => controller.abort();
  }, [request, open]);

  return (
    <Modal id={QUICK_ADD_MODAL} title="Add to Cart" onClose={() => setLoad({ status: 'loading' })}>
      {load.status === 'ready' ? (
        <Suspense fallback={loading}>
          <AddToCartForm key={load.product.id} product={load.product} source="quick-add" showTitle focusTitle />
        </Suspense>
      ) : load.status === 'error' ? (
        <p className="sfw-alert" role="alert">
          {QUICK_ADD_ERROR}
        </p>
      ) : (
        loading
      )}
    </Modal>
  );
}
