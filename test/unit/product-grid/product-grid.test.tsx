import { act, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { products, sampleIds, toTeaser } from '../../../demo-pages/mock/catalog';
import { $region } from '../../../shared/stores/region';
import island from '../../../widgets/product-grid/island';
import { EAGER_CARDS } from '../../../widgets/product-grid/ProductGrid';
import { hook } from '../hook';

function mount(props: unknown) {
  const host = hook('product-grid', props);
  let unmount = () => {};
  act(() => {
    unmount = island.mount(host);
  });
  return { host, unmount };
}

describe('product-grid', () => {
  it('renders the first rows at once, then every product, the first row eager and the rest lazy', async () => {
    const list = products.slice(0, 48).map(toTeaser);
    const { host } = mount({ products: list });
    // Every product has its place at once (nothing below the grid moves), the cards fill in.
    expect(screen.getAllByRole('listitem')).toHaveLength(48);
    expect(host.querySelectorAll('.sfw-teaser-card')).toHaveLength(0);
    await waitFor(() => expect(host.querySelectorAll('.sfw-teaser-card')).toHaveLength(48));
    expect(host.querySelectorAll('.sfw-teaser-card__title')[47]!.textContent).toBe(list[47]!.title);
    const loading = [...host.querySelectorAll('.sfw-teaser-card__media img')].map((img) => img.getAttribute('loading'));
    expect(loading.filter((l) => l === 'eager')).toHaveLength(EAGER_CARDS);
    expect(loading.slice(0, EAGER_CARDS).every((l) => l === 'eager')).toBe(true);
    // Ids are unique on the page (the buttons are described by their card's title).
    const ids = [...host.querySelectorAll('[id]')].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('shows every card in the currency of the region, and follows a region change', async () => {
    const { host } = mount({ products: [toTeaser(products[sampleIds.plain - 1]!)] });
    const price = () => host.querySelector('.sfw-teaser-card__price')?.textContent;
    await waitFor(() => expect(price()).toMatch(/^\$/));
    expect(price()).not.toContain('Approx.');
    // Each card follows the region itself (as a hydrated server card does).
    act(() => $region.set({ factor: 1.37, symbol: 'C$', country: 'CA' }));
    await waitFor(() => expect(price()).toMatch(/^C\$.*Approx\. \$.* US$/));
  });

  it('a product with a bad slug is dropped with one warning naming the widget; the grid still mounts', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { host } = mount({ products: [{ id: 1, title: 'x', price: 1, slug: 'javascript:alert(1)' }] });
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]![0])).toMatch(/product-grid: dropped item "products.0"/);
    expect(host.getAttribute('data-island')).not.toBe('failed');
    expect(host.innerHTML).not.toContain('javascript:');
  });

  it('a products prop that is not a list logs one error naming the widget and renders nothing', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { host } = mount({ products: 'none' });
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]![0])).toMatch(/product-grid.*products/);
    expect(host.textContent).toBe('');
  });
});
