// @vitest-environment node
/**
 * php/storefront-ssr.php against a fake render service, under every PHP found
 * here (the system's and Debian 11's PHP 7.4) and with each transport (a kept connection, curl,
 * plain sockets): what it sends, what it prints, and what it does when the
 * service is slow or wrong. Without PHP this file does not run and says so.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { phps, root } from '../../embedding-site';
import { closeNow, listenLocally } from './local-server';

const run = promisify(execFile);
const versions = phps();
if (!versions.length) console.log('storefront-ssr.test.ts: not run (no php). Install: sudo scripts/php-deps.sh');

const HOSTILE = `</script><img src=x onerror=alert(1)> 'quote' "double" &amp;`;

/** A page: a grid hook with hostile props, a hook printed into a discarded buffer, and one with no props. */
const PAGE = `<?php
require ${JSON.stringify(join(root, 'php/storefront-ssr.php'))};
$ssr = StorefrontSsr::start(json_decode($argv[1], true));
echo "<main>", $ssr->hook('product-grid', ['products' => [['title' => ${JSON.stringify(HOSTILE)}]]], 'section', 'aria-label="Products"');
ob_start();
echo $ssr->hook('search-bar', ['variant' => 'desktop']);
ob_end_clean();
echo $ssr->hook('cart-dropdown'), "</main>";
`;

/**
 * The same hooks the Laravel 5.5–7 way (docs/embedding.md, section 7): no
 * buffering (the views render inside Laravel's own buffers), the response's
 * content filled once at the end, as a middleware does.
 */
const UNBUFFERED = `<?php
require ${JSON.stringify(join(root, 'php/storefront-ssr.php'))};
$ssr = new StorefrontSsr(json_decode($argv[1], true));
$content = "<main>" . $ssr->hook('product-grid', ['products' => [['title' => 'Box']]], 'section') . $ssr->hook('cart-dropdown') . "</main>";
echo $ssr->fill($content);
`;

/**
 * Two pages served one after the other by one PHP process, as a PHP-FPM worker serves them; its
 * throttle never skips (its draw is never under the probability): these tests are about the connection.
 */
const TWO_PAGES = `<?php
require ${JSON.stringify(join(root, 'php/storefront-ssr.php'))};
$never = new StorefrontWidgets\\Ssr\\Throttle(__DIR__ . '/never-' . getmypid() . '.counts', null, function () { return 1.0; });
foreach (['first', 'second'] as $page) {
    $ssr = new StorefrontSsr(json_decode($argv[1], true), $never);
    echo $ssr->fill($ssr->hook('product-grid', ['products' => [['title' => $page]]])), "\n";
}
`;

interface Seen {
  headers: IncomingHttpHeaders;
  body: { config: unknown; hooks: { widget: string; props: unknown }[] };
}

