#!/usr/bin/env bash
# The browsers the tests drive, from Debian: Chromium (the one developers have, which the
# browser tests prefer over the npm one: scripts/chromium.mjs), and for the engine tests
# (test/browser/engines) Firefox ESR (WebDriver BiDi) and WebKitGTK's WebDriver with its
# MiniBrowser, under Xvfb; and for the screen-reader journey (test/screen-reader) GNOME Orca,
# the accessibility bus (at-spi2-core) and xdotool for real X keys.
# Installed with apt-get as root; otherwise the command is printed. Run again any time.
set -euo pipefail
PACKAGES="chromium firefox-esr webkit2gtk-driver xvfb orca at-spi2-core xdotool"
if command -v chromium >/dev/null && command -v firefox-esr >/dev/null && command -v WebKitWebDriver >/dev/null && command -v Xvfb >/dev/null \
  && command -v orca >/dev/null && [ -x /usr/libexec/at-spi-bus-launcher ] && command -v xdotool >/dev/null; then
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "browser-deps: run as root: apt-get install -y $PACKAGES" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $PACKAGES >/dev/null
echo "browser-deps: $(chromium --version), $(firefox-esr --version), WebKitGTK's WebDriver $(dpkg-query -W -f='${Version}' webkit2gtk-driver), Orca $(orca --version)"
