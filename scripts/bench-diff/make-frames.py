#!/usr/bin/env python3
"""Writes pairs of 1170×2532 frames (a 390×844 pt phone screen at 3x) for benchmarking `flick diff`.

Each frame is a map with streets, blocks, parks and pins under a sheet of list rows with text, drawn at
2x the final size and downsampled, so every edge is anti-aliased as a Cairo frame's would be. Frames come in
three kinds, a third each:
  identical  the actual frame is the expected one drawn again;
  subpixel   the map is shifted by half a pixel: anti-aliasing noise along every edge of the map;
  changed    a row's title is different and a pin has moved: real differences.

usage: make-frames.py OUT_DIR [COUNT]   (writes OUT_DIR/expected/frame_NNNNN.png and OUT_DIR/actual/...)
"""
import os
import random
import sys

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 1170, 2532
SUPER = 2  # drawn at 2x the final size, then downsampled
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def frame(index, map_shift=0, title_change=False, pin_moved=False):
    """Frame `index`; `map_shift` moves the map right by that many half pixels."""
    w, h = WIDTH * SUPER, HEIGHT * SUPER
    image = Image.new("RGB", (w, h), (236, 232, 222))
    draw = ImageDraw.Draw(image)
    rng = random.Random(7)  # the same map for every frame
    dx = map_shift * SUPER // 2  # one super-sampled pixel is half a final pixel
    parallax = -index * 6
    # blocks
    for row in range(0, h, 420):
        for col in range(0, w, 360):
            x0 = col + 30 + dx
            y0 = row + 30 + parallax
            color = (222, 216, 204) if rng.random() < 0.8 else (190, 222, 178)
            draw.rounded_rectangle([x0, y0, x0 + 300, y0 + 360], radius=24, fill=color)
    # streets, a few diagonal
    for k in range(12):
        y = rng.randrange(0, h)
        draw.line([(0 + dx, y + parallax), (w + dx, y + rng.randrange(-600, 600) + parallax)], fill=(255, 255, 255), width=28)
    # pins
    for k in range(18):
        x = rng.randrange(60, w - 60) + dx + (90 if pin_moved and k == 3 else 0)
        y = rng.randrange(60, h // 2) + parallax
        draw.ellipse([x - 34, y - 34, x + 34, y + 34], fill=(226, 60, 52))
        draw.ellipse([x - 12, y - 12, x + 12, y + 12], fill=(255, 255, 255))
    # the sheet
    top = int(h * 0.42) - index * 8
    draw.rounded_rectangle([0, top, w, h + 80], radius=60, fill=(255, 255, 255))
    draw.rounded_rectangle([w // 2 - 60, top + 24, w // 2 + 60, top + 40], radius=8, fill=(200, 200, 204))
    title_font = ImageFont.truetype(FONT, 34 * SUPER // 2 * 2)
    body_font = ImageFont.truetype(FONT, 26 * SUPER // 2 * 2)
    draw.text((96, top + 80), "Nearby", font=ImageFont.truetype(FONT, 44 * SUPER), fill=(20, 20, 24))
    row_height = 200 * SUPER // 2
    for r in range(24):
        y = top + 220 + r * row_height
        if y > h:
            break
        title = f"Studio {r + 1} — Pilates" + (" (full)" if title_change and r == 2 else "")
        draw.text((96, y), title, font=title_font, fill=(20, 20, 24))
        draw.text((96, y + 80), f"{0.3 + r * 0.17:.1f} km · opens 07:{r:02d}", font=body_font, fill=(120, 120, 128))
        draw.line([(96, y + row_height - 20), (w, y + row_height - 20)], fill=(224, 224, 228), width=2)
    return image.resize((WIDTH, HEIGHT), Image.LANCZOS).convert("RGBA")


def main():
    out = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    for side in ("expected", "actual"):
        os.makedirs(os.path.join(out, side), exist_ok=True)
    for i in range(count):
        kind = ("identical", "subpixel", "changed")[i % 3]
        expected = frame(i)
        if kind == "identical":
            actual = frame(i)
        elif kind == "subpixel":
            actual = frame(i, map_shift=1)
        else:
            actual = frame(i, title_change=True, pin_moved=True)
        name = f"frame_{i:05d}.png"
        expected.save(os.path.join(out, "expected", name))
        actual.save(os.path.join(out, "actual", name))
        print(f"{name}: {kind}", file=sys.stderr)


if __name__ == "__main__":
    main()
