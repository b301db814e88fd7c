#!/usr/bin/env bash
# Proves that two folders of PNG files hold the same pixels, whatever their bytes: every PNG under A has a file
# at the same path under B, and both decode (with Pillow, a decoder independent of Flick's) to identical RGBA
# pixels and the same size. Use it after scripts/same-output.sh when a change of the PNG encoder changes bytes only.
#
# usage: scripts/same-pixels.sh A B
#   e.g. scripts/same-pixels.sh /tmp/flick-same-output.X/base /tmp/flick-same-output.X/new
# Needs Pillow: python3 -m venv .build/pillow-venv && .build/pillow-venv/bin/pip install pillow (used when present).
# exit status: 0 when every PNG's pixels are identical, 1 when some differ or are missing (they are listed), 2 on bad usage.
set -euo pipefail

[[ $# -eq 2 && -d $1 && -d $2 ]] || { echo "usage: scripts/same-pixels.sh A B (two folders)" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
python=python3
[[ -x $root/.build/pillow-venv/bin/python ]] && python=$root/.build/pillow-venv/bin/python
"$python" -c 'import PIL' 2> /dev/null || {
    echo "same-pixels: needs Pillow: python3 -m venv $root/.build/pillow-venv && $root/.build/pillow-venv/bin/pip install pillow" >&2
    exit 2
}

"$python" - "$1" "$2" <<'PY'
import os, sys
from PIL import Image

a_root, b_root = sys.argv[1], sys.argv[2]
same_bytes = same_pixels = 0
problems = []
for folder, _, files in sorted(os.walk(a_root)):
    for name in sorted(files):
        if not name.endswith(".png"):
            continue
        a = os.path.join(folder, name)
        rel = os.path.relpath(a, a_root)
        b = os.path.join(b_root, rel)
        if not os.path.exists(b):
            problems.append(f"{rel}: missing in B")
            continue
        with open(a, "rb") as fa, open(b, "rb") as fb:
            if fa.read() == fb.read():
                same_bytes += 1
                continue
        try:
            ia, ib = Image.open(a), Image.open(b)
            ia.load(); ib.load()  # decodes every row and checks the CRCs
        except Exception as error:
            problems.append(f"{rel}: cannot decode: {error}")
            continue
        if ia.size != ib.size:
            problems.append(f"{rel}: {ia.size} vs {ib.size} pixels")
        elif ia.convert("RGBA").tobytes() != ib.convert("RGBA").tobytes():
            problems.append(f"{rel}: pixels differ")
        else:
            same_pixels += 1
for p in problems:
    print("same-pixels: " + p)
total = same_bytes + same_pixels + len(problems)
print(f"same-pixels: {total} PNG files: {same_bytes} byte-identical, {same_pixels} with other bytes and identical pixels, "
      f"{len(problems)} differing")
sys.exit(1 if problems else 0)
PY
