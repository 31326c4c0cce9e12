#!/bin/sh
# Install the Debian packages provkg needs, or say exactly how to.
# usage: tools/deps.sh PACKAGE...
# As root: installs what is missing (apt-get update first when the package
# lists are older than a day, and again when an install fails).
# Otherwise: prints the command to run and exits 1 when something is missing.
set -u
missing=""
for p in "$@"; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" != 0 ]; then
	echo "provkg: missing Debian packages:$missing" >&2
	echo "provkg: run: sudo apt-get update && sudo apt-get install -y --no-install-recommends$missing" >&2
	exit 1
fi

export DEBIAN_FRONTEND=noninteractive
stale=1
if [ -d /var/lib/apt/lists ] && [ -n "$(find /var/lib/apt/lists -maxdepth 1 -name '*Packages*' -mtime -1 2>/dev/null | head -n 1)" ]; then
	stale=0
fi
echo "provkg: installing:$missing" >&2
if [ "$stale" = 1 ]; then
	apt-get update -q >&2 || true
fi
# shellcheck disable=SC2086
if ! apt-get install -y -q --no-install-recommends $missing >&2; then
	apt-get update -q >&2 || true
	# shellcheck disable=SC2086
	apt-get install -y -q --no-install-recommends $missing >&2 || {
		echo "provkg: apt-get install failed for:$missing" >&2
		exit 1
	}
fi
exit 0
