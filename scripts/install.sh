#!/usr/bin/env bash
# Installs flick as PREFIX/bin/flick and its bundled examples as PREFIX/share/flick/Examples, where flick
# looks for them (so `flick render fling-to-rest` works from any folder). PREFIX is the first argument, else
# $PREFIX, else /usr/local. FLICK_BIN installs that binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="${1:-${PREFIX:-/usr/local}}"
binary="${FLICK_BIN:-}"
if [[ -z "$binary" ]]; then
  swift build -c release --product flick >&2
  binary="$(swift build -c release --show-bin-path)/flick"
fi
[[ -x "$binary" ]] || { echo "install: no flick binary at $binary" >&2; exit 2; }
install -d "$prefix/bin" "$prefix/share/flick"
install -m 755 "$binary" "$prefix/bin/flick"
# The examples are replaced as a whole: copied beside the old ones, then swapped in.
staging="$prefix/share/flick/.Examples.partial-$$"
rm -rf "$staging"
cp -R Examples "$staging"
rm -rf "$prefix/share/flick/Examples"
mv "$staging" "$prefix/share/flick/Examples"
echo "installed $prefix/bin/flick and $prefix/share/flick/Examples" >&2
