/**
 * The server renderer (widgets/server.tsx, built to
 * dist/server/render.js): what each island prints in its hook before any
 * JavaScript runs, and that it never throws.
 */
import { describe, expect, it, vi } from 'vitest';
import { productById, products, sampleIds, toProduct, toTeaser } from '../../../demo-pages/mock/catalog';
import { render, widgets } from '../../../widgets/server';
import { EAGER_CARDS } from '../../../widgets/product-grid/ProductGrid';

/** Parses server HTML as the browser does with JavaScript off. */
function page(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  return host;
}

const CAD = { region: { factor: 1.37, symbol: 'C$', country: 'CA' } };

describe('server render', () => {
  it('renders every island that has a client render, and says which', () => {
    expect(widgets.sort()).toEqual(
      ['add-to-cart', 'cart-dialogs', 'cart-dropdown', 'country-prompt', 'login-modal', 'product-grid', 'recently-viewed', 'region-dialog', 'search-bar', 'teaser-card'].sort(),
    );
  });

  it('product-grid: every card complete, with title link, price and sized images; the first row eager and high priority', () => {
    const list = products.slice(0, 48).map(toTeaser);
    const host = page(render('product-grid', { products: list }));
    const cards = host.querySelectorAll('li.sfw-product-grid__item');
    expect(cards).toHaveLength(48);
    list.forEach((product, i) => {
      const title = cards[i]!.querySelector<HTMLAnchorElement>('.sfw-teaser-card__title')!;
      expect(title.textContent).toBe(product.title);
      expect(title.getAttribute('href')).toBe(`/${product.slug}`);
      expect(cards[i]!.querySelector('.sfw-teaser-card__price')!.textContent).toMatch(/\$\d/);
    });
    const images = [...host.querySelectorAll<HTMLImageElement>('.sfw-teaser-card__media img.sfw-img')];
    expect(images).toHaveLength(48);
    for (const img of images) {
      expect(Number(img.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(img.getAttribute('height'))).toBeGreaterThan(0);
    }
    expect(images.slice(0, EAGER_CARDS).map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual(
      Array(EAGER_CARDS).fill(['eager', 'high']),
    );
    expect(images.slice(EAGER_CARDS).every((img) => img.getAttribute('loading') === 'lazy' && !img.hasAttribute('fetchpriority'))).toBe(true);
    // Responsive sources at the spec's breakpoints (up to 400 px, up to 767 px, wider).
    const sources = [...host.querySelectorAll('picture')[0]!.querySelectorAll('source')].map((s) => s.getAttribute('media'));
    expect(sources).toEqual(['(max-width: 400px)', '(max-width: 767px)']);
    // A product without an image gets the placeholder, the same URL as in the browser (inlined).
    const noImage = page(render('teaser-card', { product: toTeaser(productById(sampleIds.noImage)!) }));
    expect(noImage.querySelector('img')!.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });

  it('prices follow the page config given to render (the region), else the defaults', () => {
    const product = toTeaser(productById(sampleIds.plain)!);
    expect(page(render('teaser-card', { product }, CAD)).querySelector('.sfw-teaser-card__price')!.textContent).toMatch(/^C\$.*Approx\. \$.* US$/);
    expect(page(render('teaser-card', { product })).querySelector('.sfw-teaser-card__price')!.textContent).toMatch(/^\$[\d.]+$/);
  });

  it('search-bar: a real GET form to /search with q (max 80) and an enabled submit, which works without JavaScript', () => {
    const form = page(render('search-bar', {})).querySelector('form')!;
    expect(form.getAttribute('action')).toBe('/search');
    expect(form.getAttribute('method')).toBe('get');
    const q = form.querySelector<HTMLInputElement>('input[name="q"]')!;
    expect(q.getAttribute('maxlength')).toBe('80');
    expect(form.querySelector('button[type="submit"]')!.hasAttribute('disabled')).toBe(false);
  });

  it('cart-dropdown: a link to /cart with the count the config gives, or none', () => {
    const withCount = page(render('cart-dropdown', {}, { cart: { count: 3 } }));
    const link = withCount.querySelector<HTMLAnchorElement>('a.sfw-cart-dropdown__toggle')!;
    expect(link.getAttribute('href')).toBe('/cart');
    expect(link.getAttribute('aria-label')).toBe('Cart, 3 items');
    expect(link.querySelector('.sfw-cart-dropdown__badge')!.textContent).toBe('3');
    const without = page(render('cart-dropdown', {}));
    expect(without.querySelector('a.sfw-cart-dropdown__toggle')).not.toBeNull();
    expect(without.querySelector('.sfw-cart-dropdown__badge')).toBeNull();
  });

  it('add-to-cart: price, variations, quantity and the button are in the HTML', () => {
    const host = page(render('add-to-cart', { product: toProduct(productById(sampleIds.variations)!) }, { paypal: { clientId: 'x' } }));
    expect(host.querySelector('form.sfw-add-to-cart')).not.toBeNull();
    expect(host.textContent).toMatch(/\$\d/);
    expect(host.querySelectorAll('select option').length).toBeGreaterThan(1);
    expect(host.querySelector('input[id$="-qty"]')).not.toBeNull();
    expect(host.querySelector('button[type="submit"]')!.textContent).toMatch(/Add to Cart|Preorder/i);
  });

  it('recently-viewed: its frame, filled on the client; dialogs: nothing, or a closed dialog', () => {
    expect(page(render('recently-viewed', {})).querySelector('.sfw-recently-viewed__status')).not.toBeNull();
    for (const widget of ['login-modal', 'region-dialog', 'country-prompt', 'cart-dialogs']) {
      const host = page(render(widget, {}));
      expect(host.querySelectorAll('template[data-sfw-ssr]')).toHaveLength(1);
      expect(host.querySelector('dialog[open]')).toBeNull();
      expect(host.querySelector('.sfw-modal__body, form')).toBeNull();
    }
  });

  it('marks its HTML for hydration, with ids unique across renders of the same page', () => {
    const a = render('search-bar', {});
    const b = render('search-bar', { variant: 'mobile' });
    expect(a).toMatch(/^<template data-sfw-ssr="[0-9a-z]+\.[0-9a-z]+"><\/template>/);
    const ids = [...page(a + b).querySelectorAll('[id]')].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('never throws: an unknown widget, bad props or a throwing render give "" and one console.error', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(render('nope', {})).toBe('');
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]![0])).toMatch(/unknown widget "nope"/);
    error.mockClear();
    expect(render('teaser-card', { product: { id: 1, title: 'x', slug: 'javascript:alert(1)' } })).toBe('');
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]![0])).toMatch(/teaser-card: invalid props, field "product/);
    error.mockClear();
    const spy = vi.spyOn(JSON, 'stringify').mockImplementationOnce(() => {
      throw new Error('boom');
    });
    expect(render('search-bar', {})).toBe('');
    spy.mockRestore();
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]![0])).toMatch(/search-bar threw/);
  });

  it('reads props as the browser does: a bad card costs that card, a bad optional field that field, one warning each', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const list: Array<Record<string, unknown>> = products.slice(0, 6).map(toTeaser);
    list[1] = { ...list[1], id: 'not a number' };
    list[4] = { ...list[4], eligible: 'maybe' };
    const html = render('product-grid', { products: list });
    expect(page(html).querySelectorAll('.sfw-teaser-card')).toHaveLength(5);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(error).not.toHaveBeenCalled();
  });

  it('parses a page config once for the hooks of one page: a bad key warns once, not once per hook', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const config = { region: { factor: 'lots', symbol: '$', country: 'US' } };
    for (let i = 0; i < 3; i++) render('search-bar', {}, config);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('a config key that is still wrong costs that key, as in the browser: one warning, the other keys apply', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const config = { region: { factor: -1, symbol: 'C$', country: 'CA' } };
    const html = render('teaser-card', { product: toTeaser(productById(sampleIds.plain)!) }, config);
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]![0])).toContain('region.factor');
    expect(page(html).querySelector('.sfw-teaser-card__price')!.textContent).toMatch(/^C\$/);
  });

  it('a config that is not an object logs one error and renders with the defaults, as in the browser', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = render('teaser-card', { product: toTeaser(productById(sampleIds.plain)!) }, 'not a config');
    expect(error).toHaveBeenCalledOnce();
    expect(page(html).querySelector('.sfw-teaser-card__price')!.textContent).toMatch(/^\$/);
  });
});
