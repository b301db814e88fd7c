"""Many runs on one motion graph (docs/review-page.md, "Many runs on one graph") in a real headless Chromium:
the page `flick review A B C` and a sweep's `--review` write, opened from disk with every other request blocked,
and `flick serve`'s `/compare` pages over real HTTP on 127.0.0.1.

Run through scripts/browser-tests.sh (FLICK, CHROMIUM, OUT). Each page is checked for console errors, for N lines
on each graph and a legend of N entries; screenshots at desktop and phone width go to OUT/screenshots.
"""

import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import time
import unittest
from pathlib import Path

from playwright.sync_api import sync_playwright

from pages import DESKTOP, PHONE

ROOT = Path(__file__).resolve().parents[2]
FLICK = os.environ.get("FLICK") or str(ROOT / ".build/debug/flick")
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
OUT = Path(os.environ.get("OUT") or ROOT / ".build/browser-tests").resolve() / "compare"
SHOTS = OUT.parent / "screenshots"
RESPONSES = ["0.2", "0.35", "0.5", "0.8"]

state = {}


def flick(*arguments):
    run = subprocess.run([FLICK, *arguments], cwd=ROOT, capture_output=True, text=True)
    if run.returncode != 0:
        raise AssertionError(f"flick {' '.join(arguments)} exited {run.returncode}: {run.stderr}")
    return run


def setUpModule():
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    SHOTS.mkdir(parents=True, exist_ok=True)
    state["three"] = flick("review", "fling-to-rest", "fling-into-end", "rubber-band-pull", "--out", str(OUT / "three"))
    state["sweep"] = flick("render", "sheet-handoff", "--review", "--frames", "0..2", "--scale", "0.5", "--out", str(OUT / "render"),
                           "--set", "scene.sheet.spring.response=" + ",".join(RESPONSES))
    served = OUT / "served"
    served.mkdir()
    for name in ["sheet-handoff.yaml", "fling-to-rest.yaml"]:
        shutil.copy(ROOT / "Examples" / name, served / name)
    state["server"] = subprocess.Popen([FLICK, "serve", str(served), "--port", "0"], stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, text=True)
    line = state["server"].stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+)", line)
    if not match:
        state["server"].kill()
        raise AssertionError(f"flick serve printed {line!r}")
    state["origin"], state["token"] = f"http://127.0.0.1:{match.group(1)}/", match.group(2)
    state["playwright"] = sync_playwright().start()
    state["browser"] = state["playwright"].chromium.launch(executable_path=CHROMIUM)


def tearDownModule():
    state["browser"].close()
    state["playwright"].stop()
    state["server"].send_signal(signal.SIGINT)
    state["server"].communicate(timeout=10)


class GraphPage:
    """A page whose requests may only go to `allowed` (a file:// folder or the server's origin)."""

    def __init__(self, url, allowed, viewport=DESKTOP, graph=True):
        self.context = state["browser"].new_context(viewport=viewport)
        self.outside, self.errors = [], []
        self.context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(allowed)
                           else (self.outside.append(route.request.url), route.abort()))
        self.page = self.context.new_page()
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(url)
        if graph:
            self.page.wait_for_selector(".runs-graph svg.runs-svg")

    def panels(self):
        return self.page.eval_on_selector_all("svg.runs-svg g.panel", "ps => ps.map(p => p.getAttribute('data-title'))")

    def value_lines(self, panel):
        return self.page.eval_on_selector_all(f"svg.runs-svg g.panel:nth-of-type({panel + 1}) .run-line.value",
                                              "ls => ls.map(l => [l.dataset.run, getComputedStyle(l).stroke, l.getAttribute('stroke-dasharray') || '', l.getBBox().width])")

    def legend(self):
        return self.page.eval_on_selector_all(".runs-legend > li .run-name", "ns => ns.map(n => n.textContent)")

    def check(self, test, runs, labels=None, shared=True):
        """N lines on each graph (`shared`: every run moved the same things; else each run's lines on the graphs
        of what it moved), each visible and distinct in colour and dash, and a legend of N entries."""
        panels = self.panels()
        test.assertGreater(len(panels), 0)
        drawn = set()
        for i in range(len(panels)):
            lines = self.value_lines(i)
            drawn |= {int(l[0]) for l in lines}
            if shared:
                test.assertEqual(len(lines), runs, f"lines on {panels[i]}")
                test.assertEqual(sorted(int(l[0]) for l in lines), list(range(runs)))
            test.assertEqual(len({(l[1], l[2]) for l in lines}), len(lines), "each run its own colour and dash")
            test.assertTrue(all(l[3] > 100 for l in lines), "every line drawn across the graph")
        test.assertEqual(drawn, set(range(runs)), "a line for every run")
        test.assertEqual(len(self.legend()), runs)
        if labels is not None:
            test.assertEqual(self.legend(), labels)

    def close(self, test):
        self.context.close()
        test.assertEqual(self.errors, [], "console errors")
        test.assertEqual(self.outside, [], "requests that left the page's folder or the server")


