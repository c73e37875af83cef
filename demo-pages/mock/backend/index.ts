/**
 * The mock backend: MSW handlers for every call of spec §7 over the seeded
 * catalog, used by vitest (msw/node) and by the demo pages (service worker).
 *
 * State (cart, visitor, login, searches) lives in a small store: in memory
 * for tests, in localStorage for the demo, so a reload or a second tab sees
 * the same cart. Every route can be switched to a failure mode for tests:
 *   backend.fail('/cart/retrieve', '500')      // or '419', '419-once', 'timeout', 'malformed'
 *   backend.delay('/auto-search', (body) => (body.q === 'pok' ? 800 : 10))
 * and can answer the way a stock Laravel app does instead of the spec's JSON:
 *   backend.answerAs('laravel')           // see AnswerStyle
 *
 * Files: index.ts (the routes), shop.ts (cart and country answers), state.ts
 * (the state and its stores), http.ts (failure modes, answer styles, bodies).
 */
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import {
  breakers,
  recentlyViewedIds,
  searchCatalog,
  supplyIds,
  toProduct,
  toSearchResult,
  toTeaser,
  toUpsellEntry,
  trending,
  upsellIds,
} from '../catalog';
import { failureAnswer, laravelValidation, readBody, redirect, setDemoCookie, type AnswerStyle, type FailureMode } from './http';
import { addToCart, cartAnswer, countryAnswer, find, isProduct } from './shop';
import { initialState, LOGIN_ERROR, memoryStore, PASSWORD_THAT_WORKS, type MockState, type StateStore } from './state';

export { ANSWER_STYLES, type AnswerStyle, type FailureMode } from './http';
export * from './state';

type DelaySpec = number | ((body: Record<string, unknown>) => number);

