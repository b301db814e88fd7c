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

from pages import DESKTOP, PHONE, DiskPage

ROOT = Path(__file__).resolve().parents[2]
FLICK = os.environ.get("FLICK") or str(ROOT / ".build/debug/flick")
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
OUT = Path(os.environ.get("OUT") or ROOT / ".build/browser-tests").resolve()
SHOTS = OUT / "screenshots"


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
    # A 2x canvas (780×1200 px) taller than the viewer's box: its fit once looped, clearing the canvas every frame.
    flick("render", "snap-demo", "--html", "--device-scale", "--out", str(renders))
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


def Page(path, **options):
    """A page opened from disk in this module's browser (pages.DiskPage)."""
    return DiskPage(state["browser"], path, **options)

class CanvasFitTests(unittest.TestCase):
    """The viewer's canvas is drawn at the size it is shown, once: a fit that changes the box changes the canvas
    again and clears it, so a page whose box and canvas disagreed by a pixel showed an empty grey frame."""

    # Counts every drawImage, so that a page drawing while nothing changes is seen.
    COUNT_DRAWS = ("window.draws = 0; var drawImage = CanvasRenderingContext2D.prototype.drawImage;"
                   "CanvasRenderingContext2D.prototype.drawImage = function () { window.draws++; return drawImage.apply(this, arguments); };")

    def test_a_tall_canvas_is_drawn_once_and_stays_drawn(self):
        for viewport in [DESKTOP, {"width": 1440, "height": 900}, {"width": 1000, "height": 700}, PHONE]:
            with self.subTest(viewport=viewport):
                p = Page(OUT / "renders/snap-demo/index.html", viewport=viewport, init_script=self.COUNT_DRAWS)
                try:
                    p.page.wait_for_selector("#viewer canvas[data-frame='0']")
                    p.page.wait_for_timeout(300)
                    size, draws = p.page.evaluate("[[document.querySelector('#viewer canvas').width, document.querySelector('#viewer canvas').height], window.draws]")
                    self.assertGreaterEqual(draws, 1)
                    p.page.wait_for_timeout(500)
                    self.assertEqual(p.page.evaluate("window.draws"), draws, "the canvas is drawn again while nothing changes")
                    self.assertEqual(p.page.evaluate("[document.querySelector('#viewer canvas').width, document.querySelector('#viewer canvas').height]"), size)
                    p.check_clean(self)
                finally:
                    p.close()


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
        canvas = self.page.eval_on_selector("#viewer canvas", "c => [+c.dataset.width, +c.dataset.height, c.width, c.height, c.clientHeight]")
        self.assertEqual(canvas[:2], [390, 844])
        # Drawn at the size it is shown (device pixel ratio 1 here), in the frame's proportions.
        self.assertAlmostEqual(canvas[3], canvas[4], delta=1)
        self.assertAlmostEqual(canvas[2] / canvas[3], 390 / 844, delta=0.01)
        self.assertGreater(canvas[4], 300, "the frame is drawn at a readable size")
        self.assertIn("frames/frame_00000.png", " ".join(self.p.requests))
        self.assertIn("0.000 s · frame 0 of 0–270", self.page.inner_text("#clock"))
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
            self.assertIn(f"frame {index} of 0–270", self.page.inner_text("#clock"))
            # The clock reads the shown frame's time (1.234 s shows frame 74, 1.233 s).
            self.assertIn(f"{index / self.fps:.3f} s · frame {index} of", self.page.inner_text("#clock"))

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
        # Rendered with --overlay-layer, the page opens with the layer on.
        self.assertTrue(self.page.is_checked("#overlay"))
        wait_until(self.page, lambda: any(u.endswith("overlay/frame_00060.png") for u in self.p.requests))
        self.page.uncheck("#overlay")
        self.page.check("#overlay")
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


