/**
 * The Pay Later button's callbacks: the express flow and its flag.
 *
 * - click: refused while the form is disabled or a flow already runs.
 * - createOrder: sets `$expressCheckoutRunning`, reads the form's payload
 *   NOW (not at render) and creates the order from it.
 * - onApprove: adds that same payload to the cart (no confirmation dialog:
 *   the page is about to leave), then posts the express checkout form. The
 *   flag stays set while the page navigates. If the cart add fails, its
 *   errors are shown under the button and the flag is cleared.
 * - onCancel / onError: only logged (console.warn); the flag is cleared.
 */
import type { FUNDING_SOURCE, OnInitActions, PayPalButtonsComponentOptions, PayPalNamespace } from '@paypal/paypal-js';
import { logFailure } from '../../shared/api/client';
import type { CartAddPayload } from '../../shared/api/schemas';
import { addToCart } from '../../shared/stores/cart-add';
import { $expressCheckoutRunning } from '../../shared/stores/express';
import { orderRequest, submitExpressForm } from './checkout';

export const EXPRESS_SOURCE = 'paypal-express';
const WHAT = 'PayPal express checkout';

export interface FlowHooks {
  getPayload(): CartAddPayload;
  isDisabled(): boolean;
  /** The SDK's enable/disable handle, once the button is ready. */
  onInit(actions: OnInitActions): void;
  /** Cart-add errors to show under the button ([] clears them). */
  onAddErrors(errors: string[]): void;
  /** Called whenever this button starts (true) or ends (false) a flow. */
  onRunning(running: boolean): void;
}

export function expressButtonOptions(paypal: PayPalNamespace, hooks: FlowHooks): PayPalButtonsComponentOptions {
  let payload: CartAddPayload | null = null;
  const stop = () => {
    $expressCheckoutRunning.set(false);
    hooks.onRunning(false);
  };
  return {
    fundingSource: paypal.FUNDING?.PAYLATER ?? ('paylater' as FUNDING_SOURCE),
    onInit: (_data, actions) => hooks.onInit(actions),
    onClick: (_data, actions) => (hooks.isDisabled() || $expressCheckoutRunning.get() ? actions.reject() : actions.resolve()),
    createOrder: (_data, actions) => {
      $expressCheckoutRunning.set(true);
      hooks.onRunning(true);
      hooks.onAddErrors([]);
      payload = hooks.getPayload();
      return actions.order.create(orderRequest(payload));
    },
    onApprove: async (data) => {
      const result = await addToCart(payload ?? hooks.getPayload(), { source: EXPRESS_SOURCE, openConfirmation: false });
      if (!result.ok) {
        hooks.onAddErrors(result.errors);
        stop();
        return;
      }
      submitExpressForm(data);
    },
    onCancel: () => {
      logFailure(WHAT, 'cancelled by the shopper');
      stop();
    },
    onError: (error) => {
      logFailure(WHAT, error);
      stop();
    },
  };
}
