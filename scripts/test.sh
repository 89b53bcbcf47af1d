#!/bin/sh
# npm test: every test of every package, browser tests included.
set -e
cd "$(dirname "$0")/.."
sh scripts/ensure-chromium.sh
sh scripts/ensure-redis.sh
sh scripts/ensure-postgres.sh
sh scripts/pnpm.sh install --frozen-lockfile
sh scripts/pnpm.sh run build
sh scripts/pnpm.sh run typecheck
sh scripts/pnpm.sh run format:check
sh scripts/pnpm.sh run lint
sh scripts/pnpm.sh run knip
exec sh scripts/pnpm.sh exec vitest run
