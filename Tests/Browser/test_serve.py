"""`flick serve` over real HTTP on 127.0.0.1 and in a real headless Chromium.

Run through scripts/browser-tests.sh (FLICK, CHROMIUM, OUT). The server serves a copy of sheet-handoff in a
folder of its own under OUT; the browser may reach nothing but that server (every other request is aborted
and recorded), and every page is checked for console errors.
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
OUT = Path(os.environ.get("OUT") or ROOT / ".build/browser-tests").resolve()
SHOTS = OUT / "screenshots"
SOURCE = (ROOT / "Examples/sheet-handoff.yaml").read_text()

state = {}


def start_server(folder, *extra):
    server = subprocess.Popen([FLICK, "serve", str(folder), "--port", "0", *extra], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    match = re.search(r"http://(127\.0\.0\.1):(\d+)/\?token=([0-9a-f]+)", line)
    if not match:
        server.kill()
        raise AssertionError(f"flick serve printed {line!r}; stderr: {server.stderr.read()}")
    return server, int(match.group(2)), match.group(3)


def setUpModule():
    SHOTS.mkdir(parents=True, exist_ok=True)
    root = OUT / "serve"
    if root.exists():
        shutil.rmtree(root)
    served = root / "served"
    served.mkdir(parents=True)
    (served / "sheet-handoff.yaml").write_text(SOURCE)
    # A scenario outside the served folder, reachable only through a symbolic link inside it.
    outside = root / "outside"
    outside.mkdir()
    (outside / "secret.yaml").write_text(SOURCE.replace("Studios nearby", "Secret"))
    (served / "linked.yaml").symlink_to(outside / "secret.yaml")
    state["folder"] = served
    state["file"] = served / "sheet-handoff.yaml"
    state["server"], state["port"], state["token"] = start_server(served)
    state["playwright"] = sync_playwright().start()
    state["browser"] = state["playwright"].chromium.launch(executable_path=CHROMIUM)


def tearDownModule():
    state["browser"].close()
    state["playwright"].stop()
    state["server"].send_signal(signal.SIGINT)
    state["server"].communicate(timeout=10)


def request(method, path, headers=None, host=None, body=None):
    """One request to the server with exactly these headers (Host included)."""
    port = state["port"]
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    connection.putheader("Host", host or f"127.0.0.1:{port}")
    for name, value in (headers or {}).items():
        connection.putheader(name, value)
    if body is not None:
        connection.putheader("Content-Length", str(len(body)))
    connection.endheaders(body.encode() if body is not None else None)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, data


class Safety(unittest.TestCase):
    """Each rule of docs/review-page.md's "flick serve" section, over real HTTP."""

    def test_the_index_lists_the_served_scenario_and_not_the_one_behind_the_link(self):
        status, body = request("GET", "/")
        self.assertEqual(status, 403)
        self.assertNotIn(state["token"].encode(), body)
        status, body = request("GET", "/?token=" + state["token"])
        self.assertEqual(status, 200)
        self.assertIn(b"/s/sheet-handoff/", body)
        self.assertNotIn(b"linked", body)
        self.assertNotIn(b"Secret", body)

    def test_a_foreign_host_is_refused(self):
        port = state["port"]
        for host in [f"evil.example:{port}", "127.0.0.1", f"127.0.0.1:{port + 1}", f"localhost.evil.example:{port}"]:
            status, body = request("GET", "/", host=host)
            self.assertEqual(status, 403, host)
            self.assertIn(b"unknown Host", body)
        status, _ = request("GET", "/?token=" + state["token"], host=f"localhost:{port}")
        self.assertEqual(status, 200)

    def test_a_foreign_origin_is_refused(self):
        port = state["port"]
        for origin in ["http://evil.example", f"http://evil.example:{port}", "null", f"https://127.0.0.1:{port}"]:
            status, body = request("GET", "/s/sheet-handoff/?token=" + state["token"], headers={"Origin": origin})
            self.assertEqual(status, 403, origin)
            self.assertIn(b"foreign Origin", body)
        status, _ = request("GET", "/s/sheet-handoff/?token=" + state["token"], headers={"Origin": f"http://127.0.0.1:{port}"})
        self.assertEqual(status, 200)

    def test_writes_and_the_live_channel_need_the_token(self):
        for method in ["POST", "PUT", "DELETE"]:
            status, body = request(method, "/s/sheet-handoff/", body="x")
            self.assertEqual(status, 403, method)
            self.assertIn(b"token", body)
            status, _ = request(method, "/s/sheet-handoff/?token=" + "0" * 32, body="x")
            self.assertEqual(status, 403, method)
            # The token of a write goes in its header (a request another site's page cannot send without asking).
            status, _ = request(method, "/s/sheet-handoff/?token=" + state["token"], body="x")
            self.assertEqual(status, 403, method)
        # With the token a write passes the guard (and finds nothing to write: the server writes no file).
        status, _ = request("POST", "/s/sheet-handoff/", headers={"X-Flick-Token": state["token"]}, body="x")
        self.assertEqual(status, 405)
        upgrade = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                   "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}
        status, _ = request("GET", "/s/sheet-handoff/live", headers=upgrade)
        self.assertEqual(status, 403)
        status, _ = request("GET", "/s/sheet-handoff/live?token=" + state["token"], headers=upgrade)
        self.assertEqual(status, 101)

    def test_no_path_reaches_outside_the_served_scenarios(self):
        for path in ["/../outside/secret.yaml", "/s/..%2F..%2Foutside%2Fsecret/", "/s/linked/", "/s/sheet-handoff/../../outside/secret.yaml",
                     "/s/sheet-handoff/v1/../../../../etc/passwd", "/s/sheet-handoff/v1/frames/..%2F..%2Fsheet-handoff.yaml",
                     "/sheet-handoff.yaml", "/s/sheet-handoff/v1/frames/frame_99999.png", "/s/sheet-handoff/v1/frames/frame_1.png"]:
            status, body = request("GET", path)
            self.assertIn(status, (400, 403, 404), path)
            self.assertNotIn(b"Secret", body)
            self.assertNotIn(b"root:", body)

    def test_it_listens_on_loopback_only(self):
        lines = Path(f"/proc/{state['server'].pid}/net/tcp").read_text().splitlines()[1:]
        listening = [l.split() for l in lines if l.split()[3] == "0A"]
        mine = [l for l in listening if int(l[1].split(":")[1], 16) == state["port"]]
        self.assertEqual([l[1].split(":")[0] for l in mine], ["0100007F"])

    def test_another_host_is_said_with_a_warning_and_only_its_own_name_is_answered(self):
        # 127.0.0.2 is loopback too: no traffic leaves the machine.
        server = subprocess.Popen([FLICK, "serve", str(state["folder"]), "--port", "0", "--host", "127.0.0.2"],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = server.stdout.readline()
        match = re.search(r"http://127\.0\.0\.2:(\d+)/\?token=([0-9a-f]+)", line)
        port, token = int(match.group(1)), match.group(2)
        connection = http.client.HTTPConnection("127.0.0.2", port, timeout=10)
        connection.request("GET", "/?token=" + token, headers={"Host": f"127.0.0.2:{port}"})
        self.assertEqual(connection.getresponse().status, 200)
        connection.close()
        connection = http.client.HTTPConnection("127.0.0.2", port, timeout=10)
        connection.request("GET", "/?token=" + token, headers={"Host": f"localhost:{port}"})
        self.assertEqual(connection.getresponse().status, 403)
        connection.close()
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=5)
        self.assertIn("warning: --host 127.0.0.2: other machines that can reach this address can connect", err)

    def test_ctrl_c_stops_it_cleanly_and_writes_nothing(self):
        folder = state["folder"]
        before = sorted(p.name for p in folder.iterdir())
        server, port, token = start_server(folder)
        status, _ = request_to(port, f"/s/sheet-handoff/v1/frames/frame_00010.png?token={token}")
        self.assertEqual(status, 200)
        server.send_signal(signal.SIGINT)
        out, _ = server.communicate(timeout=5)
        self.assertEqual(server.returncode, 130)
        self.assertIn("stopped", out)
        self.assertEqual(sorted(p.name for p in folder.iterdir()), before)
        with self.assertRaises(OSError):
            request_to(port, "/")


