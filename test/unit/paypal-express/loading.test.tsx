/** The express PayPal button: loading the SDK, and the order it creates. */
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { $expressCheckoutRunning } from '../../../shared/stores/express';
import { fake, FakeObserver, Form, loadScript, payIn4, payloadFor, scrollNear, usePaypal, warn } from './express';

vi.mock('../../../widgets/paypal-express/load-script', () => ({ loadScript: vi.fn() }));
usePaypal();

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
