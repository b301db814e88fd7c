"""A screen recording beside Flick's frames on the review page (docs/review-page.md, "A recording beside the
frames"; docs/track.md, "Side by side") in a real headless Chromium, opened from disk with the network blocked.

The recording is a clip Flick rendered itself (a fling, 200×360 pt at 1x), encoded by ffmpeg as a screen recorder
would (H.264, yuv420p), tracked by `flick track`, and named in the scenario's reference with `video:` and a
`timeOffset` of 0.1 s: frame i of the run shows frame i − 6 of the recording, and frames 0–5 none.

Run through scripts/browser-tests.sh (FLICK, CHROMIUM, OUT). Screenshots at desktop and phone width go to
OUT/screenshots.
"""

import json
import os
import shutil
import subprocess
import unittest
from pathlib import Path

from playwright.sync_api import sync_playwright

from pages import DESKTOP, PHONE, DiskPage

ROOT = Path(__file__).resolve().parents[2]
FLICK = os.environ.get("FLICK") or str(ROOT / ".build/debug/flick")
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
OUT = Path(os.environ.get("OUT") or ROOT / ".build/browser-tests").resolve() / "reference"
SHOTS = OUT.parent / "screenshots"
SHIFT = 6  # frames: timeOffset 0.1 s at 60 fps

FLING = """viewport: {width: 200, height: 360, scale: 3}
fps: 60
duration: 1.2
scene:
  background: plain
  list: {id: feed, rows: 200, rowHeight: 56}
gestures:
  - {at: 0.1, drag: {from: [100, 300], to: [100, 150], duration: 0.1}}
"""

state = {}


