#!/usr/bin/env bash
# Every test: types, lint, formatting and the build side by side, then unit, component and API tests (SQLite and
# PostgreSQL) with the browser journeys on the production build (web app and compiled server) running beside them.
set -euo pipefail
cd "$(dirname "$0")/.."

# The checks and the build are single-threaded tools that do not depend on each other: they run side by side (two
# lanes keep both cores busy), each into its own log, printed whole when the lane ends. Tests run only if all passed.
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
lane() {
  local name="$1"
  shift
  local status=0
  for step in "$@"; do
    echo "== $step" >>"$logs/$name"
    bash -c "$step" >>"$logs/$name" 2>&1 || { status=$? && break; }
  done
  cat "$logs/$name"
  return "$status"
}
lane types "npm run typecheck" "npx prettier --check . --log-level warn" &
types=$!
lane lint "npm run lint" "npm run build" &
lint=$!
failed=0
wait "$types" || failed=1
wait "$lint" || failed=1
[ "$failed" = 0 ] || { echo "== checks failed: no tests run" && exit 1; }

# The compiled server just built is the one the browser journeys and the compiled-server API test start.
export SERVER_DIST=apps/server/dist
# Servers started as processes (journeys, cluster and compiled-server tests) share one PostgreSQL with the test
# files' own servers (max_connections 100): node-postgres's 10 connections each, not production's default of 20.
export PG_POOL_SIZE="${PG_POOL_SIZE:-10}"
# The browser journeys mostly wait (on pages, the server, their timers): they run beside the other projects, which keep
# both cores busy meanwhile, instead of after them. They run as two shards side by side, each its own Vitest process
# with its own server, database and mail catcher (e2e/global-setup.ts), files split by length (balancedSequencer.ts);
# within a shard one file at a time, as journeys share their server's data. Their logs follow the others'.
echo "== tests"
shards="${E2E_SHARDS:-2}"
journeys=()
for shard in $(seq 1 "$shards"); do
  npx vitest run --project e2e --shard="$shard/$shards" >"$logs/e2e-$shard" 2>&1 &
  journeys+=($!)
done
npx vitest run --project '!e2e' || failed=1
for pid in "${journeys[@]}"; do
  wait "$pid" || failed=1
done
for shard in $(seq 1 "$shards"); do
  echo "== browser journeys (e2e), shard $shard of $shards" && cat "$logs/e2e-$shard"
done
exit "$failed"