def request_to(port, path):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, data


class Live(unittest.TestCase):
    """An open page follows its file."""

    def setUp(self):
        self.context = state["browser"].new_context(viewport=DESKTOP)
        self.outside = []
        self.errors = []
        origin = f"http://127.0.0.1:{state['port']}/"
        self.context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(origin)
                           else (self.outside.append(route.request.url), route.abort()))
        self.page = self.context.new_page()
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(f"{origin}s/sheet-handoff/?token={state['token']}")
        self.wait(lambda: self.page.evaluate("document.querySelector('#viewer canvas') && document.querySelector('#viewer canvas').getAttribute('data-frame') !== null"))
        self.wait(lambda: self.page.evaluate("document.getElementById('live').getAttribute('data-state') === 'live'"))
        # The page shows the server's last run before a test starts: an update still on its way would be taken for
        # the test's own.
        served = lambda: json.loads(request("GET", "/s/sheet-handoff/status.json?token=" + state["token"])[1])["version"]
        self.wait(lambda: self.version() == served())

    def tearDown(self):
        # The file back as it was, and seen by the server before the next test starts: a reload it would
        # otherwise make during the next test's first wait looks like that test's own update.
        if state["file"].read_text() != SOURCE:
            updates = lambda: json.loads(request("GET", "/s/sheet-handoff/status.json?token=" + state["token"])[1])["updates"]
            before = updates()
            state["file"].write_text(SOURCE)
            deadline = time.monotonic() + 10
            while updates() == before and time.monotonic() < deadline:
                time.sleep(0.05)
        self.context.close()
        self.assertEqual(self.outside, [], "requests that left the server")
        self.assertEqual(self.errors, [], "console errors")

    def wait(self, condition, timeout=10.0):
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError("timed out waiting")
            self.page.wait_for_timeout(50)

    def version(self):
        return int(self.page.evaluate("document.body.getAttribute('data-live-version')"))

    def test_an_edit_on_disk_updates_the_open_page_in_place_and_keeps_the_playhead(self):
        page = self.page
        page.evaluate("window.notReloaded = true; flickPlayer.seek(3.5)")
        before = self.version()
        plot = page.evaluate("document.querySelector('.plot-area img').getAttribute('src')")
        # A longer flick: the run changes after 3 s.
        state["file"].write_text(SOURCE.replace("to: [195, 600], duration: 0.1", "to: [195, 700], duration: 0.1"))
        self.wait(lambda: self.version() > before)
        self.assertTrue(page.evaluate("window.notReloaded === true"), "the page was reloaded")
        self.assertAlmostEqual(page.evaluate("flickPlayer.time"), 3.5, places=6)
        self.wait(lambda: page.evaluate("document.querySelector('#viewer canvas').getAttribute('data-frame')") == "210")
        new_plot = page.evaluate("document.querySelector('.plot-area img').getAttribute('src')")
        self.assertNotEqual(new_plot, plot)
        self.assertTrue(new_plot.startswith(f"v{self.version()}/"))
        # The state tree shows the new run: the release velocity of a 200 pt flick in 0.1 s.
        states = page.evaluate("Object.keys(window.flickStates)")
        self.assertTrue(any(k.split("?")[0] == f"v{self.version()}/states.js" for k in states), states)
        # One keydown listener: a frame step moves one frame, not two.
        page.keyboard.press("ArrowRight")
        self.assertEqual(page.evaluate("flickPlayer.frame()"), 211)

    def test_a_seek_made_while_the_new_run_loads_is_kept(self):
        page = self.page
        page.evaluate("flickPlayer.seek(1.0)")
        before = self.version()
        # The page's fetch of the new run is held until the playhead has moved: the new run goes in at 2.5 s,
        # where the user left it, not at 1.0 s, where it was when the fetch started.
        held = []
        page.route("**/s/sheet-handoff/?token=*", lambda route: held.append(route)
                   if route.request.resource_type == "fetch" else route.continue_())
        state["file"].write_text(SOURCE.replace("alpha: 0.3", "alpha: 0.5"))
        self.wait(lambda: len(held) > 0)
        page.evaluate("flickPlayer.seek(2.5)")
        held[0].continue_()
        self.wait(lambda: self.version() > before)
        self.assertAlmostEqual(page.evaluate("flickPlayer.time"), 2.5, places=6)
        page.unroute("**/s/sheet-handoff/?token=*")

    def test_a_broken_edit_shows_its_error_and_keeps_the_run_and_fixing_it_recovers(self):
        page = self.page
        before = self.version()
        state["file"].write_text(SOURCE.replace("fps: 60", "fps: fast"))
        self.wait(lambda: page.evaluate("!!document.getElementById('live-errors')"))
        errors = page.evaluate("document.getElementById('live-errors').textContent")
        self.assertRegex(errors, r"sheet-handoff\.yaml:4:6: error: fps")
        self.assertEqual(page.evaluate("document.getElementById('live').getAttribute('data-state')"), "error")
        self.assertEqual(self.version(), before)
        self.assertTrue(page.evaluate("!!document.querySelector('#viewer canvas[data-frame]')"))
        page.screenshot(path=str(SHOTS / "serve-error-desktop.png"))
        state["file"].write_text(SOURCE.replace("alpha: 0.3", "alpha: 0.5"))
        self.wait(lambda: self.version() > before)
        self.wait(lambda: page.evaluate("!document.getElementById('live-errors')"))

    def test_a_slider_reruns_the_scenario_and_moves_the_plot_and_the_export_follows(self):
        page = self.page
        before = self.version()
        svg = lambda: page.evaluate("fetch(document.querySelector('.plot-area img').getAttribute('src')).then(r => r.text())")
        plot = svg()
        page.evaluate("flickPlayer.seek(2.0)")
        slider = page.locator("[data-path='physics.sheetSpring.response']")
        slider.fill("0.6")
        self.wait(lambda: self.version() > before)
        # The page swaps the plot's source after it takes the new version: wait for the new plot, do not race it.
        try:
            self.wait(lambda: svg() != plot)
        except AssertionError:
            self.fail("the motion plot did not change")
        self.assertAlmostEqual(page.evaluate("flickPlayer.time"), 2.0, places=6)
        self.assertEqual(state["file"].read_text(), SOURCE, "tuning changed the file")
        page.locator("#export summary").click()
        self.wait(lambda: "response: 0.6, dampingFraction: 1" in page.evaluate("document.getElementById('export-code').textContent"))
        code = page.evaluate("document.getElementById('export-code').textContent")
        self.assertIn("SpringDescription(mass: 1, stiffness: 109.6623, damping: 20.944)", code)
        self.assertIn("Spring(duration: 0.6, bounce: 0)", code)
        # A value the decoder refuses is shown, and the run stays.
        version = self.version()
        page.fill("#tune-more", "physics.rubberBand=-3")
        page.click("#tune-apply")
        self.wait(lambda: page.evaluate("!document.getElementById('tune-error').hidden"))
        self.assertIn("rubberBand", page.evaluate("document.getElementById('tune-error').textContent"))
        self.assertEqual(self.version(), version)
        page.click("#tune-reset")
        self.wait(lambda: self.version() > version)
        # The paging spring's controls, and the release velocity of the one drag that releases at distance /
        # duration (gesture 2: 100 pt in 0.1 s): "flick at 2000 pt/s" sets its duration to 0.05 s by key path.
        self.assertEqual(page.locator("[data-path^='physics.pagingSpring.']").count(), 2)
        velocity = page.locator("[data-path='gestures[2].drag.duration']")
        self.assertEqual(velocity.input_value(), "1000")
        version = self.version()
        velocity.fill("2000")
        self.wait(lambda: self.version() > version)
        status = json.loads(request("GET", "/s/sheet-handoff/status.json?token=" + state["token"])[1])
        self.assertEqual(status["tuning"], ["gestures[2].drag.duration=0.05"])
        self.assertEqual(state["file"].read_text(), SOURCE, "tuning changed the file")
        page.click("#tune-reset")

    def test_back_to_the_file_returns_the_sliders_to_the_files_values(self):
        """Issue 37, item 4: the controls start at what was simulated, and "Back to the file" puts them back."""
        page = self.page
        values = lambda: page.evaluate("Object.fromEntries(Array.from(document.querySelectorAll('#tune [data-path]')).map(e => [e.getAttribute('data-path'), e.value]))")
        shown = lambda path: page.evaluate(f"document.querySelector(\"[data-path='{path}']\").nextElementSibling.textContent")
        start = values()
        self.assertEqual(start["physics.sheetSpring.response"], "0.3")
        self.assertEqual(start["physics.rubberBand"], "0.55")
        before = self.version()
        page.locator("[data-path='physics.sheetSpring.response']").fill("0.6")
        self.wait(lambda: self.version() > before)
        version = self.version()
        page.locator("[data-path='physics.rubberBand']").fill("1")
        self.wait(lambda: self.version() > version)
        self.assertEqual(values()["physics.sheetSpring.response"], "0.6", "a tuned slider keeps its value through the update")
        self.assertEqual(values()["physics.rubberBand"], "1")
        version = self.version()
        page.click("#tune-reset")
        self.wait(lambda: self.version() > version)
        self.wait(lambda: values() == start)
        self.assertEqual(shown("physics.sheetSpring.response"), "0.3")
        self.assertEqual(shown("physics.rubberBand"), "0.55")
        status = json.loads(request("GET", "/s/sheet-handoff/status.json?token=" + state["token"])[1])
        self.assertEqual(status["tuning"], [])
        # The preset's own values: under floatingpanel the sheet settles with FloatingPanel's 0.4 s spring.
        version = self.version()
        page.select_option("[data-path='physics.preset']", "floatingpanel")
        self.wait(lambda: self.version() > version)
        self.wait(lambda: values()["physics.sheetSpring.response"] == "0.4")
        self.assertEqual(shown("physics.sheetSpring.response"), "0.4")
        version = self.version()
        page.click("#tune-reset")
        self.wait(lambda: self.version() > version)
        self.wait(lambda: values() == start)

    def test_the_tune_panel_is_beside_the_frame_and_the_plot_at_1280_by_900(self):
        """Issue 37, item 4: at 1280x900 a slider and the motion are on screen together, at the frame and at the plot."""
        page = self.page
        rect = lambda selector: page.evaluate(f"(() => {{ const r = document.querySelector(\"{selector}\").getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }})()")
        on_screen = lambda r: r[1] >= 0 and r[3] <= 900 and r[0] >= 0 and r[2] <= 1280
        slider = "[data-path='physics.sheetSpring.response']"
        self.assertEqual(page.viewport_size, DESKTOP)
        self.assertTrue(on_screen(rect(slider)), rect(slider))
        self.assertTrue(on_screen(rect("#viewer canvas")), rect("#viewer canvas"))
        # Beside, not below: the slider is right of the frame.
        self.assertGreater(rect(slider)[0], rect("#viewer canvas")[2])
        # Scrolled to the motion plot, the panel is still there.
        page.evaluate("document.querySelector('.plot-area').scrollIntoView({block: 'center'})")
        page.wait_for_timeout(100)
        plot = rect(".plot-area img")
        self.assertLess(plot[1], 900 - 200, plot)
        self.assertGreater(plot[3], 200, plot)
        self.assertTrue(on_screen(rect(slider)), rect(slider))
        page.screenshot(path=str(SHOTS / "serve-tune-beside-plot-desktop.png"))

    def test_save_shows_the_diff_then_changes_exactly_that_value_and_comments_survive(self):
        page = self.page
        page.fill("#tune-more", "scene.sheet.detents[1].fraction=0.45")
        page.click("#tune-apply")
        before = self.version()
        page.click("#tune-save")
        self.wait(lambda: page.evaluate("!document.getElementById('save-box').hidden"))
        diff = page.evaluate("document.getElementById('save-diff').textContent")
        old = next(l for l in SOURCE.splitlines() if "fraction: 0.5" in l)
        number = SOURCE.splitlines().index(old) + 1
        self.assertEqual(diff, f"-{number}: {old}\n+{number}: {old.replace('fraction: 0.5', 'fraction: 0.45')}")
        self.assertEqual(state["file"].read_text(), SOURCE, "the diff alone wrote the file")
        page.screenshot(path=str(SHOTS / "serve-save-desktop.png"))
        page.click("#save-write")
        self.wait(lambda: page.evaluate("document.getElementById('save-note').textContent") == "Saved.")
        self.assertEqual(state["file"].read_text(), SOURCE.replace("fraction: 0.5}", "fraction: 0.45}"))
        self.assertIn("# ClassPass: one pan expands the sheet", state["file"].read_text())
        # The written file is served as the new run, and nothing else was written beside it.
        self.wait(lambda: self.version() > before)
        self.assertEqual(sorted(p.name for p in state["folder"].iterdir()), ["linked.yaml", "sheet-handoff.yaml"])

    def test_screenshots(self):
        page = self.page
        page.evaluate("flickPlayer.seek(1.0)")
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / "serve-desktop.png"))
        page.set_viewport_size(PHONE)
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / "serve-phone.png"), full_page=True)
        index = self.context.new_page()
        index.goto(f"http://127.0.0.1:{state['port']}/?token={state['token']}")
        index.screenshot(path=str(SHOTS / "serve-index.png"))
        index.close()


