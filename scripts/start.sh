#!/bin/sh
# npm start: install, build, then serve the whole product on the embedded default (SQLite + demo data).
# The server runs as compiled JavaScript under plain node; the `toron-dist` condition makes node load the
# workspace packages' builds instead of their TypeScript sources.
set -e
cd "$(dirname "$0")/.."
sh scripts/pnpm.sh install --frozen-lockfile
sh scripts/pnpm.sh run build
cd server
exec node --conditions=toron-dist dist/main.js
