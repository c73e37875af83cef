/**
 * The demo pages: the HTML templates in demo-pages/pages/ (what a Blade view
 * prints: the layout and menus, the config block, the CSRF meta tag, and
 * `data-widget` hooks with `data-props` as escaped JSON), filled here from the
 * seeded catalog (mock/catalog/) as a Laravel controller fills a view.
 *
 * The page config follows the demo's "session": the cookies the mock
 * backend sets on login and on the currency choice.
 */
import { catalogCopy, products, toProduct, toTeaser, type RawProduct } from './mock/catalog';
import { CAD_FACTOR } from './mock/backend';
import { EXAMPLES } from 'sfw:examples';
import { esc, fill, hooksOf, withServerHtml } from './template';

export interface RenderContext {
  path: string;
  query: URLSearchParams;
  cookies: Record<string, string>;
  /** 'react' serves the React 19 build of the same islands (for npm run bench). */
  build: 'preact' | 'react';
  /** Where the mock backend runs: in the page (MSW service worker, the default) or in the demo server. */
  mock?: 'page' | 'server';
  /**
   * The server renderer (dist/server/render.js), as php/storefront-ssr.php
   * and the Laravel package call it through the render service: every hook gets the island's HTML. Without it, or with `?ssr=0`,
   * hooks are empty and the islands render on the client (the path of a
   * render service that is down).
   */
  renderIsland?: (widget: string, props: unknown, config?: unknown) => string;
  /** The response's CSP nonce (the strict CSP control): every <script> of the page carries it. */
  nonce?: string;
  /**
   * With the mock in the demo server: what the server knows at render time
   * (the cart count, the country check, the saved searches), written into the
   * config block as a Laravel view composer would. Without it (in-page mock)
   * the islands ask the API (spec §7).
   */
  known?: {
    cart: { count: number; errors: boolean };
    country: { country: string; opt: boolean };
    recentSearches: string[];
    /** The recently viewed teasers (the session's list), undefined to leave it to the island's call. */
    recentlyViewed?: unknown[];
  };
}

export interface Page {
  status: number;
  html: string;
}

/** The demo's page types for field data: the route templates a shop would name. */
function pageType(path: string): string {
  if (path === '/' || path === '/index.html' || path.startsWith('/c/') || path === '/search') return 'category';
  return products.some((p) => `/${p.slug}` === path) ? 'product' : 'page';
}

function config(ctx: RenderContext) {
  const cad = ctx.cookies.demo_currency === 'USDCAD';
  const { known, query } = ctx;
  // Field data (docs/embedding.md "Field data"), off unless asked: `?field=<sample rate>` (`&consent=0`: no consent yet); the demo server receives the beacons.
  const field = query.has('field') && { fieldData: { endpoint: '/storefront/field-data', sampleRate: Number(query.get('field')), consent: query.get('consent') !== '0', pageType: pageType(ctx.path) } };
  return {
    region: cad ? { factor: CAD_FACTOR, symbol: 'C$', country: 'CA' } : { factor: 1, symbol: '$', country: 'US' },
    user: { loggedIn: ctx.cookies.demo_user === '1', ...(known && { recentSearches: known.recentSearches }) },
    paypal: { clientId: 'demo-client-id', sdkBaseUrl: '/demo/fake-paypal-sdk.js' },
    ...(known && { cart: known.cart, country: known.country }),
    ...field,
  };
}

const nonceAttr = (ctx: RenderContext) => (ctx.nonce ? ` nonce="${ctx.nonce}"` : '');

/**
 * pages/layout.html around a page's content (pages/<name>.html), its hooks rendered unless `?ssr=0`;
 * or another whole page (`layout`) filled with the same values and its own (`values`).
 */
function page(ctx: RenderContext, title: string, content: string, status = 200, layout = 'layout', values: Record<string, string> = {}): Page {
  const pageConfig = config(ctx);
  const loggedIn = pageConfig.user.loggedIn;
  const build = ctx.build === 'react' ? '/build-react' : '/build';
  // The search bars take the user from the config block when it has the saved searches; else from their props.
  const searchUser = ctx.known ? {} : { loggedIn, recentSearches: loggedIn ? ['pokemon 151', 'topps chrome'] : [] };
  const html = fill(layout, {
    ...values,
    title,
    csrf_token: `demo-csrf-token-${Date.now().toString(36)}`,
    build,
    // As Blade's @json: `<` cannot end the script element.
    config_json: JSON.stringify(pageConfig).replace(/</g, '\\u003c'),
    mock_script: ctx.mock === 'server' ? '' : `<script type="module" src="/demo/mock.js"${nonceAttr(ctx)}></script>`,
    nonce_attr: nonceAttr(ctx),
    search_props: JSON.stringify(searchUser),
    mobile_search_props: JSON.stringify({ ...searchUser, variant: 'mobile' }),
    flag: pageConfig.region.country === 'CA' ? 'ca' : 'us',
    account_menu: fill(loggedIn ? 'partials/account-user' : 'partials/account-guest'),
    content,
  });
  const render = ctx.query.get('ssr') === '0' ? undefined : ctx.renderIsland;
  return { status, html: render ? withServerHtml(html, (widget, props) => render(widget, props, pageConfig)) : html };
}

