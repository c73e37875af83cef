#!/usr/bin/env bash
# What the PHP suites (npm run test:php) need, on Debian 12:
# - Laravel 8.83: Debian 12's own packages, installed with apt-get (as root;
#   otherwise the command is printed).
# - Laravel 10.48: Debian 13's packages, downloaded with a private apt state
#   into .php-deps/ and unpacked there with dpkg -x; nothing is installed.
#   Tests put .php-deps/laravel10/usr/share/php first on PHP's include path.
# - PHP 7.4: Debian 11's php7.4-cli (with curl and json) and the libraries it
#   needs that Debian 12 lacks, unpacked the same way into .php-deps/php74;
#   scripts/php74 runs it (the plain-PHP embedding, docs/embedding.md).
# - Laravel 13 (PHP 8.4, PHPUnit 13): a Debian sid root that
#   scripts/sid-root.sh builds with mmdebstrap, once per machine, outside the
#   clone (as root; otherwise scripts/test-php.sh says that leg did not run).
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

# A private apt state for one Debian release ($1: apt dir, $2: suite); sets OPTS.
private_apt() {
  local apt="$1"
  mkdir -p "$apt/etc" "$apt/state/lists/partial" "$apt/cache/archives/partial"
  touch "$apt/state/status"
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $2 main" > "$apt/etc/sources.list"
  OPTS=(-o "Dir::Etc::SourceList=$apt/etc/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State=$apt/state" -o "Dir::State::status=$apt/state/status" -o "Dir::Cache=$apt/cache"
    -o Debug::NoLocking=1 -o "APT::Sandbox::User=$(id -un)")
  apt-get "${OPTS[@]}" -qq update
}

TARGET="$DEPS/laravel10"
if [ ! -f "$TARGET/.complete" ]; then
  private_apt "$DEPS/apt" trixie
  mkdir -p "$DEPS/debs"
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
fi

# PHP 7.4 (Debian 11): the runtime, its curl and json modules, and the
# libraries of that release Debian 12 does not have under the same soname
# (libssl1.1, and curl's own closure). Debian 12's C library is used.
TARGET="$DEPS/php74"
DEBIAN11_PACKAGES="php7.4-cli php7.4-common php7.4-json php7.4-curl php7.4-opcache php7.4-readline
libssl1.1 libcurl4 libnghttp2-14 librtmp1 libssh2-1 libpsl5 libldap-2.4-2 libsasl2-2 libgssapi-krb5-2
libkrb5-3 libk5crypto3 libkrb5support0 libbrotli1 libidn2-0 libunistring2 libgnutls30 libhogweed6 libnettle8
libgmp10 libtasn1-6 libp11-kit0 libffi7 libargon2-1 libsodium23 libxml2 libicu67 libedit2 libbsd0 libmd0
libmagic1 liblzma5 libpcre2-8-0 libzstd1"
if [ ! -f "$TARGET/.complete" ]; then
  private_apt "$DEPS/apt-bullseye" bullseye
  mkdir -p "$DEPS/debs-bullseye"
  (cd "$DEPS/debs-bullseye" && apt-get "${OPTS[@]}" -qq download $DEBIAN11_PACKAGES)
  rm -rf "$TARGET"
  mkdir -p "$TARGET"
  for deb in "$DEPS"/debs-bullseye/*.deb; do
    dpkg -x "$deb" "$TARGET"
  done
  touch "$TARGET/.complete"
  echo "php-deps: $(scripts/php74 -r 'echo "PHP ", PHP_VERSION;') in $TARGET"
fi

# Laravel 13: the sid root (about 150 s and 260 MB the first time on this machine).
if [ "$(id -u)" = 0 ]; then
  scripts/sid-root.sh
fi
