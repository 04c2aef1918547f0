#!/usr/bin/env bash
# Builds the web app into another folder (first argument), so several builds can live side by side;
# serve it with WEB_DIST=<folder> (the server and the e2e set-up both read it).
set -euo pipefail
out="$(realpath -m "${1:?usage: scripts/build-web-to.sh DIR}")"
cd "$(dirname "$0")/../apps/web"
npx vite build --outDir "$out" --emptyOutDir
npx tsx scripts/prerender.ts "$out"
