#!/usr/bin/env bash
# Fetches the real StandardFirmata 2.5.7 for an Uno (57600 baud), built by its upstream, for the
# tests and `uno-extreme device --pty --firmware standard-firmata`: the npm package
# avrgirl-arduino ships it. The package is only downloaded (`npm pack`), never installed: one of
# its dependencies is a git URL. The tarball must match the pinned sha256; only the one hex file
# is taken out of it, into the git-ignored cache next to this script. Prints the hex's path.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cache="$here/cache"
package=avrgirl-arduino@5.0.1
tarball=avrgirl-arduino-5.0.1.tgz
sha256=4b49db8316e2f38dcebf1b0de87eecd7ff4cc277e32501ccfc6edc2bc5755015
member=package/junk/hex/uno/StandardFirmata.cpp.hex
hex="$cache/StandardFirmata.cpp.hex"

mkdir -p "$cache"
if [ ! -f "$cache/$tarball" ]; then
  (cd "$cache" && npm pack --silent "$package" >/dev/null)
fi
if ! echo "$sha256  $cache/$tarball" | sha256sum --check --status; then
  rm -f "$cache/$tarball"
  echo "fetch-standard-firmata: $package's tarball is not the one pinned (sha256 $sha256): removed it, nothing extracted" >&2
  exit 1
fi
# Extracted to a temporary name first: an interrupted run leaves no half-written hex for the tests.
tar -xzf "$cache/$tarball" -C "$cache" --to-stdout "$member" > "$hex.part"
mv "$hex.part" "$hex"
echo "$hex"
