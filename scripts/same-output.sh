#!/usr/bin/env bash
# Proves that two flick binaries give byte-identical output for every bundled example: `flick states` as JSON and
# CSV, and every file `flick render` writes (PNG frames, states.json). Use it to show that a change of structure
# changes no number and no pixel.
#
# usage: scripts/same-output.sh [--review] BASE_FLICK NEW_FLICK [WORK]
#   --review     also the review outputs of every render (--motion --contact-sheet --html: motion.svg/png,
#                contact-sheet.png, index.html, run.json), for a change of those
#   BASE_FLICK   a flick built before the change (e.g. from a worktree of main)
#   NEW_FLICK    the flick under test
#   WORK         where the outputs go (default: a new folder under /tmp); outputs of BASE_FLICK already there are reused
# exit status: 0 when every file is identical, 1 when some differ (they are listed), 2 on bad usage.
set -euo pipefail

review=()
if [[ ${1:-} == --review ]]; then review=(--motion --contact-sheet --html); shift; fi
[[ $# -ge 2 ]] || { echo "usage: scripts/same-output.sh [--review] BASE_FLICK NEW_FLICK [WORK]" >&2; exit 2; }
base=$1 new=$2
work=${3:-$(mktemp -d /tmp/flick-same-output.XXXXXX)}
root=$(cd "$(dirname "$0")/.." && pwd)
for b in "$base" "$new"; do [[ -x $b ]] || { echo "same-output: $b is not an executable" >&2; exit 2; }; done

# The examples both binaries can read: a scenario using a key the base does not know yet is left out.
examples=()
for f in "$root"/Examples/*.yaml "$root"/Examples/*.json; do
    if "$base" validate "$f" > /dev/null 2>&1; then examples+=("$f"); else echo "same-output: $base cannot read $(basename "$f"); left out" >&2; fi
done

run() { # FLICK OUT
    local flick=$1 out=$2
    mkdir -p "$out"
    for f in "${examples[@]}"; do
        local n; n=$(basename "${f%.*}")
        "$flick" states "$f" > "$out/$n.states.json"
        "$flick" states "$f" --format csv > "$out/$n.states.csv"
        "$flick" render "$f" --out "$out/render" ${review[@]+"${review[@]}"} > /dev/null
    done
}

[[ -f $work/base/.complete ]] || { rm -rf "$work/base"; run "$base" "$work/base"; touch "$work/base/.complete"; }
rm -rf "$work/new"
run "$new" "$work/new"
touch "$work/new/.complete"
if diff -rq "$work/base" "$work/new"; then
    echo "same-output: $(find "$work/new" -type f | wc -l) files, all identical ($work)"
else
    echo "same-output: files differ (above); outputs in $work" >&2
    exit 1
fi
