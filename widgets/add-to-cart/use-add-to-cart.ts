/**
 * The add-to-cart form's state (spec §4 "Add to cart"): the shopper's
 * choices, the live breakers, the request. Every decision comes from
 * ./rules; the sections only show what this returns.
 *
 * States: idle → saving → success (the shared addToCart opens the
 * confirmation dialog) or errors (each server string as an alert line under
 * the button; choices kept). One request at a time; none while the express
 * PayPal flow runs.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { LiveBreaker, Product } from '../../shared/api/schemas';
import { getLiveBreakers } from '../../shared/api/calls';
import { logFailure } from '../../shared/api/client';
import { buysWithNormalButton } from '../../shared/rules/purchase';
import { addToCart } from '../../shared/stores/cart-add';
import { $expressCheckoutRunning } from '../../shared/stores/express';
import { $region } from '../../shared/stores/region';
import * as r from './rules';
import { firstReason } from './reasons';

type Breakers = { status: 'idle' | 'loading' } | { status: 'done'; list: LiveBreaker[] };

export function useAddToCart(product: Product, source: string) {
  const region = useStore($region);
  const expressRunning = useStore($expressCheckoutRunning);
  const [state, setState] = useState(r.initialFormState);
  const [qtyText, setQtyText] = useState('1');
  const [overDemand, setOverDemand] = useState(false);
  const [breakers, setBreakers] = useState<Breakers>({ status: 'idle' });
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const savingRef = useRef(false);
  const alive = useRef(true);
  const abort = useRef<AbortController | null>(null);

  const list = breakers.status === 'done' ? breakers.list : null;
  const available = r.availableQuantity(product, state, list);
  const blockers = r.addToCartBlockers(product, state, available, list);
  const eligible = r.eligibleBreakers(list, product);
  const rewardOnly = !buysWithNormalButton(product);
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

  const quantity = {
    text: qtyText,
    control: r.quantityControl(product, state, available),
    /** Typed text; a whole number of 1 or more becomes the quantity. */
    type(text: string) {
      setQtyText(text);
      const n = Number(text);
      if (Number.isInteger(n) && n >= r.MIN_QUANTITY) {
        setState((s) => ({ ...s, quantity: n }));
        setOverDemand(false);
      }
    },
    /** Leaving the field shows the quantity in force. */
    settle: () => setQtyText(String(state.quantity)),
    decrement: () => choose({ quantity: r.decrement(state.quantity) }),
    increment() {
      const next = r.increment(state, available);
      choose({ quantity: next.quantity });
      setOverDemand(next.overDemand);
    },
  };

  const tickLiveBreak = (on: boolean) => {
    choose({ liveBreak: on });
    if (on) loadBreakers();
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

  return {
    region,
    state,
    choose,
    /** Eligible breakers, or null while they load. */
    breakers: list ? eligible : null,
    tickLiveBreak,
    available,
    quantity,
    overDemand,
    blocked,
    reason,
    saving,
    expressRunning,
    errors,
    getPayload,
    submit,
  };
}

export type AddToCart = ReturnType<typeof useAddToCart>;
