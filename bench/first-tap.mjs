/**
 * The first interaction as a shopper on a phone makes it: Chromium with
 * mobile emulation (390×844, isMobile, touch), CPU 4× slower, Lighthouse's
 * slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up), cold cache (a fresh
 * context per run), after `load` + 2 s of idle, the first input a tap with no
 * pointer move before it (touch events and the click the browser derives
 * from them, as from a finger).
 *
 * Variants, interleaved (run k of each before run k+1 of any):
 *   sleeping  the default page: server HTML, islands asleep until input
 *   ssr=0     every island rendered in the browser at load (`?ssr=0`)
 *   woken     the default page after `Storefront.wake()` and a quiet network
 *   react     the React build (`?build=react`)
 *   reactWoken  the React build after `Storefront.wake()`: its own woken page,
 *             which its later steps are held to (its framework renders slower)
 *
 * Times are read in the page, on one clock: from the input's own event
 * (`touchstart` / `keydown` timeStamp) to the first animation frame in which
 * the response is visible (a MutationObserver or a focus change asks for a
 * frame; the check runs in that frame's requestAnimationFrame callback). Lost
 * input is counted per run: letters missing from the field or the query, an
 * ArrowDown that never opens the list, a tap on the cart icon that leaves
 * for /cart, an Add to cart that posts or opens its dialog other than once.
 *
 * Every request goes through Playwright's routing (openLocal keeps traffic on
 * this machine), which turns the HTTP cache off: code fetched ahead of the
 * input counts only when the browser keeps it as a module (modulepreload),
 * not as a cached response.
 */
import { networkQuiet } from '../scripts/network-quiet.mjs';
import { longest, longestEntry, markdownTable, median, ms, observeLongTasks, openLocal, PHONE, spread, tap } from './common.mjs';

/** The CPU slowdown by default (`--cpu N` for another: 6 stands in for a phone slower than ours). */
const CPU_SLOWDOWN = 4;
/** Lighthouse's mobile slow 4G (its simulated throttling): 150 ms RTT, 1.6 Mbps down, 750 kbps up. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const IDLE_AFTER_LOAD_MS = 2000;
/** How long a response may take before the run counts it as never shown. */
const RESPONSE_TIMEOUT_MS = 6000;
const RUN_TIMEOUT_MS = 60_000;
/** The keyboard row: the island code arrives this much later than the network alone brings it. */
const CODE_DELAY_MS = 300;
const QUERY = 'charizard';
/** Between key presses when typing right after the tap (a quick thumb). */
const TYPING_DELAY_MS = 120;

export const VARIANTS = [
  ['sleeping', 'sleeping page (default)'],
  ['ssr0', 'client render at load (`?ssr=0`)'],
  ['woken', 'page already woken'],
  ['react', 'React build'],
  ['reactWoken', 'React build, woken'],
];

/**
 * Runs in the page before its scripts. `__firstTap.arm(names)` starts
 * watching the named responses (RESPONSES below); each is timed at the first
 * animation frame in which it is visible. Every input event is logged with
 * its timeStamp (the same clock as performance.now()).
 */
