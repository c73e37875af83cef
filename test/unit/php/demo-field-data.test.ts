// @vitest-environment node
/**
 * The demo server's field data (demo-pages/field-data.mjs): a beacon posted to
 * /storefront/field-data reaches the plain-PHP receiver (its answer comes back as
 * PHP gave it), and /field-report serves the receiver's HTML report, under a
 * policy of its own. Needs the system's `php`; without it, only the last test runs.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain JS module without types
import { startDemoServer } from '../../../demo-pages/server.mjs';
import { root } from '../../embedding-site';

let php = true;
try {
  execFileSync('php', ['-v'], { stdio: 'ignore' });
} catch {
  php = false;
  console.log('demo-field-data.test.ts: not run (no php). Install: sudo scripts/php-deps.sh');
}
const BEACON = JSON.stringify((JSON.parse(readFileSync(join(root, 'test/fixtures/field-beacons.json'), 'utf8')) as { good: unknown }).good);

/** [status, headers, body] of one request (node:http: the unit project's MSW answers fetch). */
function ask(url: string, method = 'GET', body = '', type = 'text/plain;charset=UTF-8') {
  return new Promise<[number, Record<string, unknown>, string]>((done, failed) => {
    const req = request(url, { method, headers: { 'Content-Type': type } }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => done([res.statusCode ?? 0, res.headers, text]));
    });
    req.on('error', failed);
    req.end(body);
  });
}

describe.skipIf(!php)('the demo server forwards field data to the PHP receiver', () => {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-demo-field-'));
  let server: { url: string; close: () => Promise<void> };
  beforeAll(async () => {
    server = await startDemoServer({ fieldData: { file: join(dir, 'aggregates.json'), perMinute: 30 } });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a beacon as the receiver does and stores it in its file; refuses a bad one with its fixed line', async () => {
    expect((await ask(`${server.url}storefront/field-data`, 'POST', BEACON)).slice(0, 1)).toEqual([204]);
    const [status, , body] = await ask(`${server.url}storefront/field-data`, 'POST', '<script>x</script>');
    expect([status, body]).toEqual([400, 'Bad field data.\n']);
    expect(readFileSync(join(dir, 'aggregates.json'), 'utf8')).toContain('|INP|category|cart-dropdown|mobile');
  });

  it('serves the HTML report of what it received at /field-report, with no script allowed', async () => {
    const [status, headers, html] = await ask(`${server.url}field-report`);
    expect(status).toBe(200);
    expect(headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(html).toContain('<strong>cart-dropdown</strong>: <span class="miss">MISSES INP p75 238 ms &gt; 200 ms (n=1); failures: 1 chunk');
  });
});

describe('the demo server without php', () => {
  it('says so in one line on /field-report, and answers a beacon 503', async () => {
    const server = await startDemoServer({ fieldData: { file: join(tmpdir(), 'storefront-demo-no-php.json') } });
    process.env.PHP = '/nonexistent/php';
    try {
      const [status, , html] = await ask(`${server.url}field-report`);
      expect([status, html]).toEqual([200, expect.stringContaining('<p>The field report needs the php command (PHP 7.4 or later), which this machine does not have.</p>')]);
      expect((await ask(`${server.url}storefront/field-data`, 'POST', BEACON))[0]).toBe(503);
    } finally {
      delete process.env.PHP;
      await server.close();
    }
  });
});
