/**
 * The express PayPal button, with paypal-js's loadScript mocked: it resolves
 * with the demo's fake SDK (demo-pages/mock/fake-paypal-sdk.ts), so clicks,
 * approval, cancel and errors run through the real Buttons callbacks.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFUSE_ADD_QUANTITY } from '../../../demo-pages/mock/backend';
import { backend } from '../../../demo-pages/mock/node';
import type { CartAddPayload } from '../../../shared/api/schemas';
import { $expressCheckoutRunning } from '../../../shared/stores/express';
import PaypalExpress from '../../../widgets/paypal-express/PaypalExpress';
import { resetPaypalSdk } from '../../../widgets/paypal-express/sdk';

const { loadScript } = vi.hoisted(() => ({ loadScript: vi.fn() }));
vi.mock('@paypal/paypal-js', () => ({ loadScript }));

/** IntersectionObserver that fires only when the test scrolls. */
class FakeObserver {
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
function scrollNear() {
  act(() => {
    for (const io of FakeObserver.all) {
      if (io.targets.length) io.callback(io.targets.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry), io as never);
    }
  });
}

const fake = () => window.__fakePaypal!;
const PRICE = 19.99;
const payloadFor = (quantity: number): CartAddPayload => ({
  title: 'Pokémon Scarlet & Violet 151 Booster Box',
  quantity,
  price: PRICE,
  attributes: {},
  id: 1,
  product_id: 1,
  region: 'US',
});

/** A stand-in for the add-to-cart form: a quantity field and the express button. */
function Form({ disabled = false }: { disabled?: boolean }) {
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
let posted: Posted[];
let warn: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;

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
  loadScript.mockImplementation(async () => window.paypal);
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

const payIn4 = () => screen.findByRole('button', { name: /Pay in 4/ });

describe('paypal-express: loading', () => {
  it('loads the SDK only near the viewport, once for several buttons, with USD, en_US and Pay Later', async () => {
    render(
      <>
        <Form />
        <Form />
      </>,
    );
    expect(loadScript).not.toHaveBeenCalled();
    expect(FakeObserver.all[0]?.options?.rootMargin).toBeTruthy();
    scrollNear();
    await waitFor(() => expect(screen.getAllByRole('button', { name: /Pay in 4/ })).toHaveLength(2));
    expect(loadScript).toHaveBeenCalledTimes(1);
    expect(loadScript.mock.calls[0]?.[0]).toMatchObject({
      clientId: 'test-client',
      currency: 'USD',
      locale: 'en_US',
      enableFunding: 'paylater',
      intent: 'capture',
      sdkBaseUrl: '/demo/fake-paypal-sdk.js',
    });
  });

  it('hides the button area and only warns when the SDK fails to load; a later button can retry', async () => {
    loadScript.mockRejectedValueOnce(new Error('The script "/sdk" failed to load.'));
    const { unmount } = render(<Form />);
    expect(screen.getByRole('group', { name: 'Express checkout' })).toBeTruthy();
    scrollNear();
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Express checkout' })).toBeNull());
    expect(screen.getByLabelText('Quantity')).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('[storefront] PayPal express button failed:', 'The script "/sdk" failed to load.');
    unmount();

    render(<Form />);
    scrollNear();
    expect(await payIn4()).toBeTruthy();
    expect(loadScript).toHaveBeenCalledTimes(2);
  });

  it('hides the button area when Pay Later is not eligible', async () => {
    fake().eligible = false;
    render(<Form />);
    scrollNear();
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Express checkout' })).toBeNull());
    expect(warn).toHaveBeenCalledWith('[storefront] PayPal express button failed:', 'Pay Later is not eligible');
  });
});

describe('paypal-express: the order', () => {
  it('creates the order at click time from the current quantity × price, in USD, with the address shown but locked', async () => {
    render(<Form />);
    scrollNear();
    const button = await payIn4();
    fireEvent.input(screen.getByLabelText('Quantity'), { target: { value: '3' } });
    fireEvent.click(button);
    await waitFor(() => expect(fake().lastOrder).not.toBeNull());
    expect(fake().lastOrder).toEqual({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: '59.97' }, description: payloadFor(3).title }],
      payment_source: { paypal: { experience_context: { locale: 'en-US', shipping_preference: 'SET_PROVIDED_ADDRESS' } } },
    });
    expect($expressCheckoutRunning.get()).toBe(true);
  });

  it('follows the form: disabled form, disabled PayPal button that starts nothing', async () => {
    const { rerender } = render(<Form disabled />);
    scrollNear();
    const button = await payIn4();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('group', { name: 'Express checkout' }).className).toContain('sfw-paypal-express--disabled');
    fireEvent.click(button);
    await new Promise((r) => setTimeout(r, 0));
    expect(fake().lastOrder).toBeNull();
    expect($expressCheckoutRunning.get()).toBe(false);

    rerender(<Form disabled={false} />);
    expect(button.getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(button);
    await waitFor(() => expect(fake().lastOrder).not.toBeNull());
  });
});

