/**
 * Hydration: a hook holding server HTML is hydrated (its elements kept, no
 * console message); server HTML that does not match falls back to a clean
 * client render with one console.warn.
 */
import { act, fireEvent, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { productById, products, sampleIds, toTeaser } from '../../../demo-pages/mock/catalog';
import { backend } from '../../../demo-pages/mock/node';
import { $openPanel } from '../../../shared/stores/panels';
import { render } from '../../../widgets/server';
import type { Island } from '../../../shared/runtime/island';
import { setState } from '../../../shared/runtime/page';
import { listenForIntent } from '../../../shared/runtime/intent';
import searchBar from '../../../widgets/search-bar/island';
import cartDropdown from '../../../widgets/cart-dropdown/island';
import teaserCard from '../../../widgets/teaser-card/island';
import productGrid from '../../../widgets/product-grid/island';
import recentlyViewed from '../../../widgets/recently-viewed/island';
import { hook } from '../hook';

/** A hook as the Blade helper prints it: data-props and the server's HTML. */
function serverHook(island: Island, props: object, html = render(island.name, props)): HTMLElement {
  const host = hook(island.name, props);
  host.innerHTML = html;
  return host;
}

/** Mounts as the runtime does: the page's intent listener hands the island what the shopper reaches (the grid hydrates that card). */
function mount(island: Island, host: HTMLElement) {
  let unmount = () => {};
  const intent = listenForIntent({ near: () => {}, reach: (h, target) => island.reach?.(h, target), wake: () => {}, watchMoves: () => false });
  act(() => {
    setState(host, 'loading');
    unmount = island.mount(host, { ready: () => setState(host, 'ready'), failed: () => setState(host, 'failed') });
  });
  return () => {
    intent.stop();
    unmount();
  };
}

function quiet() {
  return { warn: vi.spyOn(console, 'warn'), error: vi.spyOn(console, 'error') };
}

describe('hydration', () => {
  it('keeps the server elements and wires them, without a console message', async () => {
    const log = quiet();
    const product = { ...toTeaser(productById(sampleIds.plain)!), needsOptions: true };
    const host = serverHook(teaserCard, { product });
    const button = host.querySelector('button')!;
    const title = host.querySelector('.sfw-teaser-card__title');
    mount(teaserCard, host);
    expect(host.querySelector('template')).toBeNull();
    expect(host.querySelector('button')).toBe(button);
    expect(host.querySelector('.sfw-teaser-card__title')).toBe(title);
    const quickAdd = vi.fn();
    window.addEventListener('storefront:quick-add', quickAdd);
    fireEvent.click(button);
    window.removeEventListener('storefront:quick-add', quickAdd);
    expect(quickAdd).toHaveBeenCalledOnce();
    expect(log.warn).not.toHaveBeenCalled();
    expect(log.error).not.toHaveBeenCalled();
  });

  it('the search form gets its suggestions, and keeps what was typed before hydration', async () => {
    const host = serverHook(searchBar, {});
    const input = host.querySelector('input')!;
    input.value = 'pok';
    mount(searchBar, host);
    expect(host.querySelector('input')).toBe(input);
    await waitFor(() => expect(backend.callsTo('/auto-search')).toHaveLength(1), { timeout: 2000 });
    // The submit is disabled for an empty query once JavaScript runs.
    act(() => {
      input.value = '';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(host.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).toBe(true);
  });

  it('the cart link is the dropdown\'s disclosure once hydrated, on the same node: Enter (its click) and Space toggle, a click with a modifier is left to the browser', () => {
    const host = serverHook(cartDropdown, {});
    const link = host.querySelector<HTMLAnchorElement>('a[href="/cart"]')!;
    expect([link.getAttribute('role'), link.hasAttribute('aria-expanded'), link.hasAttribute('aria-controls')]).toEqual([null, false, true]);
    mount(cartDropdown, host);
    expect(host.querySelector('.sfw-cart-dropdown__toggle')).toBe(link);
    expect([link.getAttribute('role'), link.getAttribute('aria-expanded')]).toEqual(['button', 'false']);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    act(() => void link.dispatchEvent(click));
    expect([$openPanel.get(), click.defaultPrevented, link.getAttribute('aria-expanded')]).toEqual(['cart', true, 'true']);
    const space = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
    act(() => void link.dispatchEvent(space));
    expect([$openPanel.get(), space.defaultPrevented]).toEqual([null, true]);
    const newTab = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    act(() => void link.dispatchEvent(newTab));
    expect([$openPanel.get(), newTab.defaultPrevented]).toEqual([null, false]);
  });

  it('server HTML from other props (an old cache) renders again on the client, with one console.warn', () => {
    const log = quiet();
    const old = toTeaser(productById(sampleIds.plain)!);
    const now = { ...old, title: 'A new title' };
    const host = serverHook(teaserCard, { product: now }, render('teaser-card', { product: old }));
    mount(teaserCard, host);
    expect(host.querySelector('.sfw-teaser-card__title')!.textContent).toBe('A new title');
    expect(host.querySelectorAll('.sfw-teaser-card')).toHaveLength(1);
    expect(log.warn).toHaveBeenCalledOnce();
    expect(String(log.warn.mock.calls[0]![0])).toMatch(/teaser-card: the server HTML/);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('a hand-edited hook (HTML without the marker) renders again on the client, with one console.warn', () => {
    const log = quiet();
    const product = toTeaser(productById(sampleIds.plain)!);
    const host = serverHook(teaserCard, { product }, '<p>Loading…</p>');
    mount(teaserCard, host);
    expect(host.querySelector('p')?.textContent).not.toBe('Loading…');
    expect(host.querySelector('.sfw-teaser-card__title')!.textContent).toBe(product.title);
    expect(log.warn).toHaveBeenCalledOnce();
  });

  it('product-grid: cards hydrate on first interaction, each alone; a changed card renders on the client with one warning', () => {
    const log = quiet();
    const list = products.slice(0, 12).map((p) => ({ ...toTeaser(p), showATC: true, rewardRedemptionOnly: false, needsOptions: true }));
    const html = render('product-grid', { products: list });
    const edited = list.map((p, i) => (i === 3 ? { ...p, title: 'Changed' } : p));
    const host = serverHook(productGrid, { products: edited }, html);
    const buttons = [...host.querySelectorAll('button')];
    mount(productGrid, host);
    const quickAdd = vi.fn();
    window.addEventListener('storefront:quick-add', quickAdd);
    // happy-dom has no layout: no card is in view; a click hydrates its card first and then reaches it.
    fireEvent.click(buttons[7]!);
    expect(quickAdd).toHaveBeenCalledOnce();
    expect(quickAdd.mock.calls[0]![0].detail.productId).toBe(list[7]!.id);
    expect(host.querySelectorAll('button')[7]).toBe(buttons[7]);
    expect(log.warn).not.toHaveBeenCalled();
    fireEvent.pointerDown(host.querySelectorAll('.sfw-teaser-card')[3]!);
    expect(host.querySelectorAll('.sfw-teaser-card__title')[3]!.textContent).toBe('Changed');
    expect(log.warn).toHaveBeenCalledOnce();
    window.removeEventListener('storefront:quick-add', quickAdd);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('product-grid: a card the server left out (no slug) and a bad optional field: the other cards hydrate, none renders again', () => {
    const log = quiet();
    const list: Array<Record<string, unknown>> = products.slice(0, 8).map((p) => ({ ...toTeaser(p), showATC: true, rewardRedemptionOnly: false, needsOptions: true }));
    list[2] = { ...list[2], slug: null };
    list[5] = { ...list[5], blockPoolLogo: 'javascript:alert(1)' };
    const host = serverHook(productGrid, { products: list });
    expect(host.querySelectorAll('.sfw-teaser-card')).toHaveLength(7);
    const buttons = [...host.querySelectorAll('button')];
    mount(productGrid, host);
    const quickAdd = vi.fn();
    window.addEventListener('storefront:quick-add', quickAdd);
    // The 6th card shown is list[6]: the server dropped list[2], and the cards line up with what it kept.
    fireEvent.click(buttons[5]!);
    fireEvent.click(buttons[4]!);
    window.removeEventListener('storefront:quick-add', quickAdd);
    expect(quickAdd.mock.calls.map((c) => c[0].detail.productId)).toEqual([list[6]!.id, list[5]!.id]);
    expect(host.querySelectorAll('button')[5]).toBe(buttons[5]);
    expect(host.querySelectorAll('button')[4]).toBe(buttons[4]);
    // Warnings name the dropped card and field, never a mismatch; nothing is an error.
    const warnings = log.warn.mock.calls.map((c) => String(c[0]));
    expect(warnings.some((w) => /products\.2/.test(w))).toBe(true);
    expect(warnings.some((w) => /blockPoolLogo/.test(w))).toBe(true);
    expect(warnings.some((w) => /does not match|other props/.test(w))).toBe(false);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('product-grid: a card taken out of matching server HTML (an edited template) renders the grid on the client, not an error', async () => {
    const log = quiet();
    const list = products.slice(0, 6).map(toTeaser);
    const host = serverHook(productGrid, { products: list });
    host.querySelectorAll('li[data-sfw-item]')[2]!.remove();
    mount(productGrid, host);
    expect(log.warn).toHaveBeenCalledOnce();
    await waitFor(() => expect(host.querySelectorAll('.sfw-teaser-card')).toHaveLength(6));
    expect(host.getAttribute('data-island')).not.toBe('failed');
    expect(log.error).not.toHaveBeenCalled();
  });

  it('what PHP prints (numbers as text, flags as 0, 1, "1" and null) renders on the server and hydrates on the page, prices in the config\'s region', () => {
    const log = quiet();
    let flags = 0;
    const asPhp = (value: unknown): unknown =>
      typeof value === 'number' ? String(value)
      : typeof value === 'boolean' ? [value ? 1 : 0, value ? '1' : '0', value ? 1 : null][flags++ % 3]
      : Array.isArray(value) ? value.map(asPhp)
      : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asPhp(v)]))
      : value;
    const config = asPhp({ region: { factor: 1.37, symbol: 'C$', country: 'CA' }, cart: { count: 2, errors: false }, user: { loggedIn: true, recentSearches: null } });
    const list = asPhp(products.slice(0, 6).map((p) => ({ ...toTeaser(p), showATC: true, needsOptions: true }))) as Array<{ id: string }>;
    const html = render('product-grid', { products: list }, config);
    const element = Object.assign(document.createElement('script'), { id: 'storefront-config', type: 'application/json', textContent: JSON.stringify(config) });
    document.head.append(element);
    const host = serverHook(productGrid, { products: list }, html);
    expect(host.querySelectorAll('.sfw-teaser-card')).toHaveLength(6);
    expect(host.textContent).toContain('C$');
    const buttons = [...host.querySelectorAll('button')];
    mount(productGrid, host);
    const quickAdd = vi.fn();
    window.addEventListener('storefront:quick-add', quickAdd);
    fireEvent.click(buttons[1]!);
    window.removeEventListener('storefront:quick-add', quickAdd);
    expect(quickAdd.mock.calls[0]![0].detail.productId).toBe(Number(list[1]!.id));
    expect(host.querySelectorAll('button')[1]).toBe(buttons[1]);
    expect(log.warn).not.toHaveBeenCalled();
    expect(log.error).not.toHaveBeenCalled();
  });

  it('product-grid: a server grid of another length renders again on the client', async () => {
    const log = quiet();
    const list = products.slice(0, 6).map(toTeaser);
    const host = serverHook(productGrid, { products: list.slice(0, 5) }, render('product-grid', { products: list }));
    mount(productGrid, host);
    expect(log.warn).toHaveBeenCalledOnce();
    await waitFor(() => expect(host.querySelectorAll('.sfw-teaser-card')).toHaveLength(5));
  });

  it('recently-viewed: the slider hydrates whole on its server slides; a changed slide renders it on the client with one warning naming that slide', async () => {
    const log = quiet();
    const list = products.slice(0, 4).map((p) => ({ ...toTeaser(p), showATC: true, rewardRedemptionOnly: false, needsOptions: true }));
    const same = serverHook(recentlyViewed, { products: list });
    const next = same.querySelector('button[aria-label="Next products"]');
    const adds = [...same.querySelectorAll('.sfw-teaser-card button')];
    mount(recentlyViewed, same);
    expect(same.querySelector('button[aria-label="Next products"]')).toBe(next);
    expect([...same.querySelectorAll('.sfw-teaser-card button')]).toEqual(adds);
    expect(log.warn).not.toHaveBeenCalled();

    const edited = list.map((p, i) => (i === 2 ? { ...p, title: 'Changed' } : p));
    const old = serverHook(recentlyViewed, { products: edited }, render('recently-viewed', { products: list }));
    mount(recentlyViewed, old);
    expect(log.warn).toHaveBeenCalledOnce();
    expect(String(log.warn.mock.calls[0]![0])).toMatch(/recently-viewed: item 3 does not match its products entry/);
    await waitFor(() => expect(old.querySelectorAll('.sfw-teaser-card__title')[2]!.textContent).toBe('Changed'));
    expect(log.error).not.toHaveBeenCalled();
  });
});