/** The slider's props: the list when the server knows it (then server-rendered, no call), else none. */
function recentlyViewedProps(ctx: RenderContext): string {
  const list = ctx.known?.recentlyViewed;
  return JSON.stringify(list ? { products: list } : {});
}

function categoryPage(ctx: RenderContext, title: string, list: RawProduct[], intro: string): Page {
  return page(ctx, title, fill('category', { title, intro, grid_props: JSON.stringify({ products: list.map(toTeaser) }), rv_props: recentlyViewedProps(ctx) }));
}

function productPage(ctx: RenderContext, product: RawProduct): Page {
  const { title } = product;
  const image = product.MainImage?.Medium ?? '/demo/img/no-image.svg';
  return page(ctx, title, fill('product', { title, image, sku: product.sku ?? '', add_to_cart_props: JSON.stringify({ product: toProduct(product) }), rv_props: recentlyViewedProps(ctx) }));
}

/**
 * The same hooks as the category and product pages on a Bootstrap 3 page
 * (pages/legacy-bootstrap3.html); `?product=<slug>` picks the add-to-cart form's product.
 */
function legacyPage(ctx: RenderContext): Page {
  const product = products.find((p) => p.slug === ctx.query.get('product')) ?? products[0]!;
  return page(ctx, 'Trading cards', '', 200, 'legacy-bootstrap3', {
    grid_props: JSON.stringify({ products: catalogCards(ctx.query).map(toTeaser) }),
    rv_props: recentlyViewedProps(ctx),
    add_to_cart_props: JSON.stringify({ product: toProduct(product) }),
  });
}

/** /islands: every island with an example that the layout does not hook (those it does are on every page), one hook each. */
function islandsPage(ctx: RenderContext): Page {
  const inLayout = hooksOf('layout');
  const hooks = Object.entries(EXAMPLES)
    .filter(([widget]) => !inLayout.has(widget))
    .map(([widget, props]) => `<section><h2>${widget}</h2><div data-widget="${widget}" data-props="${esc(JSON.stringify(props))}"></div></section>`);
  return page(ctx, 'Islands', fill('islands', { title: 'Islands', hooks: hooks.join('\n') }));
}

/** The shop's plain pages (pages/content.html): title and text. */
const STATIC: Record<string, [title: string, text: string]> = {
  '/cart': ['Your cart', 'The full cart page of the shop is server-rendered and out of scope for the widgets.'],
  '/checkout': ['Checkout', 'The checkout step is out of scope for the widgets.'],
  '/user/logged-in': ['Welcome back!', 'You are signed in.'],
  // Where Laravel sends a refused sign-in back (?answers=laravel-redirect).
  '/login': ['Sign in', 'The shop sign-in page.'],
  '/password/reset': ['Reset your password', 'Enter your email and we will send you a reset link.'],
  '/register': ['Create account', 'Registration form.'],
  '/international-buyers': ['International buyers', 'Which products ship to your country, and how.'],
  '/steel-city-break-room': ['Live break schedule', 'Breaks run every night at 7 PM ET.'],
  '/claim-loyalty-rewards': ['Rewards Program', 'Earn points on every order and redeem them for reward-only products.'],
  '/logout': ['Signed out', 'You are signed out.'],
};

/** `?cards=N` on the category page: N cards (the catalog repeated, with unique ids), for the bench. */
export const MAX_CARDS = 2000;
function catalogCards(query: URLSearchParams): RawProduct[] {
  const n = Math.min(Math.max(Number.parseInt(query.get('cards') ?? '', 10) || 48, 1), MAX_CARDS);
  return Array.from({ length: n }, (_, i) => catalogCopy(products[i % products.length]!, Math.floor(i / products.length)));
}

export function renderPage(ctx: RenderContext): Page {
  const { path } = ctx;
  if (path === '/' || path === '/index.html') {
    return categoryPage(ctx, 'Trading cards', catalogCards(ctx.query), 'Sealed wax, group breaks and supplies, shipped from Pittsburgh.');
  }
  if (path.startsWith('/c/')) {
    const supplies = products.filter((p) => p.categories?.some((c) => c.name === 'Supplies'));
    return categoryPage(ctx, 'Supplies', supplies, 'Protect your investment.');
  }
  if (path === '/search') {
    const q = (ctx.query.get('q') ?? '').trim().toLowerCase();
    const found = q ? products.filter((p) => p.title.toLowerCase().includes(q)) : [];
    return categoryPage(ctx, `Search results for “${ctx.query.get('q') ?? ''}”`, found, `${found.length} products found.`);
  }
  if (path === '/legacy-bootstrap3') return legacyPage(ctx);
  if (path === '/islands') return islandsPage(ctx);
  const content = STATIC[path];
  if (content) return page(ctx, content[0], fill('content', { title: content[0], text: content[1] }));
  const product = products.find((p) => `/${p.slug}` === path);
  if (product) return productPage(ctx, product);
  return page(ctx, 'Page not found', fill('not-found'), 404);
}

/** The page the express PayPal form posts to: echoes what it received. */
export function renderPaypalLanding(ctx: RenderContext, fields: Record<string, string>): Page {
  const rows = Object.entries(fields).map(([name, value]) => fill('partials/paypal-field', { name, value }));
  return page(ctx, 'PayPal order received', fill('paypal-landing', { fields: rows.join('') }));
}