describe('paypal-express: outcomes', () => {
  async function startFlow(quantity = 2) {
    render(<Form />);
    scrollNear();
    const button = await payIn4();
    fireEvent.input(screen.getByLabelText('Quantity'), { target: { value: String(quantity) } });
    fireEvent.click(button);
    await screen.findByRole('group', { name: 'Fake PayPal checkout' });
    expect($expressCheckoutRunning.get()).toBe(true);
  }

  it('on approval adds the same payload to the cart, then posts the form with all four fields and a fresh CSRF token', async () => {
    await startFlow(2);
    document.querySelector('meta[name="csrf-token"]')!.setAttribute('content', 'csrf-fresh');
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(posted).toHaveLength(1));

    expect(backend.callsTo('/cart/add-item').map((c) => c.body)).toEqual([payloadFor(2)]);
    const orderID = 'FAKE-ORDER-' + fake().orders;
    expect(posted[0]!.action).toBe('/cart/checkout/paypal-express');
    expect(posted[0]!.method).toBe('post');
    expect(posted[0]!.fields).toEqual({
      _token: 'csrf-fresh',
      nonce: orderID,
      'paypal-express': '1',
      'paypal-data': expect.any(String),
    });
    const data = JSON.parse(posted[0]!.fields['paypal-data']!);
    expect(data).toMatchObject({ orderID, payerID: 'FAKEPAYER42', paymentSource: 'paylater' });
    expect(data).not.toHaveProperty('facilitatorAccessToken');
    // The page is leaving: the flag stays set so the normal button cannot submit meanwhile.
    expect($expressCheckoutRunning.get()).toBe(true);
  });

  it('cancel: only a warning, nothing added or posted, the flag reset', async () => {
    await startFlow();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect($expressCheckoutRunning.get()).toBe(false));
    expect(warn).toHaveBeenCalledWith('[storefront] PayPal express checkout failed:', 'cancelled by the shopper');
    expect(backend.callsTo('/cart/add-item')).toEqual([]);
    expect(posted).toEqual([]);
  });

  it('error: only a warning, nothing added or posted, the flag reset', async () => {
    await startFlow();
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    await waitFor(() => expect($expressCheckoutRunning.get()).toBe(false));
    expect(warn).toHaveBeenCalledWith('[storefront] PayPal express checkout failed:', 'Fake PayPal: the payment failed');
    expect(backend.callsTo('/cart/add-item')).toEqual([]);
    expect(posted).toEqual([]);
  });

  it('a refused cart add shows the server errors under the button, posts nothing and resets the flag', async () => {
    await startFlow(REFUSE_ADD_QUANTITY);
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const alert = await screen.findByRole('alert');
    expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      `Sorry, you can only buy ${REFUSE_ADD_QUANTITY - 1} of this item per order.`,
      'Please lower the quantity and try again.',
    ]);
    expect(posted).toEqual([]);
    expect($expressCheckoutRunning.get()).toBe(false);
  });

  it('a second click while the flow runs starts nothing; unmounting mid-flow resets the flag', async () => {
    const { unmount } = render(<Form />);
    scrollNear();
    const button = await payIn4();
    fireEvent.click(button);
    await screen.findByRole('group', { name: 'Fake PayPal checkout' });
    const orders = fake().orders;
    fireEvent.click(button);
    await new Promise((r) => setTimeout(r, 0));
    expect(fake().orders).toBe(orders);
    expect($expressCheckoutRunning.get()).toBe(true);
    act(() => {
      unmount();
    });
    expect($expressCheckoutRunning.get()).toBe(false);
  });
});