function firstTapProbe() {
  const w = /** @type {any} */ (window);
  const ft = { inputs: [], seen: {}, pending: [], baseline: {}, dialogs: {} };
  w.__firstTap = ft;
  const INPUTS = ['pointerover', 'pointerenter', 'pointermove', 'pointerdown', 'pointerup', 'touchstart', 'touchend', 'mousemove', 'mousedown', 'mouseup', 'click', 'keydown', 'focusin'];
  for (const type of INPUTS) {
    addEventListener(type, (e) => ft.inputs.push([e.type, e.timeStamp, e.type === 'keydown' ? e.key : '']), { capture: true, passive: true });
  }

  const visible = (el) => {
    if (!el || !el.isConnected) return false;
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return false;
    return el.checkVisibility ? el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) : true;
  };
  const nameOf = (el) => {
    const ids = el.getAttribute('aria-labelledby');
    if (ids) return ids.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    return el.getAttribute('aria-label') ?? '';
  };
  const visibleDialogs = () => [...document.querySelectorAll('[role="dialog"], [role="alertdialog"], dialog')].filter(visible);
  const dialogNamed = (text) => visibleDialogs().find((d) => nameOf(d).includes(text) || (d.textContent ?? '').includes(text));
  const card = () => document.querySelector(ft.baseline.cardSelector)?.closest('.sfw-product-grid__item') ?? null;
  const searchField = () => [...document.querySelectorAll('[data-widget="search-bar"] input:not([type="hidden"])')].find(visible) ?? null;
  const trending = () => [...document.querySelectorAll('[data-widget="search-bar"] [role="group"], [data-widget="search-bar"] [role="listbox"]')].find((g) => visible(g) && /Trending Searches/.test(nameOf(g) + g.textContent));
  const quantity = () => document.querySelector('[data-widget="add-to-cart"] input[inputmode], [data-widget="add-to-cart"] input[type="number"], [data-widget="add-to-cart"] .sfw-add-to-cart__qty-input');

  /** What each response looks like; `baseline` is what the page showed when armed. */
  const RESPONSES = {
    // Add to cart: the button shows it works (busy, a spinner), an error, or a dialog opens.
    addFirst: () => {
      const c = card();
      const button = c && [...c.querySelectorAll('button')].find((b) => /Add to cart/i.test(b.textContent ?? ''));
      return Boolean(
        (button && (button.getAttribute('aria-busy') === 'true' || button.getAttribute('aria-disabled') === 'true' || button.disabled || button.querySelector('[role="status"], .sfw-spinner'))) ||
          (c && [...c.querySelectorAll('[role="alert"]')].some(visible)) ||
          visibleDialogs().length > ft.baseline.dialogs,
      );
    },
    addedDialog: () => Boolean(dialogNamed('Product added to your cart!')),
    cartPanel: () => [...document.querySelectorAll('[data-widget="cart-dropdown"] [role="dialog"]')].some(visible),
    accountMenu: () => [...document.querySelectorAll('[data-modal-open="login-modal"]')].some(visible),
    loginModal: () => Boolean(dialogNamed('Sign in to your account')),
    searchFocused: () => {
      const field = searchField();
      return Boolean(field && document.activeElement === field);
    },
    trending: () => Boolean(trending()),
    // The keyboard row: the list opened (the combobox says so, or a list of options shows).
    listOpen: () => {
      const field = searchField();
      if (field?.getAttribute('aria-expanded') === 'true') return true;
      return [...document.querySelectorAll('[data-widget="search-bar"] [role="listbox"], [data-widget="search-bar"] [role="option"]')].some(visible);
    },
    quantityChanged: () => {
      const q = quantity();
      return Boolean(q && q.value !== ft.baseline.quantity);
    },
  };

  let frameAsked = false;
  const check = () => {
    frameAsked = false;
    const now = performance.now();
    ft.pending = ft.pending.filter((name) => {
      if (!RESPONSES[name]()) return true;
      ft.seen[name] = now;
      return false;
    });
    if (!ft.pending.length) observer.disconnect();
  };
  const askFrame = () => {
    if (frameAsked || !ft.pending.length) return;
    frameAsked = true;
    requestAnimationFrame(check);
  };
  const observer = new MutationObserver(askFrame);
  for (const type of ['focusin', 'focusout', 'input', 'touchstart', 'keydown', 'transitionend', 'animationend']) addEventListener(type, askFrame, true);

  ft.arm = (names, cardSelector) => {
    ft.baseline = { cardSelector, dialogs: visibleDialogs().length, quantity: quantity()?.value };
    ft.inputs.length = 0;
    const already = names.filter((name) => RESPONSES[name]());
    ft.pending = names.filter((name) => !already.includes(name));
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    return already;
  };
  ft.field = () => {
    const field = searchField();
    return field ? { value: field.value, focused: document.activeElement === field, caret: field.selectionStart, end: field.value.length } : null;
  };
}