class StaticPages(unittest.TestCase):
    def test_review_of_three_scenarios_draws_three_lines_and_a_legend_of_three(self):
        self.assertIn("3 runs on one motion graph", state["three"].stdout)
        folder = OUT / "three"
        p = GraphPage((folder / "index.html").as_uri(), folder.as_uri() + "/")
        try:
            p.check(self, 3, ["fling-to-rest", "fling-into-end", "rubber-band-pull"])
        finally:
            p.close(self)

    def test_a_sweep_rendered_with_review_writes_the_graph_of_its_variants(self):
        self.assertIn("index.html", state["sweep"].stdout)
        self.assertIn("it does not write preview.apng, motion.svg and motion.png, or a frame player for each variant", state["sweep"].stderr)
        folder = OUT / "render/sheet-handoff"
        p = GraphPage((folder / "index.html").as_uri(), folder.as_uri() + "/")
        try:
            p.check(self, 4, [f"response={r}" for r in RESPONSES])
            self.assertEqual(p.panels(), ["sheet · top edge", "list · content offset y"])
            # A mark's hover title is its run's moment and --explain line.
            title = p.page.text_content("svg.runs-svg g.mark.release[data-run='2'] title")
            self.assertTrue(title.startswith("response=0.5 · released at 1.300 s\n"), title)
            self.assertIn("projected to", title)
            settle = p.page.text_content("svg.runs-svg g.mark.settled[data-run='0'] title")
            self.assertIn("settled at", settle)
            self.assertIn("chose tip", settle)
            # The legend shows and hides a run's lines.
            p.page.click(".runs-legend .run-toggle[data-run='1']")
            self.assertEqual(p.page.get_attribute(".run-toggle[data-run='1']", "aria-pressed"), "false")
            hidden = p.page.eval_on_selector_all("svg.runs-svg .run-line[data-run='1']", "ls => ls.every(l => getComputedStyle(l).display === 'none')")
            self.assertTrue(hidden)
            p.page.click(".runs-legend .run-toggle[data-run='1']")
            self.assertEqual(p.page.eval_on_selector_all("svg.runs-svg .run-line[data-run='1']", "ls => ls.filter(l => getComputedStyle(l).display !== 'none').length"), 4)
            # Links to the files beside it.
            self.assertEqual(p.page.get_attribute(".links a", "href"), "contact-sheet.png")
            p.page.mouse.move(0, 0)
            p.page.screenshot(path=str(SHOTS / "compare-sweep-desktop.png"), full_page=True)
        finally:
            p.close(self)
        phone = GraphPage((folder / "index.html").as_uri(), folder.as_uri() + "/", viewport=PHONE)
        try:
            phone.check(self, 4)
            # The page fits the phone; only the graphs scroll sideways, inside their own scroller.
            self.assertLessEqual(phone.page.evaluate("document.documentElement.scrollWidth"), PHONE["width"])
            self.assertTrue(phone.page.is_visible(".scroll-hint"))
            scroller = phone.page.evaluate("(() => { const s = document.querySelector('.runs-scroll'); return [s.scrollWidth, s.clientWidth]; })()")
            self.assertGreater(scroller[0], scroller[1])
            phone.page.screenshot(path=str(SHOTS / "compare-sweep-phone.png"), full_page=True)
        finally:
            phone.close(self)

    def test_the_same_input_writes_the_same_page(self):
        again = OUT / "three-again"
        flick("review", "fling-to-rest", "fling-into-end", "rubber-band-pull", "--out", str(again))
        self.assertEqual((OUT / "three/index.html").read_bytes(), (again / "index.html").read_bytes())


