import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { backend, server } from '../../../demo-pages/mock/node';
import { productById, sampleIds, toTeaser } from '../../../demo-pages/mock/catalog';
import type { ProductTeaser } from '../../../shared/api/schemas';
import { on, EVENTS } from '../../../shared/events';
import { $lastAdd, CART_ADDED_MODAL, GENERIC_ADD_ERROR } from '../../../shared/stores/cart-add';
import { $openModals } from '../../../shared/stores/modals';
import type { Region } from '../../../shared/stores/region';
import { PLACEHOLDER_SRC } from '../../../shared/ui/ProductImage';
import island from '../../../widgets/teaser-card/island';
import { TeaserCard } from '../../../widgets/teaser-card/TeaserCard';
import { teaser } from './factory';
import { hook } from '../hook';

const US: Region = { factor: 1, symbol: '$', country: 'US' };
const CA: Region = { factor: 1.37, symbol: 'C$', country: 'CA' };

function card(overrides: Partial<ProductTeaser> = {}, region: Region = US) {
  return render(<TeaserCard product={teaser(overrides)} region={region} source="test" uid="c1" />);
}
const addButton = () => screen.getByRole('button', { name: 'Add to cart' });
const addCalls = () => backend.callsTo('/cart/add-item');

describe('TeaserCard: what it shows', () => {
  it.each<[string, Partial<ProductTeaser>, string]>([
    ['sale', { sale: true, salePrice: 8, regPrice: 10 }, 'Test Box, Sale'],
    ['clearance', { sale: true, isClearance: true }, 'Test Box, Clearance'],
    ['presale with date and new', { presale: true, releaseDate: '2027-01-02', isNew: true }, 'Test Box, Presale 2027-01-02, New!'],
    ['group break TBA', { isGroupBreak: true, available: 20 }, 'Test Box, TBA'],
    ['reward only', { rewardRedemptionOnly: true, showATC: false }, 'Test Box, Reward Only'],
    ['no badges', {}, 'Test Box'],
  ])('%s: the badges are part of the card link name', (_, overrides, name) => {
    card(overrides);
    const link = screen.getByRole('link', { name });
    expect(link.getAttribute('href')).toBe('/test-box');
  });

  it('renders an HTML title as text, never as markup', () => {
    const { container } = card({ title: 'Box <img src=x onerror=alert(1)>' });
    expect(screen.getByRole('link', { name: 'Box <img src=x onerror=alert(1)>' })).toBeTruthy();
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });

  it('links title and View Details to /{slug}, and describes the buttons by the title', () => {
    card({ title: 'Shiny Box', slug: 'shiny-box' });
    const details = screen.getByRole('link', { name: 'View Details' });
    expect(details.getAttribute('href')).toBe('/shiny-box');
    expect(details.getAttribute('aria-describedby')).toBe('c1-title');
    expect(document.getElementById('c1-title')?.textContent).toBe('Shiny Box');
    expect(addButton().getAttribute('aria-describedby')).toBe('c1-title');
  });

  it('uses the three image sizes, explicit dimensions, lazy by default and eager when asked', () => {
    const p = teaser({ mainImage: '/big.png', mainImageMedium: '/medium.png', mainImageTiny: '/tiny.png' });
    const { container, rerender } = render(<TeaserCard product={p} region={US} source="t" uid="c" />);
    const sources = [...container.querySelectorAll('source')].map((s) => [s.getAttribute('media'), s.getAttribute('srcset')]);
    expect(sources).toEqual([
      ['(max-width: 400px)', '/tiny.png'],
      ['(max-width: 767px)', '/medium.png'],
    ]);
    const img = container.querySelector('img')!;
    expect([img.getAttribute('src'), img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('loading')]).toEqual(['/big.png', '300', '300', 'lazy']);
    rerender(<TeaserCard product={p} region={US} source="t" uid="c" eager />);
    expect(container.querySelector('img')!.getAttribute('loading')).toBe('eager');
  });

  it('shows the placeholder when the product has no image', () => {
    const { container } = card({ mainImage: null });
    expect(container.querySelector('img')!.getAttribute('src')).toBe(PLACEHOLDER_SRC);
    expect(container.querySelector('source')).toBeNull();
  });

  it.each<[string, Partial<ProductTeaser>, Region, string[]]>([
    ['plain', { price: 10 }, US, ['$10.00']],
    ['sale: struck regular price, sale price, SALE', { sale: true, salePrice: 8, regPrice: 10 }, US, ['Regular price $10.00', '$8.00', 'SALE']],
    ['deposit', { downPayment: true, depositPrice: 100, price: 450 }, US, ['$100.00', '(DEPOSIT)']],
    ['starts at', { lowVar: 4.5 }, US, ['Starts at:', '$4.50']],
    ['factor 1.37: converted with the US note', { price: 10 }, CA, ['C$13.70', 'Approx. $10.00 US']],
  ])('price: %s', (_, overrides, region, parts) => {
    const { container } = card(overrides, region);
    const price = container.querySelector('.sfw-teaser-card__price')!;
    for (const part of parts) expect(price.textContent).toContain(part);
    if (region.factor === 1) expect(price.textContent).not.toContain('Approx.');
  });

  it.each<[string, Partial<ProductTeaser>, string | null, 'add' | 'notify' | 'none']>([
    ['last one', { available: 1, saleLimit: 0 }, 'LAST ONE', 'add'],
    ['coming soon', { presale: true, available: 0, showATC: false }, 'Coming Soon!', 'none'],
    ['out of stock: no button at all', { available: 0, showATC: false }, 'Out of stock', 'none'],
    ['group break 3 spots', { isGroupBreak: true, available: 3 }, 'Only 3 Spots Left!', 'add'],
    ['group break sold out', { isGroupBreak: true, available: 0, showATC: false }, 'SOLD OUT!', 'none'],
    ['in stock', {}, null, 'add'],
  ])('stock: %s', (_, overrides, message, action) => {
    const { container } = card(overrides);
    expect(container.querySelector('.sfw-teaser-card__stock')?.textContent ?? null).toBe(message);
    expect(screen.queryByRole('button', { name: 'Add to cart' }) !== null).toBe(action === 'add');
    expect(screen.getByRole('link', { name: 'View Details' })).toBeTruthy();
  });

  it('new and cannot be added: a Notify me when available link to the product, no Add to cart', () => {
    card({ isNew: true, available: 0, showATC: false });
    expect(screen.getByRole('link', { name: 'Notify me when available' }).getAttribute('href')).toBe('/test-box');
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
  });

  it('reward-only: the Rewards Program notice instead of Out of stock', () => {
    const { container } = card({ rewardRedemptionOnly: true, showATC: false });
    expect(container.querySelector('.sfw-teaser-card__stock')).toBeNull();
    expect(screen.getByRole('link', { name: 'Rewards Program' }).getAttribute('href')).toBe('/claim-loyalty-rewards');
  });

  // A server that sets showATC for a reward-only product must not get a normal add (spec §6).
  it.each<[string, Partial<ProductTeaser>]>([
    ['in stock, showATC set', { rewardRedemptionOnly: true, showATC: true }],
    ['needs options', { rewardRedemptionOnly: true, showATC: true, needsOptions: true }],
  ])('reward-only, %s: no Add to cart, the notice the product form shows', (_, overrides) => {
    const { container } = card(overrides);
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    expect(container.querySelector('.sfw-teaser-card__note')?.textContent).toBe('This product is only available within the Rewards Program.');
    expect(screen.getByRole('link', { name: 'Rewards Program' }).getAttribute('href')).toBe('/claim-loyalty-rewards');
  });

  it('not eligible: the shipping notice linking to the help page', () => {
    card({ eligible: false });
    const link = screen.getByRole('link', { name: 'This item may be ineligible to ship to your country' });
    expect(link.getAttribute('href')).toBe('/international-buyers');
  });

  it('shows the block pool and charity logos and the assigned breaker', () => {
    const { container } = card({
      blockPool: true,
      blockPoolLogo: '/bp.svg',
      charity: { charity_logo: '/charity.svg', charity_name: 'Kids' },
      isGuaranteedBreak: true,
      assignedBreaker: { location: 'Sports Room', img: '/breaker.svg', img_version: 1 },
    });
    const logos = [...container.querySelectorAll('.sfw-teaser-card__badge img')].map((i) => i.getAttribute('src'));
    expect(logos).toEqual(['/bp.svg', '/charity.svg', '/breaker.svg']);
    expect(screen.getByRole('link', { name: 'Test Box, Block Pool, Charity, Sports Room' })).toBeTruthy();
  });
});