class NarrowPlotTests(unittest.TestCase):
    """At 390 px the run page's plot keeps a readable width (760 px) and scrolls sideways in its own scroller,
    with a hint saying so, and follows the playhead: a reader playing or seeking sees the line wherever it is in
    the run (the old page cut the plot at 2.3 s of 4.5 s, its end reachable only by an overlay scroll bar)."""

    folder = OUT / "renders/sheet-handoff"

    def setUp(self):
        self.p = Page(self.folder / "index.html", viewport=PHONE)
        self.page = self.p.page
        self.page.wait_for_selector("#viewer canvas[data-frame]")
        self.plot = json.loads((self.folder / "run.json").read_text())["plot"]

    def tearDown(self):
        self.p.check_clean(self)
        self.p.close()

    def visible(self):
        """(The card itself was the scroller of the old page, so that the test fails there on what it shows.)
        The scroller's visible box and the cursor's x, in page pixels, and where the scroller stands."""
        return self.page.evaluate("""(() => {
            const s = document.querySelector('.card.plot .plot-scroll') || document.querySelector('.card.plot'), r = s.getBoundingClientRect();
            const c = s.querySelector('.cursor').getBoundingClientRect();
            return {left: r.left, right: r.left + s.clientWidth, cursor: c.left + c.width / 2, scrollLeft: s.scrollLeft,
                    scrollWidth: s.scrollWidth, clientWidth: s.clientWidth}; })()""")

    def test_the_plot_scrolls_in_its_own_scroller_with_a_hint(self):
        self.assertLessEqual(self.page.evaluate("document.documentElement.scrollWidth"), PHONE["width"])
        self.assertTrue(self.page.is_visible(".card.plot .scroll-hint"))
        v = self.visible()
        self.assertGreaterEqual(v["scrollWidth"], 760, "the plot keeps a readable width")
        self.assertGreater(v["scrollWidth"], v["clientWidth"])

    def test_the_playhead_stays_in_view_to_the_end_of_the_run(self):
        end = self.plot["t1"]
        self.assertAlmostEqual(end, 4.5)
        for t in [0.5, 2.5, 3.5, end]:
            with self.subTest(t=t):
                self.page.evaluate(f"flickPlayer.seek({t})")
                self.page.wait_for_selector(f"#viewer canvas[data-frame='{round(t * 60)}']")
                v = self.visible()
                self.assertGreaterEqual(v["cursor"], v["left"], f"the playhead's line at {t} s is left of the plot's view")
                self.assertLessEqual(v["cursor"], v["right"], f"the playhead's line at {t} s is right of the plot's view")
        self.assertGreater(self.visible()["scrollLeft"], 0)
        self.page.evaluate("flickPlayer.seek(0)")
        self.page.wait_for_selector("#viewer canvas[data-frame='0']")
        self.assertEqual(self.visible()["scrollLeft"], 0, "back at the start, the plot scrolls back")

    def test_scrolled_to_its_end_the_time_axis_reaches_the_runs_end_and_a_click_there_seeks_to_it(self):
        self.page.evaluate("(() => { const s = document.querySelector('.card.plot .plot-scroll') || document.querySelector('.card.plot'); s.scrollLeft = s.scrollWidth; })()")
        self.page.wait_for_timeout(200)
        v = self.visible()
        self.assertEqual(v["scrollLeft"], v["scrollWidth"] - v["clientWidth"], "a reader's scroll is kept while the playhead stands still")
        band = self.plot["bands"][0]
        self.page.eval_on_selector(".card.plot .plot-area", f"a => window.scrollTo(0, window.scrollY + a.getBoundingClientRect().top + a.getBoundingClientRect().height * {band[0] / self.plot['height']} - 40)")
        area = self.page.eval_on_selector(".card.plot .plot-area", "a => { const r = a.getBoundingClientRect(); return [r.left, r.width, r.top, r.height]; }")
        x1 = area[0] + self.plot["x1"] / self.plot["width"] * area[1]
        v = self.visible()
        self.assertLessEqual(x1, v["right"], "the time axis's end is in view")
        self.assertGreater(x1, v["left"])
        y = area[2] + (band[0] + band[1]) / 2 / self.plot["height"] * area[3]
        self.assertLess(y, PHONE["height"])
        self.page.mouse.click(x1 + 2, y)
        self.page.wait_for_selector("#viewer canvas[data-frame='270']")
        v = self.visible()
        self.assertLessEqual(v["cursor"], v["right"])
        self.page.screenshot(path=str(SHOTS / "run-phone-plot-end.png"), full_page=True)


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
            size = p.page.eval_on_selector("#viewer canvas", "c => [+c.dataset.width, +c.dataset.height]")
            self.assertEqual(size, [max(widths), max(heights)])
            last = len(doc["frames"]) - 1
            p.page.keyboard.press("End")
            p.page.wait_for_selector(f"#viewer canvas[data-frame='{last}']")
            p.check_clean(self)
        finally:
            p.close()


def js_num(x):
    """A number as the page's state tree shows it: three decimals at most, no trailing zeros, no -0."""
    text = f"{x:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