export function createBackend(store: StateStore = memoryStore()) {
  const failures = new Map<string, FailureMode>();
  const delays = new Map<string, DelaySpec>();
  let style: AnswerStyle = 'json';
  const calls: Array<{ method: string; path: string; body: Record<string, unknown>; headers: Record<string, string> }> = [];

  /** Wraps a route: records the call, applies failure modes and delays, persists state. */
  function route(
    method: 'get' | 'post',
    path: string,
    answer: (state: MockState, body: Record<string, unknown>) => unknown,
  ): HttpHandler {
    return http[method](path, async ({ request }) => {
      const body = method === 'post' ? await readBody(request) : {};
      calls.push({ method: method.toUpperCase(), path, body, headers: Object.fromEntries([...request.headers].map(([k, v]) => [k.toLowerCase(), v])) });
      const wait = delays.get(path);
      const failure = failures.get(path);
      if (failure === '419-once') failures.delete(path);
      const failed = failure && failureAnswer(failure);
      // A delay is the answer's way back: the server answers from the state
      // it had when the request arrived, so a slow answer can be out of date.
      let result: unknown;
      if (!failed) {
        const state = store.read();
        result = answer(state, body);
        store.write(state);
      }
      if (wait !== undefined) await delay(typeof wait === 'function' ? wait(body) : wait);
      if (failed) return failed();
      return result instanceof Response ? result : HttpResponse.json(result as never);
    });
  }

  const handlers: HttpHandler[] = [
    route('get', '/cart/retrieve', (s) => cartAnswer(s)),
    route('post', '/cart/remove-item', (s, body) => {
      s.cart = s.cart.filter((l) => String(l.id) !== String(body.item));
      return cartAnswer(s);
    }),
    route('get', '/cart/load-upsell', () => ({
      upsell: upsellIds.map(find).filter(isProduct).map(toUpsellEntry),
      supplies: supplyIds.map(find).filter(isProduct).map(toUpsellEntry),
    })),
    route('get', '/cart/get-count', (s) => cartAnswer(s).CartQuantity),
    route('post', '/cart/add-item', (s, body) => {
      const answer = addToCart(s, body);
      if (!answer.errors.length) return answer;
      return HttpResponse.json(style === 'json' ? answer : laravelValidation({ quantity: answer.errors }), { status: 422 });
    }),
    route('post', '/product/cart/load', (_s, body) => {
      const p = find(body.id);
      return p ? toProduct(p) : HttpResponse.json({ message: 'Not Found' }, { status: 404 });
    }),
    route('get', '/check-live-break-eligible-status', () => breakers),
    route('get', '/recently-viewed', () => recentlyViewedIds.map(find).filter(isProduct).map(toTeaser)),
    route('get', '/trending-searches/load', () => ({ trending })),
    route('post', '/auto-search', (s, body) => {
      const q = String(body.q ?? '').trim();
      const found = searchCatalog(q);
      if (s.loggedIn && q.length >= 3) s.recentSearches = [q, ...s.recentSearches.filter((x) => x !== q)].slice(0, 5);
      return { results: found.slice(0, 8).map(toSearchResult), total: found.length };
    }),
    route('get', '/clear-user-searches', (s) => {
      s.recentSearches = [];
      return { success: true };
    }),
    route('post', '/login', (s, body) => {
      if (!body.email || body.password !== PASSWORD_THAT_WORKS) {
        if (style === 'laravel-redirect') return redirect('/login');
        return HttpResponse.json(style === 'json' ? { error: LOGIN_ERROR } : laravelValidation({ email: [LOGIN_ERROR] }), { status: 422 });
      }
      s.loggedIn = true;
      setDemoCookie('demo_user', '1');
      return style === 'json' ? { success: true, redirect: '/user/logged-in' } : redirect('/user/logged-in');
    }),
    route('get', '/determine-user-country', countryAnswer),
    route('post', '/opt-in-currency-display', (s) => {
      s.currencyDecided = true;
      s.currency = 'USDCAD';
      setDemoCookie('demo_currency', 'USDCAD');
      return { success: true };
    }),
    route('get', '/opt-out-currency', (s) => {
      s.currencyDecided = true;
      s.currency = 'USD';
      setDemoCookie('demo_currency', 'USD');
      return { success: true };
    }),
    route('post', '/loyalty-add', (_s, body) => ({ success: true, type: body.type, points: 10 })),
    route('post', '/cart/checkout/paypal-express', () => ({ success: true })),
  ];

  return {
    handlers,
    store,
    calls,
    /**
     * What the server knows when it renders a page, for the config block:
     * the answers of GET /cart/get-count and /determine-user-country,
     * and the shopper's saved searches. Failure modes do not apply (no call).
     */
    pageState() {
      const s = store.read();
      const cart = cartAnswer(s);
      // A failure or delay set for the list (a test of the island's own call): the page leaves it to the island.
      const rv = failures.has('/recently-viewed') || delays.has('/recently-viewed') ? undefined : recentlyViewedIds.map(find).filter(isProduct).map(toTeaser);
      return { cart: { count: cart.CartQuantity, errors: cart.CartErrors }, country: countryAnswer(s), recentSearches: s.loggedIn ? s.recentSearches : [], recentlyViewed: rv };
    },
    fail(path: string, mode: FailureMode) {
      failures.set(path, mode);
    },
    delay(path: string, spec: DelaySpec) {
      delays.set(path, spec);
    },
    answerAs(next: AnswerStyle) {
      style = next;
    },
    /** Back to a healthy backend with the given state. */
    reset(seed: Partial<MockState> = {}) {
      failures.clear();
      delays.clear();
      style = 'json';
      calls.length = 0;
      store.write({ ...initialState(), ...seed });
    },
    update(change: (state: MockState) => void) {
      const state = store.read();
      change(state);
      store.write(state);
    },
    callsTo(path: string) {
      return calls.filter((c) => c.path === path);
    },
  };
}

export type Backend = ReturnType<typeof createBackend>;
