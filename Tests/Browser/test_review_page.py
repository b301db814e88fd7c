"""The review pages in a real headless Chromium, opened from disk with the network blocked.

Run through scripts/browser-tests.sh, which builds flick and sets FLICK (the binary), CHROMIUM (the browser) and
OUT (where renders and screenshots go). Every page is checked for console errors and for requests that leave
its folder; screenshots at desktop and phone width are saved under OUT/screenshots.
"""

import json
import math
import os
import shutil
import subprocess
import time
import unittest
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
FLICK = os.environ.get("FLICK") or str(ROOT / ".build/debug/flick")
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
OUT = Path(os.environ.get("OUT") or ROOT / ".build/browser-tests").resolve()
SHOTS = OUT / "screenshots"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def flick(*arguments, check=True):
    run = subprocess.run([FLICK, *arguments], cwd=ROOT, capture_output=True, text=True)
    if check and run.returncode != 0:
        raise AssertionError(f"flick {' '.join(arguments)} exited {run.returncode}: {run.stderr}")
    return run


def states(folder):
    return json.loads((folder / "states.json").read_text())


state = {}


def wait_until(page, condition, timeout=5.0):
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        page.wait_for_timeout(50)


def setUpModule():
    OUT.mkdir(parents=True, exist_ok=True)
    if SHOTS.exists():
        shutil.rmtree(SHOTS)
    SHOTS.mkdir()
    renders = OUT / "renders"
    # The interaction of the README, small enough to render in seconds; the overlay layer apart from the frames.
    flick("render", "sheet-handoff", "--review", "--overlay-layer", "--scale", "1", "--out", str(renders))
    # A tab bar with a tap and a resize: frames of two sizes on one canvas.
    flick("render", "vimeo-tabs", "--html", "--scale", "0.5", "--out", str(renders))
    # The same pan with a darker dimming: the frames differ once the sheet rises past half.
    variant = OUT / "sheet-handoff-dim.yaml"
    source = (ROOT / "Examples/sheet-handoff.yaml").read_text()
    variant.write_text(source.replace("alpha: 0.3", "alpha: 0.6").replace("# yaml-language-server", "# variant of sheet-handoff;"))
    state["variant"] = variant
    flick("render", str(variant), "--frames", "0..90", "--scale", "1", "--out", str(OUT / "variant"))
    flick("render", "sheet-handoff", "--frames", "0..90", "--scale", "1", "--out", str(OUT / "base"))
    state["playwright"] = sync_playwright().start()
    state["browser"] = state["playwright"].chromium.launch(executable_path=CHROMIUM)


def tearDownModule():
    state["browser"].close()
    state["playwright"].stop()


class Page:
    """A page opened from disk: every request outside `folder` (and every non-file request) is aborted and
    recorded; console errors and uncaught exceptions are recorded."""

    def __init__(self, path, viewport=DESKTOP, allowed=None):
        self.path = Path(path).resolve()
        self.allowed = [Path(a).resolve() for a in (allowed or [self.path.parent])]
        self.context = state["browser"].new_context(viewport=viewport)
        self.requests, self.outside, self.errors = [], [], []
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(self.path.as_uri())

    def _route(self, route):
        url = route.request.url
        if url.startswith("file://") and any(url.startswith(a.as_uri()) for a in self.allowed):
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()

    def check_clean(self, test):
        test.assertEqual(self.errors, [], "console errors")
        test.assertEqual(self.outside, [], "requests outside the page's folder")
        outside = [u for u in self.requests if not any(u.startswith(a.as_uri() + "/") for a in self.allowed)]
        test.assertTrue(self.requests, "the page loaded something")
        test.assertEqual(outside, [], "requests outside the page's folder")

    def close(self):
        self.context.close()


