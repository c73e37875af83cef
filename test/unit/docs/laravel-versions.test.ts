/**
 * The support claim says what is tested. The legs of scripts/test-php.sh
 * (one `echo "Laravel N (…, PHP X.Y):"` each: the suites CI runs) name the
 * Laravel majors and their PHP; laravel/composer.json requires exactly those
 * majors (`^N.M`, M the minor tested); README.md and docs/laravel.md name
 * each as "Laravel N.M (PHP X.Y)", and no other; composer's PHP floor is the
 * lowest PHP a leg runs. (Each leg's suite checks that the Laravel it runs
 * is the one composer.json names: laravel/tests/Feature/VersionsTest.php.)
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../../..');
const read = (file: string) => readFileSync(resolve(root, file), 'utf8');

const legs = [...read('scripts/test-php.sh').matchAll(/^\s*echo "Laravel (\d+) \([^)]*?PHP (\d+\.\d+)\):"$/gm)].map(
  ([, major, php]) => ({ major: major!, php: php! }),
);
const composer = JSON.parse(read('laravel/composer.json')) as { require: Record<string, string> };
const required = (composer.require['laravel/framework'] ?? '').split('|').map((part) => {
  const m = /^\^(\d+)\.(\d+)$/.exec(part.trim());
  if (!m) throw new Error(`laravel/composer.json: "${part}" is not ^major.minor`);
  return { major: m[1]!, minor: m[2]! };
});
const claimed = required.map(({ major, minor }) => {
  const php = legs.find((leg) => leg.major === major)?.php;
  return `Laravel ${major}.${minor} (PHP ${php})`;
});

describe('the Laravel versions the package claims are the ones its suites run', () => {
  it('scripts/test-php.sh runs legs for Laravel 8, 10 and 13', () => {
    expect(legs.map((leg) => leg.major)).toEqual(['8', '10', '13']);
  });

  it("composer.json's laravel/framework constraint names exactly the majors of the legs", () => {
    expect(required.map((r) => r.major)).toEqual(legs.map((leg) => leg.major));
  });

  it("composer.json's PHP floor is the lowest PHP a leg runs", () => {
    const minor = (php: string) => Number(php.split('.')[1]);
    const lowest = legs.map((leg) => leg.php).sort((a, b) => minor(a) - minor(b))[0];
    expect(composer.require.php).toBe(`^${lowest}`);
  });

  for (const doc of ['README.md', 'docs/laravel.md']) {
    it(`${doc} names the same versions with their PHP, and no other`, () => {
      const named = [...read(doc).matchAll(/Laravel \d+\.\d+ \(PHP \d+\.\d+\)/g)].map(([m]) => m);
      expect(named).toEqual(claimed);
    });
  }

  it("docs/laravel.md's title names the majors", () => {
    expect(read('docs/laravel.md').split('\n')[0]).toBe(`# Laravel (${legs.map((leg) => leg.major).join(', ')})`);
  });
});