/** Each row: the page, the device, what is watched, and the shopper's input. */
const SCENARIOS = {
  add: {
    path: '/',
    device: PHONE,
    watch: ['addFirst', 'addedDialog'],
    async act(page) {
      const item = page.locator('.sfw-product-grid__item').filter({ has: page.getByRole('button', { name: 'Add to cart' }) }).first();
      const href = await item.locator('a.sfw-teaser-card__title').first().getAttribute('href');
      return { target: item.getByRole('button', { name: 'Add to cart' }), cardSelector: `.sfw-product-grid__item a.sfw-teaser-card__title[href="${href}"]` };
    },
  },
  cart: { path: '/', device: PHONE, watch: ['cartPanel'], act: (page) => ({ target: page.locator('[data-widget="cart-dropdown"] .sfw-cart-dropdown__toggle').first() }) },
  account: { path: '/', device: PHONE, watch: ['accountMenu', 'loginModal'], act: (page) => ({ target: page.getByRole('button', { name: 'Account' }).first() }) },
  search: { path: '/', device: PHONE, watch: ['searchFocused', 'trending'], act: (page) => ({ target: page.getByRole('button', { name: 'Search' }).first() }) },
  typing: { path: '/', device: PHONE, watch: ['searchFocused'], act: (page) => ({ target: page.getByRole('button', { name: 'Search' }).first() }) },
  keyboard: { path: '/', device: DESKTOP, watch: ['listOpen'] },
  // `path`: a product without options (its quantity can change at once), found on the category page.
  quantity: { path: undefined, device: PHONE, watch: ['quantityChanged'], act: (page) => ({ target: page.getByRole('button', { name: 'Increase quantity' }).first() }) },
};

/** The product page of the first card that adds to the cart at once (no options to choose): looked up once, outside the measured runs. */
let plainProduct;
function plainProductPath(browser, baseUrl) {
  plainProduct ??= (async () => {
    const { context, page } = await openLocal(browser, PHONE);
    try {
      await page.goto(new URL('/', baseUrl).href);
      const item = page.locator('.sfw-product-grid__item').filter({ has: page.getByRole('button', { name: 'Add to cart' }) }).first();
      const href = await item.locator('a.sfw-teaser-card__title').first().getAttribute('href');
      if (!href) throw new Error('no card on / adds to the cart at once');
      return href;
    } finally {
      await context.close();
    }
  })();
  return plainProduct;
}

const waitSeen = (page, names, timeout) =>
  page
    .waitForFunction((list) => list.every((n) => n in /** @type {any} */ (window).__firstTap.seen), names, { timeout, polling: 100 })
    .catch(() => {});

