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
 */
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import {
  breakers,
  products,
  recentlyViewedIds,
  searchCatalog,
  supplyIds,
  toProduct,
  toSearchResult,
  toTeaser,
  toUpsellEntry,
  trending,
  upsellIds,
  type RawProduct,
} from './catalog';

export type FailureMode = '500' | '404' | '419' | '419-once' | 'timeout' | 'malformed' | 'network' | 'empty';

/**
 * How the login and cart-add routes answer:
 * - 'json': the spec's shapes (`{error}` 422, `{errors: [...]}` 422).
 * - 'laravel': Breeze/Fortify with `Accept: application/json`: a successful
 *   login is `redirect()->intended('/user/logged-in')` (302, the browser follows
 *   it to the page); refusals are `$request->validate()`'s 422
 *   `{message, errors: {field: [...]}}`.
 * - 'laravel-redirect': as 'laravel', but a refused login is sent back to
 *   /login (302), as Laravel does for a request that does not expect JSON.
 */
export type AnswerStyle = 'json' | 'laravel' | 'laravel-redirect';
export const ANSWER_STYLES: readonly AnswerStyle[] = ['json', 'laravel', 'laravel-redirect'];

export interface CartLine {
  /** Cart row id. */
  id: number;
  productId: number;
  title: string;
  price: number;
  quantity: number;
  attributes: Record<string, unknown>;
}

export interface MockState {
  cart: CartLine[];
  nextLineId: number;
  /** The visitor's country as /determine-user-country reports it. */
  visitor: 'US' | 'CA';
  /** The visitor answered the CAD offer (either way). */
  currencyDecided: boolean;
  currency: 'USD' | 'USDCAD';
  loggedIn: boolean;
  recentSearches: string[];
  /** Adds that the demo made the server refuse (see REFUSE_ADD_QUANTITY). */
}

export interface StateStore {
  read(): MockState;
  write(state: MockState): void;
}

export const PASSWORD_THAT_WORKS = 'cards4life';
export const LOGIN_ERROR = 'These credentials do not match our records.';
/** Adding this many of anything makes the mock refuse with an errors list. */
export const REFUSE_ADD_QUANTITY = 13;
export const CAD_FACTOR = 1.37;

export function initialState(): MockState {
  return {
    cart: [],
    nextLineId: 1,
    visitor: 'US',
    currencyDecided: false,
    currency: 'USD',
    loggedIn: false,
    recentSearches: ['pokemon 151', 'topps chrome'],
  };
}

export function memoryStore(seed: Partial<MockState> = {}): StateStore {
  let state = { ...initialState(), ...seed };
  return { read: () => structuredClone(state), write: (next) => (state = structuredClone(next)) };
}

type DelaySpec = number | ((body: Record<string, unknown>) => number);

