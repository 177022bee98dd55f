#!/usr/bin/env bash
# The browser client's build and tests, for scripts/run and scripts/test.
#   web-client/make.sh build   installs the npm packages when needed, then
#                              builds dist/ (index.html, app.js, app.css,
#                              the service worker sw.js, offline.html, the
#                              manifest, favicon.svg, favicon.ico, the PNG
#                              icons)
#   web-client/make.sh test    the same, then checks the sources
#                              (tests/sources.mjs), type-checks and runs the
#                              browser tests against a real whistd
#                              (WHISTD: its path; default ../build/server/whistd)
#   web-client/make.sh format  formats the TypeScript and scripts with
#                              prettier (.prettierrc.json)
#   web-client/make.sh format-check   reports any file prettier would change,
#                              and fails
# The packages come from the npm registry as package-lock.json pins them;
# `npm ci` runs only when node_modules is missing or older than the lock.
set -euo pipefail
cd "$(dirname "$0")"

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "web-client: npm ci"
  npm ci --no-audit --no-fund --loglevel=error
fi

case "${1:-build}" in
  build) npm run --silent build ;;
  test)
    # The failures again at the end, with their errors: a log cut in the
    # middle (a CI's summary) still shows why.
    log=$(mktemp)
    trap 'rm -f "$log"' EXIT
    if npm test 2>&1 | tee "$log"; then exit 0; fi
    echo
    echo "web-client: the browser tests that failed, again:"
    awk '/^not ok /{on=1} /^# Subtest: |^ok /{on=0} on' "$log"
    exit 1
    ;;
  format) npm run --silent format ;;
  format-check) npm run --silent format:check ;;
  *)
    echo "usage: $0 build|test|format|format-check" >&2
    exit 2
    ;;
esac
