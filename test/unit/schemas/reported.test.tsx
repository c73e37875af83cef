/**
 * The defects reported against the "one unexpected field type blanks a
 * widget" rule, each as a shopper would meet it: the island renders, the odd
 * field is read the way PHP meant it or dropped with one warning.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { productById, products, sampleIds, toProduct, toTeaser } from '../../../demo-pages/mock/catalog';
import { backend, server } from '../../../demo-pages/mock/node';
import { readPageConfig, resetPageConfig } from '../../../shared/config';
import { emit, EVENTS } from '../../../shared/events';
import { initRegion } from '../../../shared/stores/region';
import { PLACEHOLDER_SRC } from '../../../shared/ui/ProductImage';
import addToCart from '../../../widgets/add-to-cart/island';
import cartDialogs from '../../../widgets/cart-dialogs/island';
import { CartDropdown } from '../../../widgets/cart-dropdown/CartDropdown';
import { render } from '@testing-library/preact';
import { DEFAULT_FLAG_URL } from '../../../widgets/country-prompt/CountryPrompt';
import countryPrompt from '../../../widgets/country-prompt/island';
import productGrid from '../../../widgets/product-grid/island';
import teaserCard from '../../../widgets/teaser-card/island';
import type { Island } from '../../../shared/runtime/island';
import { hook } from '../hook';

const INELIGIBLE = 'This item may be ineligible to ship to your country';

function mount(island: Island, props: unknown) {
  const host = hook(island.name, props);
  act(() => void island.mount(host));
  return host;
}

/** Console output the test did not expect fails it; warnings are returned to be checked. */
function watchConsole() {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  return { error, warn, warnings: () => warn.mock.calls.map((c) => String(c[0])) };
}

