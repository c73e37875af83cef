/**
 * A local fake of the PayPal JS SDK (the v5 `paypal.Buttons` API), served as
 * /demo/fake-paypal-sdk.js so the demo pages and browser tests run the whole
 * express flow with no network and under the demo's strict CSP.
 *
 * paypal-js loads it like the real SDK (`<sdkBaseUrl>?client-id=…`); the
 * query string is ignored by the demo server and recorded here.
 *
 * `paypal.Buttons(options)` → `{ render(container), isEligible(), close() }`.
 * render() draws a real "Pay in 4" button and calls `onInit`. A click calls
 * `onClick` (which may reject), then `createOrder` with a fake
 * `actions.order.create` that returns an order id, then shows small
 * Approve / Cancel / Fail buttons, which call `onApprove`, `onCancel` or
 * `onError`.
 *
 * Test handle, `window.__fakePaypal`:
 * - loads: how many times this script ran; scriptSrc: its URL.
 * - lastOrder: the last `actions.order.create` request; orders: how many.
 * - nextOutcome: 'approve' | 'cancel' | 'error' settles the next flow at
 *   once instead of showing the choice buttons.
 * - eligible: false makes `isEligible()` answer false.
 */
import type { CreateOrderRequestBody, PayPalButtonsComponent, PayPalButtonsComponentOptions } from '@paypal/paypal-js';

type Outcome = 'approve' | 'cancel' | 'error';

interface FakePaypalState {
  loads: number;
  scriptSrc: string | null;
  lastOrder: CreateOrderRequestBody | null;
  orders: number;
  nextOutcome?: Outcome;
  eligible?: boolean;
}

declare global {
  interface Window {
    __fakePaypal?: FakePaypalState;
  }
}