describe.skipIf(!versions.length)('php/storefront-ssr.php', () => {
  let dir: string;
  let server: Server;
  let url: string;
  let seen: Seen[] = [];
  /** How the fake service answers the next requests. */
  let answer: (seen: Seen) => { status: number; body: string; delayMs?: number };
  /** Connections the fake service accepted; whether it closes a connection when a second request comes on it. */
  let connections = 0;
  let dropKeptRequests = false;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'storefront-ssr-php-'));
    writeFileSync(join(dir, 'page.php'), PAGE);
    writeFileSync(join(dir, 'unbuffered.php'), UNBUFFERED);
    writeFileSync(join(dir, 'two-pages.php'), TWO_PAGES);
    server = createServer((req, res) => {
      let raw = '';
      const socket = req.socket as typeof req.socket & { served?: number };
      socket.served = (socket.served ?? 0) + 1;
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const request = { headers: req.headers, body: JSON.parse(raw) };
        seen.push(request);
        if (dropKeptRequests && socket.served! > 1) return void socket.destroy(); // closed as the request came, unanswered
        const { status, body, delayMs = 0 } = answer(request);
        setTimeout(() => res.writeHead(status, { 'Content-Type': 'application/json' }).end(body), delayMs);
      });
    });
    server.on('connection', () => connections++);
    url = await listenLocally(server);
  });
  afterAll(() => closeNow(server, dir));
  beforeEach(() => {
    seen = [];
    connections = 0;
    dropKeptRequests = false;
    answer = ({ body }) => ({ status: 200, body: JSON.stringify({ html: body.hooks.map((h) => `<p>${h.widget}</p>`) }) });
  });

  const cases = versions.flatMap((php) => (['kept', 'curl', 'streams'] as const).map((transport) => ({ ...php, transport })));

  describe.each(cases)('$name, $transport', ({ command, transport }) => {
    let logFile: string;
    /** Each test's temp folder: the throttle's counts there are its own, not an earlier test's refusals. */
    let temp: string;
    beforeEach(() => {
      logFile = join(dir, `logged-${Math.random()}`);
      temp = mkdtempSync(join(dir, 'temp-'));
    });
    const page = async (options: Record<string, unknown>, file = 'page.php') => {
      const start = performance.now();
      // E_ALL shown on stderr: a notice or deprecation from the client fails the tests that expect an empty log.
      const { stdout, stderr } = await run(command, ['-d', 'error_log=', '-d', 'error_reporting=-1', '-d', 'display_errors=stderr', join(dir, file), JSON.stringify({ transport, logFile, ...options })], { env: { ...process.env, TMPDIR: temp } });
      return { html: stdout, log: stderr, ms: performance.now() - start };
    };

    it('sends the hooks still in the page in one request, with the page config, its timeout and their count, and fills them', async () => {
      const config = { region: { symbol: '$' }, user: { recentSearches: [HOSTILE] } };
      const { html, log } = await page({ url, timeout: 300, config });
      expect(seen).toHaveLength(1);
      expect(seen[0]!.headers['x-storefront-timeout']).toBe('300');
      expect(seen[0]!.headers['x-storefront-hooks']).toBe('2');
      expect(seen[0]!.headers['content-type']).toBe('application/json');
      expect(seen[0]!.body).toEqual({
        config,
        hooks: [
          { widget: 'product-grid', props: { products: [{ title: HOSTILE }] } },
          { widget: 'cart-dropdown', props: null },
        ],
      });
      const props = `{"products":[{"title":"\\u003C\\/script\\u003E\\u003Cimg src=x onerror=alert(1)\\u003E \\u0027quote\\u0027 \\u0022double\\u0022 \\u0026amp;"}]}`;
      expect(html).toBe(`<main><section data-widget="product-grid" data-props='${props}' aria-label="Products"><p>product-grid</p></section><div data-widget="cart-dropdown"><p>cart-dropdown</p></div></main>`);
      expect(log).toBe('');
    });

    it('unbuffered (Laravel 5.5–7: new, then fill() on the response content) sends one request and fills the hooks', async () => {
      const { html, log } = await page({ url, timeout: 300 }, 'unbuffered.php');
      expect(seen).toHaveLength(1);
      expect(seen[0]!.headers['x-storefront-timeout']).toBe('300');
      expect(seen[0]!.body.hooks.map((h) => h.widget)).toEqual(['product-grid', 'cart-dropdown']);
      expect(html).toBe(`<main><section data-widget="product-grid" data-props='{"products":[{"title":"Box"}]}'><p>product-grid</p></section><div data-widget="cart-dropdown"><p>cart-dropdown</p></div></main>`);
      expect(log).toBe('');
    });

    it('prints the empty hooks, within the timeout, when the service is slower', async () => {
      answer = ({ body }) => ({ status: 200, body: JSON.stringify({ html: body.hooks.map(() => '<p>late</p>') }), delayMs: 3000 });
      const { html, log, ms } = await page({ url, timeout: 200 });
      expect(html).toMatch(/<section data-widget="product-grid" data-props='[^']+' aria-label="Products"><\/section><div data-widget="cart-dropdown"><\/div>/);
      expect(ms).toBeLessThan(2000); // the service answers after 3 s; PHP gave up long before
      expect(log).toMatch(/Storefront render service at http:\/\/127\.0\.0\.1:\d+ unavailable, hooks render in the browser: /);
    });

    it.each([
      ['an error status', () => ({ status: 500, body: '{"error":"boom"}' })],
      ['one string too few', () => ({ status: 200, body: '{"html":["<p>only one</p>"]}' })],
      ['no JSON', () => ({ status: 200, body: '<html>proxy error</html>' })],
    ])('prints the empty hooks on %s, and logs one line a minute', async (_, wrong) => {
      answer = wrong;
      const first = await page({ url });
      const second = await page({ url });
      expect(first.html).not.toContain('<p>');
      expect(second.html).toBe(first.html);
      expect(first.log.match(/unavailable, hooks render in the browser/g)).toHaveLength(1);
      expect(second.log).toBe('');
    });

    it('logs every failure when it cannot keep the time of the last line (the log file cannot be written)', async () => {
      answer = () => ({ status: 500, body: '{}' });
      for (let i = 0; i < 2; i++) {
        temp = mkdtempSync(join(dir, 'temp-')); // a page of another host: its throttle has not seen the first refusal
        expect((await page({ url, logFile: join(dir, 'missing-folder/logged') })).log).toMatch(/unavailable, hooks render in the browser/);
      }
    });

    it(transport === 'kept' ? 'two pages of one PHP process share one connection' : 'each page opens a connection of its own', async () => {
      const { html, log } = await page({ url, timeout: 1000 }, 'two-pages.php');
      expect(html).toBe('<div data-widget="product-grid" data-props=\'{"products":[{"title":"first"}]}\'><p>product-grid</p></div>\n' + '<div data-widget="product-grid" data-props=\'{"products":[{"title":"second"}]}\'><p>product-grid</p></div>\n');
      expect(connections).toBe(transport === 'kept' ? 1 : 2);
      expect(log).toBe('');
    });

    it.runIf(transport === 'kept')('a kept connection the service closes as the next page asks is replaced once, and the page renders', async () => {
      dropKeptRequests = true;
      const { html, log } = await page({ url, timeout: 1000 }, 'two-pages.php');
      expect(html.match(/<p>product-grid<\/p>/g)).toHaveLength(2);
      expect(seen.map(({ body }) => (body.hooks[0]!.props as { products: { title: string }[] }).products[0]!.title)).toEqual(['first', 'second', 'second']);
      expect(connections).toBe(2);
      expect(log).toBe('');
    });

    it.runIf(transport === 'kept')('a connection whose answer came after PHP stopped waiting is not used again: the next page reads its own answer', async () => {
      answer = ({ body }) => ({ status: 200, body: JSON.stringify({ html: body.hooks.map(() => `<p>${JSON.stringify(body.hooks[0]!.props)}</p>`) }), delayMs: seen.length === 1 ? 300 : 0 });
      const { html } = await page({ url, timeout: 200 }, 'two-pages.php');
      const [first, second] = html.trim().split('\n');
      expect(first).not.toContain('<p>');
      expect(second).toContain('<p>{"products":[{"title":"second"}]}</p>');
      expect(connections).toBe(2);
    });

    it('says the render version of the bundle its `manifest` names (X-Storefront-Render-Version); without one, none', async () => {
      const manifest = join(dir, 'manifest.json');
      writeFileSync(manifest, JSON.stringify({ 'widgets/storefront.ts': { file: 'storefront-X.js', isEntry: true, renderVersion: 'a1b2c3d4e5' } }));
      await page({ url, manifest });
      await page({ url, manifest: join(dir, 'missing/manifest.json') });
      expect(seen.map(({ headers }) => headers['x-storefront-render-version'])).toEqual(['a1b2c3d4e5', undefined]);
    });

    it('without a url makes no request and prints the empty hooks', async () => {
      const { html, log } = await page({ url: null });
      expect(seen).toEqual([]);
      expect(html).toContain('<div data-widget="cart-dropdown"></div>');
      expect(log).toBe('');
    });
  });
});
