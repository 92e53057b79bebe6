#!/usr/bin/env bash
# Entry point of every npm script: bootstrap Node, install what is missing, then run the task.
# Set-up output goes to stderr so that commands printing JSON (admin) keep stdout clean.
set -euo pipefail
# Next.js would otherwise try to send anonymous telemetry, which cannot leave this machine anyway
export NEXT_TELEMETRY_DISABLED=1
source "$(dirname "${BASH_SOURCE[0]}")/node-env.sh"
cd "$ROOT"

ensure_dependencies() {
  local stamp="node_modules/.install-stamp" want
  want="$(node -p 'process.version')-$(sha256sum package-lock.json | cut -c1-16)"
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    echo "[setup] installing npm dependencies for Node $(node --version)" >&2
    # not `npm ci`: Next lists per-platform compiler packages (darwin, win32) that the registry
    # reachable here does not serve, so no lockfile can hold them and `npm ci` refuses the lock.
    # `install --no-save` installs exactly the locked versions and leaves the lockfile as it is.
    npm install --no-save --no-audit --no-fund --loglevel=warn 1>&2
    echo "$want" > "$stamp"
  fi
  local schema_stamp="lib/db/generated/.schema-stamp" schema_want
  schema_want="$(cat prisma/*.prisma prisma/postgres/*.prisma package-lock.json | sha256sum | cut -c1-16)"
  if [ ! -f "$schema_stamp" ] || [ "$(cat "$schema_stamp")" != "$schema_want" ] || [ ! -d lib/db/generated-pg ]; then
    echo "[setup] generating the Prisma clients (SQLite and PostgreSQL)" >&2
    PRISMA_SCHEMA_ENGINE_BINARY="${PRISMA_SCHEMA_ENGINE_BINARY:-/bin/true}" npx prisma generate 1>&2
    PRISMA_SCHEMA_ENGINE_BINARY="${PRISMA_SCHEMA_ENGINE_BINARY:-/bin/true}" npx prisma generate --schema prisma/postgres/schema.prisma 1>&2
    echo "$schema_want" > "$schema_stamp"
  fi
}

# next build only when a source changed since the last one
ensure_build() {
  if [ ! -f .next/BUILD_ID ] || [ -n "$(find app lib components instrumentation.ts proxy.ts next.config.mjs tsconfig.json prisma/schema.prisma prisma/postgres/schema.prisma package-lock.json -newer .next/BUILD_ID -not -path 'lib/db/generated/*' -print -quit)" ]; then
    npx next build 1>&2
  fi
}

# the MCP Apps views (.mcp-views, inlined by lib/mcp/views.ts) only when a widget, the styles
# or the build changed since the last build
ensure_views() {
  if [ ! -f .mcp-views/sizes.json ] || [ -n "$(find components app/globals.css scripts/build-mcp-views.ts package-lock.json -newer .mcp-views/sizes.json -print -quit)" ]; then
    npx tsx scripts/build-mcp-views.ts 1>&2
  fi
}

# The browser tests use Debian's Chromium (Playwright's own browser download cannot work here)
ensure_chromium() {
  command -v chromium >/dev/null 2>&1 && return
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "[setup] installing Debian's chromium for the browser tests" >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } 1>&2
  else
    echo "[setup] the browser tests need Chromium at /usr/bin/chromium: run 'sudo apt-get install -y chromium'" >&2
    exit 1
  fi
}

