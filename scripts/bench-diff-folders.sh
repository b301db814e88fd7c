#!/usr/bin/env bash
# What `flick diff` costs on folders of frames, against what reading them costs.
#
#   1. Two folders of COUNT identical 1170×2532 frames (fling-to-rest rendered at scale 3, one frame copied
#      COUNT times into each folder): `flick diff A B` against `cat A/* B/* > /dev/null`.
#   2. Frames that differ: DIFFERING pairs of two different frames; the mean decode time per frame that
#      `flick diff --jobs 1 --timings` reports (both images of a pair), and the wall time on every core.
#
# Each timing is the best of three runs, with the files already in the page cache (the first `cat` reads them).
#
# usage: scripts/bench-diff-folders.sh [COUNT]        COUNT identical pairs (default 361)
# environment:
#   FLICK=path        the flick binary to measure (default .build/release/flick; `swift build -c release`)
#   RENDER=path       the flick binary that renders the frames (default: FLICK)
#   WORK=dir          where the frames go (default /tmp/flick-bench-folders); reused when complete
#   DIFFERING=n       pairs of differing frames (default 40)
set -euo pipefail

count=${1:-361}
root=$(cd "$(dirname "$0")/.." && pwd)
flick=${FLICK:-$root/.build/release/flick}
render=${RENDER:-$flick}
work=${WORK:-/tmp/flick-bench-folders}
differing=${DIFFERING:-40}

[[ -x $flick ]] || { echo "bench-diff-folders: no flick at $flick; run swift build -c release first" >&2; exit 2; }

if [[ $(ls "$work/a" 2>/dev/null | wc -l) -ne $count || $(ls "$work/b" 2>/dev/null | wc -l) -ne $count
      || $(ls "$work/c" 2>/dev/null | wc -l) -ne $differing ]]; then
    echo "bench-diff-folders: rendering two frames and copying them into $work" >&2
    rm -rf "$work"
    mkdir -p "$work/a" "$work/b" "$work/c"
    "$render" render "$root/Examples/fling-to-rest.yaml" --scale 3 --frames 0..40 --out "$work/render" >/dev/null
    frames=$work/render/fling-to-rest/frames
    for i in $(seq 0 $((count - 1))); do
        name=$(printf 'frame_%05d.png' "$i")
        cp "$frames/frame_00000.png" "$work/a/$name"
        cp "$frames/frame_00000.png" "$work/b/$name"
        if [[ $i -lt $differing ]]; then cp "$frames/frame_00040.png" "$work/c/$name"; fi
    done
fi

# The best of three wall times, in seconds, of the command given; its exit status is ignored (diff exits 1).
best_of_three() {
    local best=
    for _ in 1 2 3; do
        local start end
        start=$(date +%s.%N)
        "$@" >/dev/null 2>&1 || true
        end=$(date +%s.%N)
        best=$(awk -v a="$start" -v b="$end" -v best="$best" 'BEGIN { t = b - a; if (best == "" || t < best) best = t; printf "%.3f", best }')
    done
    echo "$best"
}

read_both() { cat "$work"/a/* "$work"/b/* >/dev/null; }
read_both
size=$(du -sh "$work/a" | cut -f1)
cores=$(getconf _NPROCESSORS_ONLN)
echo "frames: $count identical pairs, $(file -b "$work/a/frame_00000.png" | grep -o '[0-9]* x [0-9]*') pixels, $size a folder; $differing differing pairs; $cores cores"

cat_time=$(best_of_three read_both)
same_time=$(best_of_three "$flick" diff "$work/a" "$work/b")
echo "identical folders:  cat of both $cat_time s   flick diff $same_time s"

"$flick" diff "$work/a/frame_00000.png" "$work/c/frame_00000.png" >/dev/null 2>&1 || true
sub=$(mktemp -d)
for i in $(seq 0 $((differing - 1))); do
    name=$(printf 'frame_%05d.png' "$i")
    ln -s "$work/a/$name" "$sub/$name"
done
"$flick" diff "$sub" "$work/c" --jobs 1 --timings 2>"$work/timings.txt" >/dev/null || true
decode=$(awk '/ decode / { n++; d += $3; c += $6 } END { printf "%.1f ms decode (two images), %.1f ms compare", d / n, c / n }' "$work/timings.txt")
diff_time=$(best_of_three "$flick" diff "$sub" "$work/c")
rm -rf "$sub"
echo "differing frames:   per pair on one core $decode;   $differing pairs on $cores cores $diff_time s"
