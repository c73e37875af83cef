/**
 * Express PayPal checkout with Pay Later (spec §4 Express PayPal, §7, §8).
 *
 * Rendered by the add-to-cart form (lazily, only when the page config has
 * `paypal.clientId`):
 *
 *   <PaypalExpress getPayload={() => currentPayload} disabled={!canAdd} />
 *
 * - getPayload: the form's cart-add payload, read at click time.
 * - disabled: the add-to-cart rules' verdict; the PayPal button follows it.
 *
 * The SDK loads only when this area comes near the viewport, once per page
 * (sdk.ts). If it cannot load, or Pay Later is not eligible, the area hides
 * itself and the failure is logged; the rest of the form keeps working.
 */
import { useEffect, useRef, useState } from 'react';
import type { OnInitActions, PayPalButtonsComponent } from '@paypal/paypal-js';
import { logFailure } from '../../shared/api/client';
import type { CartAddPayload } from '../../shared/api/schemas';
import { $expressCheckoutRunning } from '../../shared/stores/express';
import { expressButtonOptions } from './flow';
import { loadPaypal, whenNearViewport } from './sdk';

export interface PaypalExpressProps {
  getPayload: () => CartAddPayload;
  disabled: boolean;
}

export default function PaypalExpress({ getPayload, disabled }: PaypalExpressProps) {
  const host = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'hidden'>('loading');
  const [errors, setErrors] = useState<string[]>([]);
  const latest = useRef({ getPayload, disabled });
  latest.current = { getPayload, disabled };
  const sdkActions = useRef<OnInitActions | null>(null);

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    let active = true;
    let running = false;
    let buttons: PayPalButtonsComponent | undefined;
    const hide = (error?: unknown) => {
      if (!active) return;
      if (error !== undefined) logFailure('PayPal express button', error);
      setStatus('hidden');
    };
    const stop = whenNearViewport(container, () => {
      loadPaypal()
        .then((paypal) => {
          if (!active || !paypal.Buttons) return;
          buttons = paypal.Buttons(
            expressButtonOptions(paypal, {
              getPayload: () => latest.current.getPayload(),
              isDisabled: () => latest.current.disabled,
              onInit: (actions) => {
                sdkActions.current = actions;
                void (latest.current.disabled ? actions.disable() : actions.enable());
              },
              onAddErrors: (list) => active && setErrors(list),
              onRunning: (value) => (running = value),
            }),
          );
          if (!buttons.isEligible()) return hide('Pay Later is not eligible');
          return buttons.render(container).then(() => active && setStatus('ready'));
        })
        .catch(hide);
    });
    // Back from the checkout page through the back/forward cache: the flow is over.
    const onShow = (event: PageTransitionEvent) => event.persisted && $expressCheckoutRunning.set(false);
    window.addEventListener('pageshow', onShow);
    return () => {
      active = false;
      stop();
      window.removeEventListener('pageshow', onShow);
      if (running) $expressCheckoutRunning.set(false);
      buttons?.close().catch(() => {});
    };
  }, []);

  useEffect(() => {
    const actions = sdkActions.current;
    if (actions) void (disabled ? actions.disable() : actions.enable());
  }, [disabled]);

  if (status === 'hidden') return null;
  return (
    <div className={`sfw-paypal-express${disabled ? ' sfw-paypal-express--disabled' : ''}`} role="group" aria-label="Express checkout" aria-busy={status === 'loading'}>
      <p className="sfw-paypal-express__or" aria-hidden="true">
        or
      </p>
      <div ref={host} className="sfw-paypal-express__buttons" data-paypal-state={status} />
      {errors.length > 0 && (
        <ul className="sfw-paypal-express__errors" role="alert">
          {errors.map((error) => (
            <li key={error} className="sfw-alert">
              {error}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
