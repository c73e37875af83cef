// @vitest-environment node
/**
 * The PHP client's throttle (laravel/client/Throttle.php), as tables: the
 * probability of skipping, the window's decay, and a PHP worker's pages one
 * after the other with its clock and random source given, so nothing is
 * timed; then through php/storefront-ssr.php against a stand-in service that
 * refuses (X-Storefront-Shed) or renders, with each transport. Under every
 * PHP found here; without PHP this file does not run and says so.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { phps, root } from '../../embedding-site';
import { closeNow, listenLocally } from './local-server';

const run = promisify(execFile);
const versions = phps();
if (!versions.length) console.log('throttle.test.ts: not run (no php). Install: sudo scripts/php-deps.sh');

const CLIENT = JSON.stringify(join(root, 'php/storefront-ssr.php'));

/** Calls of the pure rule, [method, ...arguments] each; prints their results as JSON. */
const RULE = `<?php
require ${CLIENT};
use StorefrontWidgets\\Ssr\\Throttle;
echo json_encode(array_map(function ($call) { return call_user_func_array([Throttle::class, array_shift($call)], $call); }, json_decode($argv[1], true)), JSON_PRESERVE_ZERO_FRACTION);
`;

/**
 * A PHP worker's pages, one after the other, each with a Throttle of its own
 * over the same file (as PHP-FPM starts each request afresh): [now, random,
 * accepted] each; prints per page 'skip' or 'sent', then the counts saved.
 */
const WORKER = `<?php
require ${CLIENT};
use StorefrontWidgets\\Ssr\\Throttle;
[$file, $pages, $k] = json_decode($argv[1], true);
$out = [];
foreach ($pages as [$now, $random, $accepted]) {
    $throttle = new Throttle($file, function () use ($now) { return (float) $now; }, function () use ($random) { return (float) $random; }, (float) $k);
    $skips = $throttle->skips();
    if (!$skips) { $throttle->done($accepted); }
    $out[] = $skips ? 'skip' : 'sent';
}
$out[] = is_file($file) ? array_map(function ($n) { return round((float) $n, 3); }, explode(' ', file_get_contents($file))) : null;
echo json_encode($out);
`;

/**
 * One of several PHP processes at once on one counts file: COUNT requests sent, none skipped
 * (the draw never under the probability), none accepted, the clock stopped (no decay).
 */
const RACER = `<?php
require ${CLIENT};
use StorefrontWidgets\\Ssr\\Throttle;
[$file, $count] = json_decode($argv[1], true);
for ($i = 0; $i < $count; $i++) {
    $throttle = new Throttle($file, function () { return 1.0; }, function () { return 1.0; });
    $throttle->skips();
    $throttle->done(false);
}
`;

/** Pages of the real client, one after the other, with the throttle's clock and random given: [now, random] each; prints each page. */
const PAGES = `<?php
require ${CLIENT};
use StorefrontWidgets\\Ssr\\Throttle;
[$options, $file, $pages] = json_decode($argv[1], true);
foreach ($pages as [$now, $random]) {
    $throttle = new Throttle($file, function () use ($now) { return (float) $now; }, function () use ($random) { return (float) $random; });
    $ssr = new StorefrontSsr($options, $throttle);
    echo $ssr->fill($ssr->hook('search-bar')), "\\n";
}
`;

