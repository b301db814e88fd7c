#!/usr/bin/env bash
# Renders every bundled example (or the scenario files given) twice with one flick: as usual, then with --from the
# states.json the first render wrote (docs/states.md, "Drawing a document"), and compares what they wrote, file by
# file. Prints a line per scenario (files identical, frames differing and how: `flick diff` at its default threshold)
# and a summary; exits 1 when a file other than a frame differs.
#
#   scripts/render-from.sh FLICK [SCENARIO...]        SCALE (default 1), JOBS (default 2), WORK (a temporary folder)
set -u
flick=${1:?usage: scripts/render-from.sh FLICK [SCENARIO...]}
shift
root=$(cd "$(dirname "$0")/.." && pwd)
scale=${SCALE:-1}
jobs=${JOBS:-2}
work=${WORK:-$(mktemp -d /tmp/flick-render-from.XXXXXX)}
cd "$root"
files=("$@")
[ ${#files[@]} -gt 0 ] || files=($(ls Examples/*.yaml Examples/*.json 2>/dev/null | sort))
other=0 frames_same=0 frames_below=0 frames_beyond=0 same=0
for f in "${files[@]}"; do
    name=$(basename "${f%.*}")
    rm -rf "$work/normal/$name" "$work/from/$name"
    "$flick" render "$f" --out "$work/normal" --scale "$scale" --jobs "$jobs" --review >/dev/null 2>"$work/$name.err" || { echo "$name: render failed: $(cat "$work/$name.err")"; other=$((other + 1)); continue; }
    cp "$work/normal/$name/states.json" "$work/$name.states.json"
    "$flick" render "$f" --from "$work/$name.states.json" --out "$work/from" --scale "$scale" --jobs "$jobs" --review >/dev/null 2>"$work/$name.err" || { echo "$name: render --from failed: $(cat "$work/$name.err")"; other=$((other + 1)); continue; }
    n_same=0 n_frames=0 differing=()
    while IFS= read -r rel; do
        if cmp -s "$work/normal/$name/$rel" "$work/from/$name/$rel"; then n_same=$((n_same + 1)); continue; fi
        case "$rel" in
            frames/*) n_frames=$((n_frames + 1));;
            *) differing+=("$rel"); other=$((other + 1));;
        esac
    done < <(cd "$work/normal/$name" && find . -type f | sed 's#^\./##' | sort)
    same=$((same + n_same))
    line="$name: $n_same files identical"
    if [ "$n_frames" -gt 0 ]; then
        beyond=$("$flick" diff "$work/normal/$name/frames" "$work/from/$name/frames" 2>/dev/null | grep -c "beyond tolerance$")
        frames_beyond=$((frames_beyond + beyond)); frames_below=$((frames_below + n_frames - beyond))
        line="$line, $n_frames frames differ ($beyond beyond flick diff's default threshold)"
    fi
    [ ${#differing[@]} -gt 0 ] && line="$line; DIFFERING: ${differing[*]}"
    echo "$line"
done
echo "$same files identical; frames differing: $frames_below only below flick diff's threshold, $frames_beyond beyond it; other files differing: $other ($work)"
[ "$other" -eq 0 ]
