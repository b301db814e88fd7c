#!/usr/bin/env bash
# Reports how PNG encoding stands, as ratios measured in one run on this machine (never a timed test):
#   - `flick bench` on SCENARIOS (default: fling-to-rest, a fling at 3x, and sheet-handoff, longer and with rests):
#     each encoder's frames per second on one thread, the libspng floor on every core, the render, and
#     `render / floor` (the target is at most 0.8×);
#   - memory: the peak resident memory of `flick render fling-to-rest` and of the same run sampled ten times as
#     often (`--slow 10`, ten times the frames), which should be about the same.
#
# usage: scripts/bench-encode.sh [FLICK] [SCENARIO...]   (FLICK: default the release build; build it first)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
flick=${1:-$root/.build/release/flick}
[[ -x $flick ]] || { echo "bench-encode: no $flick; run: swift build -c release --product flick" >&2; exit 2; }
shift || true
scenarios=("$@")
(( ${#scenarios[@]} > 0 )) || scenarios=(fling-to-rest sheet-handoff)

for scenario in "${scenarios[@]}"; do
    "$flick" bench "$scenario"
    echo
done

work=$(mktemp -d /tmp/flick-bench-encode.XXXXXX)
trap 'rm -rf "$work"' EXIT
peak() { # ARGS... → peak resident memory of `flick ARGS` in MiB, and its wall time
    python3 - "$flick" "$@" <<'PY'
import resource, subprocess, sys, time
start = time.monotonic()
subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)
seconds = time.monotonic() - start
kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(f"{kib / 1024:6.0f} MiB peak, {seconds:5.1f} s")
PY
}
frames() { find "$work/$1" -name 'frame_*.png' | wc -l; }
echo "memory of flick render fling-to-rest (peak resident memory, wall time):"
once=$(peak render fling-to-rest --out "$work/once")
slow=$(peak render fling-to-rest --slow 10 --out "$work/slow")
printf '  %5d frames: %s\n' "$(frames once)" "$once"
printf '  %5d frames: %s   (--slow 10)\n' "$(frames slow)" "$slow"