class Served(unittest.TestCase):
    def test_compare_shows_every_served_file_on_one_graph(self):
        # From the index, by its link.
        p = GraphPage(f"{state['origin']}?token={state['token']}", state["origin"], graph=False)
        try:
            p.page.click("#compare-all")
            p.page.wait_for_selector(".runs-graph svg.runs-svg")
            self.assertIn("/compare?token=", p.page.url)
            # fling-to-rest moves a list, sheet-handoff a sheet and a list: the two runs' own graphs.
            p.check(self, 2, ["fling-to-rest", "sheet-handoff"], shared=False)
            self.assertEqual(len(p.value_lines(p.panels().index("sheet · top edge"))), 1)
            p.page.screenshot(path=str(SHOTS / "compare-serve-desktop.png"), full_page=True)
        finally:
            p.close(self)

    def test_a_served_files_variants_on_one_graph(self):
        url = f"{state['origin']}s/sheet-handoff/compare?set=physics.preset=uikit,floatingpanel,flutter-ios&token={state['token']}"
        p = GraphPage(url, state["origin"])
        try:
            p.check(self, 3, ["preset=uikit", "preset=floatingpanel", "preset=flutter-ios"])
        finally:
            p.close(self)
        phone = GraphPage(url, state["origin"], viewport=PHONE)
        try:
            phone.check(self, 3)
            phone.page.screenshot(path=str(SHOTS / "compare-serve-phone.png"), full_page=True)
        finally:
            phone.close(self)