class PagerTabsTests(unittest.TestCase):
    """states.json writes a pager's tab spans once, in its header (in the bar's content); a frame carries its own only
    after a resize changed them. The state tree shows every frame's tabs as the simulation made them."""

    def test_every_frame_shows_its_tabs_from_the_header_or_its_own(self):
        folder = OUT / "renders/vimeo-tabs"
        doc = states(folder)
        header = doc["tabs"]["pager"]
        frames = doc["frames"]
        carrying = [i for i, f in enumerate(frames) if "tabs" in f["pagers"]["pager"]]
        self.assertTrue(carrying, "the resize changes the tabs' widths")
        self.assertEqual(carrying, list(range(carrying[0], len(frames))), "from the resize on")
        self.assertGreater(carrying[0], 0)
        p = Page(folder / "index.html")
        try:
            p.page.wait_for_selector("#viewer canvas[data-frame]")
            for index in [0, 140, carrying[0] - 1, carrying[0], len(frames) - 1]:
                p.page.evaluate(f"flickPlayer.seek({index} / {doc['fps']})")
                p.page.wait_for_selector(f".tree[data-frame='{index}']", timeout=5000)
                pager = frames[index]["pagers"]["pager"]
                tabs = pager.get("tabs") or [{"x": t["x"] - pager["tabBarOffset"], "width": t["width"]} for t in header]
                expected = [f"{i} x {js_num(t['x'])} · width {js_num(t['width'])}" for i, t in enumerate(tabs)]
                for path in ["/pager/tabs", "/pagers/pager/tabs"]:
                    shown = p.page.eval_on_selector_all(f".tree details[data-path='{path}'] > ul > li", "ls => ls.map(l => l.innerText)")
                    self.assertEqual(shown, expected, f"{path} at frame {index}")
                keys = p.page.eval_on_selector_all(".tree details[data-path='/pager'] > ul > li > :first-child", "ls => ls.map(l => l.innerText.split(/\\s/)[0])")
                self.assertEqual(keys, ["page", "fraction", "indicator", "tabBar", "tabs", "tabBarOffset"], f"keys at frame {index}")
            p.check_clean(self)
        finally:
            p.close()


class ComparePageTests(unittest.TestCase):
    """`flick review A B`: a scenario rendered on the fly beside a folder `flick render` wrote."""

    @classmethod
    def setUpClass(cls):
        cls.folder = OUT / "review"
        flick("review", "sheet-handoff", str(OUT / "variant/sheet-handoff-dim"), "--scale", "1", "--out", str(cls.folder))

    def setUp(self):
        # The page reads the B folder where it is, beside the review.
        self.p = Page(self.folder / "index.html", allowed=[self.folder, OUT / "variant/sheet-handoff-dim"])
        self.page = self.p.page
        self.page.wait_for_selector("#viewer canvas[data-frame]")

    def tearDown(self):
        self.p.check_clean(self)
        self.p.close()

    def frames(self):
        return self.page.eval_on_selector_all("#viewer canvas", "cs => cs.map(c => c.dataset.frame)")

    def test_both_sides_stay_on_the_same_frame(self):
        for t in [0.4, 1.0, 1.35]:
            self.page.evaluate(f"flickPlayer.seek({t})")
            index = str(round(t * 60))
            self.page.wait_for_function(f"[...document.querySelectorAll('#viewer canvas')].every(c => c.dataset.frame === '{index}')")
            self.assertEqual([t.get_attribute("data-frame") for t in self.page.query_selector_all(".tree")], [index, index])
        self.page.keyboard.press("ArrowRight")
        self.page.wait_for_function("[...document.querySelectorAll('#viewer canvas')].every(c => c.dataset.frame === '82')")
        self.page.click("#play")
        self.page.wait_for_timeout(300)
        self.page.keyboard.press("Space")
        shown = self.page.evaluate("[flickPlayer.frame(0), flickPlayer.frame(1)]")
        # B (frames 0...90) holds its last frame once A plays past it.
        self.assertEqual(shown[1], min(shown[0], 90))
        self.page.wait_for_function(f"[...document.querySelectorAll('#viewer canvas')].map(c => +c.dataset.frame).join() === '{shown[0]},{shown[1]}'")

    def test_states_mark_the_values_that_differ(self):
        self.page.evaluate("flickPlayer.seek(1.2)")
        self.page.wait_for_selector(".tree[data-frame='72']")
        changed = self.page.eval_on_selector_all(".tree .changed", "es => es.map(e => e.textContent)")
        # Only the dimming differs (0.3 against 0.6), under sheet and sheets.sheet in both trees.
        self.assertEqual(sorted(changed), ["0.3", "0.3", "0.6", "0.6"])
        self.page.evaluate("flickPlayer.seek(0.1)")
        self.page.wait_for_selector(".tree[data-frame='6']")
        self.assertEqual(self.page.eval_on_selector_all(".tree .changed", "es => es.length"), 0)

    def test_wipe_and_diff(self):
        self.page.evaluate("flickPlayer.seek(1.2)")
        self.page.wait_for_selector(".tree[data-frame='72']")
        self.page.check("input[name=mode][value=wipe]")
        self.page.fill("#wipe", "30")
        self.page.wait_for_selector("#viewer canvas[data-frame='72'][data-frame-b='72']")
        self.page.screenshot(path=str(SHOTS / "review-wipe.png"))
        self.page.check("input[name=mode][value=diff]")
        wait_until(self.page, lambda: any(u.endswith("diff/frame_00072.png") for u in self.p.requests))
        note = self.page.inner_text("#diff-note")
        entry = json.loads(self.page.text_content("#flick-data"))["diff"]["frames"]["72"]
        self.assertIn(f"{entry['differing']} differing pixels", note)
        self.assertTrue((self.folder / "diff/frame_00072.png").exists())
        self.page.evaluate("flickPlayer.seek(0.1)")
        self.page.wait_for_function("document.querySelector('#diff-note').textContent.startsWith('Identical')")
        self.page.screenshot(path=str(SHOTS / "review-diff.png"))

    def test_screenshots(self):
        self.page.evaluate("flickPlayer.seek(1.2)")
        self.page.wait_for_selector(".tree[data-frame='72']")
        self.page.screenshot(path=str(SHOTS / "review-desktop.png"), full_page=True)
        phone = Page(self.folder / "index.html", viewport=PHONE, allowed=[self.folder, OUT / "variant/sheet-handoff-dim"])
        try:
            phone.page.wait_for_selector("#viewer canvas[data-frame]")
            self.assertLessEqual(phone.page.evaluate("document.documentElement.scrollWidth"), PHONE["width"])
            phone.page.screenshot(path=str(SHOTS / "review-phone.png"), full_page=True)
            phone.check_clean(self)
        finally:
            phone.close()


