// @vitest-environment node
/**
 * The PHP client's options (laravel/client/Options.php, through its entry
 * php/storefront-ssr.php), as tables: each value an operator can get wrong is
 * refused in one line that names it and what is allowed, the page still
 * renders with its hooks empty (they render in the browser) and the service
 * is not asked; each value written another good way is taken. Under every
 * PHP found here; without PHP this file does not run and says so.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { phps, root } from '../../embedding-site';
import { closeNow, listenLocally } from './local-server';

const run = promisify(execFile);
const versions = phps();
if (!versions.length) console.log('storefront-ssr-options.test.ts: not run (no php). Install: sudo scripts/php-deps.sh');

/** Options as JSON, except `timeout: 2.5` and `config: 'object'` (a stdClass), which JSON cannot say. */
const PAGE = `<?php
require ${JSON.stringify(join(root, 'php/storefront-ssr.php'))};
$options = json_decode($argv[1], true);
if (($options['config'] ?? null) === 'stdClass') { $options['config'] = (object) ['region' => ['symbol' => '$']]; }
if (($options['timeout'] ?? null) === 'float') { $options['timeout'] = 2.5; }
$ssr = StorefrontSsr::start($options);
echo "<main>", $ssr->hook('search-bar', ['variant' => 'desktop']), "</main>";
`;

const ALLOWED = {
  url: 'an http:// URL such as http://127.0.0.1:13714, or null (no server rendering)',
  timeout: 'a whole number of milliseconds from 1 to 60000',
  config: 'an array or an object (the #storefront-config values)',
  manifest: "the path of the bundle's manifest.json, or null",
  transport: "'kept', 'curl' (with PHP's curl extension) or 'streams'",
  logFile: 'a file path',
};

/** [option, value, how the line shows it]: each refused. */
const REFUSED: [keyof typeof ALLOWED, unknown, string][] = [
  ['url', 'https://127.0.0.1:13714', "'https://127.0.0.1:13714'"],
  ['url', '127.0.0.1:13714', "'127.0.0.1:13714'"],
  ['url', 'http://', "'http://'"],
  ['url', 'http://127.0.0.1:13714/?pool=2', "'http://127.0.0.1:13714/?pool=2'"],
  ['url', 13714, '13714'],
  ['timeout', 'abc', "'abc'"],
  ['timeout', '200ms', "'200ms'"],
  ['timeout', 0, '0'],
  ['timeout', -5, '-5'],
  ['timeout', 60001, '60001'],
  ['timeout', '1.5', "'1.5'"],
  ['timeout', 'float', '2.5'],
  ['timeout', null, 'NULL'],
  ['timeout', true, 'true'],
  ['config', 'cart', "'cart'"],
  ['config', 3, '3'],
  ['config', null, 'NULL'],
  ['manifest', '', "''"],
  ['manifest', 7, '7'],
  ['transport', 'http', "'http'"],
  ['transport', 'KEPT', "'KEPT'"],
  ['transport', null, 'NULL'],
  ['logFile', '', "''"],
  ['logFile', ['/tmp/x'], 'an array'],
];

/** [option, value, what the service is told]: each taken. */
const TAKEN: [string, unknown, (headers: IncomingHttpHeaders) => unknown, unknown][] = [
  // Long enough for a busy machine: what is checked is the value sent, not how fast.
  ['timeout', 30000, (h) => h['x-storefront-timeout'], '30000'],
  ['timeout', '30000', (h) => h['x-storefront-timeout'], '30000'],
  ['timeout', ' 45000 ', (h) => h['x-storefront-timeout'], '45000'],
  ['timeout', '60000', (h) => h['x-storefront-timeout'], '60000'],
  ['timeout', 60000, (h) => h['x-storefront-timeout'], '60000'],
  ['config', 'stdClass', () => 'asked', 'asked'],
  ['manifest', null, (h) => h['x-storefront-render-version'], undefined],
  ['transport', 'streams', (h) => h.connection, 'close'],
  ['transport', 'kept', (h) => h.connection, 'keep-alive'],
];

describe.skipIf(!versions.length).each(versions)('$name: the options of php/storefront-ssr.php', ({ command }) => {
  let dir: string;
  let server: Server;
  let url: string;
  let seen: IncomingHttpHeaders[] = [];
  let run_ = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'storefront-ssr-options-'));
    writeFileSync(join(dir, 'page.php'), PAGE);
    server = createServer((req, res) => {
      seen.push(req.headers);
      req.resume().on('end', () => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"html":["<p>server</p>"]}'));
    });
    url = await listenLocally(server);
  });
  afterAll(() => closeNow(server, dir));
  beforeEach(() => {
    seen = [];
  });

  /** Two pages of one machine (one temp folder: the line's clock), each with these options. */
  const twoPages = async (options: Record<string, unknown>) => {
    const temp = join(dir, `temp-${++run_}`);
    mkdirSync(temp);
    const page = () => run(command, ['-d', 'error_log=', '-d', `sys_temp_dir=${temp}`, join(dir, 'page.php'), JSON.stringify({ url, timeout: 20000, ...options })]);
    const first = await page();
    const second = await page();
    return { html: [first.stdout, second.stdout], log: first.stderr + second.stderr };
  };

  it.each(REFUSED)('%s = %j is refused in one line, and the page renders with its hooks in the browser', async (name, value, shown) => {
    const { html, log } = await twoPages({ [name]: value });
    expect(seen).toEqual([]);
    expect(html).toEqual(Array(2).fill(`<main><div data-widget="search-bar" data-props='{"variant":"desktop"}'></div></main>`));
    const lines = log.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Storefront server rendering is off, hooks render in the browser: option ${name}=${shown} is not ${ALLOWED[name]}`);
  });

  it('a misspelt option is refused in one line naming the known ones', async () => {
    const { html, log } = await twoPages({ timout: 300 });
    expect(seen).toEqual([]);
    expect(html[0]).toContain('<div data-widget="search-bar" data-props=\'{"variant":"desktop"}\'></div>');
    expect(log.trim().split('\n')).toHaveLength(1);
    expect(log).toContain("option 'timout' is unknown (known: url, timeout, config, manifest, transport, logFile)");
  });

  it('every refused value of a page is in its one line', async () => {
    const { log } = await twoPages({ timeout: 'abc', transport: 'http' });
    expect(log.trim().split('\n')).toHaveLength(1);
    expect(log).toContain("option timeout='abc' is not a whole number of milliseconds from 1 to 60000; option transport='http' is not");
  });

  it.each(TAKEN)('%s = %j is taken', async (name, value, read, expected) => {
    const { html, log } = await twoPages({ [name]: value });
    expect(log).toBe('');
    expect(html[0]).toContain('<p>server</p>');
    expect(seen).toHaveLength(2);
    expect(read(seen[0]!)).toEqual(expected);
  });

  it('a URL with a trailing slash, and no URL at all (null or empty: no server rendering, no line)', async () => {
    expect((await twoPages({ url: `${url}/` })).html[0]).toContain('<p>server</p>');
    for (const none of [null, '']) {
      seen = [];
      const { html, log } = await twoPages({ url: none });
      expect([seen, log]).toEqual([[], '']);
      expect(html[0]).toContain('<div data-widget="search-bar" data-props=\'{"variant":"desktop"}\'></div>');
    }
  });
});
