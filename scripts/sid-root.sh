#!/usr/bin/env bash
# The Laravel 13 leg's system: a Debian sid root (PHP 8.4, Laravel 13 from
# php-laravel-framework, PHPUnit 13) that mmdebstrap builds from Debian's
# packages, once per machine. Sid's PHP needs glibc 2.38; Debian 12 has 2.36,
# so the suite runs in it with chroot (scripts/in-sid).
#
# Where: $STOREFRONT_SID_ROOT, by default /var/cache/storefront-widgets/sid:
# outside every clone, so each clone and worktree of the machine shares one
# root (about 250 MB). Built into a temporary folder and renamed when whole;
# the marker .complete says it is done. Run again any time: kept as it is.
# Needs root (mmdebstrap --mode=root, chroot, mount); otherwise exits 2 with
# one line saying why.
set -euo pipefail
ROOT="${STOREFRONT_SID_ROOT:-/var/cache/storefront-widgets/sid}"
[ -f "$ROOT/.complete" ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "sid-root: not built (needs root for mmdebstrap and chroot): run sudo scripts/sid-root.sh" >&2
  exit 2
fi
if ! command -v mmdebstrap >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mmdebstrap >/dev/null
fi
# PHP 8.4 and the extensions the suite uses, Laravel 13, PHPUnit 13.
PACKAGES="php-cli php-laravel-framework phpunit php-guzzlehttp-guzzle php-sqlite3 php-mbstring php-xml php-curl php-intl
libstdc++6 ca-certificates"
mkdir -p "$(dirname "$ROOT")"
exec 9>"$ROOT.lock"
flock 9
[ -f "$ROOT/.complete" ] && exit 0
start=$(date +%s)
rm -rf "$ROOT.tmp"
# The mirror's sid Release file can be older than its validity window.
mmdebstrap --quiet --mode=root --variant=apt \
  --aptopt='Acquire::Check-Valid-Until "false"' \
  --include="$(echo $PACKAGES | tr ' ' ',')" \
  --customize-hook='rm -rf "$1"/var/cache/apt/archives/*.deb "$1"/var/lib/apt/lists/*' \
  sid "$ROOT.tmp" http://deb.debian.org/debian
# Laravel 11+ reads the framework's default config at the Composer path,
# Illuminate/Foundation/Bootstrap/../../../../config (vendor/laravel/framework/config);
# Debian ships it in /usr/share/php/Illuminate/config.
ln -sfn /usr/share/php/Illuminate/config "$ROOT.tmp/usr/share/config"
# The host's Node (the render service) is bind-mounted here by scripts/in-sid.
touch "$ROOT.tmp/usr/local/bin/node"
rm -rf "$ROOT"
mv "$ROOT.tmp" "$ROOT"
touch "$ROOT/.complete"
echo "sid-root: $(chroot "$ROOT" php -r 'echo "PHP ", PHP_VERSION;'), Laravel $(sed -n "s/.*const VERSION = '\(.*\)';/\1/p" "$ROOT/usr/share/php/Illuminate/Foundation/Application.php"), $(chroot "$ROOT" phpunit --version | head -1 | cut -d' ' -f1-2) in $ROOT ($(du -sm "$ROOT" | cut -f1) MB, built in $(( $(date +%s) - start )) s)"