class HostileFolderTests(unittest.TestCase):
    """`flick review` of folders someone else made: names full of `<!--<script>`, `#` and `%`, a states.js of
    their own and page data that carries markup. The page runs none of it and still works."""

    @classmethod
    def setUpClass(cls):
        root = OUT / "hostile"
        if root.exists():
            shutil.rmtree(root)
        root.mkdir()
        cls.a = root / "a#b <!--<script>%41"
        cls.b = root / "p%41q#2"
        shutil.copytree(OUT / "renders/vimeo-tabs", cls.a)
        for folder in [cls.a]:
            (folder / "states.js").write_text('document.title = "PWNED"; alert("PWNED");\n')
            html = (folder / "index.html").read_text()
            (folder / "index.html").write_text(html.replace(
                '"events": [', '"events": [{"kind": "x\\"><img src=x onerror=\\"alert(1)\\">", "time": 0}, ', 1))
        shutil.copytree(cls.a, cls.b)
        cls.folder = root / "review <!--<script>#%"
        cls.reviewed = flick("review", str(cls.a), str(cls.b), "--out", str(cls.folder))

    def setUp(self):
        self.dialogs = []
        self.p = Page(self.folder / "index.html", allowed=[self.folder, self.a, self.b])
        self.page = self.p.page
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        self.page.wait_for_selector("#viewer canvas[data-frame]")

    def tearDown(self):
        self.p.check_clean(self)
        self.p.close()

    def test_runs_no_script_of_the_folders_and_still_works(self):
        self.assertIn("0 with differing pixels", self.reviewed.stdout)
        self.page.evaluate("flickPlayer.seek(1)")
        index = str(round(1 * states(self.a)["fps"]))
        self.page.wait_for_function(f"[...document.querySelectorAll('#viewer canvas')].every(c => c.dataset.frame === '{index}')")
        self.page.wait_for_function(f"[...document.querySelectorAll('.tree')].every(t => t.dataset.frame === '{index}' && t.textContent.includes('index {index}'))")
        self.page.wait_for_timeout(300)
        self.assertEqual(self.dialogs, [])
        self.assertEqual(self.page.title(), "a#b <!--<script>%41 vs p%41q#2 · flick")
        self.assertEqual(self.page.eval_on_selector_all("img[onerror], script[src]", "es => es.length"), 0)
        self.assertEqual([u for u in self.p.requests if u.endswith(".js")], [], "no script is requested")
        frames = [u for u in self.p.requests if "/frames/frame_" in u]
        self.assertTrue(any("a%23b%20%3C%21--%3Cscript%3E%2541/frames/" in u for u in frames), frames)
        self.assertTrue(any("p%2541q%232/frames/" in u for u in frames), frames)
        self.assertIn("a#b <!--<script>%41", self.page.inner_text("h1"))
        self.page.screenshot(path=str(SHOTS / "hostile-review.png"))