describe('add-to-cart: flags and counts as PHP sends them', () => {
  it('BlockPoolSpotsEligible: false (a count sent as a flag) still renders the form', () => {
    const log = watchConsole();
    const host = mount(addToCart, { product: { ...toProduct(productById(sampleIds.blockPool)!), BlockPoolSpotsEligible: false } });
    expect(within(host).getByRole('button', { name: /add to cart/i })).toBeTruthy();
    expect(host.getAttribute('data-island')).not.toBe('failed');
    expect(log.error).not.toHaveBeenCalled();
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('Eligible: 0 renders the form with the shipping notice', () => {
    const log = watchConsole();
    const host = mount(addToCart, { product: { ...toProduct(productById(sampleIds.plain)!), Eligible: 0 } });
    expect(within(host).getByRole('button', { name: /add to cart/i })).toBeTruthy();
    expect(host.textContent).toContain(INELIGIBLE);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('the quick-add dialog shows the form for a product answered with BlockPoolSpotsEligible: false', async () => {
    const log = watchConsole();
    const product = { ...toProduct(productById(sampleIds.blockPool)!), BlockPoolSpotsEligible: false };
    server.use(http.post('/product/cart/load', () => HttpResponse.json(product)));
    const host = hook('cart-dialogs');
    let unmount = () => {};
    await act(async () => {
      unmount = cartDialogs.mount(host);
    });
    act(() => emit(EVENTS.quickAdd, { productId: sampleIds.blockPool }));
    const heading = await screen.findByRole('heading', { level: 3 }, { timeout: 5000 });
    expect(heading.textContent).toBe(product.title);
    expect(screen.queryByText('An error occurred. Please try again')).toBeNull();
    expect(log.error).not.toHaveBeenCalled();
    act(() => unmount());
  });
});

describe('product-grid: one odd card never blanks the grid', () => {
  it('eligible: 0 on one teaser of 48: all 48 cards render, that one with the shipping notice', async () => {
    const log = watchConsole();
    const eligible = products.filter((p) => p.Eligible !== false);
    const list = eligible.slice(0, 48).map(toTeaser).map((t, i) => (i === 7 ? { ...t, eligible: 0 } : t));
    const host = mount(productGrid, { products: list });
    await waitFor(() => expect(host.querySelectorAll('.sfw-teaser-card')).toHaveLength(48), { timeout: 5000 });
    const cards = [...host.querySelectorAll('.sfw-teaser-card')];
    expect(cards[7]!.textContent).toContain(INELIGIBLE);
    expect(cards.filter((c) => c.textContent!.includes(INELIGIBLE))).toHaveLength(1);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('a card without a usable slug is dropped with one warning naming it; the others render', async () => {
    const log = watchConsole();
    const list = products.slice(0, 3).map(toTeaser);
    list[1] = { ...list[1]!, slug: 'javascript:alert(1)' };
    const host = mount(productGrid, { products: list });
    await waitFor(() => expect(host.querySelectorAll('.sfw-teaser-card')).toHaveLength(2));
    expect([...host.querySelectorAll('.sfw-teaser-card__title')].map((t) => t.textContent)).toEqual([list[0]!.title, list[2]!.title]);
    expect(log.warnings()).toEqual([`[storefront] product-grid: dropped item "products.1" (field "slug": must be a plain path slug)`]);
    expect(log.error).not.toHaveBeenCalled();
  });
});

describe('unsafe URLs are never rendered', () => {
  it('a javascript: image shows the placeholder, with one warning naming the field', () => {
    const log = watchConsole();
    const product = { ...toTeaser(productById(sampleIds.plain)!), mainImage: 'javascript:alert(1)' };
    const host = mount(teaserCard, { product });
    const img = host.querySelector('.sfw-teaser-card__media img')!;
    expect(img.getAttribute('src')).toBe(PLACEHOLDER_SRC);
    expect(host.innerHTML).not.toContain('javascript:');
    expect(log.warnings()).toEqual([`[storefront] teaser-card: dropped field "product.mainImage" (must be a relative or http(s) URL)`]);
  });

  it('a javascript: flagUrl shows the bundled flag in the CAD offer', async () => {
    const log = watchConsole();
    backend.update((s) => {
      s.visitor = 'CA';
      s.currencyDecided = false;
    });
    const host = mount(countryPrompt, { flagUrl: 'javascript:alert(1)' });
    const flag = await screen.findByRole('img', { name: 'Flag of Canada' });
    expect(flag.getAttribute('src')).toBe(DEFAULT_FLAG_URL);
    expect(host.getAttribute('data-island')).not.toBe('failed');
    expect(log.warnings()).toEqual([`[storefront] country-prompt: dropped field "flagUrl" (must be a relative or http(s) URL)`]);
    expect(log.error).not.toHaveBeenCalled();
  });
});

describe('the config block as docs/laravel.md prints it without PayPal', () => {
  it('"clientId": null and a DECIMAL factor "1.37" keep the Canadian prices', () => {
    const log = watchConsole();
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'storefront-config';
    block.textContent = '{"region":{"factor":"1.37","symbol":"C$","country":"CA"},"user":{"loggedIn":false},"paypal":{"clientId":null}}';
    document.head.append(block);
    resetPageConfig(); // read it now, whatever an earlier test's late render read
    expect(readPageConfig()).toEqual({ region: { factor: 1.37, symbol: 'C$', country: 'CA' }, user: { loggedIn: false }, paypal: { clientId: '' } });
    initRegion();
    const host = mount(teaserCard, { product: toTeaser(productById(sampleIds.plain)!) }); // 49.99 USD
    expect(host.querySelector('.sfw-teaser-card__price')!.textContent).toMatch(/^C\$68\.49.*Approx\. \$49\.99 US$/);
    expect(log.error).not.toHaveBeenCalled();
    expect(log.warn).not.toHaveBeenCalled();
  });
});

describe('cart: an answer without CartQuantity', () => {
  it('GET /cart/retrieve without CartQuantity: the count is the sum of the lines, never 0 beside items', async () => {
    backend.update((s) => {
      s.cart = [
        { id: 1, productId: sampleIds.plain, title: 'A', price: 10, quantity: 2, attributes: {} },
        { id: 2, productId: sampleIds.isNew, title: 'B', price: 5, quantity: 1, attributes: {} },
      ];
      s.nextLineId = 3;
    });
    server.use(
      http.get('/cart/retrieve', () =>
        HttpResponse.json({
          cart_items: [
            { id: 1, title: 'A', price: 10, quantity: 2 },
            { id: 2, title: 'B', price: '5.00', quantity: '1' },
          ],
          CartErrors: 0,
        }),
      ),
    );
    render(<CartDropdown />);
    const toggle = () => screen.getByRole('button', { name: /^Cart/ });
    await waitFor(() => expect(toggle().getAttribute('aria-label')).toBe('Cart, 3 items'));
    await act(() => void fireEvent.click(toggle()));
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(2));
    expect(toggle().getAttribute('aria-label')).toBe('Cart, 3 items');
    expect(toggle().textContent).toBe('3');
    const status = screen.getAllByRole('status').find((el) => el.closest('.sfw-cart-dropdown'))!;
    expect(status.textContent).not.toMatch(/empty|0 items/i);
  });
});
