#!/usr/bin/env bash
# tools/demo.sh - what `make demo` shows: build the graph from data/sources/
# and look things up. Run from the repository root after `make`.
set -eu
cd "$(dirname "$0")/.."
# each command echoed as a shell reads it back: an argument with a space
# or a shell character in single quotes, so a pasted line runs the same
quote() {
	case $1 in
	'' | *[[:space:]\'\"\\\$\`\;\&\|\<\>\(\)\[\]\*\?\!\#\~\{\}]*)
		printf "'%s'" "${1//\'/\'\\\'\'}" ;;
	*) printf '%s' "$1" ;;
	esac
}
run() {
	local line="" a
	for a in "$@"; do line+="${line:+ }$(quote "$a")"; done
	printf '\n$ %s\n' "$line"
	"$@" || [ $? -eq 1 ]
}
run ./provkg build
run ./provkg sources
run ./provkg lookup "Planck constant"
run ./provkg lookup G --all-editions
run ./provkg lookup 普朗克常数
run ./provkg lookup Fe-56
run ./provkg lookup "standard atomic weight of carbon" --json
run ./provkg check-value "the band gap of Si is 0.61 eV"
run ./provkg check-ref "Watanabe S. Infantile syphilis accompanied by anticomplementary effect of cryoglobulin. Arch Dermatol. 1979;109(6):889."
# a sample model answer: values, citations, scores, audit trail
run ./provkg check --closed-world data/examples/answer.txt