EXPECTATIONS = """expect:
  # where the flick leaves it
  - {at: end, sheet.detent: half}   # wrong on purpose: it rests at tip
  - {at: 0, sheet.detent: half}
"""
class Follows(unittest.TestCase):
    """Issue 37, item 3: serve follows every file a scenario names, and the folder: a rows CSV edited, a picture
    replaced, a scenario added or removed, with no save of the YAML and no restart."""

    @classmethod
    def setUpClass(cls):
        cls.folder = OUT / "serve-follows"
        if cls.folder.exists():
            shutil.rmtree(cls.folder)
        cls.folder.mkdir(parents=True)
        shutil.copy(ROOT / "Examples/own-content.yaml", cls.folder / "own-content.yaml")
        shutil.copytree(ROOT / "Examples/own-content", cls.folder / "own-content")
        cls.server, cls.port, cls.token = start_server(cls.folder)

    @classmethod
    def tearDownClass(cls):
        cls.server.send_signal(signal.SIGINT)
        cls.server.communicate(timeout=10)

    def get(self, path):
        status, data = request_to(self.port, path + ("&" if "?" in path else "?") + f"token={self.token}")
        self.assertEqual(status, 200, path)
        return data

    def status(self):
        return json.loads(self.get("/s/own-content/status.json"))

    def wait(self, condition, timeout=10.0):
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError("timed out waiting")
            time.sleep(0.05)

    def test_an_edited_rows_file_and_a_replaced_picture_update_the_open_page(self):
        errors = []
        context = state["browser"].new_context(viewport=DESKTOP)
        page = context.new_page()
        # The browser's own ask for /favicon.ico (no page of flick's names one) is refused like any path without the token.
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" and not m.location.get("url", "").endswith("/favicon.ico") else None)
        page.goto(f"http://127.0.0.1:{self.port}/s/own-content/?token={self.token}")
        version = lambda: int(page.evaluate("document.body.getAttribute('data-live-version')"))
        deadline = time.monotonic() + 10
        while not page.evaluate("document.querySelector('#viewer canvas') && document.querySelector('#viewer canvas').getAttribute('data-frame') !== null"):
            self.assertLess(time.monotonic(), deadline, "the first frame did not load (its picture needs the token's cookie)")
            page.wait_for_timeout(50)
        before = version()
        rows = self.folder / "own-content/rows.csv"
        text = rows.read_text()
        rows.write_text(text + "Harbour Swim,8:00 AM,Free,\n")
        deadline = time.monotonic() + 10
        while version() <= before:
            self.assertLess(time.monotonic(), deadline, "the rows file's edit did not reach the page")
            page.wait_for_timeout(50)
        states = self.get(f"/s/own-content/v{version()}/states.json")
        # 14 rows of 64 pt were 896 pt of content; the 15th makes it 960.
        self.assertIn(b'"contentSize": {"width": 390, "height": 960}', states)
        first = self.get(f"/s/own-content/v{version()}/frames/frame_00000.png")
        # A picture replaced (renamed over) by another: the frame is drawn again from it.
        before = version()
        picture = self.folder / "own-content/sunset.png"
        replacement = self.folder / "own-content/.new.png"
        shutil.copy(self.folder / "own-content/meadow.png", replacement)
        os.replace(replacement, picture)
        deadline = time.monotonic() + 10
        while version() <= before:
            self.assertLess(time.monotonic(), deadline, "the replaced picture did not reach the page")
            page.wait_for_timeout(50)
        self.assertNotEqual(self.get(f"/s/own-content/v{version()}/frames/frame_00000.png"), first)
        shutil.copy(ROOT / "Examples/own-content/sunset.png", picture)
        rows.write_text(text)
        context.close()
        self.assertEqual(errors, [])

    def test_a_new_scenario_appears_on_the_index_and_a_removed_one_goes(self):
        added = self.folder / "second.yaml"
        added.write_text((ROOT / "Examples/fling-to-rest.yaml").read_text())
        try:
            self.wait(lambda: b"/s/second/" in self.get("/"))
            self.assertIn(b"second.yaml", self.get("/"))
            self.get("/s/second/")
        finally:
            added.unlink()
        self.wait(lambda: b"/s/second/" not in self.get("/"))
        status, _ = request_to(self.port, f"/s/second/?token={self.token}")
        self.assertEqual(status, 404)


