/** The add-to-cart form: the request that is sent, and its answer. */
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { backend } from '../../../demo-pages/mock/node';
import { sampleIds } from '../../../demo-pages/mock/catalog';
import { REFUSE_ADD_QUANTITY } from '../../../demo-pages/mock/backend';
import { $lastAdd, CART_ADDED_MODAL } from '../../../shared/stores/cart-add';
import { $openModals } from '../../../shared/stores/modals';
import { $region } from '../../../shared/stores/region';
import { addButton, adds, catalog, expectRefusalAlerts, lastBody, pick, show, submitAndWait, typeQuantity } from './form';

describe('what is sent', () => {
  it('a deposit product: deposit by default, the full amount when chosen', async () => {
    show(catalog(sampleIds.deposit)); // 449.99, deposit 100, presale
    expect(screen.getByText('(DEPOSIT)', { exact: false })).toBeTruthy();
    expect(screen.getByText("By making a down payment, you are agreeing to pay the full balance amount upon the product's release")).toBeTruthy();
    expect(addButton().textContent).toContain('Preorder');
    await submitAndWait();
    expect(lastBody()).toEqual({
      title: 'Magic: The Gathering—Secrets of Strixhaven Collector Booster Box',
      quantity: 1,
      price: 100,
      attributes: { downPayment: true, payup: 449.99, dpId: 15, payorder: false },
      id: 15,
      product_id: 15,
      region: 'US',
    });
  });

  it('a deposit product paid in full', async () => {
    show(catalog(sampleIds.deposit));
    fireEvent.click(screen.getByLabelText(/Pay the full amount/));
    expect(screen.queryByText(/By making a down payment/)).toBeNull();
    await submitAndWait();
    expect(lastBody()).toMatchObject({ price: 449.99, attributes: { downPayment: false, payup: 449.99 } });
  });

  it('a variation', async () => {
    show(catalog(sampleIds.variations));
    pick('Format', '1701');
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await submitAndWait();
    expect(lastBody()).toEqual({
      title: 'Magic: The Gathering—Innistrad Remastered Play Boosters',
      quantity: 2,
      price: 5.99,
      attributes: { variation: { type: 'Format', value: 'Single Pack', option_type: 'select', sku: 'MTG-00017-1' } },
      id: 1701,
      product_id: 17,
      region: 'US',
    });
  });

  it('a live break with a breaker, in the region of the visitor', async () => {
    $region.set({ factor: 1.37, symbol: 'C$', country: 'CA' });
    show(catalog(sampleIds.warehouseStock));
    expect(screen.getByText('C$452.09')).toBeTruthy();
    expect(screen.getByText('Approx. $329.99 US')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Open it on a live break'));
    fireEvent.click(await screen.findByLabelText(/Sports Room/));
    await submitAndWait();
    expect(lastBody()).toMatchObject({
      price: 329.99,
      region: 'CA',
      attributes: { breakLive: true, breakerSelected: 'Sports Room (Warehouse 7)', breakLocation: 7 },
    });
  });

  it('success opens the confirmation with the related items', async () => {
    show(catalog(sampleIds.plain));
    await submitAndWait();
    await waitFor(() => expect($openModals.get()).toContain(CART_ADDED_MODAL));
    expect($lastAdd.get()!.related.length).toBeGreaterThan(0);
    expect(addButton().getAttribute('aria-disabled')).toBe('false');
  });

  it('server errors: each string is an alert line, the choices stay', async () => {
    show(catalog(sampleIds.variations));
    pick('Format', '1701');
    typeQuantity(String(REFUSE_ADD_QUANTITY));
    await expectRefusalAlerts();
    expect((screen.getByLabelText('Format') as HTMLSelectElement).value).toBe('1701');
    expect((screen.getByLabelText('Qty') as HTMLInputElement).value).toBe('13');
    expect($openModals.get()).not.toContain(CART_ADDED_MODAL);
  });

  it("Laravel's 422 {message, errors: {quantity: [...]}}: each of the server's messages is an alert line", async () => {
    backend.answerAs('laravel');
    show(catalog(sampleIds.plain));
    typeQuantity(String(REFUSE_ADD_QUANTITY));
    await expectRefusalAlerts();
  });

  it('a failed call shows one generic line', async () => {
    backend.fail('/cart/add-item', '500');
    show(catalog(sampleIds.plain));
    await submitAndWait();
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not add/i);
  });

  it('a double click sends one request; the button is busy meanwhile', async () => {
    backend.delay('/cart/add-item', 60);
    show(catalog(sampleIds.plain));
    fireEvent.click(addButton());
    fireEvent.click(addButton(/adding/i));
    expect(addButton(/adding/i).getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect($openModals.get()).toContain(CART_ADDED_MODAL));
    expect(adds()).toHaveLength(1);
  });
});
