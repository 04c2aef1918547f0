#!/usr/bin/env bash
# Every test: types, lint, unit, API on SQLite and PostgreSQL, then browser journeys on the production build.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== typecheck" && npm run typecheck
echo "== lint" && npm run lint
echo "== format" && npx prettier --check . --log-level warn
echo "== build" && npm run build
echo "== tests" && npx vitest run
