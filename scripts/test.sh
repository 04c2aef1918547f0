#!/usr/bin/env bash
# Every test: types, lint, unit, API on SQLite and PostgreSQL, then browser journeys on the production build
# (web app and compiled server).
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== typecheck" && npm run typecheck
echo "== lint" && npm run lint
echo "== format" && npx prettier --check . --log-level warn
echo "== build" && npm run build
# The compiled server just built is the one the browser journeys and the compiled-server API test start.
echo "== tests" && SERVER_DIST=apps/server/dist npx vitest run
