#!/usr/bin/env python3
"""Compares EXPECTED_DIR/NAME with ACTUAL_DIR/NAME for every PNG, with pixelmatch (the PyPI port, pure
Python) at pixelmatch's defaults (threshold 0.1, anti-aliasing ignored), timing decoding and comparison apart.

usage: pixelmatch-bench.py EXPECTED_DIR ACTUAL_DIR [LIMIT]
prints one line per frame: NAME decode_ms compare_ms differing_pixels
"""
import os
import sys
import time

from PIL import Image
from pixelmatch.contrib.PIL import pixelmatch


def main():
    expected_dir, actual_dir = sys.argv[1], sys.argv[2]
    limit = int(sys.argv[3]) if len(sys.argv) > 3 else None
    names = sorted(n for n in os.listdir(expected_dir) if n.endswith(".png"))[:limit]
    for name in names:
        start = time.perf_counter()
        a = Image.open(os.path.join(expected_dir, name)).convert("RGBA")
        b = Image.open(os.path.join(actual_dir, name)).convert("RGBA")
        a.load()
        b.load()
        decoded = time.perf_counter()
        count = pixelmatch(a, b, threshold=0.1, includeAA=False)
        compared = time.perf_counter()
        print(f"{name} {(decoded - start) * 1000:.1f} {(compared - decoded) * 1000:.1f} {count}", flush=True)


if __name__ == "__main__":
    main()
