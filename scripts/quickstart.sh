#!/usr/bin/env bash
# The README's first command: installs what is missing, builds flick, and runs it on a bundled example,
# leaving the result in Output/. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
echo "Building flick (release)…" >&2
swift build -c release --product flick 2>&1 | grep -Ev '^(\[[0-9]+/[0-9]+\]|Building|Compiling|Write|Emitting|Fetching|Computing|Computed|Creating|Working copy|Fetched)' >&2 || true
flick=$(swift build -c release --show-bin-path)/flick
[[ -x "$flick" ]] || { echo "quickstart: the build failed; run 'swift build' to see why" >&2; exit 2; }

mkdir -p Output/fling-to-rest
"$flick" states Examples/fling-to-rest.yaml --output Output/fling-to-rest/states.json
frames=$(grep -c '"index"' Output/fling-to-rest/states.json)
echo "Wrote $frames frame states to Output/fling-to-rest/states.json"
echo "Try: $flick examples"