class LiveServed(unittest.TestCase):
    """The compare pages follow their files (docs/review-page.md, "flick serve"): an edit on disk redraws the
    open page's graph in place, keeping what the user set; a broken file shows its problems and recovers. A server
    of its own on copies, so that the edits touch no other test's page."""

    SOURCE = (ROOT / "Examples/sheet-handoff.yaml").read_text()
    LONGER = SOURCE.replace("to: [195, 600], duration: 0.1", "to: [195, 700], duration: 0.1")
    BROKEN = SOURCE + "\nphysics: {rubberBand: [1]}\n"

    @classmethod
    def setUpClass(cls):
        cls.folder = OUT / "live"
        cls.folder.mkdir()
        for name in ["sheet-handoff.yaml", "fling-to-rest.yaml"]:
            shutil.copy(ROOT / "Examples" / name, cls.folder / name)
        cls.file = cls.folder / "sheet-handoff.yaml"
        cls.server = subprocess.Popen([FLICK, "serve", str(cls.folder), "--port", "0"], stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True)
        match = re.search(r"http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+)", cls.server.stdout.readline())
        cls.port, cls.token = int(match.group(1)), match.group(2)
        cls.origin = f"http://127.0.0.1:{cls.port}/"

    @classmethod
    def tearDownClass(cls):
        cls.server.send_signal(signal.SIGINT)
        cls.server.communicate(timeout=10)

    def get(self, path, headers=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        body = response.read()
        connection.close()
        return response.status, body

    def updates(self):
        return json.loads(self.get("/s/sheet-handoff/status.json?token=" + self.token)[1])["updates"]

    def edit(self, text):
        """Writes the file and waits until the server has read it (its page may take a moment more)."""
        before = self.updates()
        self.file.write_text(text)
        deadline = time.monotonic() + 10
        while self.updates() == before:
            self.assertLess(time.monotonic(), deadline, "the server did not see the edit")
            time.sleep(0.02)

    def tearDown(self):
        # The file back as it was, and seen by the server, before the next test opens its page.
        if self.file.read_text() != self.SOURCE:
            self.edit(self.SOURCE)

    def open(self, path, viewport=DESKTOP):
        p = GraphPage(f"{self.origin}{path}", self.origin, viewport=viewport)
        self.wait(p, lambda: p.page.evaluate("!!document.getElementById('live') && document.getElementById('live').getAttribute('data-state') === 'live'"))
        p.page.evaluate("window.notReloaded = true")
        return p

    def wait(self, p, condition, timeout=10.0):
        # Polled from here: the page's CSP forbids the eval Playwright's wait_for_function uses.
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError("timed out waiting")
            p.page.wait_for_timeout(25)

    @staticmethod
    def graph(p):
        return p.page.evaluate("document.querySelector('svg.runs-svg').outerHTML")

    def changed(self, p, before):
        self.wait(p, lambda: self.graph(p) != before)
        self.assertTrue(p.page.evaluate("window.notReloaded === true"), "the page was reloaded")
        self.assertEqual(p.page.evaluate("performance.getEntriesByType('navigation').length"), 1)

    def test_compare_follows_an_edit_on_disk_in_place_and_keeps_scroll_and_hidden_runs(self):
        p = self.open(f"compare?token={self.token}", viewport={"width": 1280, "height": 480})
        try:
            p.check(self, 2, ["fling-to-rest", "sheet-handoff"], shared=False)
            stamp = p.page.get_attribute("body", "data-live-stamp")
            self.assertRegex(stamp, r"^\d+\.\d+$", "each served file's version")
            # What the user set: fling-to-rest hidden, sheet-handoff's --explain list open, the page scrolled.
            p.page.click(".run-toggle[data-run='0']")
            p.page.click(".runs-legend li.run[data-run='1'] details.explain summary")
            p.page.mouse.move(0, 0)
            p.page.evaluate("window.scrollTo(0, 300)")
            scrolled = p.page.evaluate("window.scrollY")
            self.assertGreater(scrolled, 0)
            before, legend = self.graph(p), p.page.text_content(".runs-legend li.run[data-run='1'] .moments-line")
            self.edit(self.LONGER)
            self.changed(p, before)
            self.assertNotEqual(p.page.get_attribute("body", "data-live-stamp"), stamp)
            self.assertEqual(p.page.get_attribute(".run-toggle[data-run='0']", "aria-pressed"), "false")
            self.assertTrue(p.page.eval_on_selector_all("svg.runs-svg .run-line[data-run='0']", "ls => ls.length > 0 && ls.every(l => getComputedStyle(l).display === 'none')"))
            self.assertTrue(p.page.evaluate("document.querySelector(\".runs-legend li.run[data-run='1'] details.explain\").open"))
            self.assertEqual(p.page.evaluate("window.scrollY"), scrolled)
            self.assertEqual(p.legend(), ["fling-to-rest", "sheet-handoff"])
            self.assertNotEqual(p.page.text_content(".runs-legend li.run[data-run='1'] .moments-line"), legend)
            # The page has no write controls.
            self.assertEqual(p.page.evaluate("document.querySelectorAll('#tune, .approve, button[id^=save], button[id^=tune]').length"), 0)
            p.page.screenshot(path=str(SHOTS / "compare-serve-live.png"))
        finally:
            p.close(self)

    def test_a_broken_file_shows_its_problems_on_compare_keeps_every_run_and_recovers(self):
        p = self.open(f"compare?token={self.token}")
        try:
            before = self.graph(p)
            self.edit(self.BROKEN)
            p.page.wait_for_selector("#live-errors")
            self.assertRegex(p.page.text_content("#live-errors"), r"sheet-handoff\.yaml:\d+:\d+: error: physics\.rubberBand")
            self.assertEqual(p.page.get_attribute("#live", "data-state"), "error")
            self.assertEqual(p.legend(), ["fling-to-rest", "sheet-handoff"], "the last good runs stay")
            self.assertEqual(self.graph(p), before)
            p.page.screenshot(path=str(SHOTS / "compare-serve-error.png"))
            self.edit(self.LONGER)
            self.changed(p, before)
            p.page.wait_for_selector("#live-errors", state="detached")
            self.assertEqual(p.page.get_attribute("#live", "data-state"), "live")
        finally:
            p.close(self)

    def test_a_files_variants_follow_its_file_and_keep_the_focused_run(self):
        p = self.open(f"s/sheet-handoff/compare?set=physics.preset=uikit,flutter-ios&token={self.token}")
        try:
            p.check(self, 2, ["preset=uikit", "preset=flutter-ios"])
            p.page.focus(".run-toggle[data-run='1']")
            self.assertTrue(p.page.evaluate("document.querySelector('.runs-graph').classList.contains('focusing')"))
            before = self.graph(p)
            self.edit(self.LONGER)
            self.changed(p, before)
            p.check(self, 2, ["preset=uikit", "preset=flutter-ios"])
            self.assertEqual(p.page.evaluate("document.activeElement.getAttribute('data-run')"), "1")
            self.assertTrue(p.page.evaluate("document.querySelector('.runs-graph').classList.contains('focusing')"))
            # A broken file: its problems, the variants stay; fixed, they follow again.
            shown = self.graph(p)
            self.edit(self.BROKEN)
            p.page.wait_for_selector("#live-errors")
            self.assertIn("sheet-handoff.yaml:", p.page.text_content("#live-errors"))
            self.assertEqual(self.graph(p), shown)
            self.edit(self.SOURCE)
            self.changed(p, shown)
            p.page.wait_for_selector("#live-errors", state="detached")
            self.assertEqual(self.graph(p), before, "the same file gives the same graph")
        finally:
            p.close(self)

    def test_a_variants_page_opened_while_the_file_is_broken_follows_it_until_it_is_fixed(self):
        self.edit(self.BROKEN)
        path = f"s/sheet-handoff/compare?set=physics.preset=uikit,flutter-ios&token={self.token}"
        # A script asking gets the problem as text; a browser gets a page that follows the file.
        status, body = self.get("/" + path)
        self.assertEqual(status, 400)
        self.assertIn(b"error: physics.rubberBand", body)
        p = GraphPage(f"{self.origin}{path}", self.origin, graph=False)
        try:
            p.page.wait_for_selector("#live-errors")
            self.assertIn("sheet-handoff.yaml:", p.page.text_content("#live-errors"))
            self.assertIn("cannot be made from the file as it is now", p.page.text_content(".meta"))
            self.assertEqual(p.legend(), [])
            p.page.evaluate("window.notReloaded = true")
            self.edit(self.SOURCE)
            self.wait(p, lambda: len(p.legend()) == 2)
            p.check(self, 2, ["preset=uikit", "preset=flutter-ios"])
            self.assertTrue(p.page.evaluate("window.notReloaded === true"), "the page was reloaded")
            p.page.wait_for_selector("#live-errors", state="detached")
        finally:
            p.close(self)

    def test_the_compare_channel_needs_the_token(self):
        upgrade = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                   "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Host": f"127.0.0.1:{self.port}"}
        status, body = self.get("/compare/live", upgrade)
        self.assertEqual(status, 403)
        self.assertIn(b"token", body)
        status, _ = self.get("/compare/live?token=" + "0" * 32, upgrade)
        self.assertEqual(status, 403)
        status, _ = self.get("/compare/live?token=" + self.token, upgrade)
        self.assertEqual(status, 101)


if __name__ == "__main__":
    unittest.main()