/** One run of one row on one variant: the times in ms (null: never shown) and what input was lost. */
async function runOnce(browser, baseUrl, name, variant, cpu) {
  const scenario = SCENARIOS[name];
  const { context, page, pageErrors } = await openLocal(browser, scenario.device);
  const result = { times: {}, lost: null, note: '', inputs: [] };
  try {
    page.setDefaultTimeout(RUN_TIMEOUT_MS);
    await page.addInitScript(firstTapProbe);
    await page.addInitScript(observeLongTasks);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    const url = new URL(scenario.path ?? (await plainProductPath(browser, baseUrl)), baseUrl);
    url.searchParams.set('reset', '1');
    if (variant === 'ssr0') url.searchParams.set('ssr', '0');
    if (variant === 'react' || variant === 'reactWoken') url.searchParams.set('build', 'react');
    const posts = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push([new URL(r.url()).pathname, r.postData() ?? '']));
    const navigations = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
    await page.goto(url.href, { waitUntil: 'load', timeout: RUN_TIMEOUT_MS });
    const acted = name === 'keyboard' ? {} : await scenario.act(page);
    // A control below the fold is brought into view first (by script: no input event).
    await acted.target?.scrollIntoViewIfNeeded();
    await page.waitForTimeout(IDLE_AFTER_LOAD_MS);
    if (variant === 'woken' || variant === 'reactWoken') {
      const quiet = networkQuiet(page, 1000, 20_000);
      await page.evaluate(() => /** @type {any} */ (window).Storefront.wake());
      await quiet;
      await page.waitForTimeout(500);
    }
    navigations.length = 0;
    posts.length = 0;

    if (name === 'keyboard') {
      // The island code (every JS chunk asked for from now on) arrives CODE_DELAY_MS late.
      await page.route(/\/build(-react)?\/.*\.js(\?|$)/, (route) => setTimeout(() => route.continue().catch(() => {}), CODE_DELAY_MS));
      const field = page.locator('[data-widget="search-bar"] input:not([type="hidden"])').first();
      await page.evaluate(() => /** @type {any} */ (window).__firstTap.arm(['listOpen']));
      await field.focus();
      await page.waitForTimeout(150);
      await page.keyboard.press('ArrowDown');
      await waitSeen(page, ['listOpen'], RESPONSE_TIMEOUT_MS);
      const probe = await page.evaluate(() => /** @type {any} */ (window).__firstTap);
      const keydown = probe.inputs.find(([type, , key]) => type === 'keydown' && key === 'ArrowDown');
      result.times.listOpen = 'listOpen' in probe.seen && keydown ? Math.max(0, probe.seen.listOpen - keydown[1]) : null;
      result.lost = result.times.listOpen === null;
      result.note = result.lost ? 'the list never opened' : '';
      return result;
    }

    const { target, cardSelector } = acted;
    const already = await page.evaluate(([names, selector]) => /** @type {any} */ (window).__firstTap.arm(names, selector), [scenario.watch, cardSelector ?? null]);
    if (already.length) result.note = `already shown before the tap: ${already.join(', ')}`;
    await tap(page, target);

    if (name === 'typing') {
      await page.keyboard.type(QUERY, { delay: TYPING_DELAY_MS });
      // Wait until the page has settled (woken, suggestions asked for), then read what it kept and submit.
      await networkQuiet(page, 1500, 20_000);
      const field = await page.evaluate(() => /** @type {any} */ (window).__firstTap.field());
      const probe = await page.evaluate(() => /** @type {any} */ (window).__firstTap);
      const touch = probe.inputs.find(([type]) => type === 'touchstart');
      result.times.searchFocused = 'searchFocused' in probe.seen && touch ? Math.max(0, probe.seen.searchFocused - touch[1]) : null;
      const searched = posts.filter(([path]) => path === '/auto-search').map(([, body]) => {
        try {
          return JSON.parse(body).q;
        } catch {
          return new URLSearchParams(body).get('q');
        }
      });
      let submitted = null;
      if (field?.focused) {
        await page.keyboard.press('Enter');
        await page.waitForURL((u) => u.pathname !== url.pathname || u.search !== url.search, { timeout: 10_000 }).catch(() => {});
        const now = new URL(page.url());
        submitted = now.pathname === '/search' ? now.searchParams.get('q') : now.pathname;
      }
      const lastSearched = searched.at(-1) ?? null;
      result.lost = !(field && field.value === QUERY && field.focused && field.caret === field.end && lastSearched === QUERY && submitted === QUERY);
      result.note = `field "${field?.value ?? '(none)'}"${field?.focused ? '' : ' (focus lost)'}, searched "${lastSearched}", submitted "${submitted}"`;
      return result;
    } else if (name === 'account') {
      await waitSeen(page, ['accountMenu'], RESPONSE_TIMEOUT_MS);
      // The shopper reads the menu, then taps Sign in.
      await page.waitForTimeout(300);
      const signIn = page.locator('[data-modal-open="login-modal"]').filter({ visible: true }).first();
      if (await signIn.count()) await tap(page, signIn);
      await waitSeen(page, ['loginModal'], RESPONSE_TIMEOUT_MS);
    } else {
      await waitSeen(page, scenario.watch, RESPONSE_TIMEOUT_MS);
    }

    const probe = await page.evaluate(() => /** @type {any} */ (window).__firstTap).catch(() => null);
    if (!probe) {
      result.lost = name === 'cart' ? navigations.some((u) => new URL(u).pathname === '/cart') : null;
      result.note = `left the page for ${navigations.at(-1)}`;
      for (const key of scenario.watch) result.times[key] = null;
      return result;
    }
    result.inputs = probe.inputs.map(([type]) => type);
    const touches = probe.inputs.filter(([type]) => type === 'touchstart').map(([, t]) => t);
    for (const key of scenario.watch) {
      // The login modal answers the second tap (Sign in); everything else the first.
      const from = key === 'loginModal' ? touches[1] : touches[0];
      result.times[key] = key in probe.seen && from !== undefined ? Math.max(0, probe.seen[key] - from) : null;
    }
    if (name === 'add') {
      await page.waitForTimeout(500);
      const adds = posts.filter(([path]) => path === '/cart/add-item').length;
      result.lost = adds !== 1 || result.times.addedDialog === null;
      if (adds !== 1) result.note = `${adds} POST /cart/add-item`;
    }
    if (name === 'cart') {
      const left = navigations.some((u) => new URL(u).pathname === '/cart');
      result.lost = left || result.times.cartPanel === null;
      if (left) result.note = 'the tap went to /cart';
    }
    // The longest task from the first input until the page has settled (every island woken, no request for a second).
    await networkQuiet(page, 1000, 20_000).catch(() => {});
    const tasks = await page.evaluate(() => /** @type {any} */ (window).__bench?.tasks ?? []).catch(() => []);
    const first = probe.inputs.find(([type]) => type === 'touchstart' || type === 'pointerdown');
    if (first) result.longestTask = longest(tasks, first[1]);
    // What the longest animation frame after the input ran (Long Animation Frames: its scripts, its rendering).
    const frames = await page.evaluate(() => /** @type {any} */ (window).__bench?.frames ?? []).catch(() => []);
    const frame = first && longestEntry(frames, first[1]);
    if (frame) result.longestFrame = `${Math.round(frame[1])} ms at +${Math.round(frame[0] - first[1])} ms: ${frame[2]}`;
    if (pageErrors.length) result.note += ` page errors: ${pageErrors.join('; ')}`;
    return result;
  } finally {
    await context.close();
  }
}

