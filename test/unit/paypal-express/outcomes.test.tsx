/** The express PayPal button: approval, cancel, error and a refused cart add. */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { REFUSE_ADD_QUANTITY } from '../../../demo-pages/mock/backend';
import { backend } from '../../../demo-pages/mock/node';
import { $expressCheckoutRunning } from '../../../shared/stores/express';
import { error, fake, Form, loadScript, payIn4, payloadFor, posted, scrollNear, usePaypal, warn } from './express';

vi.mock('../../../widgets/paypal-express/load-script', () => ({ loadScript: vi.fn() }));
usePaypal();

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