class DiffReportTests(unittest.TestCase):
    """`flick diff A B --report DIR` lists exactly what `flick diff` counts."""

    @classmethod
    def setUpClass(cls):
        cls.a = OUT / "base/sheet-handoff/frames"
        cls.b = OUT / "variant/sheet-handoff-dim/frames"
        cls.folder = OUT / "report"
        plain = flick("diff", str(cls.a), str(cls.b), check=False)
        cls.reported = flick("diff", str(cls.a), str(cls.b), "--report", str(cls.folder), check=False)
        cls.status = (plain.returncode, cls.reported.returncode)
        cls.json = json.loads(flick("diff", str(cls.a), str(cls.b), "--format", "json", check=False).stdout)

    def setUp(self):
        self.p = Page(self.folder / "index.html")
        self.page = self.p.page
        self.page.wait_for_selector("#frames tbody tr[aria-selected=true]")

    def tearDown(self):
        self.p.check_clean(self)
        self.p.close()

    def test_exit_status_is_unchanged(self):
        self.assertEqual(self.status, (1, 1), self.reported.stderr)

    def test_lists_exactly_the_frames_flick_diff_counted(self):
        rows = self.page.eval_on_selector_all("#frames tbody tr", "rs => rs.map(r => [r.dataset.name, +r.dataset.differing, r.hidden])")
        self.assertEqual([(n, d) for n, d, _ in rows], [(f["name"], f["differing"]) for f in self.json["frames"]])
        differing = [f["name"] for f in self.json["frames"] if f["differing"] > 0]
        self.assertEqual([n for n, _, hidden in rows if not hidden], differing)
        self.assertEqual(len(differing), self.json["summary"]["differing"])
        self.page.check("input[name=filter][value=all]")
        self.assertEqual(self.page.eval_on_selector_all("#frames tbody tr:not([hidden])", "rs => rs.length"), len(rows))

    def test_expected_actual_diff_and_wipe(self):
        first = next(f for f in self.json["frames"] if f["differing"] > 0)
        self.assertEqual(self.page.inner_text("#detail-title"), first["name"])
        stem = first["name"].rsplit(".", 1)[0]
        self.page.wait_for_function("[...document.querySelectorAll('.columns img')].every(i => i.complete && i.naturalWidth > 0)")
        srcs = self.page.eval_on_selector_all(".columns img", "is => is.map(i => i.getAttribute('src'))")
        self.assertEqual(srcs, [f"expected/{stem}.png", f"actual/{stem}.png", f"diff/{stem}.png"])
        self.assertIn(str(first["differing"]), self.page.inner_text("#facts"))
        self.page.screenshot(path=str(SHOTS / "report-desktop.png"))
        # The next differing frame, from the keyboard.
        self.page.keyboard.press("ArrowDown")
        second = [f for f in self.json["frames"] if f["differing"] > 0][1]
        self.assertEqual(self.page.inner_text("#detail-title"), second["name"])
        self.page.check("input[name=view][value=wipe]")
        self.page.fill("#wipe", "25")
        self.assertEqual(self.page.get_attribute("#wipe-top", "style"), "clip-path: inset(0px 0px 0px 25%);")
        self.page.screenshot(path=str(SHOTS / "report-wipe.png"))
        phone = Page(self.folder / "index.html", viewport=PHONE)
        try:
            phone.page.wait_for_selector("#frames tbody tr[aria-selected=true]")
            self.assertLessEqual(phone.page.evaluate("document.documentElement.scrollWidth"), PHONE["width"])
            phone.page.screenshot(path=str(SHOTS / "report-phone.png"), full_page=True)
            phone.check_clean(self)
        finally:
            phone.close()


if __name__ == "__main__":
    unittest.main(verbosity=2)
