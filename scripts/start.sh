#!/bin/sh
# npm start: install, build, then serve the whole product on the embedded default (SQLite + demo data).
set -e
cd "$(dirname "$0")/.."
sh scripts/pnpm.sh install --frozen-lockfile
sh scripts/pnpm.sh run build
exec sh scripts/pnpm.sh --filter @toron/server run serve
