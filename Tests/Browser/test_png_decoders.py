"""Flick's PNG frames in Chromium's decoder: every frame of a render written by the default encoder (igzip running
the code ISA-L chooses for the CPU in a build with it) decodes in a real headless Chromium to the pixels of the same frame
written by libspng (FLICK_DEFLATE=libspng), and libspng's own decoder reads both (flick diff finds them identical).

Run through scripts/browser-tests.sh (FLICK, CHROMIUM and OUT as in test_review_page.py).
"""

import base64
import os
import shutil
import subprocess
import unittest
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
FLICK = os.environ.get("FLICK") or str(ROOT / ".build/debug/flick")
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
OUT = Path(os.environ.get("OUT") or ROOT / ".build/browser-tests").resolve()

# Decodes two PNGs given as data URLs and returns whether their RGBA pixels and sizes are equal.
SAME_PIXELS = """async ([a, b]) => {
    const pixels = async (url) => {
        const image = new Image();
        image.src = url;
        await image.decode();
        const canvas = new OffscreenCanvas(image.naturalWidth, image.naturalHeight);
        const context = canvas.getContext('2d', { colorSpace: 'srgb' });
        context.drawImage(image, 0, 0);
        return [image.naturalWidth, image.naturalHeight, context.getImageData(0, 0, canvas.width, canvas.height).data];
    };
    const [wa, ha, pa] = await pixels(a);
    const [wb, hb, pb] = await pixels(b);
    if (wa !== wb || ha !== hb || pa.length !== pb.length) return `sizes ${wa}x${ha} and ${wb}x${hb}`;
    for (let i = 0; i < pa.length; i++) if (pa[i] !== pb[i]) return `byte ${i}: ${pa[i]} and ${pb[i]}`;
    return 'same';
}"""


def render(out, deflate=None):
    environment = dict(os.environ)
    environment.pop("FLICK_DEFLATE", None)
    if deflate:
        environment["FLICK_DEFLATE"] = deflate
    # vimeo-tabs at half scale: frames of two sizes, opaque, with text, icons and a resize.
    run = subprocess.run([FLICK, "render", "vimeo-tabs", "--scale", "0.5", "--out", str(out)], cwd=ROOT,
                         capture_output=True, text=True, env=environment)
    if run.returncode != 0:
        raise AssertionError(f"flick render exited {run.returncode}: {run.stderr}")
    return sorted((out / "vimeo-tabs" / "frames").glob("*.png"))


def data_url(path):
    return "data:image/png;base64," + base64.b64encode(path.read_bytes()).decode()


class PNGDecoders(unittest.TestCase):
    def test_default_encoder_frames_decode_in_chromium_as_libspng_frames(self):
        base = OUT / "png-decoders"
        if base.exists():
            shutil.rmtree(base)
        ours = render(base / "default")
        theirs = render(base / "libspng", "libspng")
        self.assertEqual([p.name for p in ours], [p.name for p in theirs])
        self.assertGreater(len(ours), 10)
        diff = subprocess.run([FLICK, "diff", str(base / "default" / "vimeo-tabs" / "frames"),
                               str(base / "libspng" / "vimeo-tabs" / "frames")], cwd=ROOT, capture_output=True, text=True)
        self.assertEqual(diff.returncode, 0, f"flick diff (libspng's decoder) found differences: {diff.stdout}{diff.stderr}")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM)
            page = browser.new_page()
            page.route("http*://**", lambda route: route.abort())
            page.set_content("<!doctype html><title>png</title>")
            for a, b in zip(ours, theirs):
                self.assertEqual(page.evaluate(SAME_PIXELS, [data_url(a), data_url(b)]), "same", a.name)
            browser.close()


if __name__ == "__main__":
    unittest.main()
