#!/usr/bin/env bash
# npm run test:php: the Laravel package's PHPUnit suites (laravel/tests) in
# Laravel 8.83 (Debian 12) and Laravel 10.48 (Debian 13's, in .php-deps/).
# Without php: one line saying what did not run and how to install it.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v php >/dev/null || ! command -v phpunit >/dev/null || [ ! -f /usr/share/php/Illuminate/autoload.php ]; then
  echo "test:php: not run (no php, phpunit or Debian's Laravel): the Laravel package's PHPUnit suites and test/browser/laravel.test.ts. Install: sudo scripts/php-deps.sh"
  exit 0
fi
scripts/php-deps.sh
cd laravel
# Both versions run whatever the first gives; the exit status is the first failure's.
status=0
echo "Laravel 8 (Debian 12):"
phpunit || status=$?
echo "Laravel 10 (Debian 13):"
php -d include_path="$PWD/../.php-deps/laravel10/usr/share/php:/usr/share/php" "$(command -v phpunit)" || { [ "$status" -ne 0 ] || status=$?; }
exit "$status"
