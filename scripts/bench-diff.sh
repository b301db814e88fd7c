#!/usr/bin/env bash
# Benchmarks `flick diff` against two well-known tools on the same frames: pixelmatch (the PyPI port, the
# method flick implements) and ImageMagick's `compare` (a C tool, plain per-pixel colour distance).
#
# usage: scripts/bench-diff.sh [COUNT]      COUNT pairs of 1170×2532 frames (default 30)
# environment:
#   FLICK=path              the flick binary (default .build/release/flick; build it with `swift build -c release`)
#   WORK=dir                where the frames go (default /tmp/flick-bench-diff); reused when already complete
#   PIXELMATCH_FRAMES=n     compare only the first n pairs with pixelmatch, which is pure Python and slow
#                           (default: all; 0 skips it)
# needs python3 with Pillow (frames), pixelmatch from PyPI, and ImageMagick's `compare` (each skipped if absent).
set -euo pipefail

count=${1:-30}
root=$(cd "$(dirname "$0")/.." && pwd)
flick=${FLICK:-$root/.build/release/flick}
work=${WORK:-/tmp/flick-bench-diff}
here=$root/scripts/bench-diff

[[ -x $flick ]] || { echo "bench-diff: no flick at $flick; run swift build -c release first" >&2; exit 2; }
now() { date +%s.%N; }
elapsed_ms() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f", (b - a) * 1000 }'; }

if [[ $(ls "$work/expected" 2>/dev/null | wc -l) -ne $count || $(ls "$work/actual" 2>/dev/null | wc -l) -ne $count ]]; then
    echo "bench-diff: drawing $count pairs of frames into $work" >&2
    rm -rf "$work/expected" "$work/actual"
    python3 "$here/make-frames.py" "$work" "$count" 2>/dev/null
fi
echo "frames: $count pairs of $(python3 -c "from PIL import Image; print('×'.join(map(str, Image.open('$work/expected/frame_00000.png').size)))") PNGs in $work (a third identical, a third shifted by half a pixel, a third changed)"
echo

# flick diff: one job (per-frame numbers), then one per core. Exit 1 (differences) is expected.
start=$(now)
"$flick" diff "$work/expected" "$work/actual" --jobs 1 --timings >"$work/flick.out" 2>"$work/flick.timings" || [[ $? -eq 1 ]]
end=$(now)
flick_serial=$(elapsed_ms "$start" "$end")
start=$(now)
"$flick" diff "$work/expected" "$work/actual" >/dev/null 2>&1 || [[ $? -eq 1 ]]
end=$(now)
flick_parallel=$(elapsed_ms "$start" "$end")
cores=$(getconf _NPROCESSORS_ONLN)
awk -v total="$flick_serial" -v par="$flick_parallel" -v cores="$cores" '
    / decode / {
        n++; decode += $3; compare += $6
        if ($0 ~ /identical/) { ni++; ci += $6 } else { nd++; cd += $6 }
    }
    END {
        printf "flick diff      total %6.2f s on 1 core, %.2f s on %d; per frame: decode %.0f ms, compare %.1f ms (identical %.1f ms, differing %.1f ms)\n",
            total / 1000, par / 1000, cores, decode / n, compare / n, ci / (ni ? ni : 1), cd / (nd ? nd : 1)
    }' "$work/flick.timings"

if command -v compare >/dev/null && compare -version 2>/dev/null | grep -q ImageMagick; then
    start=$(now)
    for f in "$work"/expected/*.png; do
        compare -metric AE -fuzz 10% "$f" "$work/actual/$(basename "$f")" null: 2>>"$work/imagemagick.out" || true
        echo >>"$work/imagemagick.out"
    done
    end=$(now)
    ms=$(elapsed_ms "$start" "$end")
    awk -v ms="$ms" -v n="$count" 'BEGIN { printf "ImageMagick     total %6.2f s on 1 core; per frame %.0f ms (compare -metric AE -fuzz 10%%, decoding included)\n", ms / 1000, ms / n }'
else
    echo "ImageMagick     skipped (no compare; apt-get install imagemagick)"
fi

pixelmatch_frames=${PIXELMATCH_FRAMES:-$count}
if [[ $pixelmatch_frames -gt 0 ]] && python3 -c "import pixelmatch, PIL" 2>/dev/null; then
    python3 "$here/pixelmatch-bench.py" "$work/expected" "$work/actual" "$pixelmatch_frames" >"$work/pixelmatch.out"
    awk '{ n++; decode += $2; compare += $3; total += $2 + $3; if ($4 == 0) { ni++; ci += $3 } else { nd++; cd += $3 } }
        END { printf "pixelmatch-py   total %6.2f s on 1 core for %d pairs; per frame: decode %.0f ms, compare %.0f ms (identical %.0f ms, differing %.0f ms)\n",
            total / 1000, n, decode / n, compare / n, ci / (ni ? ni : 1), cd / (nd ? nd : 1) }' "$work/pixelmatch.out"
    # Same method, same counts? flick's --timings line ends with "(N differing)" or "(identical)".
    agree=$(awk 'NR == FNR { if ($0 ~ / decode /) { sub(":", "", $1); c = ($0 ~ /identical/) ? 0 : $8; sub("\\(", "", c); flick[$1] = c }; next }
                 { n++; if (flick[$1] == $4) same++; else print "  " $1 ": flick " flick[$1] ", pixelmatch " $4 > "/dev/stderr" }
                 END { printf "%d of %d", same, n }' "$work/flick.timings" "$work/pixelmatch.out")
    echo "differing pixels agree with pixelmatch on $agree frames"
else
    echo "pixelmatch-py   skipped (pip install pixelmatch pillow, or PIXELMATCH_FRAMES=0)"
fi
