#!/bin/sh
# Browser tests drive Debian's chromium with playwright-core (browsers cannot be downloaded here).
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "The browser tests need Chromium at $CHROMIUM." >&2
echo "Install it as root with: apt-get update && apt-get install -y chromium" >&2
echo "or point CHROMIUM_PATH at an existing Chromium binary, then run npm test again." >&2
exit 1