// One function scope: this runs as a classic script, so nothing may leak as a global binding.
(function installFakePaypal() {
  const FUNDING = {
    PAYPAL: 'paypal',
    PAYLATER: 'paylater',
    CREDIT: 'credit',
    VENMO: 'venmo',
    CARD: 'card',
  } as const;

  const state: FakePaypalState = (window.__fakePaypal ??= { loads: 0, scriptSrc: null, lastOrder: null, orders: 0 });
  state.loads += 1;
  state.scriptSrc = (document.currentScript as HTMLScriptElement | null)?.src ?? null;

  function el<K extends keyof HTMLElementTagNameMap>(tag: K, text: string, css: Partial<CSSStyleDeclaration> = {}): HTMLElementTagNameMap[K] {
    const node = document.createElement(tag);
    node.textContent = text;
    // Styles set through the CSSOM are allowed by the demo's CSP (style-src 'self').
    Object.assign(node.style, css);
    return node;
  }

  // In px: PayPal's own buttons are in an iframe, where the page's root font size does not reach.
  const BUTTON_CSS: Partial<CSSStyleDeclaration> = {
    width: '100%',
    minHeight: '45px',
    border: '0',
    borderRadius: '8px',
    background: '#ffc439',
    color: '#111827',
    font: '600 16px/1.2 system-ui, sans-serif',
    cursor: 'pointer',
  };
  const CHOICE_CSS: Partial<CSSStyleDeclaration> = {
    marginRight: '8px',
    padding: '5.6px 12.8px',
    border: '1px solid #003087',
    borderRadius: '6px',
    background: '#fff',
    color: '#003087',
    font: '600 13.6px system-ui, sans-serif',
    cursor: 'pointer',
  };

  function Buttons(options: PayPalButtonsComponentOptions = {}): PayPalButtonsComponent {
    const fundingSource = options.fundingSource ?? FUNDING.PAYPAL;
    let root: HTMLElement | null = null;
    let button: HTMLButtonElement | null = null;
    let disabled = false;
    let busy = false;

    const paint = () => {
      if (!button) return;
      button.setAttribute('aria-disabled', String(disabled));
      button.style.opacity = disabled ? '0.5' : '1';
    };

    async function settle(outcome: Outcome, orderID: string) {
      try {
        if (outcome === 'approve') {
          await options.onApprove?.(
            { orderID, payerID: 'FAKEPAYER42', paymentID: null, facilitatorAccessToken: 'A21AA-fake-access-token', paymentSource: fundingSource } as Parameters<
              NonNullable<PayPalButtonsComponentOptions['onApprove']>
            >[0],
            {
              order: {
                get: () => Promise.resolve({ id: orderID, status: 'APPROVED' }),
                capture: () => Promise.resolve({ id: orderID, status: 'COMPLETED' }),
                authorize: () => Promise.resolve({ id: orderID, status: 'COMPLETED' }),
                patch: () => Promise.resolve(),
              },
              redirect: (url: string) => window.location.assign(url),
              restart: () => {},
            } as Parameters<NonNullable<PayPalButtonsComponentOptions['onApprove']>>[1],
          );
        } else if (outcome === 'cancel') {
          options.onCancel?.({ orderID }, { redirect: () => {} });
        } else {
          options.onError?.(new Error('Fake PayPal: the payment failed') as unknown as Record<string, unknown>);
        }
      } catch (error) {
        options.onError?.(error as Record<string, unknown>);
      } finally {
        busy = false;
      }
    }

    function offerChoices(orderID: string, request: CreateOrderRequestBody | null) {
      const amount = request?.purchase_units[0]?.amount;
      const panel = el('div', '', { marginTop: '8px', padding: '9.6px', border: '1px dashed #003087', borderRadius: '8px', background: '#f5f8ff' });
      panel.setAttribute('role', 'group');
      panel.setAttribute('aria-label', 'Fake PayPal checkout');
      panel.append(el('p', `Fake PayPal: order ${orderID}${amount ? `, ${amount.currency_code} ${amount.value}` : ''}`, { margin: '0 0 8px', font: '13.6px system-ui, sans-serif' }));
      for (const [label, outcome] of [['Approve', 'approve'], ['Cancel', 'cancel'], ['Fail', 'error']] as const) {
        const choice = el('button', label, CHOICE_CSS);
        choice.type = 'button';
        choice.addEventListener('click', () => {
          panel.remove();
          void settle(outcome, orderID);
        });
        panel.append(choice);
      }
      root?.append(panel);
      panel.querySelector('button')?.focus();
    }

    async function start() {
      if (busy) return;
      let rejected = false;
      await options.onClick?.({ fundingSource }, { resolve: () => Promise.resolve(), reject: () => ((rejected = true), Promise.resolve()) });
      if (rejected || disabled || busy) return;
      busy = true;
      let orderID: string;
      try {
        if (!options.createOrder) throw new Error('Fake PayPal: createOrder is required');
        orderID = await options.createOrder(
          { paymentSource: fundingSource },
          {
            order: {
              create: (request) => {
                state.lastOrder = JSON.parse(JSON.stringify(request)) as CreateOrderRequestBody;
                state.orders += 1;
                return Promise.resolve(`FAKE-ORDER-${state.orders}`);
              },
            },
          },
        );
        if (!orderID) throw new Error('Fake PayPal: expected an order id from createOrder');
      } catch (error) {
        busy = false;
        options.onError?.(error as Record<string, unknown>);
        return;
      }
      const outcome = state.nextOutcome;
      state.nextOutcome = undefined;
      if (outcome) await settle(outcome, orderID);
      else offerChoices(orderID, state.lastOrder);
    }

    return {
      isEligible: () => state.eligible !== false && Object.values(FUNDING).includes(fundingSource as never),
      render(container) {
        const target = typeof container === 'string' ? document.querySelector<HTMLElement>(container) : container;
        if (!target) return Promise.reject(new Error(`Fake PayPal: no container ${String(container)}`));
        root = el('div', '');
        root.className = 'fake-paypal';
        button = el('button', '', BUTTON_CSS);
        button.type = 'button';
        button.append(el('b', 'PayPal', { color: '#003087', fontStyle: 'italic' }), ` ${fundingSource === FUNDING.PAYLATER ? 'Pay in 4' : 'Checkout'}`);
        button.addEventListener('click', () => void start());
        root.append(button);
        target.append(root);
        options.onInit?.(
          {},
          {
            enable: () => ((disabled = false), paint(), Promise.resolve()),
            disable: () => ((disabled = true), paint(), Promise.resolve()),
          },
        );
        return Promise.resolve();
      },
      close() {
        root?.remove();
        root = button = null;
        return Promise.resolve();
      },
      updateProps: (props) => (Object.assign(options, props), Promise.resolve()),
      resume: () => {},
      hasReturned: () => false,
    };
  }

  window.paypal = {
    version: '5.0.0-fake',
    FUNDING: FUNDING as unknown as NonNullable<NonNullable<Window['paypal']>['FUNDING']>,
    Buttons,
    getFundingSources: () => Object.values(FUNDING),
    isFundingEligible: () => true,
  };
})();