/** [scenario, response, label, kind]: a first response must show within FIRST_MS (median) and FIRST_MAX_MS (every run); a later step within LATER_RATIO of the woken page; a kept input in every run. */
const ROWS = [
  ['add', 'addFirst', 'tap Add to cart on a card → first visible response', 'first'],
  ['add', 'addedDialog', '… → dialog "Product added to your cart!" (later step)', 'later'],
  ['cart', 'cartPanel', 'tap the cart icon → dropdown visible', 'first'],
  ['account', 'accountMenu', 'tap Account → menu with Sign in', 'first'],
  ['account', 'loginModal', '… then tap Sign in → login modal (later step)', 'later'],
  ['search', 'searchFocused', 'tap Search → field open and focused', 'first'],
  ['search', 'trending', '… → Trending Searches shown (later step)', 'later'],
  // The code is made late on purpose here: the goal is that the key is not lost (the list opens in every run), not a time.
  ['keyboard', 'listOpen', `keyboard (1280×900): focus the search field, ArrowDown 150 ms later, code ${CODE_DELAY_MS} ms late → list open (0: open at focus already)`, 'kept'],
  ['quantity', 'quantityChanged', 'product page: tap Increase quantity → quantity changes', 'first'],
];
const FIRST_MS = 100;
const FIRST_MAX_MS = 150;
const LATER_RATIO = 1.5;
const LOST = [
  ['add', 'Add to cart: not exactly one POST /cart/add-item and one dialog'],
  ['cart', 'cart icon: left for /cart or no dropdown'],
  ['typing', `typed "${QUERY}" right after the tap: field, auto-search or submitted query not exactly "${QUERY}", or focus/caret moved`],
  ['keyboard', 'first ArrowDown (code 300 ms late): the list never opened'],
];

