#!/usr/bin/env bash
# How soon `flick serve` shows an edit: on a copy of Examples/sheet-handoff.yaml, saves a change of the last
# drag (a flick of another length: new states, a new plot and new frames from 3 s on) ROUNDS times and measures,
# from the save, over HTTP on 127.0.0.1:
#   states + plot  the new run's states.js and motion.svg are served (what the page swaps in);
#   first frame    a frame that changed (frame 200, after the flick) is served as PNG;
#   whole preview  every frame of the new run is drawn (the server draws them ahead on two threads).
# Then ROUNDS saves more for the compare pages (each page fetches itself again when its channel says the run changed):
#   /compare       the page of every served file's run on one graph is served with the new run;
#   variants       /s/sheet-handoff/compare?set=physics.preset=uikit,floatingpanel,flutter-ios is served with the
#                  new text (three variants simulated with their --explain lines).
# Targets (docs/review-page.md), for the run page: 300 ms, 500 ms, 1.5 s. A benchmark, never a test: it prints figures.
#
# FLICK=path uses that flick instead of building one (release). ROUNDS=n (default 7).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${FLICK:-}" ]]; then
    swift build -c release --product flick 2>&1 | tail -n 1
    FLICK="$(swift build -c release --show-bin-path)/flick"
fi
FLICK="$FLICK" ROUNDS="${ROUNDS:-7}" python3 - <<'PY'
import os, re, shutil, signal, statistics, subprocess, tempfile, time, urllib.request
from pathlib import Path

flick, rounds = os.environ["FLICK"], int(os.environ["ROUNDS"])
folder = Path(tempfile.mkdtemp(prefix="flick-bench-serve-"))
scenario = folder / "sheet-handoff.yaml"
source = Path("Examples/sheet-handoff.yaml").read_text()
scenario.write_text(source)
server = subprocess.Popen([flick, "serve", str(folder), "--port", "0"], stdout=subprocess.PIPE, text=True)
try:
    line = server.stdout.readline()
    url = re.search(r"(http://\S+)/\?token=(\w+)", line)
    base = url.group(1)

    def get(path):
        with urllib.request.urlopen(base + path, timeout=10) as response:
            return response.read()

    def status():
        import json
        return json.loads(get("/s/sheet-handoff/status.json"))

    def until(condition, timeout=20):
        deadline = time.perf_counter() + timeout
        while True:
            value = condition()
            if value:
                return value
            if time.perf_counter() > deadline:
                raise SystemExit("bench-serve: timed out")
            time.sleep(0.005)

    get("/s/sheet-handoff/?token=" + url.group(2))  # a page opened: its frames are drawn ahead from now on
    first = until(lambda: (s := status()) and s["frames"] and s["drawn"] == s["frames"] and s)
    frames = first["frames"]
    figures = {"states + plot": [], "first frame": [], "whole preview": []}
    for r in range(rounds):
        before = status()["version"]
        # A flick of another length each round: 100 pt → 110, 120, … pt.
        text = source.replace("to: [195, 600], duration: 0.1", f"to: [195, {610 + 10 * r}], duration: 0.1")
        assert text != source
        start = time.perf_counter()
        scenario.write_text(text)
        version = until(lambda: (v := status()["version"]) > before and v)
        get(f"/s/sheet-handoff/v{version}/states.js")
        get(f"/s/sheet-handoff/v{version}/motion.svg")
        figures["states + plot"].append(time.perf_counter() - start)
        get(f"/s/sheet-handoff/v{version}/frames/frame_00200.png")
        figures["first frame"].append(time.perf_counter() - start)
        until(lambda: (s := status())["version"] == version and s["drawn"] == frames)
        figures["whole preview"].append(time.perf_counter() - start)
    token = url.group(2)
    stamp = lambda html: re.search(rb'data-mode="compare"[^>]* data-stamp="([0-9.]+)"', html).group(1).decode()
    variants = "/s/sheet-handoff/compare?set=physics.preset=uikit,floatingpanel,flutter-ios&token=" + token
    figures.update({"/compare": [], "variants": []})
    for r in range(rounds):
        before = status()["version"]
        text = source.replace("to: [195, 600], duration: 0.1", f"to: [195, {700 + 10 * r}], duration: 0.1")
        start = time.perf_counter()
        scenario.write_text(text)
        version = until(lambda: (v := status()["version"]) > before and v)
        seen = time.perf_counter() - start
        # Each page from the save: the run seen, then that page's fetch (an open page of each fetches at once).
        for name, path in (("/compare", "/compare?token=" + token), ("variants", variants)):
            asked = time.perf_counter()
            assert stamp(get(path)) == str(version)
            figures[name].append(seen + time.perf_counter() - asked)
    print(f"flick serve, sheet-handoff ({frames} frames at 1x), {rounds} saves each, {os.cpu_count()} cores")
    for name, target in (("states + plot", 0.3), ("first frame", 0.5), ("whole preview", 1.5), ("/compare", None), ("variants", None)):
        values = figures[name]
        print(f"  {name:14} median {statistics.median(values) * 1000:6.0f} ms   max {max(values) * 1000:6.0f} ms" + (f"   (target {target * 1000:.0f} ms)" if target else ""))
finally:
    server.send_signal(signal.SIGINT)
    server.wait(timeout=10)
    shutil.rmtree(folder)
PY
