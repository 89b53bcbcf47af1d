#!/bin/sh
# The server's Redis tests start a throwaway Redis from Debian's redis-server binary (or
# REDIS_SERVER when set); see server/test/support/redis-server.ts.
if [ -n "$REDIS_SERVER" ] && [ -x "$REDIS_SERVER" ]; then exit 0; fi
if command -v redis-server >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Redis is missing: installing Debian's redis-server package..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null || exit 1
  command -v redis-server >/dev/null 2>&1 && exit 0
  echo "Installing redis-server did not put redis-server on PATH." >&2
  exit 1
fi
echo "The server tests need Redis's server binary (redis-server)." >&2
echo "Install it as root with: apt-get update && apt-get install -y redis-server" >&2
echo "or point REDIS_SERVER at an existing redis-server binary, then run npm test again." >&2
exit 1