# The voice tests make real speech with espeak-ng (sox resamples it) and recognise it with
# pocketsphinx and its US English model, all from Debian; installed here when missing and root.
ensure_speech() {
  local missing=()
  command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
  command -v sox >/dev/null 2>&1 || missing+=(sox)
  command -v pocketsphinx_continuous >/dev/null 2>&1 || missing+=(pocketsphinx)
  [ -d /usr/share/pocketsphinx/model/en-us/en-us ] || missing+=(pocketsphinx-en-us)
  [ ${#missing[@]} -eq 0 ] && return
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "[setup] installing Debian's ${missing[*]} for the voice tests" >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"; } 1>&2
  else
    echo "[setup] the voice tests need ${missing[*]}: run 'sudo apt-get install -y ${missing[*]}'" >&2
    exit 1
  fi
}

# The guides' runnable examples (test/ops/docs.test.ts) read JSON answers with jq, as a reader would.
ensure_jq() {
  command -v jq >/dev/null 2>&1 && return
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "[setup] installing Debian's jq for the guides' examples" >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq jq; } 1>&2
  else
    echo "[setup] the guides' examples need jq: run 'sudo apt-get install -y jq'" >&2
    exit 1
  fi
}

# The distributed test profile (TEST_PROFILE=distributed) and the PostgreSQL tests run private
# PostgreSQL and Redis servers from Debian's packages; installed here when missing and root.
ensure_services() {
  local missing=()
  compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || command -v initdb >/dev/null 2>&1 || missing+=(postgresql)
  command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
  [ ${#missing[@]} -eq 0 ] && return
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "[setup] installing Debian's ${missing[*]} for the distributed profile" >&2
    # policy-rc.d: install the binaries only; the machine's own services stay stopped (tests run private ones)
    local policy=""
    [ -e /usr/sbin/policy-rc.d ] || { printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && policy=1; }
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"; } 1>&2 || true
    if [ -n "$policy" ]; then rm -f /usr/sbin/policy-rc.d; fi
  elif [ "${TEST_PROFILE:-}" = distributed ]; then
    echo "[setup] the distributed profile needs ${missing[*]}: run 'sudo apt-get install -y ${missing[*]}'" >&2
    exit 1
  fi
}

# Whether a test run needs the suite's server (and so the build, Chromium, the databases): the whole
# suite does, and so does any chosen file outside test/unit (options, starting with -, name no file).
needs_server() {
  [ $# -eq 0 ] && return 0
  local argument
  for argument in "$@"; do
    case "$argument" in
      -*) ;;
      test/unit/*) ;;
      *) return 0 ;;
    esac
  done
  return 1
}

task="${1:?usage: run.sh <task> [args]}"; shift
ensure_dependencies
case "$task" in
  setup) ;;
  start)
    npx tsx --conditions=react-server scripts/prepare.ts 1>&2
    ensure_build
    ensure_views
    # the doors in front of Next's handler (scripts/serve.ts); `next start` serves the same, slower.
    # NODE_ENV as `next start` sets it: React, Next and the libraries run their production builds.
    NODE_ENV=production exec node --import tsx scripts/serve.ts ;;
  # The whole suite (no arguments, as CI runs it): format and lint first (biome.jsonc), where a
  # difference from the formatter or any lint warning fails the run, then knip (knip.json): a file,
  # dependency or binary nothing uses. Chosen files (`npm test -- <files>`) skip those (`npm run
  # lint` runs them), and files of test/unit alone need no server, so nothing is installed or built.
  test)
    if [ $# -eq 0 ]; then
      npx biome ci --error-on-warnings --reporter=summary . 1>&2; npx knip --no-progress 1>&2
    else
      echo "[test] chosen files: format, lint and knip are skipped (npm run lint runs them)" >&2
    fi
    if needs_server "$@"; then ensure_chromium; ensure_speech; ensure_jq; ensure_services; ensure_build; ensure_views; fi
    exec npx vitest run "$@" ;;
  # the unit tests alone: no server, no build, no lint (seconds once installed)
  test-unit) exec npx vitest run --project unit "$@" ;;
  admin) exec npx tsx --conditions=react-server scripts/admin.ts "$@" ;;
  bench) ensure_build; ensure_views; exec npx tsx --conditions=react-server scripts/bench.ts "$@" ;;
  bench-profile) ensure_build; ensure_views; exec npx tsx --conditions=react-server scripts/bench-profile.ts "$@" ;;
  bench-library) ensure_build; ensure_views; exec npx tsx --conditions=react-server scripts/bench-library.ts "$@" ;;
  bench-soak) ensure_build; ensure_views; exec npx tsx --conditions=react-server scripts/bench-soak.ts "$@" ;;
  bench-views) ensure_views; exec npx tsx --conditions=react-server scripts/bench-views.ts "$@" ;;
  examples-record) exec npx tsx --conditions=react-server scripts/openapi-examples.ts "$@" ;;
  bench-voice) ensure_build; ensure_views; exec npx tsx --conditions=react-server scripts/bench-voice.ts "$@" ;;
  lint) npx biome ci --error-on-warnings . && exec npx knip --no-progress ;;
  format) exec npx biome check --write . ;;
  exec) exec "$@" ;;
  *) echo "unknown task: $task" >&2; exit 2 ;;
esac