/** Runs every row on every variant, interleaved; prints each run, then the tables. */
export async function firstTap({ browser, baseUrl, runs, only, variants, cpu = CPU_SLOWDOWN }) {
  const names = Object.keys(SCENARIOS).filter((n) => !only || only.includes(n));
  /** results[name][variant] = runs */
  const results = Object.fromEntries(names.map((n) => [n, Object.fromEntries(VARIANTS.map(([v]) => [v, []]))]));
  let shownInputs = false;
  for (let run = 1; run <= runs; run++) {
    for (const name of names) {
      for (const [variant] of VARIANTS.filter(([v]) => !variants || variants.includes(v))) {
        let r;
        try {
          r = await runOnce(browser, baseUrl, name, variant, cpu);
        } catch (error) {
          r = { times: {}, lost: null, note: `run failed: ${String(error.message ?? error).split('\n')[0]}`, inputs: [] };
        }
        results[name][variant].push(r);
        const times = Object.entries(r.times).map(([k, t]) => `${k} ${t === null ? 'never' : ms(t)}`).join(', ');
        const lost = r.lost === null ? '' : r.lost ? ' LOST INPUT' : '';
        console.log(`  run ${run} ${name.padEnd(8)} ${variant.padEnd(8)} ${times}${lost}${r.note ? ` (${r.note})` : ''}`);
        if (!shownInputs && r.inputs.length && name !== 'keyboard') {
          shownInputs = true;
          console.log(`  events of the tap, in order: ${r.inputs.join(' ')}`);
        }
      }
    }
  }

  const cell = (rs, key) => {
    const ts = rs.map((r) => r.times[key]).filter((t) => typeof t === 'number');
    const never = rs.length - ts.length;
    if (!ts.length) return rs.length ? `never (${never} of ${rs.length})` : '';
    return `${spread(ts, ms)}${never ? `; never in ${never} of ${rs.length}` : ''}`;
  };
  const ratio = (rs, ws, key) => {
    const a = rs.map((r) => r.times[key]).filter((t) => typeof t === 'number');
    const b = ws.map((r) => r.times[key]).filter((t) => typeof t === 'number');
    if (!a.length || !b.length) return 'n/a';
    return `${(median(a) / Math.max(1, median(b))).toFixed(1)}×`;
  };
  console.log(
    `\n### First interaction: demo category page / and product page, ${runs === 1 ? '1 run' : `median (min–max) of ${runs} runs`}\n\n` +
      `Chromium, 390×844 mobile emulation with touch (the keyboard row 1280×900), CPU ${cpu}× slower, ${NETWORK.latency} ms RTT, 1.6 Mbps down, 750 kbps up, cold cache, after load + ${IDLE_AFTER_LOAD_MS / 1000} s idle; ` +
      `from the input event (touchstart / keydown timeStamp) to the first animation frame showing the response; "never": not within ${RESPONSE_TIMEOUT_MS / 1000} s.\n`,
  );
  /** The goal, for one variant's runs: every run shown, and in time (first) or close to the woken page (later). */
  const goal = (rs, ws, key, kind) => {
    const ts = rs.map((r) => r.times[key]);
    if (!ts.length) return '';
    if (ts.some((t) => typeof t !== 'number')) return 'missed';
    if (kind === 'kept') return 'met';
    if (kind === 'first') return median(ts) <= FIRST_MS && Math.max(...ts) <= FIRST_MAX_MS ? 'met' : 'missed';
    const woken = ws.map((r) => r.times[key]).filter((t) => typeof t === 'number');
    return woken.length && median(ts) <= LATER_RATIO * median(woken) ? 'met' : 'missed';
  };
  const rows = ROWS.filter(([name]) => names.includes(name)).map(([name, key, label, kind]) => [
    label,
    ...VARIANTS.map(([v]) => cell(results[name][v], key)),
    ratio(results[name].sleeping, results[name].woken, key),
    [goal(results[name].sleeping, results[name].woken, key, kind), goal(results[name].react, results[name].reactWoken, key, kind)].join(' / '),
  ]);
  console.log(markdownTable(['first interaction', ...VARIANTS.map(([, label]) => label), 'sleeping ÷ woken', 'goal: sleeping / React'], rows));
  console.log(`\n(goal: a first response within ${FIRST_MS} ms at the median and ${FIRST_MAX_MS} ms in every run; a later step within ${LATER_RATIO}× its own build's woken page's median, same run; the keyboard row: the list opens in every run)`);
  const lostRows = LOST.filter(([name]) => names.includes(name)).map(([name, label]) => [
    label,
    ...VARIANTS.map(([v]) => {
      const rs = results[name][v].filter((r) => r.lost !== null);
      return rs.length ? `${rs.filter((r) => r.lost).length} of ${rs.length} runs lost input` : 'n/a';
    }),
  ]);
  console.log(`\n${markdownTable(['input', ...VARIANTS.map(([, label]) => label)], lostRows)}`);
  const taskRows = [...new Set(ROWS.map(([name]) => name))]
    .filter((name) => names.includes(name) && VARIANTS.some(([v]) => results[name][v].some((r) => typeof r.longestTask === 'number')))
    .map((name) => [
      name,
      ...VARIANTS.map(([v]) => {
        const ts = results[name][v].map((r) => r.longestTask).filter((t) => typeof t === 'number');
        return ts.length ? spread(ts, ms) : 'n/a';
      }),
    ]);
  if (taskRows.length) {
    console.log(`\n${markdownTable(['longest task from the first input until the page settled (0: none over 50 ms)', ...VARIANTS.map(([, label]) => label)], taskRows)}`);
  }
  // The worst frame of each row and variant, and what it ran: where a long task comes from.
  for (const name of names) {
    for (const [v, label] of VARIANTS) {
      const worst = results[name]?.[v]?.filter((r) => r.longestFrame).sort((a, b) => (b.longestTask ?? 0) - (a.longestTask ?? 0))[0];
      if (worst) console.log(`longest frame, ${name}, ${label}: ${worst.longestFrame}`);
    }
  }
  console.log('\n(the machine may be shared: compare the variants of one run, and the spreads)');
  return results;
}
