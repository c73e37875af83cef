#!/usr/bin/env bash
# npm run test:php: the Laravel package's PHPUnit suites (laravel/tests) in
# Laravel 8.83 (Debian 12, PHP 8.2, PHPUnit 9), Laravel 10.48 (Debian 13's,
# in .php-deps/) and Laravel 13 (Debian sid, PHP 8.4, PHPUnit 13, in the sid
# root of scripts/sid-root.sh, run with scripts/in-sid), each after
# scripts/php-lint (no deprecation from our files, E_ALL) with its PHP.
# Without php: one line saying what did not run and how to install it.
# Without the sid root (not root): one line saying the Laravel 13 leg did
# not run. In CI (CI=true) nothing is skipped: a missing leg fails.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v php >/dev/null || ! command -v phpunit >/dev/null || [ ! -f /usr/share/php/Illuminate/autoload.php ]; then
  if [ "${CI:-}" = true ]; then
    echo "test:php: FAILED: no php, phpunit or Debian's Laravel in CI: .ci/run runs scripts/php-deps.sh" >&2
    exit 1
  fi
  echo "test:php: not run (no php, phpunit or Debian's Laravel): the Laravel package's PHPUnit suites and test/browser/laravel.test.ts. Install: sudo scripts/php-deps.sh"
  exit 0
fi
scripts/php-deps.sh
SID_ROOT="${STOREFRONT_SID_ROOT:-/var/cache/storefront-widgets/sid}"
# Each leg runs whatever the ones before it gave; the exit status is the first failure's.
status=0
fail() { [ "$status" -ne 0 ] || status=$1; }
leg() { echo "$1 ($(( $(date +%s) - leg_start )) s)"; }
leg_start=$(date +%s)
echo "Laravel 8 (Debian 12, PHP 8.2):"
scripts/php-lint php || fail $?
scripts/php-lint scripts/php74 php/*.php laravel/client/*.php || fail $?
(cd laravel && phpunit --do-not-cache-result) || fail $?
leg "Laravel 8 (Debian 12, PHP 8.2): done"
leg_start=$(date +%s)
echo "Laravel 10 (Debian 13, PHP 8.2):"
(cd laravel && php -d include_path="$PWD/../.php-deps/laravel10/usr/share/php:/usr/share/php" "$(command -v phpunit)" --do-not-cache-result) || fail $?
leg "Laravel 10 (Debian 13, PHP 8.2): done"
if [ -f "$SID_ROOT/.complete" ] && [ "$(id -u)" = 0 ]; then
  leg_start=$(date +%s)
  echo "Laravel 13 (Debian sid, PHP 8.4):"
  scripts/in-sid scripts/php-lint php || fail $?
  (cd laravel && ../scripts/in-sid phpunit) || fail $?
  leg "Laravel 13 (Debian sid, PHP 8.4): done"
elif [ "${CI:-}" = true ]; then
  echo "test:php: FAILED: Laravel 13 (Debian sid, PHP 8.4) did not run in CI: no sid root at $SID_ROOT (scripts/sid-root.sh, as root)" >&2
  fail 1
else
  echo "test:php: Laravel 13 (Debian sid, PHP 8.4) not run (no sid root at $SID_ROOT, or not root): the package's PHPUnit suite on Laravel 13. Build it: sudo scripts/sid-root.sh"
fi
exit "$status"
