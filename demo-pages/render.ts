/**
 * The demo pages, rendered on the demo server the way the Blade templates
 * render the real shop: server HTML for the layout and menus, the config
 * block, the CSRF meta tag, and `data-widget` hooks with `data-props`
 * written as escaped JSON (Blade's `{{ json_encode(...) }}`).
 *
 * The page config follows the demo's "session": the cookies the mock
 * backend sets on login and on the currency choice.
 */
import { products, toProduct, toTeaser, type RawProduct } from './mock/catalog';
import { CAD_FACTOR } from './mock/backend';

export interface RenderContext {
  path: string;
  query: URLSearchParams;
  cookies: Record<string, string>;
  /** 'react' serves the React 19 build of the same islands (for npm run bench). */
  build: 'preact' | 'react';
  /** Where the mock backend runs: in the page (MSW service worker, the default) or in the demo server. */
  mock?: 'page' | 'server';
  /**
   * The server renderer (dist/server/render.js), as the Blade helper calls
   * it: every hook gets the island's HTML. Without it, or with `?ssr=0`,
   * hooks are empty and the islands render on the client (the path of a
   * render service that is down).
   */
  renderIsland?: (widget: string, props: unknown, config?: unknown) => string;
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
  };
}

export interface Page {
  status: number;
  html: string;
}