describe.skipIf(!versions.length)('laravel/client/Throttle.php', () => {
  let dir: string;
  let files = 0;
  const file = () => join(dir, `counts-${files++}`);
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'storefront-throttle-'));
    writeFileSync(join(dir, 'rule.php'), RULE);
    writeFileSync(join(dir, 'worker.php'), WORKER);
    writeFileSync(join(dir, 'pages.php'), PAGES);
    writeFileSync(join(dir, 'racer.php'), RACER);
  });

  describe.each(versions)('$name', ({ command }) => {
    const php = async (script: string, input: unknown) => JSON.parse((await run(command, [join(dir, script), JSON.stringify(input)])).stdout);

    it('skips with probability max(0, (requests − K·accepts) / (requests + 1))', async () => {
      // [requests, accepts, K, probability]
      const table: [number, number, number, number][] = [
        [0, 0, 2, 0], // nothing known: send
        [1, 0, 2, 0.5], // one request refused
        [10, 0, 2, 10 / 11], // the service down or refusing all: nearly all skipped, one in (requests + 1) still asks
        [10, 5, 2, 0], // half accepted: K = 2 sends twice what is accepted, no skip yet
        [40, 10, 2, 20 / 41], // 4× overload in equilibrium: about half skipped
        [100, 10, 2, 80 / 101], // 10×: about four in five skipped
        [100, 100, 2, 0], // all accepted
        [10, 4, 2, 2 / 11],
        [10, 4, 1.5, 4 / 11], // a smaller K skips more
        [10, 4, 1.2, 5.2 / 11], // the default K: 1.2 requests sent per one accepted
        [40, 10, 1.2, 28 / 41], // 4× at K = 1.2
        [12, 10, 1.2, 0], // 1.2 sent per accept in equilibrium: no skip
        [2.5, 0.5, 2, 1.5 / 3.5], // decayed counts are fractions
      ];
      const results = await php('rule.php', table.map(([r, a, k]) => ['probability', r, a, k]));
      table.forEach(([, , , p], i) => expect(results[i]).toBeCloseTo(p, 9));
    });

    it('forgets: each request weighs e^(−age / window); a clock gone back (a reboot) forgets all', async () => {
      // [counts before, now, window, counts after]
      const table: [number[], number, number, number[]][] = [
        [[10, 4, 100], 100, 0.5, [10, 4, 100]],
        [[10, 4, 100], 100.5, 0.5, [10 / Math.E, 4 / Math.E, 100.5]],
        [[10, 4, 100], 101, 0.5, [10 / Math.E ** 2, 4 / Math.E ** 2, 101]],
        [[100, 10, 100], 102, 0.5, [100 / Math.E ** 4, 10 / Math.E ** 4, 102]], // after a 10× burst, 2 s later: under 2 requests left
        [[10, 4, 100], 102, 1, [10 / Math.E ** 2, 4 / Math.E ** 2, 102]],
        [[10, 4, 100], 50, 0.5, [0, 0, 50]],
      ];
      const results: number[][] = await php('rule.php', table.map(([counts, now, window]) => ['decayed', counts, now, window]));
      table.forEach(([, , , after], i) => after.forEach((n, j) => expect(results[i]![j]).toBeCloseTo(n, 9)));
      expect(await php('rule.php', [['counted', [3, 1, 7], true], ['counted', [3, 1, 7], false]])).toEqual([[4, 2, 7], [4, 1, 7]]);
    });

    it('an answer is accepted only when the service rendered it; a refusal of another build says nothing of its load', async () => {
      // [one HTML string per hook, the answer's headers, verdict]
      const table: [boolean, Record<string, unknown>, boolean | null][] = [
        [true, {}, true], // rendered (its hooks may still be '': bad props, the render budget)
        [true, { 'X-Storefront-Shed': ['deadline'] }, false],
        [true, { 'x-storefront-shed': ['warming'] }, false], // any case
        [true, { 'X-Storefront-Shed': 'deadline' }, false], // a bare string
        [true, { 'X-Storefront-Shed': ['version'] }, null], // a page of another build: not counted
        [false, {}, false], // an error, a timeout, the service down
        [false, { 'X-Storefront-Shed': ['version'] }, false],
      ];
      expect(await php('rule.php', table.map(([whole, headers]) => ['verdict', whole, headers]))).toEqual(table.map(([, , verdict]) => verdict));
    });

    it.each([
      // [what, K, pages [now, random, accepted], decisions, counts saved]
      ['the service renders every request: nothing skipped', 2, [[0, 0, true], [0, 0, true], [0, 0, true], [0, 0, true]], ['sent', 'sent', 'sent', 'sent'], [4, 4, 0]],
      [
        'the service refuses: the second request is skipped when the draw is under 1/2, sent when not',
        2,
        [[0, 0, false], [0, 0.49, false], [0, 0.99, false]],
        ['sent', 'skip', 'sent'],
        [3, 0, 0],
      ],
      [
        'a skipped request counts as a request, never as accepted',
        2,
        [[0, 0, false], [0, 0, true], [0, 0, true], [0, 0, true]],
        ['sent', 'skip', 'skip', 'skip'],
        [4, 0, 0],
      ],
      [
        'after the burst: 5 s later (over thirty windows) the counts are forgotten and the next request is sent',
        2,
        [[0, 0, false], [0, 0, false], [0, 0, false], [5, 0.01, true]],
        ['sent', 'skip', 'skip', 'sent'],
        [1.0, 1, 5],
      ],
      ['K = 1.5 skips where K = 2 would not', 1.5, [[0, 0, true], [0, 0, false], [0, 0.1, true]], ['sent', 'sent', 'skip'], [3, 1, 0]],
    ] as const)('%s', async (_, k, pages, decisions, counts) => {
      const result = await php('worker.php', [file(), pages, k]);
      expect(result.slice(0, -1)).toEqual(decisions);
      (counts as readonly number[]).forEach((n, j) => expect(result.at(-1)[j]).toBeCloseTo(n, 2));
    });

    it("the pool's processes share one file: 4 processes at once, 300 requests each, and none of the 1,200 is lost", async () => {
      const shared = file();
      await Promise.all([0, 1, 2, 3].map(() => run(command, [join(dir, 'racer.php'), JSON.stringify([shared, 300])])));
      const { stdout } = await run(command, ['-r', `echo file_get_contents(${JSON.stringify(shared)});`]);
      expect(stdout.trim().split(/ +/).map(Number)).toEqual([1200, 0, 1]);
    });

    it("forService names one file per service and user, the same in every process", async () => {
      const names = await Promise.all(
        [0, 1].map(async () => (await run(command, ['-r', `require ${CLIENT}; $t = StorefrontWidgets\\Ssr\\Throttle::forService('http://127.0.0.1:3001', '/var/tmp'); echo (function () { return $this->file; })->call($t);`])).stdout),
      );
      expect(names[0]).toMatch(/^\/var\/tmp\/storefront-throttle-[0-9a-f]{8}-\d+\.counts$/);
      expect(names[1]).toBe(names[0]);
    });

    it('a counts file that is missing, empty or torn reads as no counts: the request is sent', async () => {
      const torn = file();
      writeFileSync(torn, '12 3');
      expect((await php('worker.php', [torn, [[0, 0, true]], 2])).slice(0, -1)).toEqual(['sent']);
      // Counts that cannot be saved: every request is sent, as without a throttle.
      expect(await php('worker.php', [join(dir, 'no-folder/counts'), [[0, 0, false], [0, 0, false]], 2])).toEqual(['sent', 'sent', null]);
    });
  });

  describe('through php/storefront-ssr.php', () => {
    let server: Server;
    let url: string;
    let asked = 0;
    /** Whether the stand-in service refuses (X-Storefront-Shed) or renders. */
    let sheds = true;
    beforeAll(async () => {
      server = createServer((req, res) => {
        let raw = '';
        req.on('data', (chunk) => (raw += chunk));
        req.on('end', () => {
          asked++;
          const hooks = (JSON.parse(raw) as { hooks: unknown[] }).hooks;
          const headers = { 'Content-Type': 'application/json', ...(sheds ? { 'X-Storefront-Shed': 'deadline' } : {}) };
          res.writeHead(200, headers).end(JSON.stringify({ html: hooks.map(() => (sheds ? '' : '<p>rendered</p>')) }));
        });
      });
      url = await listenLocally(server);
    });
    afterAll(() => closeNow(server, dir));
    beforeEach(() => {
      asked = 0;
      sheds = true;
    });

    const cases = versions.flatMap((php) => (['kept', 'curl', 'streams'] as const).map((transport) => ({ ...php, transport })));
    describe.each(cases)('$name, $transport', ({ command, transport }) => {
      const pages = async (list: [number, number][], counts = file()) => {
        const { stdout } = await run(command, ['-d', 'error_log=', join(dir, 'pages.php'), JSON.stringify([{ url, transport, logFile: join(dir, 'logged') }, counts, list])]);
        return stdout.trim().split('\n');
      };

      it('a refusal (X-Storefront-Shed) makes the next page skip the call: its hook empty at once, the service not asked; pages after the window ask again', async () => {
        const empty = '<div data-widget="search-bar"></div>';
        expect(await pages([[0, 0], [0, 0], [0, 0.99], [10, 0.01]])).toEqual([empty, empty, empty, empty]);
        expect(asked).toBe(3); // the second page skipped; the third drew over 2/3; the fourth came 10 s (over sixty windows) later
      });

      it('hooks the service rendered, even empty ones, count as accepted: nothing skipped', async () => {
        sheds = false;
        expect(await pages([[0, 0], [0, 0], [0, 0]])).toEqual(Array(3).fill('<div data-widget="search-bar"><p>rendered</p></div>'));
        expect(asked).toBe(3);
      });

      it('a service that is down counts as refusing: no request accepted', async () => {
        const counts = file();
        const { stdout } = await run(command, ['-d', 'error_log=', join(dir, 'pages.php'), JSON.stringify([{ url: 'http://127.0.0.1:9', transport, logFile: join(dir, 'logged') }, counts, [[0, 0], [0, 0]]])]);
        expect(stdout.trim().split('\n')).toHaveLength(2);
        expect(existsSync(counts)).toBe(true);
        expect((await run(command, ['-r', `echo file_get_contents(${JSON.stringify(counts)});`])).stdout.split(' ').slice(0, 2).map(Number)).toEqual([2, 0]);
      });
    });
  });
});