export function createBackend(store: StateStore = memoryStore()) {
  const failures = new Map<string, FailureMode>();
  const delays = new Map<string, DelaySpec>();
  let style: AnswerStyle = 'json';
  const calls: Array<{ method: string; path: string; body: Record<string, unknown>; headers: Record<string, string> }> = [];

  const byId = new Map(products.map((p) => [p.id, p]));
  const find = (id: unknown) => byId.get(Number(id));

  function cartAnswer(state: MockState) {
    return {
      CartQuantity: state.cart.reduce((n, l) => n + l.quantity, 0),
      CartErrors: state.cart.some((l) => (find(l.productId)?.AvailableToShip ?? 0) < l.quantity && !find(l.productId)?.Presale),
      cart_items: state.cart.map((line) => {
        const p = find(line.productId);
        return {
          id: line.id,
          title: line.title,
          Title: line.title,
          price: line.price,
          Price: line.price,
          quantity: line.quantity,
          Image: { Tiny: p?.MainImage?.Small ?? null },
          product: { slug: p?.slug ?? null },
        };
      }),
    };
  }

  function addToCart(state: MockState, body: Record<string, unknown>) {
    const product = find(body.product_id ?? body.id);
    const quantity = Number(body.quantity);
    const errors: string[] = [];
    if (!product) errors.push('This product is no longer available.');
    else if (!Number.isInteger(quantity) || quantity < 1) errors.push('Please choose a quantity of at least 1.');
    else if (quantity === REFUSE_ADD_QUANTITY) errors.push(`Sorry, you can only buy ${REFUSE_ADD_QUANTITY - 1} of this item per order.`, 'Please lower the quantity and try again.');
    else if (product.RewardRedemptionOnly) errors.push('This product is only available within the Rewards Program.');
    if (errors.length || !product) return { errors, cart: null, related: [] };
    const attributes = (body.attributes ?? {}) as Record<string, unknown>;
    const key = JSON.stringify([body.id, attributes]);
    const existing = state.cart.find((l) => JSON.stringify([l.attributes.__id ?? l.productId, l.attributes]) === key);
    if (existing) existing.quantity += quantity;
    else {
      state.cart.push({
        id: state.nextLineId++,
        productId: product.id,
        title: String(body.title ?? product.title),
        price: Number(body.price ?? product.Price),
        quantity,
        attributes,
      });
    }
    const summary = cartAnswer(state);
    const related = products
      .filter((p) => p.id !== product.id && p.categories?.some((c) => product.categories?.some((d) => d.id === c.id)))
      .slice(0, 4)
      .map((p) => ({ title: p.title, slug: p.slug, price: p.Price, mainImage: { Tiny: p.MainImage?.Small ?? null } }));
    return {
      errors: [],
      cart: { CartQuantity: summary.CartQuantity, CartTotal: state.cart.reduce((s, l) => s + l.price * l.quantity, 0) },
      related,
    };
  }

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
     * What the server knows when it renders a page, for the config block
     * (issue 13): the answers of GET /cart/get-count and /determine-user-country,
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

/** What Laravel's ValidationException renders for a request that expects JSON. */
function laravelValidation(errors: Record<string, string[]>) {
  const all = Object.values(errors).flat();
  const more = all.length - 1;
  return { message: more > 0 ? `${all[0]} (and ${more} more error${more > 1 ? 's' : ''})` : all[0], errors };
}

/** GET /determine-user-country: only a non-US visitor who has not answered is offered CAD. */
function countryAnswer(s: MockState) {
  return { country: s.visitor, opt: s.visitor !== 'US' && !s.currencyDecided };
}

/** A redirect the browser follows (the demo server renders the page it lands on). */
function redirect(location: string) {
  return new HttpResponse(null, { status: 302, headers: { Location: location } });
}

function isProduct(p: RawProduct | undefined): p is RawProduct {
  return !!p;
}

/** The answer of a failure mode; undefined for an unknown mode (then the route answers). */
function failureAnswer(mode: FailureMode): (() => Promise<Response> | Response) | undefined {
  switch (mode) {
    case '500':
      return () => HttpResponse.json({ message: 'Server Error' }, { status: 500 });
    case '404':
      return () => HttpResponse.json({ message: 'Not Found' }, { status: 404 });
    case '419':
    case '419-once':
      return () => HttpResponse.json({ message: 'CSRF token mismatch.' }, { status: 419 });
    case 'timeout':
      return async () => {
        await delay('infinite');
        return HttpResponse.json({});
      };
    case 'malformed':
      return () => HttpResponse.text('<html><body>Whoops, looks like something went wrong.</body></html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
    case 'network':
      return () => HttpResponse.error();
    case 'empty': // a healthy answer with an empty list (e.g. ?fail=/recently-viewed:empty)
      return () => HttpResponse.json([]);
  }
}

async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.includes('application/json')) return ((await request.json()) ?? {}) as Record<string, unknown>;
    if (type.includes('form')) return Object.fromEntries(await request.formData()) as Record<string, unknown>;
    const text = await request.text();
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The demo server renders the page config from these (as Laravel would from the session). */
function setDemoCookie(name: string, value: string): void {
  if (typeof document !== 'undefined') document.cookie = `${name}=${value}; path=/; SameSite=Lax`;
}