PITFALL = "card-carousel-pitfall"


def approve_folder(name):
    """A folder of its own: card-carousel-pitfall with frame 30's golden broken (it holds frame 120's), sheet-handoff
    with one wrong expectation, a golden folder of a scenario that is gone (an orphan), and a golden folder that is
    a link out of the folder (never listed, never removed through)."""
    folder = OUT / "serve" / name
    if folder.exists():
        shutil.rmtree(folder)
    goldens = folder / "__Goldens__" / PITFALL
    goldens.mkdir(parents=True)
    shutil.copy(ROOT / f"Tests/Scenarios/{PITFALL}.yaml", folder)
    for frame in ["frame_00030.png", "frame_00120.png"]:
        shutil.copy(ROOT / f"Tests/Scenarios/__Goldens__/{PITFALL}/frame_00120.png", goldens / frame)
    (folder / "handoff.yaml").write_text(SOURCE + EXPECTATIONS)
    gone = folder / "__Goldens__" / "gone"
    gone.mkdir()
    shutil.copy(ROOT / f"Tests/Scenarios/__Goldens__/{PITFALL}/frame_00030.png", gone / "frame_00000.png")
    outside = OUT / "serve" / (name + "-outside")
    if outside.exists():
        shutil.rmtree(outside)
    outside.mkdir()
    shutil.copy(ROOT / f"Tests/Scenarios/__Goldens__/{PITFALL}/frame_00030.png", outside / "frame_00000.png")
    (folder / "__Goldens__" / "linked").symlink_to(outside)
    return folder, goldens, outside


