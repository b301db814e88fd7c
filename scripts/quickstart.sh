#!/usr/bin/env bash
# The README's first command: installs what is missing, builds flick, and renders a bundled example into
# Output/. Safe to run again: flick replaces only a folder it wrote itself.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
echo "Building flick (release)…" >&2
swift build -c release --product flick 2>&1 | grep -Ev '^(\[[0-9]+/[0-9]+\]|Building|Compiling|Write|Emitting|Fetching|Computing|Computed|Creating|Working copy|Fetched)' >&2 || true
flick=$(swift build -c release --show-bin-path)/flick
[[ -x "$flick" ]] || { echo "quickstart: the build failed; run 'swift build' to see why" >&2; exit 2; }

# The ClassPass screen: one pan raises the sheet and scrolls its list, back down, and a flick to the tip.
"$flick" render Examples/sheet-handoff.yaml --out Output --html --contact-sheet --motion
echo
echo "Frames:  Output/sheet-handoff/frames/frame_00000.png … (one PNG per frame, 390×844: 1x beside a review page; --device-scale draws the scenario's 3x)"
echo "States:  Output/sheet-handoff/states.json"
echo "Review:  open Output/sheet-handoff/index.html in a browser (plays, scrubs, shows each frame's state); contact-sheet.png, motion.svg"
echo "Next:    $flick examples   |   $flick render <example> --overlay   |   $flick --help"
