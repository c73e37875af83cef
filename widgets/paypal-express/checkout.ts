/**
 * The express PayPal checkout, apart from the button (spec §4 Express PayPal,
 * §7 form POST /cart/checkout/paypal-express):
 *
 * - `orderRequest(payload)`: the order created at click time: amount =
 *   quantity × price (USD, 2 decimals), locale en-US, shipping address
 *   shown but not editable (`shipping_preference: 'SET_PROVIDED_ADDRESS'`).
 * - `nonceFromApproval(data)`: the spec's `nonce`. It came from a
 *   tokenising payment backend; with the plain SDK the approval's order id
 *   stands in for it. This is the one place that mapping lives.
 * - `submitExpressForm(data)`: the hidden full-page form POST with
 *   `_token`, `nonce`, `paypal-express` and `paypal-data`.
 */
import type { CreateOrderRequestBody, OnApproveData } from '@paypal/paypal-js';
import { PAYPAL_EXPRESS_ACTION } from '../../shared/api/calls';
import type { CartAddPayload } from '../../shared/api/schemas';
import { readCsrfMeta } from '../../shared/config';

export const CURRENCY = 'USD';

/** quantity × unit price in USD, as PayPal wants it: a string with 2 decimals. */
export function orderAmount(payload: Pick<CartAddPayload, 'quantity' | 'price'>): string {
  return (Math.round(payload.quantity * payload.price * 100) / 100).toFixed(2);
}

export function orderRequest(payload: CartAddPayload): CreateOrderRequestBody {
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        amount: { currency_code: CURRENCY, value: orderAmount(payload) },
        description: payload.title.slice(0, 127),
      },
    ],
    payment_source: {
      paypal: {
        experience_context: { locale: 'en-US', shipping_preference: 'SET_PROVIDED_ADDRESS' },
      },
    },
  } as CreateOrderRequestBody;
}

/** The spec's `nonce`: the approved order's id (see the file comment). */
export function nonceFromApproval(data: Pick<OnApproveData, 'orderID'>): string {
  return data.orderID;
}

/** `paypal-data`: what PayPal told us on approval, minus its short-lived access token. */
export function approvalDetails(data: OnApproveData): string {
  const { facilitatorAccessToken: _token, ...details } = data as OnApproveData & Record<string, unknown>;
  return JSON.stringify(details);
}

/** Posts the express checkout form; the CSRF token is read now, not at render. */
export function submitExpressForm(data: OnApproveData, doc: Document = document): void {
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = PAYPAL_EXPRESS_ACTION;
  form.hidden = true;
  const fields: Record<string, string> = {
    _token: readCsrfMeta(doc) ?? '',
    nonce: nonceFromApproval(data),
    'paypal-express': '1',
    'paypal-data': approvalDetails(data),
  };
  for (const [name, value] of Object.entries(fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  doc.body.append(form);
  form.submit();
}
