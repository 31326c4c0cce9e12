#!/usr/bin/env bash
# tools/demo.sh - what `make demo` shows: build the graph from data/sources/
# and look things up. Run from the repository root after `make`.
set -eu
cd "$(dirname "$0")/.."
run() { printf '\n$ %s\n' "$*"; "$@"; }
run ./provkg build
run ./provkg sources
run ./provkg lookup "Planck constant"
run ./provkg lookup G --all-editions
run ./provkg lookup 普朗克常数
run ./provkg lookup Fe-56
run ./provkg lookup "standard atomic weight of carbon" --json