/** Escapes text for HTML content and attribute values. */
export function esc(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `data-props='…'` as Blade writes it: JSON, HTML-escaped. */
function props(value: unknown): string {
  return `data-props="${esc(JSON.stringify(value))}"`;
}

/** The renderer of the page being rendered (pages render synchronously), null for empty hooks. */
let islandHtml: ((widget: string, value: unknown) => string) | null = null;

function hook(widget: string, value?: unknown, tag = 'div', extra = ''): string {
  const inner = islandHtml?.(widget, value ?? {}) ?? '';
  return `<${tag} data-widget="${widget}"${value === undefined ? '' : ` ${props(value)}`}${extra ? ` ${extra}` : ''}>${inner}</${tag}>`;
}

function config(ctx: RenderContext) {
  const cad = ctx.cookies.demo_currency === 'USDCAD';
  const { known } = ctx;
  return {
    region: cad ? { factor: CAD_FACTOR, symbol: 'C$', country: 'CA' } : { factor: 1, symbol: '$', country: 'US' },
    user: { loggedIn: ctx.cookies.demo_user === '1', ...(known && { recentSearches: known.recentSearches }) },
    paypal: { clientId: 'demo-client-id', sdkBaseUrl: '/demo/fake-paypal-sdk.js' },
    ...(known && { cart: known.cart, country: known.country }),
  };
}

const MENU = [
  ['Pokémon', ['Booster Boxes', 'Elite Trainer Boxes', 'Singles']],
  ['Sports', ['Baseball', 'Basketball', 'Football']],
  ['Group Breaks', ['Live Now', 'Upcoming', 'Break Results']],
  ['Supplies', ['Sleeves', 'Toploaders', 'Binders']],
] as const;

function header(ctx: RenderContext): string {
  const loggedIn = ctx.cookies.demo_user === '1';
  // The search bars take the user from the config block when it has the saved searches; else from their props.
  const searchUser = ctx.known ? {} : { loggedIn, recentSearches: loggedIn ? ['pokemon 151', 'topps chrome'] : [] };
  const menu = MENU.map(
    ([name, items], i) => `
        <li class="menu__item">
          <button type="button" class="menu__toggle" data-submenu-toggle aria-expanded="false" aria-controls="submenu-${i}">${esc(name)}</button>
          <ul class="menu__sub" id="submenu-${i}" hidden>
            ${items.map((item) => `<li><a href="/c/${esc(item.toLowerCase().replace(/\W+/g, '-'))}">${esc(item)}</a></li>`).join('')}
          </ul>
        </li>`,
  ).join('');
  const account = loggedIn
    ? `<li><a href="/user/logged-in">My account</a></li><li><a href="/claim-loyalty-rewards">Rewards</a></li><li><a href="/logout">Sign out</a></li>`
    : `<li><button type="button" class="linklike" data-modal-open="login-modal">Sign in</button></li><li><a href="/register">Create account</a></li>`;
  return `
  <header class="site-header" data-widget="header">
    <div class="topbar" data-header-topbar>Free shipping on orders over $99 · Live breaks every night at 7 PM ET</div>
    <div class="infobar" data-header-infobar><a href="/steel-city-break-room">Tonight: 2024 Topps Chrome case break</a></div>
    <div class="alert-row" data-alert-id="holiday-cutoff-2026" role="region" aria-label="Announcement">
      <p>Order by Dec 18 for delivery before the holidays.</p>
      <button type="button" class="alert-row__dismiss" data-alert-dismiss aria-label="Dismiss announcement">×</button>
    </div>
    <div class="mainbar">
      <button type="button" class="icon-btn mainbar__menu" data-panel-toggle="main-menu" aria-controls="main-menu" aria-expanded="false"><span class="icon-bars" aria-hidden="true"></span><span class="visually-hidden">Menu</span></button>
      <a class="logo" href="/"><span class="logo__mark" aria-hidden="true">SC</span> <span class="logo__text">Steel City Collectibles</span></a>
      <div class="mainbar__search">${hook('search-bar', searchUser)}</div>
      <button type="button" class="icon-btn mobile-search-toggle" data-panel-toggle="mobile-search" aria-controls="mobile-search" aria-expanded="false"><span class="visually-hidden">Search</span><span class="icon-search" aria-hidden="true"></span></button>
      <button type="button" class="icon-btn flag-btn" data-region-open><img src="/demo/img/flag-${config(ctx).region.country === 'CA' ? 'ca' : 'us'}.svg" alt="" width="24" height="16"><span class="visually-hidden">Choose your region</span></button>
      <div class="account">
        <button type="button" class="icon-btn" data-panel-toggle="account" aria-controls="account-menu" aria-expanded="false"><span class="icon-user" aria-hidden="true"></span><span class="visually-hidden">Account</span></button>
        <ul class="account__menu" id="account-menu" data-panel="account" hidden>${account}</ul>
      </div>
      ${hook('cart-dropdown')}
    </div>
    <nav class="menu" id="main-menu" data-panel="main-menu" aria-label="Main"><ul class="menu__list">${menu}</ul></nav>
    <div class="mobile-search" id="mobile-search" data-panel="mobile-search" hidden>${hook('search-bar', { ...searchUser, variant: 'mobile' })}</div>
    <div class="header-overlay" data-header-overlay hidden></div>
  </header>`;
}

function footer(): string {
  return `
  <footer class="site-footer">
    <div class="site-footer__cols">
      <div><h2>Shop</h2><ul><li><a href="/c/supplies">Supplies</a></li><li><a href="/steel-city-break-room">Break room</a></li><li><a href="/claim-loyalty-rewards">Rewards Program</a></li></ul></div>
      <div><h2>Help</h2><ul><li><a href="/international-buyers">International buyers</a></li><li><a href="/cart">Cart</a></li><li><a href="/checkout">Checkout</a></li></ul></div>
      <div><h2>Follow</h2><p>Share a pull and earn points: <button type="button" class="linklike" data-widget="loyalty-action" ${props({ type: 'share' })}>Share this page</button></p></div>
    </div>
    <p class="site-footer__legal">Demo shop for storefront-widgets. Prices and products are made up.</p>
  </footer>`;
}

function document_(ctx: RenderContext, title: string, main: string): string {
  const build = ctx.build === 'react' ? '/build-react' : '/build';
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${esc(title)} · Steel City Collectibles</title>
  <meta name="csrf-token" content="demo-csrf-token-${Date.now().toString(36)}">
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="/demo/demo.css">
  <link rel="stylesheet" href="${build}/storefront.css">
  <script type="application/json" id="storefront-config">${JSON.stringify(config(ctx)).replace(/</g, '\\u003c')}</script>
  ${ctx.mock === 'server' ? '' : '<script type="module" src="/demo/mock.js"></script>\n  '}<script type="module" src="${build}/storefront.js"></script>
</head>
<body>
  <a class="skip-link" href="#main">Skip to content</a>
  ${header(ctx)}
  <main id="main" class="page">${main}</main>
  ${footer()}
  ${hook('login-modal')}
  ${hook('country-prompt', { flagUrl: '/demo/img/flag-ca.svg' })}
  ${hook('region-dialog')}
  ${hook('cart-dialogs')}
</body>
</html>`;
}

const teasers = (list: RawProduct[]) => list.map(toTeaser);

function categoryPage(ctx: RenderContext, title: string, list: RawProduct[], intro: string): string {
  return document_(
    ctx,
    title,
    `
    <nav class="breadcrumbs" aria-label="Breadcrumb"><a href="/">Home</a> / <span aria-current="page">${esc(title)}</span></nav>
    <h1>${esc(title)}</h1>
    <p class="page__intro">${esc(intro)}</p>
    ${hook('product-grid', { products: teasers(list) }, 'section', 'aria-label="Products" class="grid-host"')}
    <section class="recently-viewed" aria-labelledby="rv-title">
      <h2 id="rv-title">Recently viewed</h2>
      ${hook('recently-viewed')}
    </section>`,
  );
}

function productPage(ctx: RenderContext, product: RawProduct): string {
  const full = toProduct(product);
  return document_(
    ctx,
    product.title,
    `
    <nav class="breadcrumbs" aria-label="Breadcrumb"><a href="/">Home</a> / <span aria-current="page">${esc(product.title)}</span></nav>
    <div class="product">
      <div class="product__media"><img src="${esc(product.MainImage?.Medium ?? '/demo/img/no-image.svg')}" alt="${esc(product.title)}" width="480" height="480"></div>
      <div class="product__info">
        <h1 class="product__title">${esc(product.title)}</h1>
        <p class="product__sku">SKU ${esc(product.sku ?? '')}</p>
        ${hook('add-to-cart', { product: full })}
      </div>
    </div>
    <section class="recently-viewed" aria-labelledby="rv-title">
      <h2 id="rv-title">Recently viewed</h2>
      ${hook('recently-viewed')}
    </section>`,
  );
}

function contentPage(ctx: RenderContext, title: string, body: string, status = 200): Page {
  return { status, html: document_(ctx, title, `<h1>${esc(title)}</h1>${body}`) };
}

const STATIC: Record<string, [string, string]> = {
  '/cart': ['Your cart', '<p>The full cart page of the shop is server-rendered and out of scope for the widgets.</p>'],
  '/checkout': ['Checkout', '<p>The checkout step is out of scope for the widgets.</p>'],
  '/user/logged-in': ['Welcome back!', '<p>You are signed in.</p>'],
  // Where Laravel sends a refused sign-in back (?answers=laravel-redirect).
  '/login': ['Sign in', '<p>The shop sign-in page.</p>'],
  '/password/reset': ['Reset your password', '<p>Enter your email and we will send you a reset link.</p>'],
  '/register': ['Create account', '<p>Registration form.</p>'],
  '/international-buyers': ['International buyers', '<p>Which products ship to your country, and how.</p>'],
  '/steel-city-break-room': ['Live break schedule', '<p>Breaks run every night at 7 PM ET.</p>'],
  '/claim-loyalty-rewards': ['Rewards Program', '<p>Earn points on every order and redeem them for reward-only products.</p>'],
  '/logout': ['Signed out', '<p>You are signed out.</p>'],
};

/** `?cards=N` on the category page: N cards (the catalog repeated, with unique ids), for the bench. */
export const MAX_CARDS = 2000;
function catalogCards(query: URLSearchParams): RawProduct[] {
  const n = Math.min(Math.max(Number.parseInt(query.get('cards') ?? '', 10) || 48, 1), MAX_CARDS);
  const maxId = Math.max(...products.map((p) => p.id));
  return Array.from({ length: n }, (_, i) => {
    const p = products[i % products.length]!;
    const round = Math.floor(i / products.length);
    return round === 0 ? p : { ...p, id: p.id + round * maxId };
  });
}

export function renderPage(ctx: RenderContext): Page {
  const render = ctx.query.get('ssr') === '0' ? undefined : ctx.renderIsland;
  const pageConfig = config(ctx);
  islandHtml = render ? (widget, value) => render(widget, value, pageConfig) : null;
  try {
    return renderRoute(ctx);
  } finally {
    islandHtml = null;
  }
}

function renderRoute(ctx: RenderContext): Page {
  const { path } = ctx;
  if (path === '/' || path === '/index.html') {
    return { status: 200, html: categoryPage(ctx, 'Trading cards', catalogCards(ctx.query), 'Sealed wax, group breaks and supplies, shipped from Pittsburgh.') };
  }
  if (path.startsWith('/c/')) {
    const supplies = products.filter((p) => p.categories?.some((c) => c.name === 'Supplies'));
    return { status: 200, html: categoryPage(ctx, 'Supplies', supplies, 'Protect your investment.') };
  }
  if (path === '/search') {
    const q = (ctx.query.get('q') ?? '').trim().toLowerCase();
    const found = q ? products.filter((p) => p.title.toLowerCase().includes(q)) : [];
    return { status: 200, html: categoryPage(ctx, `Search results for “${ctx.query.get('q') ?? ''}”`, found, `${found.length} products found.`) };
  }
  const page = STATIC[path];
  if (page) return contentPage(ctx, page[0], page[1]);
  const product = products.find((p) => `/${p.slug}` === path);
  if (product) return { status: 200, html: productPage(ctx, product) };
  return contentPage(ctx, 'Page not found', '<p><a href="/">Back to the shop</a></p>', 404);
}

/** The page the express PayPal form posts to: echoes what it received. */
export function renderPaypalLanding(ctx: RenderContext, fields: Record<string, string>): Page {
  const rows = Object.entries(fields)
    .map(([k, v]) => `<dt>${esc(k)}</dt><dd><code data-field="${esc(k)}">${esc(v)}</code></dd>`)
    .join('');
  return contentPage(ctx, 'PayPal order received', `<p>The shop would now complete the PayPal order.</p><dl class="echo">${rows}</dl>`);
}
