/**
 * Shared setup of the paypal-express tests, with the SDK's loadScript mocked
 * (each test file mocks widgets/paypal-express/load-script): it resolves with the
 * demo's fake SDK (demo-pages/mock/fake-paypal-sdk.ts), so clicks, approval,
 * cancel and errors run through the real Buttons callbacks.
 */
import { loadScript as mockedLoadScript } from '../../../widgets/paypal-express/load-script';
import { act, screen } from '@testing-library/preact';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import type { CartAddPayload } from '../../../shared/api/schemas';
import { $expressCheckoutRunning } from '../../../shared/stores/express';
import PaypalExpress from '../../../widgets/paypal-express/PaypalExpress';
import { resetPaypalSdk } from '../../../widgets/paypal-express/sdk';

export const loadScript = vi.mocked(mockedLoadScript);

/** IntersectionObserver that fires only when the test scrolls. */
export class FakeObserver {
  static all: FakeObserver[] = [];
  targets: Element[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.targets = [];
  }
  takeRecords() {
    return [];
  }
}
export function scrollNear() {
  act(() => {
    for (const io of FakeObserver.all) {
      if (io.targets.length) io.callback(io.targets.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry), io as never);
    }
  });
}

export const fake = () => window.__fakePaypal!;
export const PRICE = 19.99;
export const payloadFor = (quantity: number): CartAddPayload => ({
  title: 'Pokémon Scarlet & Violet 151 Booster Box',
  quantity,
  price: PRICE,
  attributes: {},
  id: 1,
  product_id: 1,
  region: 'US',
});

/** A stand-in for the add-to-cart form: a quantity field and the express button. */
export function Form({ disabled = false }: { disabled?: boolean }) {
  const [quantity, setQuantity] = useState(1);
  return (
    <form>
      <label>
        Quantity
        <input type="number" value={quantity} onInput={(e) => setQuantity(Number((e.target as HTMLInputElement).value))} />
      </label>
      <PaypalExpress getPayload={() => payloadFor(quantity)} disabled={disabled} />
    </form>
  );
}

interface Posted {
  action: string | null;
  method: string;
  fields: Record<string, string>;
}
export let posted: Posted[];
export let warn: ReturnType<typeof vi.spyOn>;
export let error: ReturnType<typeof vi.spyOn>;

/** Installs the fake SDK, observer, config and spies for each test; no console error may be left. */
export function usePaypal() {
  beforeAll(async () => {
    await import('../../../demo-pages/mock/fake-paypal-sdk');
  });

  beforeEach(() => {
    FakeObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    document.head.innerHTML = `<meta name="csrf-token" content="csrf-at-render"><script type="application/json" id="storefront-config">${JSON.stringify({
      paypal: { clientId: 'test-client', sdkBaseUrl: '/demo/fake-paypal-sdk.js' },
    })}</script>`;
    loadScript.mockReset();
    loadScript.mockImplementation(async () => window.paypal ?? null);
    posted = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      const fields = Object.fromEntries([...this.querySelectorAll('input')].map((i) => [i.name, i.value]));
      posted.push({ action: this.getAttribute('action'), method: this.method, fields });
    });
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    error = vi.spyOn(console, 'error');
  });

  afterEach(() => {
    expect(error).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
    resetPaypalSdk();
    $expressCheckoutRunning.set(false);
    Object.assign(fake(), { nextOutcome: undefined, eligible: undefined, lastOrder: null });
  });
}

export const payIn4 = () => screen.findByRole('button', { name: /Pay in 4/ });
