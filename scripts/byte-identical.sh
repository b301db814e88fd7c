#!/usr/bin/env bash
# Renders every bundled example and test scenario with two flick binaries and compares every file they wrote, byte
# for byte: frames (PNG and SVG), states (JSON, CSV, --explain), review outputs (page, run.json, states.js, motion
# plot, contact sheet, preview) and the review pages of folders (two runs side by side, three on one graph).
#
#   scripts/byte-identical.sh BASELINE_FLICK NEW_FLICK [WORK_FOLDER]
#
# Prints one line per difference and a summary; exits 1 when anything differs. Timings printed by the commands
# are not compared (only the files and the states on standard output). A PNG frame in other bytes whose decoded
# pixels are the same (`flick diff --threshold 0 --include-aa`) is listed and counted apart, not as a difference:
# builds before igzip's stream was placed wrote such frames (docs/development.md, "Where the stream lives").
set -u
base=${1:?usage: scripts/byte-identical.sh BASELINE_FLICK NEW_FLICK [WORK_FOLDER]}
new=${2:?usage: scripts/byte-identical.sh BASELINE_FLICK NEW_FLICK [WORK_FOLDER]}
work=${3:-$(mktemp -d /tmp/flick-byte-identical.XXXXXX)}
root=$(cd "$(dirname "$0")/.." && pwd)
scale=${SCALE:-0.5}
jobs=${JOBS:-2}
cd "$root"

files=$(ls Examples/*.yaml Examples/*.json Tests/Scenarios/*.yaml 2>/dev/null | sort)
for side in ${SIDES:-base new}; do  # SIDES=base or new renders one side only (the other kept from an earlier run)
    bin=$base; [ "$side" = new ] && bin=$new
    out="$work/$side"
    rm -rf "$out"; mkdir -p "$out/render" "$out/states" "$out/review"
    for f in $files; do
        name=$(basename "${f%.*}")
        dir=$(basename "$(dirname "$f")")
        "$bin" render "$f" --out "$out/render/$dir" --scale "$scale" --jobs "$jobs" --format both --review >/dev/null 2>"$out/render/$dir-$name.err"
        "$bin" states "$f" > "$out/states/$dir-$name.json" 2>>"$out/states/$dir-$name.err"
        "$bin" states "$f" --format csv > "$out/states/$dir-$name.csv" 2>>"$out/states/$dir-$name.err"
        "$bin" states "$f" --explain > "$out/states/$dir-$name.explain.json" 2>>"$out/states/$dir-$name.err"
    done
    # Review pages of folders flick render wrote: two side by side, three on one graph.
    "$bin" review "$out/render/Examples/sheet-handoff" "$out/render/Examples/card-dismiss" --out "$out/review/two" --jobs "$jobs" >/dev/null 2>&1
    "$bin" review "$out/render/Examples/vimeo-tabs" "$out/render/Examples/two-pagers" "$out/render/Examples/ten-tabs" --out "$out/review/three" >/dev/null 2>&1
    "$bin" review Examples/pull-to-refresh.yaml Examples/refresh-in-pager.yaml Examples/refresh-in-sheet.yaml --out "$out/review/scenarios" >/dev/null 2>&1
    # Folder paths inside the pages name the side: write them as one.
    grep -rl "$out" "$out/review" 2>/dev/null | while read -r page; do sed -i "s#$out#SIDE#g" "$page"; done
done

[ -d "$work/base" ] && [ -d "$work/new" ] || { echo "rendered ${SIDES:-} in $work"; exit 0; }
differ=0 same=0 samePixels=0
while IFS= read -r rel; do
    if [ ! -f "$work/new/$rel" ]; then echo "only in baseline: $rel"; differ=$((differ + 1)); continue; fi
    if cmp -s "$work/base/$rel" "$work/new/$rel"; then
        same=$((same + 1))
    elif [[ $rel == */frames/*.png ]] && "$new" diff "$work/base/$rel" "$work/new/$rel" --threshold 0 --include-aa 2>/dev/null | grep -q '^1 frame compared: 1 identical'; then
        echo "same pixels, other bytes: $rel"; samePixels=$((samePixels + 1))
    else
        echo "differs: $rel"; differ=$((differ + 1))
    fi
done < <(cd "$work/base" && find . -type f ! -name '*.err' | sort)
while IFS= read -r rel; do
    [ -f "$work/base/$rel" ] || { echo "only in new: $rel"; differ=$((differ + 1)); }
done < <(cd "$work/new" && find . -type f ! -name '*.err' | sort)
echo "$same files identical, $samePixels PNG frames with the same pixels in other bytes, $differ differing ($work)"
[ "$differ" -eq 0 ]
