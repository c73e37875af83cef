// @vitest-environment node
/**
 * php/storefront-field-data.php, the plain-PHP field-data receiver (laravel/client/Field*.php),
 * under every PHP found here (the system's, Debian 11's PHP 7.4, sid's 8.4): what it accepts,
 * what it refuses (the aggregates unchanged after each refusal), what it answers over HTTP
 * (`php -S`: the real request path, never the input echoed), what it stores (no shopper),
 * and the report, as text and as HTML with every stored string escaped. Without PHP: not run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { phps, root } from '../../embedding-site';

/** A beacon of the contract (the contract's example, docs/laravel.md "Field data") and bad ones, each with what is wrong with it; the Laravel tests send the same. */
const { good: BEACON, bad: BAD_SHAPES } = JSON.parse(readFileSync(join(root, 'test/fixtures/field-beacons.json'), 'utf8')) as {
  good: { build: string } & Record<string, unknown>;
  bad: Record<string, string>;
};

const versions = phps();
if (!versions.length) console.log('field-data.test.ts: not run (no php). Install: sudo scripts/php-deps.sh');
const RECEIVER = join(root, 'php/storefront-field-data.php');
const HOSTILE = `<script>alert("x")</script>&'`;

describe.skipIf(!versions.length).each(versions)('php/storefront-field-data.php, $name', ({ command }) => {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-field-php-'));
  let file: string;
  beforeEach(() => {
    file = join(dir, `aggregates-${Math.random()}.json`);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const cli = (args: string[], input = '') => {
    const r = spawnSync(command, ['-d', 'error_reporting=-1', '-d', 'display_errors=stderr', RECEIVER, ...args, `--file=${file}`], { input, encoding: 'utf8' });
    return { out: r.stdout, err: r.stderr, status: r.status };
  };
  const send = (body: string, type = 'text/plain;charset=UTF-8', client = '198.51.100.7') => {
    const r = cli(['receive', `--content-type=${type}`, `--client=${client}`], body);
    expect(r.err).toBe('');
    return Number(r.out.split('\n')[0]);
  };
  const stored = () => (existsSync(file) ? readFileSync(file, 'utf8') : '');
  const report = (...args: string[]) => cli(['report', ...args]).out;

  it('answers a beacon of the contract 204 and reports it: p75/p95 per metric × page × island, the budgets flagged, a verdict per island', () => {
    expect(send(JSON.stringify(BEACON))).toBe(204);
    expect(send(JSON.stringify(BEACON), 'application/json')).toBe(204);
    const text = report();
    // Two INP of 240 ms, in the bucket (200, 250]: p75 interpolated at 200 + 50 × 1.5/2, p95 at 200 + 50 × 1.9/2.
    expect(text).toMatch(/^INP +category +cart-dropdown +2 +238 ms +248 ms +≤ 200 ms +MISS$/m);
    expect(text).toMatch(/^LCP +category +teaser-card +2 +1\.88 s +1\.98 s +≤ 2\.5 s +ok$/m);
    expect(text).toMatch(/^INP\.scriptOurs +category +cart-dropdown +2 /m);
    expect(text).toMatch(/^failure\.chunk +category +cart-dropdown +2 /m);
    expect(text).toContain('cart-dropdown: MISSES INP p75 238 ms > 200 ms (n=2); failures: 2 chunk\n');
    expect(text).toContain('teaser-card: good: LCP p75 1.88 s ≤ 2.5 s (n=2); 2 fallbacks\n');
    expect(report('--device=desktop')).toContain('(no field data in this range)');
    expect(report('--from=2020-01-01', '--to=2020-01-31')).toContain('(no field data in this range)');
  });

  it.each(Object.entries(BAD_SHAPES))('refuses %s with 400, storing nothing', (_, body) => {
    expect(send(JSON.stringify(BEACON))).toBe(204);
    const before = stored();
    expect(send(body)).toBe(400);
    expect(stored()).toBe(before);
  });

  it('refuses a body over 16384 bytes with 413 and another type with 415, storing nothing', () => {
    const padded = JSON.stringify(BEACON).replace('{', '{' + ' '.repeat(16385 - JSON.stringify(BEACON).length));
    expect(padded.length).toBe(16385);
    expect(send(padded)).toBe(413);
    expect(send(padded.replace('{ ', '{'))).toBe(204); // 16384 bytes: the cap itself is allowed
    const before = stored();
    expect(send(JSON.stringify(BEACON), 'application/x-www-form-urlencoded')).toBe(415);
    expect(send(JSON.stringify(BEACON), '')).toBe(415);
    expect(stored()).toBe(before);
  });

  it('refuses a flood: 30 beacons a minute per client, the 31st gets 429 and stores nothing; another client is still heard', () => {
    for (let i = 0; i < 30; i++) expect(send(JSON.stringify(BEACON))).toBe(204);
    const before = stored();
    expect(send(JSON.stringify(BEACON))).toBe(429);
    expect(stored()).toBe(before);
    expect(send(JSON.stringify(BEACON), undefined, '203.0.113.5')).toBe(204);
    expect(report()).toMatch(/^LCP +category +teaser-card +31 /m);
  }, 40_000); // 33 PHP processes: the sid root's PHP takes about 0.25 s to start

  it('stores no shopper: no client address, no build, only the contract keys and counts', () => {
    send(JSON.stringify(BEACON));
    const everything = stored() + readFileSync(`${file}.clients`, 'utf8');
    expect(everything).not.toContain('198.51.100.7');
    expect(everything).not.toContain(BEACON.build);
    const { series } = JSON.parse(stored()) as { series: Record<string, unknown> };
    for (const key of Object.keys(series)) expect(key).toMatch(/^\d{4}-\d\d-\d\d\|[\w.]+\|category\|(page|teaser-card|cart-dropdown)\|mobile$/);
  });

  it('keeps the file bounded: past its series cap, a new series replaces the oldest day\'s', () => {
    const script = `require ${JSON.stringify(join(root, 'laravel/client/storefront-field-data.php'))};
      $day = 0;
      $store = new StorefrontWidgets\\Ssr\\FieldFile($argv[1], function () use (&$day) { return 1764288000.0 + 86400 * $day; }, 3);
      foreach ([0, 1, 2, 3] as $day) { $store->add([['fallback', 'category', 'island-' . $day, 'mobile', 0, 1]]); }
      $store->add([['fallback', 'category', 'island-3', 'mobile', 0, 1]]);
      echo json_encode(array_keys(json_decode(file_get_contents($argv[1]), true)['series']));`;
    const r = spawnSync(command, ['-d', 'error_reporting=-1', '-d', 'display_errors=stderr', '-r', script, file], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual(['2025-11-29|fallback|category|island-1|mobile', '2025-11-30|fallback|category|island-2|mobile', '2025-12-01|fallback|category|island-3|mobile']);
    expect(JSON.parse(readFileSync(file, 'utf8')).series['2025-12-01|fallback|category|island-3|mobile']).toEqual([2]);
  });

  it('keeps today at the cap: a new series past it is not stored, and no series of today is lost to it', () => {
    const script = `require ${JSON.stringify(join(root, 'laravel/client/storefront-field-data.php'))};
      $store = new StorefrontWidgets\\Ssr\\FieldFile($argv[1], function () { return 1764288000.0; }, 3);
      foreach (['a-real', 'b-real', 'c-real', 'made-up', 'a-real'] as $island) { $store->add([['fallback', 'category', $island, 'mobile', 0, 1]]); }
      echo json_encode(json_decode(file_get_contents($argv[1]), true)['series']);`;
    const r = spawnSync(command, ['-d', 'error_reporting=-1', '-d', 'display_errors=stderr', '-r', script, file], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({
      '2025-11-28|fallback|category|a-real|mobile': [2],
      '2025-11-28|fallback|category|b-real|mobile': [1],
      '2025-11-28|fallback|category|c-real|mobile': [1],
    });
  });

  it('writes the HTML report self-contained, every stored string escaped (a tampered aggregates file)', () => {
    const day = new Date().toISOString().slice(0, 10);
    writeFileSync(file, JSON.stringify({ v: 1, series: { [`${day}|INP|${HOSTILE}|${HOSTILE}|mobile`]: { 22: 3 }, [`${day}|fallback|p|${HOSTILE}|mobile`]: [1] } }));
    const html = report('--html=-');
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/\b(src|href)=/);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&apos;');
    expect(html).toMatch(/<svg [^>]*role="img" aria-label="INP per island, budget 200 ms">/);
    expect(report()).toContain(`${HOSTILE}: MISSES INP p75`); // text is text
  });

  it('prints the text report with no control character of a stored string (a tampered file cannot drive the terminal)', () => {
    const day = new Date().toISOString().slice(0, 10);
    const island = 'x\u001b]0;pwned\u0007\u001b[2J\u009b31m';
    writeFileSync(file, JSON.stringify({ v: 1, series: { [`${day}|INP|cat\u001b[8m|${island}|mobile`]: { 22: 3 } } }));
    const text = report();
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(text).toContain('x?]0;pwned??[2J?31m: MISSES INP p75');
  });

  it('over HTTP (php -S): the status and one fixed line, never the input; GET gets 405', async () => {
    const server = spawn(command, ['-S', `127.0.0.1:${await freePort()}`, RECEIVER], { env: { ...process.env, TMPDIR: dir }, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await new Promise<string>((found, failed) => {
        let said = '';
        const look = (chunk: Buffer) => {
          said += chunk;
          const m = /http:\/\/127\.0\.0\.1:(\d+)/.exec(said);
          if (m) found(`http://127.0.0.1:${m[1]}/storefront/field-data`);
        };
        server.stdout.on('data', look);
        server.stderr.on('data', look);
        server.once('exit', () => failed(new Error(`php -S ended: ${said}`)));
      });
      const post = (body: string, type = 'text/plain;charset=UTF-8') => ask(url, 'POST', body, type);
      expect(await post(JSON.stringify(BEACON))).toEqual([204, '']);
      expect(await post(JSON.stringify({ ...BEACON, page: HOSTILE }))).toEqual([400, 'Bad field data.\n']);
      expect(await post(HOSTILE.repeat(2000))).toEqual([413, 'Field data too large.\n']);
      expect(await post(JSON.stringify(BEACON), HOSTILE)).toEqual([415, 'Field data must be text/plain or application/json.\n']);
      expect((await ask(url, 'GET'))[0]).toBe(405);
      expect(readFileSync(join(dir, 'storefront-field-data.json'), 'utf8')).not.toContain('<script');
    } finally {
      server.kill();
    }
  });
});

/** [status, body] of one request (node:http: the unit project's MSW answers fetch). */
function ask(url: string, method: string, body = '', type = 'text/plain'): Promise<[number, string]> {
  return new Promise((done, failed) => {
    const req = request(url, { method, headers: { 'Content-Type': type } }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => done([res.statusCode ?? 0, text]));
    });
    req.on('error', failed);
    req.end(body);
  });
}

/** A port that was just free (PHP 7.4's `php -S` takes no port 0). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}
