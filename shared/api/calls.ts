/**
 * One typed function for every call of spec §7. Components call these,
 * never axios. Each accepts `{ signal }` so it can be aborted.
 */
import { request, requestWithUrl, type CallOptions } from './client';
import * as s from './schemas';

export const getCart = (o?: CallOptions) => request({ method: 'GET', url: '/cart/retrieve' }, s.CartResponse, o);

export const removeCartItem = (item: string | number, o?: CallOptions) =>
  request({ method: 'POST', url: '/cart/remove-item', data: { item } }, s.CartResponse, o);

export const getUpsell = (o?: CallOptions) => request({ method: 'GET', url: '/cart/load-upsell' }, s.UpsellResponse, o);

export const getCartCount = (o?: CallOptions) => request({ method: 'GET', url: '/cart/get-count' }, s.CartCount, o);

export const addCartItem = (payload: s.CartAddPayload, o?: CallOptions) =>
  request({ method: 'POST', url: '/cart/add-item', data: payload }, s.CartAddResponse, o);

export const loadProduct = (id: number, o?: CallOptions) =>
  request({ method: 'POST', url: '/product/cart/load', data: { id } }, s.Product, o);

export const getLiveBreakers = (o?: CallOptions) =>
  request({ method: 'GET', url: '/check-live-break-eligible-status' }, s.LiveBreakers, o);

export const getRecentlyViewed = (o?: CallOptions) =>
  request({ method: 'GET', url: '/recently-viewed' }, s.RecentlyViewed, o);

export const getTrendingSearches = (o?: CallOptions) =>
  request({ method: 'GET', url: '/trending-searches/load' }, s.TrendingResponse, o);

export const autoSearch = (q: string, o?: CallOptions) =>
  request({ method: 'POST', url: '/auto-search', data: { q } }, s.SearchResponse, o);

export const clearUserSearches = (o?: CallOptions) =>
  request({ method: 'GET', url: '/clear-user-searches' }, s.Ignored, o);

/**
 * Resolves with the answer and the URL it ended on: the spec's JSON answer,
 * or Laravel's redirect (followed by the browser) to the landing page or back
 * to /login. A refused login throws ApiError (`{ error }`, or a 422 with `errors`).
 */
export const login = (email: string, password: string, o?: CallOptions) =>
  requestWithUrl({ method: 'POST', url: SIGN_IN_PATH, data: { email, password } }, s.Ignored, o);

/** The sign-in route: where `login` posts, and where Laravel sends a failed non-JSON sign-in back. */
export const SIGN_IN_PATH = '/login';

export const determineUserCountry = (o?: CallOptions) =>
  request({ method: 'GET', url: '/determine-user-country' }, s.CountryCheck, o);

export const optInCurrencyDisplay = (country: string, o?: CallOptions) =>
  request({ method: 'POST', url: '/opt-in-currency-display', data: { country } }, s.Ignored, o);

export const optOutCurrency = (o?: CallOptions) => request({ method: 'GET', url: '/opt-out-currency' }, s.Ignored, o);

export const loyaltyAdd = (type: string, o?: CallOptions) =>
  request({ method: 'POST', url: '/loyalty-add', data: { type } }, s.Ignored, o);

/** The express PayPal checkout is a full-page form POST, not an XHR (spec §7). */
export const PAYPAL_EXPRESS_ACTION = '/cart/checkout/paypal-express';
