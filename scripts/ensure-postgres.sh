#!/bin/sh
# The server's tests run every store on PostgreSQL too: they start a throwaway cluster from
# Debian's postgresql binaries (initdb, pg_ctl), or from PG_BIN when set.
if [ -n "$PG_BIN" ] && [ -x "$PG_BIN/initdb" ]; then exit 0; fi
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "PostgreSQL is missing: installing Debian's postgresql package..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  exit 0
fi
echo "The server tests need PostgreSQL's server binaries (initdb, pg_ctl)." >&2
echo "Install them as root with: apt-get update && apt-get install -y postgresql" >&2
echo "or point PG_BIN at a directory holding initdb and pg_ctl, then run npm test again." >&2
exit 1
