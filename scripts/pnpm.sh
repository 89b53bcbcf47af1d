#!/bin/sh
# Runs the pinned pnpm without a global install: a fresh machine needs only Node and npm.
exec npx --yes pnpm@10.34.9 "$@"