def run(*arguments):
    done = subprocess.run(list(arguments), cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise AssertionError(f"{' '.join(arguments)} exited {done.returncode}: {done.stderr}")
    return done


def setUpModule():
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    SHOTS.mkdir(parents=True, exist_ok=True)
    (OUT / "fling.yaml").write_text(FLING)
    run(FLICK, "render", str(OUT / "fling.yaml"), "--scale", "1", "--out", str(OUT / "clip"))
    run("ffmpeg", "-v", "error", "-y", "-framerate", "60", "-i", str(OUT / "clip/fling/frames/frame_%05d.png"),
        "-c:v", "libx264", "-crf", "23", "-pix_fmt", "yuv420p", str(OUT / "rec.mp4"))
    run(FLICK, "track", str(OUT / "rec.mp4"), "--region", "20,60,160,220", "--scale", "1", "-o", str(OUT / "fling.csv"))
    (OUT / "beside.yaml").write_text(FLING + "reference:\n  - {path: feed.contentOffset.y, file: fling.csv, video: rec.mp4, timeOffset: 0.1}\n")
    run(FLICK, "render", str(OUT / "beside.yaml"), "--html", "--scale", "1", "--out", str(OUT / "out"))
    # One self-contained page: the recording's frames inside it, as data: URLs.
    run(FLICK, "render", str(OUT / "beside.yaml"), "--html", "--single-file", "--scale", "1", "--out", str(OUT / "single"))
    # The same scenario without the video: the page has no recording and works as before.
    (OUT / "plain.yaml").write_text(FLING + "reference:\n  - {path: feed.contentOffset.y, file: fling.csv, timeOffset: 0.1}\n")
    run(FLICK, "render", str(OUT / "plain.yaml"), "--html", "--scale", "1", "--out", str(OUT / "out"))
    state["playwright"] = sync_playwright().start()
    state["browser"] = state["playwright"].chromium.launch(executable_path=CHROMIUM)


def tearDownModule():
    state["browser"].close()
    state["playwright"].stop()


def Page(path, **options):
    """A page opened from disk in this module's browser (pages.DiskPage)."""
    return DiskPage(state["browser"], path, **options)

class RecordingBesideTests(unittest.TestCase):
    def setUp(self):
        self.p = Page(OUT / "out/beside/index.html")
        self.page = self.p.page
        self.page.wait_for_selector("#viewer canvas[data-frame]")
        self.data = json.loads(self.page.text_content("#flick-data"))["runs"][0]["reference"]

    def tearDown(self):
        self.p.check_clean(self)
        self.p.close()

    def shown(self):
        """The run's frame on Flick's canvas and the recording's frame on the recording's ("" for none)."""
        return self.page.evaluate("[document.querySelector('#viewer .side:not(.reference) canvas').dataset.frame,"
                                  " document.querySelector('#reference canvas').dataset.frame]")

    def wait_for(self, run_frame, recording_frame):
        self.page.wait_for_selector(f"#viewer .side:not(.reference) canvas[data-frame='{run_frame}']", timeout=5000)
        self.page.wait_for_selector(f"#reference canvas[data-frame='{recording_frame}']", timeout=5000)

    def test_the_recording_follows_the_playhead(self):
        # Before the recording starts there is none.
        self.page.wait_for_selector("#reference canvas[data-frame='']")
        self.assertEqual(self.page.inner_text("#reference .reference-time"), "No frame of the recording at this time")
        # Seeking, stepping and End move both canvases: run frame i shows recording frame i − 6.
        for t in [0.5, 0.75, 1.0]:
            self.page.evaluate(f"flickPlayer.seek({t})")
            index = round(t * 60)
            self.wait_for(index, index - SHIFT)
            self.assertEqual(self.page.inner_text("#reference .reference-time"),
                             f"Recording frame {index - SHIFT} \u00B7 {(index - SHIFT) / 60:.3f} s on its clock")
        self.page.keyboard.press("ArrowRight")
        self.wait_for(61, 61 - SHIFT)
        self.page.keyboard.press("End")
        self.wait_for(72, 72 - SHIFT)
        self.page.keyboard.press("Home")
        self.wait_for(0, "")
        # The recording's frames are loaded from reference-frames/ beside the page.
        self.assertTrue(any("/reference-frames/frame_" in u for u in self.p.requests))

    def test_scrubbing_moves_the_recording_with_the_playhead(self):
        box = self.page.locator("#track").bounding_box()
        seen = []
        self.page.mouse.move(box["x"] + box["width"] * 0.2, box["y"] + box["height"] / 2)
        self.page.mouse.down()
        for fraction in [0.2, 0.35, 0.5, 0.65, 0.8]:
            self.page.mouse.move(box["x"] + box["width"] * fraction, box["y"] + box["height"] / 2)
            index = self.page.evaluate("flickPlayer.frame()")
            self.wait_for(index, index - SHIFT)
            seen.append(self.shown())
        self.page.mouse.up()
        # Five places, five different frames of the recording, each the run's frame − 6.
        self.assertEqual(len({s[1] for s in seen}), 5)
        for run_frame, recording_frame in seen:
            self.assertEqual(int(recording_frame), int(run_frame) - SHIFT)

    def test_both_canvases_play_together(self):
        self.page.evaluate("flickPlayer.seek(0.3)")
        self.wait_for(18, 12)
        self.page.click("#play")
        self.page.wait_for_function("flickPlayer.frame() >= 40")
        self.page.keyboard.press("Space")
        index = self.page.evaluate("flickPlayer.frame()")
        self.wait_for(index, index - SHIFT)

    def test_the_recording_is_as_tall_as_the_frame(self):
        self.page.evaluate("flickPlayer.seek(1)")
        self.wait_for(60, 54)
        flick_box = self.page.locator("#viewer .side:not(.reference) canvas").bounding_box()
        recording_box = self.page.locator("#reference canvas").bounding_box()
        self.assertAlmostEqual(flick_box["height"], recording_box["height"], delta=1)
        self.assertAlmostEqual(recording_box["width"] / recording_box["height"], self.data["width"] / self.data["height"], delta=0.01)
        self.assertEqual([self.data["width"], self.data["height"]], [200, 360])
        self.page.screenshot(path=str(SHOTS / "reference-desktop.png"), full_page=True)

    def test_phone_width(self):
        phone = Page(OUT / "out/beside/index.html", viewport=PHONE)
        try:
            phone.page.wait_for_selector("#viewer canvas[data-frame]")
            phone.page.evaluate("flickPlayer.seek(0.5)")
            phone.page.wait_for_selector("#reference canvas[data-frame='24']")
            self.assertLessEqual(phone.page.evaluate("document.documentElement.scrollWidth"), PHONE["width"])
            phone.page.screenshot(path=str(SHOTS / "reference-phone.png"), full_page=True)
            phone.check_clean(self)
        finally:
            phone.close()


class SingleFileTests(unittest.TestCase):
    def test_a_single_file_page_carries_the_recording(self):
        p = Page(OUT / "single/beside/index.html")
        try:
            p.page.wait_for_selector("#viewer canvas[data-frame='0']")
            p.page.evaluate("flickPlayer.seek(0.5)")
            p.page.wait_for_selector("#reference canvas[data-frame='24']")
            p.page.keyboard.press("ArrowRight")
            p.page.wait_for_selector("#reference canvas[data-frame='25']")
            # Nothing is loaded from beside the page: not its frames, not the recording's.
            self.assertEqual([u for u in p.requests if not u.startswith("data:") and not u.endswith("/index.html")], [])
            p.check_clean(self)
        finally:
            p.close()


class WithoutRecordingTests(unittest.TestCase):
    def test_a_page_without_a_video_has_one_figure_and_plays(self):
        p = Page(OUT / "out/plain/index.html")
        try:
            p.page.wait_for_selector("#viewer canvas[data-frame='0']")
            self.assertEqual(p.page.locator("#viewer canvas").count(), 1)
            self.assertEqual(p.page.locator("#reference").count(), 0)
            p.page.evaluate("flickPlayer.seek(0.5)")
            p.page.wait_for_selector("#viewer canvas[data-frame='30']")
            self.assertFalse(any("reference-frames" in u for u in p.requests))
            p.check_clean(self)
        finally:
            p.close()


if __name__ == "__main__":
    unittest.main()
