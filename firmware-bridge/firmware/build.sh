#!/usr/bin/env bash
# Builds the launcher firmware once per version of its sources and prints the hex file's path.
# The build goes to firmware-bridge/firmware/build-<hash>/ (git-ignored), where <hash> covers the
# sketch, its Makefile and the compiler's version: an unchanged tree is not rebuilt.
# `build.sh --ship` also copies the hex to uno_extreme_launcher.hex beside this script and writes
# uno_extreme_launcher.json (the sources' hash, RAM use, the data symbols, the functions' addresses): both are committed, so
# the tests and `device --pty` run the firmware on machines without the toolchain.
# Needs: apt install gcc-avr avr-libc arduino-core-avr arduino-mk
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
sketch="$here/uno_extreme_launcher"
ship=0
case "${1:-}" in
  --ship) ship=1 ;;
  "") ;;
  *) echo "build.sh: unknown option $1 (use --ship to update the committed hex)" >&2; exit 2 ;;
esac
for tool in avr-gcc make; do
  command -v "$tool" >/dev/null || { echo "build.sh: $tool not found: apt install gcc-avr avr-libc arduino-core-avr arduino-mk" >&2; exit 1; }
done
[ -f /usr/share/arduino/Arduino.mk ] || { echo "build.sh: /usr/share/arduino/Arduino.mk not found: apt install arduino-mk arduino-core-avr" >&2; exit 1; }
# The sketch's files, each name then its bytes, in byte order (firmware-bridge/avr/firmware.ts hashes the same).
sources() { (cd "$sketch" && for f in $(ls | LC_ALL=C sort); do echo "$f"; cat "$f"; done); }
hash="$( (sources; avr-gcc --version) | sha256sum | cut -c1-12)"
out="$here/build-$hash"
hex="$out/uno_extreme_launcher.hex"
if [ ! -f "$hex" ]; then
  tmp="$here/build-tmp-$$"
  trap 'rm -rf "$tmp"' EXIT
  # Arduino.mk reads TEST (set by test runners) as "use Travis' Arduino 1.0.6": unset it.
  if ! env -u TEST make -s -C "$sketch" OBJDIR="$tmp" >"$here/build-tmp-$$.log" 2>&1; then
    cat "$here/build-tmp-$$.log" >&2
    rm -f "$here/build-tmp-$$.log"
    echo "build.sh: the firmware did not compile (compiler output above)" >&2
    exit 1
  fi
  rm -f "$here/build-tmp-$$.log"
  # Another build of the same sources may have won the race: then keep its folder.
  mv -T "$tmp" "$out" 2>/dev/null || true
  # Older builds are of sources that no longer exist.
  for old in "$here"/build-*; do
    if [[ "$(basename "$old")" =~ ^build-[0-9a-f]{12}$ && "$old" != "$out" ]]; then rm -rf "$old"; fi
  done
fi
if [ "$ship" = 1 ]; then
  elf="${hex%.hex}.elf"
  cp "$hex" "$here/uno_extreme_launcher.hex.tmp"
  {
    printf '{\n  "sources": "%s",\n' "$(sources | sha256sum | cut -d' ' -f1)"
    avr-size -A "$elf" | awk '$1 ~ /^\.(data|bss|noinit)$/ { r = r sprintf("%s\"%s\": %d", (r ? ", " : ""), substr($1, 2), $2) } END { printf "  \"ram\": { %s },\n", r }'
    printf '  "symbols": {'
    sep=''
    # Data lives at 0x800000 + its SRAM address in avr-gcc's ELF.
    avr-nm -S "$elf" | LC_ALL=C sort -k4 | while read -r addr size type name; do
      [[ -n "$name" && "$type" =~ ^[bBdD]$ ]] || continue
      printf '%s\n    "%s": { "address": %d, "size": %d }' "$sep" "$name" $((16#$addr - 0x800000)) $((16#$size))
      sep=','
    done
    # Every function the compiler's symbol table types as one (the C and C++ code, the Arduino core;
    # not avr-libc's assembly helpers): flash byte address and size. Tests stop the emulated CPU at
    # their instructions (a lid opened inside a read-modify-write) or make loop() hang.
    printf '\n  },\n  "code": {'
    sep=''
    avr-readelf -sW "$elf" | awk '$4 == "FUNC" && $3 > 0 { print $2, $3, $8 }' | LC_ALL=C sort -k3 | while read -r addr size name; do
      printf '%s\n    "%s": { "address": %d, "size": %d }' "$sep" "$name" $((16#$addr)) "$size"
      sep=','
    done
    printf '\n  }\n}\n'
  } >"$here/uno_extreme_launcher.json.tmp"
  mv "$here/uno_extreme_launcher.hex.tmp" "$here/uno_extreme_launcher.hex"
  mv "$here/uno_extreme_launcher.json.tmp" "$here/uno_extreme_launcher.json"
fi
echo "$hex"