describe('TeaserCard: Add to cart', () => {
  it('a product that needs a choice dispatches quick-add with its id and sends nothing', () => {
    const got: unknown[] = [];
    const off = on(EVENTS.quickAdd, (d) => got.push(d));
    card({ id: 17, needsOptions: true });
    fireEvent.click(addButton());
    off();
    expect(got).toEqual([{ productId: 17, source: 'test' }]);
    expect(addCalls()).toHaveLength(0);
  });

  it('adds directly with one request while busy, then opens the confirmation', async () => {
    const product = toTeaser(productById(sampleIds.plain)!);
    backend.delay('/cart/add-item', 50);
    render(<TeaserCard product={product} region={CA} source="grid" uid="c" />);
    fireEvent.click(addButton());
    fireEvent.click(addButton());
    await waitFor(() => expect(addButton().getAttribute('aria-busy')).toBe('true'));
    expect(addButton().querySelector('.sfw-spinner')).not.toBeNull();
    fireEvent.click(addButton());
    await waitFor(() => expect($openModals.get()).toContain(CART_ADDED_MODAL));
    expect(addCalls()).toHaveLength(1);
    expect(addCalls()[0]!.body).toEqual({
      title: product.title,
      quantity: 1,
      price: product.price,
      attributes: {},
      id: product.id,
      product_id: product.id,
      region: 'CA',
    });
    expect($lastAdd.get()?.title).toBe(product.title);
    expect(addButton().getAttribute('aria-busy')).toBe('false');
  });

  it('sends the deposit price and the down payment fields for a deposit product', async () => {
    card({ id: 15, downPayment: true, depositPrice: 100, price: 449.99 });
    fireEvent.click(addButton());
    await waitFor(() => expect(addCalls()).toHaveLength(1));
    expect(addCalls()[0]!.body).toMatchObject({
      price: 100,
      attributes: { downPayment: true, payup: 449.99, dpId: 15, payorder: false },
    });
  });

  it('lists each server error under the button as an alert, and clears them on the next try', async () => {
    server.use(http.post('/cart/add-item', () => HttpResponse.json({ errors: ['Too many.', 'Lower it.'] }, { status: 422 })));
    card();
    fireEvent.click(addButton());
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Too many.', 'Lower it.']));
    expect($openModals.get()).not.toContain(CART_ADDED_MODAL);
    server.resetHandlers();
    fireEvent.click(addButton());
    await waitFor(() => expect(screen.queryAllByRole('alert')).toHaveLength(0));
  });

  it("Laravel's 422 {message, errors: {field: [...]}} lists the server's messages, not the generic error", async () => {
    const errors = { quantity: ['Only 2 left.'], product_id: ['This product is no longer available.', 'Only 2 left.'] };
    server.use(http.post('/cart/add-item', () => HttpResponse.json({ message: 'Only 2 left. (and 1 more error)', errors }, { status: 422 })));
    card();
    fireEvent.click(addButton());
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Only 2 left.', 'This product is no longer available.']));
  });

  it('a failed call shows the generic error and the button works again', async () => {
    backend.fail('/cart/add-item', '500');
    card();
    fireEvent.click(addButton());
    expect((await screen.findByRole('alert')).textContent).toBe(GENERIC_ADD_ERROR);
    expect(addButton().getAttribute('aria-busy')).toBe('false');
  });
});

describe('teaser-card island', () => {
  it('mounts from data-props and renders the card', () => {
    const host = hook('teaser-card', { product: toTeaser(productById(sampleIds.sale)!) });
    let unmount = () => {};
    act(() => {
      unmount = island.mount(host);
    });
    expect(screen.getByRole('link', { name: /, Sale$/ })).toBeTruthy();
    act(() => unmount());
    expect(host.textContent).toBe('');
  });
});