class RunPageTests(unittest.TestCase):
    folder = OUT / "renders/sheet-handoff"

    def setUp(self):
        self.doc = states(self.folder)
        self.fps = self.doc["fps"]
        self.p = Page(self.folder / "index.html")
        self.page = self.p.page
        self.page.wait_for_selector("#viewer canvas[data-frame]")

    def tearDown(self):
        self.p.check_clean(self)
        self.p.close()

    def shown(self):
        return int(self.page.get_attribute("#viewer canvas", "data-frame"))

    def wait_for_frame(self, index):
        self.page.wait_for_selector(f"#viewer canvas[data-frame='{index}']", timeout=5000)
        self.page.wait_for_selector(f".tree[data-frame='{index}']", timeout=5000)

    def tree_text(self):
        return self.page.inner_text(".tree")

    def test_first_frame_shows_with_its_state(self):
        self.assertEqual(self.shown(), 0)
        canvas = self.page.eval_on_selector("#viewer canvas", "c => [c.width, c.height, c.clientWidth, c.clientHeight]")
        self.assertEqual(canvas[:2], [390, 844])
        self.assertGreater(canvas[3], 300, "the frame is drawn at a readable size")
        self.assertIn("frames/frame_00000.png", " ".join(self.p.requests))
        self.assertIn("0.000 s · frame 0 of 270", self.page.inner_text("#clock"))
        tree = self.tree_text()
        self.assertIn("index 0", tree)
        self.assertIn("touch null", tree)
        self.assertIn("detent “half”", tree)

    def test_play_advances_and_space_pauses(self):
        self.page.click("#play")
        self.page.wait_for_function("flickPlayer.frame() >= 12")
        self.page.wait_for_function("+document.querySelector('#viewer canvas').dataset.frame >= 6")
        self.page.keyboard.press("Space")
        self.assertFalse(self.page.evaluate("flickPlayer.playing"))
        paused = self.page.evaluate("flickPlayer.frame()")
        self.page.wait_for_timeout(300)
        self.assertEqual(self.page.evaluate("flickPlayer.frame()"), paused)
        self.wait_for_frame(paused)
        self.assertEqual(self.page.get_attribute("#play", "aria-label"), "Play")

    def test_real_speed_and_slower(self):
        # Over about half a second of wall time, 1× moves about as much simulated time, 0.25× a quarter of it.
        for speed, rate in [("1", 1.0), ("0.25", 0.25)]:
            self.page.keyboard.press("Home")
            self.page.select_option("#speed", speed)
            start = self.page.evaluate("[flickPlayer.time, performance.now()]")
            self.page.evaluate("flickPlayer.play(true)")
            self.page.wait_for_timeout(600)
            end = self.page.evaluate("[flickPlayer.time, performance.now()]")
            self.page.evaluate("flickPlayer.play(false)")
            wall = (end[1] - start[1]) / 1000
            self.assertAlmostEqual((end[0] - start[0]) / wall, rate, delta=rate * 0.35)

    def test_seeking_to_a_time_shows_that_frame_and_its_state(self):
        for t in [0.5, 1.234, 2.0, 3.99]:
            self.page.evaluate(f"flickPlayer.seek({t})")
            index = round(t * self.fps)
            self.wait_for_frame(index)
            frame = self.doc["frames"][index]
            tree = self.tree_text()
            self.assertIn(f"index {index}", tree)
            self.assertIn(f"top {round(frame['sheet']['top'], 3):g}", tree)
            self.assertIn(f"frame {index} of 270", self.page.inner_text("#clock"))

    def test_scrubber_seeks_where_it_is_clicked(self):
        box = self.page.locator("#track").bounding_box()
        self.page.mouse.click(box["x"] + box["width"] * 0.5, box["y"] + box["height"] / 2)
        t = self.page.evaluate("flickPlayer.time")
        self.assertAlmostEqual(t, 4.5 * 0.5, delta=4.5 / box["width"] * 2)
        self.wait_for_frame(round(t * self.fps))
        self.assertEqual(self.page.evaluate("document.activeElement.id"), "thumb")

    def test_arrow_keys_step_exactly_one_frame(self):
        self.page.evaluate("flickPlayer.seek(1)")
        self.wait_for_frame(60)
        self.page.keyboard.press("ArrowRight")
        self.wait_for_frame(61)
        self.page.keyboard.press("ArrowRight")
        self.wait_for_frame(62)
        self.page.keyboard.press("ArrowLeft")
        self.wait_for_frame(61)
        self.page.keyboard.press("End")
        self.wait_for_frame(270)
        self.page.keyboard.press("ArrowRight")
        self.wait_for_frame(270)
        self.page.keyboard.press("Home")
        self.wait_for_frame(0)
        self.page.click("#next")
        self.wait_for_frame(1)

    def test_marks_for_touch_downs_releases_and_the_settle(self):
        kinds = self.page.eval_on_selector_all("#track .mark", "ms => ms.map(m => m.className.split(' ')[1])")
        self.assertEqual(kinds, ["down", "release", "down", "release", "down", "release", "settled"])
        # A mark sits where its time is on the track; its button seeks there.
        self.page.click(".moment.release >> nth=0")
        self.wait_for_frame(78)

    def test_clicking_the_plot_seeks_to_the_time_under_the_pointer(self):
        plot = json.loads(self.page.text_content("#flick-data"))["runs"][0]["plot"]
        self.page.locator(".plot-area").scroll_into_view_if_needed()
        area = self.page.locator(".plot-area").bounding_box()
        for t in [0.75, 2.5]:
            x = plot["x0"] + (t - plot["t0"]) / (plot["t1"] - plot["t0"]) * (plot["x1"] - plot["x0"])
            y = (plot["bands"][0][0] + plot["bands"][0][1]) / 2
            client_x = area["x"] + x / plot["width"] * area["width"]
            self.page.mouse.click(client_x, area["y"] + y / plot["height"] * area["height"])
            sought = self.page.evaluate("flickPlayer.time")
            self.assertAlmostEqual(sought, t, delta=(plot["t1"] - plot["t0"]) / area["width"] * 1.5)
            self.wait_for_frame(round(sought * self.fps))
            # The cursor is drawn where the click was.
            cursor = self.page.locator(".plot-area .cursor >> nth=0").bounding_box()
            self.assertAlmostEqual(cursor["x"] + cursor["width"] / 2, client_x, delta=1.5)

    def test_overlay_layer_and_onion_skin(self):
        self.page.evaluate("flickPlayer.seek(1)")
        self.wait_for_frame(60)
        self.page.check("#overlay")
        wait_until(self.page, lambda: any(u.endswith("overlay/frame_00060.png") for u in self.p.requests))
        self.page.check("#onion")
        self.page.fill("#onion-n", "4")
        self.page.dispatch_event("#onion-n", "change")
        # The number field keeps its arrows; on the frame they step again.
        self.page.click("#viewer canvas")
        self.page.keyboard.press("ArrowRight")
        self.wait_for_frame(61)
        for j in range(57, 61):
            self.assertTrue(any(u.endswith(f"frames/frame_{j:05d}.png") for u in self.p.requests), j)
        self.page.screenshot(path=str(SHOTS / "run-overlay-onion.png"))

    def test_state_tree_collapses_and_stays_collapsed_while_playing(self):
        self.page.click(".tree summary:has-text('scrollViews')")
        self.page.evaluate("flickPlayer.seek(2)")
        self.wait_for_frame(120)
        self.assertFalse(self.page.eval_on_selector(".tree details[data-path='/scrollViews']", "d => d.open"))

    def test_screenshots(self):
        self.page.evaluate("flickPlayer.seek(1.2)")
        self.wait_for_frame(72)
        self.page.screenshot(path=str(SHOTS / "run-desktop.png"), full_page=True)
        phone = Page(self.folder / "index.html", viewport=PHONE)
        try:
            phone.page.wait_for_selector("#viewer canvas[data-frame]")
            phone.page.evaluate("flickPlayer.seek(1.2)")
            phone.page.wait_for_selector("#viewer canvas[data-frame='72']")
            width = phone.page.evaluate("document.documentElement.scrollWidth")
            self.assertLessEqual(width, PHONE["width"], "nothing wider than the phone")
            phone.page.screenshot(path=str(SHOTS / "run-phone.png"), full_page=True)
            phone.check_clean(self)
        finally:
            phone.close()


class ResizeTests(unittest.TestCase):
    def test_frames_of_two_sizes_share_one_canvas_and_the_tap_and_resize_are_marked(self):
        folder = OUT / "renders/vimeo-tabs"
        doc = states(folder)
        p = Page(folder / "index.html")
        try:
            p.page.wait_for_selector("#viewer canvas[data-frame]")
            kinds = p.page.eval_on_selector_all("#track .mark", "ms => ms.map(m => m.className.split(' ')[1])")
            self.assertIn("tap", kinds)
            self.assertIn("resize", kinds)
            widths = {round(f["viewport"]["width"] * 0.5) for f in doc["frames"]}
            heights = {round(f["viewport"]["height"] * 0.5) for f in doc["frames"]}
            size = p.page.eval_on_selector("#viewer canvas", "c => [c.width, c.height]")
            self.assertEqual(size, [max(widths), max(heights)])
            last = len(doc["frames"]) - 1
            p.page.keyboard.press("End")
            p.page.wait_for_selector(f"#viewer canvas[data-frame='{last}']")
            p.check_clean(self)
        finally:
            p.close()


if __name__ == "__main__":
    unittest.main(verbosity=2)
