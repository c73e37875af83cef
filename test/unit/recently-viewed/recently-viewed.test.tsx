import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backend, server } from '../../../demo-pages/mock/node';
import { productById, recentlyViewedIds, toTeaser } from '../../../demo-pages/mock/catalog';
import { createRuntime } from '../../../shared/runtime/mount';
import island from '../../../widgets/recently-viewed/island';
import { ISLANDS } from '../../../widgets/registry';
import { render as serverRender } from '../../../widgets/server';
import { EMPTY_MESSAGE, ERROR_MESSAGE, RecentlyViewed } from '../../../widgets/recently-viewed/RecentlyViewed';
import { hook } from '../hook';

const feed = (ids: number[]) => server.use(http.get('/recently-viewed', () => HttpResponse.json(ids.map((id) => toTeaser(productById(id)!)))));

const initialWidth = window.innerWidth;
afterEach(() => {
  window.innerWidth = initialWidth;
});

describe('recently-viewed', () => {
  it('shows a loading state, then one slide per product with previous/next and dots', async () => {
    window.innerWidth = 900; // 4 per view
    render(<RecentlyViewed />);
    expect(screen.getByRole('status').textContent).toBe('Loading recently viewed products');
    await waitFor(() => expect(screen.getAllByRole('listitem').length).toBe(recentlyViewedIds.length));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Previous products' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: 'Next products' }).getAttribute('aria-disabled')).toBe('false');
    const dots = await screen.findAllByRole('button', { name: /^Page \d of 2$/ });
    expect(dots).toHaveLength(2);
    expect(dots[0]!.getAttribute('aria-current')).toBe('true');
    expect(document.querySelector('.sfw-recently-viewed__track')!.getAttribute('data-per-view')).toBe('4');
  });

  it('given the list by the page: the slides at once, no call, and the dots once mounted (the server cannot know the window)', async () => {
    window.innerWidth = 900;
    const before = backend.callsTo('/recently-viewed').length;
    const products = [1, 2, 3, 4, 5].map((id) => toTeaser(productById(id)!));
    render(<RecentlyViewed products={products} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(await screen.findAllByRole('button', { name: /^Page \d of 2$/ })).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(backend.callsTo('/recently-viewed')).toHaveLength(before);
  });

  it('given the list as PHP prints it (numbers as text, flags as 0/1, null optionals): the slides at once, no call; a product without a title costs that product', async () => {
    const before = backend.callsTo('/recently-viewed').length;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const php = (value: unknown) =>
      JSON.parse(JSON.stringify(value), (_key, v) => (typeof v === 'number' ? String(v) : typeof v === 'boolean' ? Number(v) : v));
    const products = [1, 2, 3].map((id) => php(toTeaser(productById(id)!)));
    delete products[1].title;
    const el = hook('recently-viewed', { products });
    const unmount = island.mount(el);
    await vi.waitFor(() => expect(el.querySelectorAll('.sfw-recently-viewed__slide')).toHaveLength(2));
    expect(el.textContent).toContain(productById(1)!.title);
    expect(el.textContent).toContain(productById(3)!.title);
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([expect.stringMatching(/recently-viewed: .*products\.1/)]);
    expect(backend.callsTo('/recently-viewed')).toHaveLength(before);
    unmount();
    warn.mockRestore();
  });

  it('follows the window width on resize', async () => {
    window.innerWidth = 1800;
    render(<RecentlyViewed />);
    await screen.findAllByRole('listitem');
    const track = document.querySelector('.sfw-recently-viewed__track')!;
    await waitFor(() => expect(track.getAttribute('data-per-view')).toBe('7'));
    window.innerWidth = 500;
    // The listener is attached by an effect that runs after paint.
    await waitFor(() => {
      act(() => void window.dispatchEvent(new Event('resize')));
      expect(track.getAttribute('data-per-view')).toBe('2');
    });
    expect(screen.getAllByRole('button', { name: /^Page \d of 4$/ })).toHaveLength(4);
  });

  it('no pagination with a single product', async () => {
    feed([1]);
    render(<RecentlyViewed />);
    await screen.findByRole('listitem');
    expect(screen.queryByRole('button', { name: /^Page/ })).toBeNull();
  });

  it('an empty feed says so', async () => {
    feed([]);
    render(<RecentlyViewed />);
    expect((await screen.findByText(EMPTY_MESSAGE)).textContent).toBe('No products to display!');
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it.each(['500', 'malformed', 'network'] as const)('a failed feed (%s) shows the error message', async (mode) => {
    backend.fail('/recently-viewed', mode);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<RecentlyViewed />);
    expect((await screen.findByRole('alert')).textContent).toBe(ERROR_MESSAGE);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('aborts the request when unmounted, with no message and no log', async () => {
    backend.delay('/recently-viewed', 200);
    const warn = vi.spyOn(console, 'warn');
    const host = hook('recently-viewed');
    const unmount = island.mount(host);
    await waitFor(() => expect(backend.callsTo('/recently-viewed')).toHaveLength(1));
    unmount();
    await new Promise((r) => setTimeout(r, 300));
    expect(host.textContent).toBe('');
    expect(warn).not.toHaveBeenCalled();
  });

  it('a card in the slider adds to the cart like any card', async () => {
    feed([1]);
    render(<RecentlyViewed />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(backend.callsTo('/cart/add-item')).toHaveLength(1));
  });

  it.each([
    ['without the list (its loading frame) does not wait for an input: in view, it loads and fills', undefined, 1],
    ['with the list sleeps until the page wakes', [1, 2, 3], 0],
  ])('server-rendered %s', async (_case, ids, loads) => {
    const props = ids ? { products: ids.map((id) => toTeaser(productById(id)!)) } : {};
    const el = hook('recently-viewed', props);
    el.innerHTML = serverRender('recently-viewed', props);
    // The hook is in view: the browser's observer says so at once.
    vi.stubGlobal('IntersectionObserver', class {
      constructor(private readonly seeing: IntersectionObserverCallback) {}
      observe(target: Element) {
        this.seeing([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
      }
      unobserve() {}
      disconnect() {}
    });
    const seen = { loads: 0 };
    const entry = ISLANDS['recently-viewed']!;
    const runtime = createRuntime({ 'recently-viewed': { ...entry, load: () => (seen.loads++, entry.load()) } });
    runtime.mount();
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seen.loads).toBe(loads);
      if (!ids) await vi.waitFor(() => expect(el.querySelectorAll('.sfw-recently-viewed__slide')).toHaveLength(recentlyViewedIds.length));
      else expect(el.getAttribute('data-island')).toBe('sleeping');
    } finally {
      runtime.stop();
      vi.unstubAllGlobals();
    }
  });
});