def files(folder):
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


class Approve(unittest.TestCase):
    """Failing goldens and expectations in the page: expected | actual | diff with a wipe, Accept, Accept all, and
    Remove for goldens no scenario uses; every write over real HTTP with the token."""

    def setUp(self):
        self.folder, self.goldens, self.outside = approve_folder(self.id().split(".")[-1])
        before = subprocess.run([FLICK, "test", str(self.folder)], capture_output=True, text=True)
        self.assertEqual(before.returncode, 1, before.stdout + before.stderr)
        self.server, self.port, self.token = start_server(self.folder)
        self.context = state["browser"].new_context(viewport=DESKTOP)
        self.errors, self.outside_requests = [], []
        self.origin = f"http://127.0.0.1:{self.port}/"
        self.context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(self.origin)
                           else (self.outside_requests.append(route.request.url), route.abort()))
        self.page = self.context.new_page()
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def tearDown(self):
        self.context.close()
        self.server.send_signal(signal.SIGINT)
        self.server.communicate(timeout=10)
        self.assertEqual(self.errors, [], "console errors")
        self.assertEqual(self.outside_requests, [], "requests that left the server")
        # Whatever ran, the folder behind the link is untouched.
        self.assertEqual(sorted(p.name for p in self.outside.iterdir()), ["frame_00000.png"])

    def wait(self, condition, timeout=60.0):
        # The page's CSP allows no eval, so Playwright's wait_for_function cannot run there: poll.
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError("timed out waiting")
            self.page.wait_for_timeout(100)

    def post(self, path, body="", token=True, origin=None):
        headers = {"Content-Type": "text/plain"}
        if token:
            headers["X-Flick-Token"] = self.token
        if origin:
            headers["Origin"] = origin
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        connection.request("POST", path, body=body.encode(), headers={"Host": f"127.0.0.1:{self.port}", **headers})
        response = connection.getresponse()
        data = response.read()
        connection.close()
        return response.status, data

    def test_accept_writes_the_golden_and_the_next_test_passes(self):
        page = self.page
        page.goto(f"{self.origin}s/{PITFALL}/?token={self.token}")
        page.click("#test-run")
        passed = lambda: page.evaluate("document.getElementById('test-summary') && document.getElementById('test-summary').getAttribute('data-passed')")
        self.wait(lambda: passed() == "false")
        failures = page.evaluate("document.getElementById('test-failures').textContent")
        self.assertIn("frame_00030.png", failures)
        self.assertNotIn("frame_00120.png", failures)
        # Expected | actual | diff, each loaded, and the wipe: expected over actual, clipped at the slider.
        box = ".ap-golden-failure[data-frame='30']"
        self.assertEqual(page.evaluate(f"document.querySelectorAll(\"{box} .ap-golden-failure, {box}\").length"), 1)
        self.wait(lambda: page.evaluate(f"Array.from(document.querySelectorAll(\"{box} img\")).every(i => i.complete && i.naturalWidth > 0)"))
        captions = page.evaluate(f"Array.from(document.querySelectorAll(\"{box} figcaption\")).map(f => f.textContent)")
        self.assertEqual(captions, ["expected", "actual", "diff"])
        self.assertEqual(page.evaluate(f"document.querySelector(\"{box} .ap-wipe-expected\").style.clipPath"), "inset(0px 50% 0px 0px)")
        self.assertTrue(page.locator(f"{box} .ap-wipe").is_visible())
        page.locator(f"{box} .ap-wipe-slider").fill("20")
        self.assertEqual(page.evaluate(f"document.querySelector(\"{box} .ap-wipe-expected\").style.clipPath"), "inset(0px 80% 0px 0px)")
        # The wipe shows expected left of the line and actual right of it: the pixels differ across it.
        wipe = page.locator(f"{box} .ap-wipe")
        wipe.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / "serve-approve-desktop.png"))
        wipe.screenshot(path=str(SHOTS / "serve-approve-wipe.png"))
        page.set_viewport_size({"width": DESKTOP["width"], "height": 1400})
        page.locator(box).screenshot(path=str(SHOTS / "serve-approve-golden.png"))
        page.set_viewport_size(PHONE)
        page.wait_for_timeout(200)
        page.locator("#approve").screenshot(path=str(SHOTS / "serve-approve-phone.png"))
        page.set_viewport_size(DESKTOP)
        page.click("#test-accept")
        self.wait(lambda: passed() == "true")
        self.assertIn("Accepted. PASS", page.evaluate("document.getElementById('test-summary').textContent"))
        wrote = page.evaluate("document.getElementById('test-wrote').textContent")
        self.assertIn(f"{self.folder}/__Goldens__/{PITFALL}/frame_00030.png: frame 30 written", wrote)
        self.assertFalse(page.evaluate(f"!!document.querySelector(\"{box}\")"), "a passing frame still shows its images")
        after = subprocess.run([FLICK, "test", str(self.folder / f"{PITFALL}.yaml")], capture_output=True, text=True)
        self.assertEqual(after.returncode, 0, after.stdout + after.stderr)
        self.assertNotEqual((self.goldens / "frame_00030.png").read_bytes(), (self.goldens / "frame_00120.png").read_bytes())

    def test_accept_of_one_frame_writes_only_that_frame_and_the_other_still_fails(self):
        # Frames 30 and 120 hold each other's golden: both fail.
        shutil.copy(ROOT / f"Tests/Scenarios/__Goldens__/{PITFALL}/frame_00030.png", self.goldens / "frame_00120.png")
        before = {name: (self.goldens / name).read_bytes() for name in ["frame_00030.png", "frame_00120.png"]}
        page = self.page
        page.goto(f"{self.origin}s/{PITFALL}/?token={self.token}")
        page.click("#test-run")
        failing = lambda: page.evaluate("Array.from(document.querySelectorAll('.ap-golden-failure')).map(b => b.getAttribute('data-frame'))")
        self.wait(lambda: failing() == ["30", "120"])
        buttons = page.evaluate("Array.from(document.querySelectorAll('.ap-golden-failure button.ap-accept-frame')).map(b => [b.getAttribute('data-frame'), b.textContent])")
        self.assertEqual(buttons, [["30", "Accept this frame"], ["120", "Accept this frame"]])
        page.locator(".ap-golden-failure[data-frame='30'] button.ap-accept-frame").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / "serve-approve-frame-desktop.png"))
        page.click(".ap-golden-failure[data-frame='30'] button.ap-accept-frame")
        summary = lambda: page.evaluate("document.getElementById('test-summary').textContent")
        self.wait(lambda: summary().startswith("Accepted. FAIL"))
        self.assertEqual(failing(), ["120"])
        self.assertEqual(page.evaluate("Array.from(document.querySelectorAll('#test-wrote-list li')).map(l => l.textContent)"),
                         [f"{self.folder}/__Goldens__/{PITFALL}/frame_00030.png: frame 30 written"])
        failures = page.evaluate("document.getElementById('test-failures').textContent")
        self.assertIn("frame_00120.png", failures)
        self.assertNotIn("frame_00030.png", failures)
        # The file-level Accept and Accept all are still there for what is left.
        self.assertFalse(page.evaluate("document.getElementById('test-accept').hidden"))
        self.assertFalse(page.evaluate("document.getElementById('test-accept-all').hidden"))
        self.assertNotEqual((self.goldens / "frame_00030.png").read_bytes(), before["frame_00030.png"])
        self.assertEqual((self.goldens / "frame_00120.png").read_bytes(), before["frame_00120.png"])
        self.assertEqual(files(self.goldens), ["frame_00030.png", "frame_00120.png"])
        after = subprocess.run([FLICK, "test", str(self.folder / f"{PITFALL}.yaml")], capture_output=True, text=True)
        self.assertEqual(after.returncode, 1, after.stdout + after.stderr)
        self.assertIn("frame 120", after.stdout + after.stderr)
        self.assertNotIn("frame 30:", after.stdout + after.stderr)
        # A frame the golden list does not name, or no index: refused with its message, nothing written.
        for query, message in [("frame=60", f"{PITFALL}.yaml: frame 60 is not one of its golden frames (30, 120)"),
                               ("frame=-1", "expected ?frame=N, the index of one of the scenario's golden frames"),
                               ("frame=x", "expected ?frame=N, the index of one of the scenario's golden frames")]:
            status, data = self.post(f"/s/{PITFALL}/accept?{query}")
            self.assertEqual(status, 400, query)
            self.assertIn(message, data.decode(), query)
        status, data = self.post(f"/s/{PITFALL}/accept?frame=120", token=False)
        self.assertEqual(status, 403)
        self.assertEqual((self.goldens / "frame_00120.png").read_bytes(), before["frame_00120.png"])
        self.assertEqual(files(self.goldens), ["frame_00030.png", "frame_00120.png"])

    def test_accept_of_an_expectation_changes_exactly_its_value(self):
        page = self.page
        page.goto(f"{self.origin}s/handoff/?token={self.token}")
        page.click("#test-run")
        row = "tr[data-expect='0']"
        self.wait(lambda: page.evaluate(f"!!document.querySelector(\"{row}\")"))
        self.assertEqual(page.evaluate(f"document.querySelector(\"{row} .ap-expected\").textContent"), "half")
        self.assertEqual(page.evaluate(f"document.querySelector(\"{row} .ap-actual\").textContent"), "tip")
        page.locator(f"{row} button.ap-accept-expectation").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / "serve-approve-expectation-desktop.png"))
        source = (self.folder / "handoff.yaml").read_text()
        page.click(f"{row} button.ap-accept-expectation")
        summary = lambda: page.evaluate("document.getElementById('test-summary').textContent")
        self.wait(lambda: summary().startswith("Accepted. PASS"))
        self.assertIn(f"{self.folder}/handoff.yaml: expect[0].sheet.detent: half \u2192 tip", page.evaluate("document.getElementById('test-wrote').textContent"))
        written = (self.folder / "handoff.yaml").read_text()
        self.assertEqual(written, source.replace("{at: end, sheet.detent: half}", "{at: end, sheet.detent: tip}"))
        changed = [(a, b) for a, b in zip(source.splitlines(), written.splitlines()) if a != b]
        self.assertEqual(len(changed), 1)
        self.assertIn("# wrong on purpose", written)
        after = subprocess.run([FLICK, "test", str(self.folder / "handoff.yaml")], capture_output=True, text=True)
        self.assertEqual(after.returncode, 0, after.stdout + after.stderr)

    def test_accept_all_on_the_index_fixes_every_failure_and_remove_deletes_the_orphan(self):
        page = self.page
        page.goto(f"{self.origin}?token={self.token}")
        orphans = lambda: page.evaluate("Array.from(document.querySelectorAll('#orphans li[data-path]')).map(l => l.getAttribute('data-path'))")
        self.wait(lambda: orphans() != [])
        self.assertEqual(orphans(), [f"{self.folder}/__Goldens__/gone"])
        page.click("#test-run")
        self.wait(lambda: page.evaluate("document.querySelectorAll('.ap-report').length") == 2)
        self.assertEqual(page.evaluate("Array.from(document.querySelectorAll('.ap-report')).map(r => r.getAttribute('data-passed'))"), ["false", "false"])
        page.screenshot(path=str(SHOTS / "serve-approve-index-desktop.png"), full_page=True)
        page.set_viewport_size(PHONE)
        page.wait_for_timeout(200)
        page.screenshot(path=str(SHOTS / "serve-approve-index-phone.png"), full_page=True)
        page.set_viewport_size(DESKTOP)
        page.click("#test-accept-all")
        self.wait(lambda: not page.evaluate("document.getElementById('test-wrote').hidden"))
        self.wait(lambda: page.evaluate("Array.from(document.querySelectorAll('.ap-report')).every(r => r.getAttribute('data-passed') === 'true')"))
        wrote = page.evaluate("Array.from(document.querySelectorAll('#test-wrote-list li')).map(l => l.textContent)")
        self.assertEqual(wrote, [f"{self.folder}/__Goldens__/{PITFALL}/frame_00030.png: frame 30 written",
                                 f"{self.folder}/handoff.yaml: expect[0].sheet.detent: half \u2192 tip"])
        self.assertTrue(page.evaluate("document.getElementById('test-accept-all').hidden"))
        page.click("#orphans button.ap-remove-orphan")
        self.wait(lambda: page.evaluate("document.getElementById('orphans').getAttribute('data-count')") == "0")
        self.assertEqual(page.evaluate("document.getElementById('orphans-note').textContent"), f"Removed {self.folder}/__Goldens__/gone.")
        after = subprocess.run([FLICK, "test", str(self.folder)], capture_output=True, text=True)
        self.assertEqual(after.returncode, 0, after.stdout + after.stderr)
        self.assertEqual(files(self.folder), ["__Goldens__", f"__Goldens__/{PITFALL}", f"__Goldens__/{PITFALL}/frame_00030.png",
                                              f"__Goldens__/{PITFALL}/frame_00120.png", "__Goldens__/linked",
                                              f"{PITFALL}.yaml", "handoff.yaml"])

    def test_every_write_needs_the_token_and_its_own_origin_and_stays_in_the_folder(self):
        foreign = "http://evil.example"
        gone = f"{self.folder}/__Goldens__/gone"
        for path, body in [("/_flick/accept-all", ""), ("/_flick/remove", gone), (f"/s/{PITFALL}/accept", ""),
                           (f"/s/{PITFALL}/accept?frame=30", ""),
                           ("/s/handoff/accept?expect=0&path=sheet.detent", "")]:
            status, data = self.post(path, body, token=False)
            self.assertEqual(status, 403, path)
            self.assertIn(b"token", data)
            status, data = self.post(path, body, origin=foreign)
            self.assertEqual(status, 403, path)
            self.assertIn(b"foreign Origin", data)
        # Remove takes only a listed orphan: never a path of its own, never through the link.
        for wanted in ["__Goldens__/gone", f"{self.folder}/__Goldens__/linked", f"{self.folder}/__Goldens__/linked/frame_00000.png",
                       str(self.outside), f"{self.folder}/__Goldens__", f"{self.folder}/__Goldens__/{PITFALL}",
                       f"{self.folder}/__Goldens__/{PITFALL}/frame_00030.png", f"{self.folder}/handoff.yaml", f"{gone}/../..", f"{gone}/"]:
            status, data = self.post("/_flick/remove", wanted)
            self.assertEqual(status, 200, wanted)
            self.assertIn(b"not a golden that no scenario uses", data, wanted)
        status, _ = self.post(f"/s/{PITFALL}/accept?expect=x&path=")
        self.assertEqual(status, 400)
        # A failing golden's images: only the three files of a frame the last run found failing.
        status, _ = request_to(self.port, f"/s/{PITFALL}/failed/frame_00030/expected.png?token={self.token}")
        self.assertEqual(status, 404, "no test has run yet")
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        connection.request("GET", f"/s/{PITFALL}/test.json?token={self.token}")
        connection.getresponse().read()
        connection.close()
        for name in ["expected", "actual", "diff"]:
            status, _ = request_to(self.port, f"/s/{PITFALL}/failed/frame_00030/{name}.png")
            self.assertEqual(status, 403, f"{name}: a picture needs the token too")
            status, data = request_to(self.port, f"/s/{PITFALL}/failed/frame_00030/{name}.png?token={self.token}")
            self.assertEqual(status, 200, name)
            self.assertEqual(data[:8], b"\x89PNG\r\n\x1a\n")
        for path in [f"/s/{PITFALL}/failed/frame_00030/side-by-side.png", f"/s/{PITFALL}/failed/frame_00030/flip.png",
                     f"/s/{PITFALL}/failed/frame_00120/expected.png", f"/s/{PITFALL}/failed/frame_30/expected.png",
                     f"/s/{PITFALL}/failed/frame_00030/../../../handoff.yaml", f"/s/{PITFALL}/failed/..%2Fframe_00030/expected.png",
                     "/s/handoff/failed/frame_00030/expected.png"]:
            status, _ = request_to(self.port, path + f"?token={self.token}")
            self.assertIn(status, (400, 404), path)
        status, data = self.post("/_flick/remove", gone)
        self.assertEqual(status, 200)
        self.assertIn(f'"removed": ["{gone}"]'.encode(), data)
        self.assertFalse((self.folder / "__Goldens__/gone").exists())


if __name__ == "__main__":
    unittest.main()
