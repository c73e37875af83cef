#!/usr/bin/env bash
# What the PHP suites (npm run test:php) need, on Debian 12:
# - Laravel 8.83: Debian 12's own packages, installed with apt-get (as root;
#   otherwise the command is printed).
# - Laravel 10.48: Debian 13's packages, downloaded with a private apt state
#   into .php-deps/ and unpacked there with dpkg -x; nothing is installed.
#   Tests put .php-deps/laravel10/usr/share/php first on PHP's include path.
# Run again any time: what is already there is kept.
set -euo pipefail
cd "$(dirname "$0")/.."

DEBIAN12_PACKAGES="php-cli php-laravel-framework phpunit php-guzzlehttp-guzzle php-sqlite3 php-mbstring php-xml php-curl php-intl"
# Laravel 10's dependency closure in Debian 13, library packages only
# (the PHP runtime and its extensions come from Debian 12).
DEBIAN13_PACKAGES="php-brick-math php-dflydev-dot-access-data php-doctrine-inflector php-doctrine-lexer
php-dragonmantank-cron-expression php-email-validator php-fruitcake-php-cors php-getallheaders
php-graham-campbell-result-type php-guzzlehttp-guzzle php-guzzlehttp-promises php-guzzlehttp-psr7
php-guzzlehttp-uri-template php-illuminate-auth php-illuminate-broadcasting php-illuminate-bus
php-illuminate-cache php-illuminate-collections php-illuminate-conditionable php-illuminate-config
php-illuminate-console php-illuminate-container php-illuminate-contracts php-illuminate-cookie
php-illuminate-database php-illuminate-encryption php-illuminate-events php-illuminate-filesystem
php-illuminate-hashing php-illuminate-http php-illuminate-log php-illuminate-macroable php-illuminate-mail
php-illuminate-notifications php-illuminate-pagination php-illuminate-pipeline php-illuminate-process
php-illuminate-queue php-illuminate-redis php-illuminate-routing php-illuminate-session php-illuminate-support
php-illuminate-testing php-illuminate-translation php-illuminate-validation php-illuminate-view
php-laravel-framework php-laravel-prompts php-laravel-serializable-closure php-league-commonmark
php-league-config php-league-flysystem php-league-mime-type-detection php-monolog php-nesbot-carbon
php-nette-schema php-nette-utils php-nunomaduro-termwind php-phpoption php-psr-clock php-psr-container
php-psr-event-dispatcher php-psr-http-client php-psr-http-factory php-psr-http-message php-psr-log
php-psr-simple-cache php-ramsey-collection php-ramsey-uuid php-symfony-console php-symfony-css-selector
php-symfony-deprecation-contracts php-symfony-error-handler php-symfony-event-dispatcher
php-symfony-event-dispatcher-contracts php-symfony-finder php-symfony-http-foundation php-symfony-http-kernel
php-symfony-mailer php-symfony-mime php-symfony-process php-symfony-routing php-symfony-service-contracts
php-symfony-string php-symfony-translation php-symfony-translation-contracts php-symfony-uid
php-symfony-var-dumper php-tijsverkoyen-css-to-inline-styles php-vlucas-phpdotenv php-voku-portable-ascii
php-webmozart-assert"

if ! command -v php >/dev/null || [ ! -f /usr/share/php/Illuminate/autoload.php ] || ! command -v phpunit >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $DEBIAN12_PACKAGES >/dev/null
  else
    echo "php-deps: run as root: apt-get install -y $DEBIAN12_PACKAGES" >&2
    exit 1
  fi
fi

DEPS="$PWD/.php-deps"
TARGET="$DEPS/laravel10"
if [ -f "$TARGET/.complete" ]; then
  exit 0
fi
APT="$DEPS/apt"
mkdir -p "$APT/etc" "$APT/state/lists/partial" "$APT/cache/archives/partial" "$DEPS/debs"
touch "$APT/state/status"
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie main" > "$APT/etc/sources.list"
OPTS=(-o "Dir::Etc::SourceList=$APT/etc/sources.list" -o Dir::Etc::SourceParts=/dev/null
  -o "Dir::State=$APT/state" -o "Dir::State::status=$APT/state/status" -o "Dir::Cache=$APT/cache"
  -o Debug::NoLocking=1 -o "APT::Sandbox::User=$(id -un)")
apt-get "${OPTS[@]}" -qq update
(cd "$DEPS/debs" && apt-get "${OPTS[@]}" -qq download $DEBIAN13_PACKAGES)
rm -rf "$TARGET"
mkdir -p "$TARGET"
for deb in "$DEPS"/debs/*.deb; do
  dpkg -x "$deb" "$TARGET"
done
# Debian 13's autoloaders name absolute /usr/share/php/ paths: make them
# relative, so they resolve through the include path (this folder first).
find "$TARGET/usr/share/php" -name autoload.php -print0 | xargs -0 sed -i "s#'/usr/share/php/#'#g"
touch "$TARGET/.complete"
echo "php-deps: Laravel $(sed -n "s/.*const VERSION = '\(.*\)';/\1/p" "$TARGET/usr/share/php/Illuminate/Foundation/Application.php") in $TARGET"
