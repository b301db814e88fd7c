// The live part of a review page served by `flick serve` (static pages never load it). It runs before the
// page's own script (Resources/page.js of FlickReview, unchanged): it listens on the page's WebSocket for a new
// version of the run, fetches the new page, swaps its header and main in place, loads the new states and
// starts the page script again on them, at the same playhead time. A file that does not decode shows its
// problems here; the last good run stays.
//
// On a compare page (`data-mode="compare"`: /compare and /s/ID/compare) it follows the channel the tag names
// instead: when a status carries another stamp than the page's, it fetches the page again and swaps its graph
// in place, keeping the scroll positions, the runs hidden in the legend, the open --explain lists and the run
// hovered or focused. A compare page gets no Tune panel: it writes nothing.
(function () {
"use strict";
var me = document.currentScript;
var id = me.getAttribute("data-id"), token = me.getAttribute("data-token");
var shown = +me.getAttribute("data-version");
var wanted = shown, busy = false, socket = null, retry = 0;

// The listeners the page script adds to the document are taken off before it starts again on new data.
var added = [];
var addListener = document.addEventListener;
document.addEventListener = function (type, listener, options) {
  added.push([type, listener, options]);
  return addListener.call(document, type, listener, options);
};

var style = document.createElement("style");
style.textContent =
  ".live-bar{position:sticky;top:0;z-index:10;margin:0;padding:6px 16px;font:13px/1.4 system-ui,sans-serif;" +
  "background:#1c3d2a;color:#e8f5ec;display:flex;flex-wrap:wrap;gap:4px 12px;align-items:baseline}" +
  ".live-bar[data-state=error]{background:#5c1f1f;color:#fdeaea}.live-bar[data-state=offline]{background:#444;color:#eee}" +
  ".live-bar ul{margin:2px 0 0;padding-left:18px;flex-basis:100%;font:12px/1.4 ui-monospace,monospace;white-space:pre-wrap;word-break:break-word}" +
  ".live-bar a{color:inherit}";
document.head.appendChild(style);
var bar = document.createElement("div");
bar.className = "live-bar";
bar.id = "live";
bar.setAttribute("role", "status");
bar.setAttribute("aria-live", "polite");
document.body.insertBefore(bar, document.body.firstChild);
// A compare page says its stamp instead (data-live-stamp).
if (me.getAttribute("data-mode") !== "compare") document.body.setAttribute("data-live-version", String(shown));

function text(s) { return String(s).replace(/[&<>"]/g, function (c) { return {"&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"}[c]; }); }
function clock() { return new Date().toTimeString().slice(0, 8); }

// The live bar, on run and compare pages alike: its state, the link to the index, `parts` (HTML, the empty ones left
// out) each after a dot, and the problems, after `why`.
function paintBar(errors, parts, why) {
  bar.setAttribute("data-state", errors.length ? "error" : socket ? "live" : "offline");
  var head = "<strong>live</strong> <a href=\"/?token=" + encodeURIComponent(token) + "\">all scenarios</a>" +
    parts.filter(Boolean).map(function (part) { return " \u00B7 " + part; }).join("");
  if (errors.length) {
    head += " \u00B7 " + why +
      "<ul role=\"alert\" id=\"live-errors\">" + errors.map(function (e) { return "<li>" + text(e) + "</li>"; }).join("") + "</ul>";
  }
  bar.innerHTML = head;
}

function showStatus(status, note) {
  paintBar(status && status.errors || [], [shown > 0 ? "run " + shown : "no good run yet", note ? text(note) : ""],
           "the file does not decode" + (shown > 0 ? "; showing the last good run" : ""));
}

function loadScript(src) {
  return new Promise(function (resolve, reject) {
    var s = document.createElement("script");
    s.src = src;
    s.onload = resolve;
    s.onerror = function () { reject(new Error("cannot load " + src)); };
    document.body.appendChild(s);
  });
}

// The page's own script: the last inline script of the page.
function pageScript() {
  var scripts = document.querySelectorAll("script:not([src]):not([type])");
  return scripts.length ? scripts[scripts.length - 1] : null;
}

// The playhead is read here, when the new run goes in, not when its fetch started: a seek or a drag made while
// the new page loads is kept.
function swap(doc) {
  var player = window.flickPlayer;
  var t = player ? player.time : 0, playing = player ? player.playing : false;
  if (player) player.play(false);
  added.forEach(function (l) { document.removeEventListener(l[0], l[1], l[2]); });
  added = [];
  ["header.top", "main"].forEach(function (selector) {
    var old = document.querySelector(selector), fresh = doc.querySelector(selector);
    if (old && fresh) old.replaceWith(document.importNode(fresh, true));
  });
  document.getElementById("flick-data").textContent = doc.getElementById("flick-data").textContent;
  document.title = doc.title;
  var code = pageScript();
  var run = document.createElement("script");
  run.textContent = code ? code.textContent : "";
  document.body.appendChild(run);
  run.remove();
  if (window.flickPlayer) {
    window.flickPlayer.seek(t);
    if (playing) window.flickPlayer.play(true);
  }
}

function update() {
  if (busy || wanted <= shown) return;
  // A page that had no good run to show is not a review page yet: load the review page.
  if (shown === 0) { location.reload(); return; }
  busy = true;
  fetch(location.pathname + "?token=" + encodeURIComponent(token), {cache: "no-store"})
    .then(function (response) {
      if (!response.ok) throw new Error("the server answered " + response.status);
      return response.text();
    })
    .then(function (html) {
      var doc = new DOMParser().parseFromString(html, "text/html");
      var tag = doc.querySelector("script[data-id]");
      var data = doc.getElementById("flick-data");
      if (!tag || !data) throw new Error("the new page has no run");
      var version = +tag.getAttribute("data-version");
      var states = JSON.parse(data.textContent).runs[0].states;
      return loadScript(states).then(function () {
        var old = JSON.parse(document.getElementById("flick-data").textContent).runs[0].states;
        swap(doc);
        if (window.flickStates && old !== states) delete window.flickStates[old];
        shown = version;
        // The server tunes nothing (back to the file, or the file changed): every control shows the file's value.
        syncControls(!!lastStatus && (lastStatus.tuning || []).length === 0);
        document.body.setAttribute("data-live-version", String(shown));
        showStatus(lastStatus, "updated " + clock());
        refreshExport();
      });
    })
    .catch(function (error) { showStatus(lastStatus, String(error.message || error)); })
    .then(function () { busy = false; if (wanted > shown) update(); });
}

var lastStatus = null;
function connect() {
  var ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/s/" +
    encodeURIComponent(id) + "/live?token=" + encodeURIComponent(token));
  ws.onopen = function () { socket = ws; retry = 0; };
  ws.onmessage = function (event) {
    var status;
    try { status = JSON.parse(event.data); } catch (e) { return; }
    lastStatus = status;
    if (status.version > wanted) wanted = status.version;
    showStatus(status);
    update();
  };
  ws.onclose = function () {
    socket = null;
    showStatus(lastStatus, "not connected: is flick serve running?");
    retry = Math.min(retry + 1, 10);
    setTimeout(connect, 500 * retry);
  };
}
// ---------------------------------------------------------------------------------------------------------
// Tune: controls for the constants people tune. A change runs the scenario again on the server with the value
// put in at its key path, as a sweep does (POST /s/ID/tune, with the token); the file is not changed.
var tunePanel = null;
// The values start at what the run simulated (the page's #flick-tune, written by the server: the preset's rules
// with the scenario's overrides, preset defaults included); the numbers here are only for a key the scene has
// nothing for (a paging spring without a pager).
var controls = [
  {path: "physics.preset", label: "Preset", options: ["uikit", "floatingpanel", "flutter-ios", "flutter-android", "android"], value: "uikit"},
  {path: "physics.decelerationRate", label: "Deceleration rate", min: 0.985, max: 0.999, step: 0.0005, value: 0.998},
  {path: "physics.rubberBand", label: "Rubber band", min: 0.2, max: 1.5, step: 0.05, value: 0.55},
  {path: "physics.sheetSpring.response", label: "Sheet spring response (s)", min: 0.1, max: 1, step: 0.01, value: 0.3},
  {path: "physics.sheetSpring.dampingRatio", label: "Sheet spring damping ratio", min: 0.2, max: 1.5, step: 0.01, value: 1},
  {path: "physics.pagingSpring.response", label: "Paging spring response (s)", min: 0.1, max: 1, step: 0.01, value: 0.3},
  {path: "physics.pagingSpring.dampingRatio", label: "Paging spring damping ratio", min: 0.2, max: 1.5, step: 0.01, value: 1}
];
// The drags that release at distance / duration (the page's #flick-drags, written by the server); the release
// velocity control sets the first one's duration to its distance / the velocity wanted.
function releaseDrags() {
  var el = document.getElementById("flick-drags");
  try { return el ? JSON.parse(el.textContent) : []; } catch (e) { return []; }
}
function releaseDuration(el) {
  var gesture = +el.getAttribute("data-gesture");
  var drag = releaseDrags().filter(function (d) { return d.gesture === gesture; })[0];
  return drag ? String(+(drag.distance / +el.value).toPrecision(6)) : null;
}
// What the shown run simulated, by key path (#flick-tune).
function simulatedValues() {
  var el = document.getElementById("flick-tune");
  try { return el ? JSON.parse(el.textContent) : {}; } catch (e) { return {}; }
}
// A number as the panel shows it: at most 4 decimals, no trailing zeros.
function shownNumber(v) { return String(+(+v).toFixed(4)); }
// Puts the shown run's values into the controls not being tuned (every control after "Back to the file", or
// once the server says no values are tuned: the file changed). A value outside a slider's range widens it.
function syncControls(all) {
  if (!tunePanel) return;
  var values = simulatedValues(), drags = releaseDrags();
  tunePanel.querySelectorAll("[data-path]").forEach(function (el) {
    if (el.hasAttribute("data-touched") && !all) return;
    el.removeAttribute("data-touched");
    var value;
    if (el.hasAttribute("data-gesture")) {
      var gesture = +el.getAttribute("data-gesture");
      var drag = drags.filter(function (d) { return d.gesture === gesture; })[0];
      if (drag) value = Math.round(drag.distance / drag.duration);
    } else {
      value = values[el.getAttribute("data-path")];
    }
    if (value === undefined) { el.setAttribute("data-simulated", "false"); return; }
    el.setAttribute("data-simulated", "true");
    if (el.tagName === "INPUT") {
      if (+value < +el.min) el.min = String(value);
      if (+value > +el.max) el.max = String(value);
    }
    el.value = String(value);
    var out = el.nextElementSibling;
    if (out && out.tagName === "OUTPUT") out.textContent = typeof value === "number" ? shownNumber(value) : String(value);
  });
}
function buildTune() {
  var main = document.querySelector("main");
  if (!main || !document.getElementById("flick-data")) return;
  var drag = releaseDrags()[0];
  if (drag) {
    controls.push({path: "gestures[" + drag.gesture + "].drag.duration", label: "Release velocity: flick at (pt/s)", gesture: drag.gesture,
      min: 100, max: 6000, step: 10, value: Math.round(drag.distance / drag.duration)});
  }
  tunePanel = document.createElement("section");
  tunePanel.id = "tune";
  tunePanel.className = "card live-tune";
  tunePanel.setAttribute("aria-labelledby", "tune-title");
  var rows = controls.map(function (c, i) {
    var input = c.options
      ? "<select id=\"tune-" + i + "\" data-path=\"" + c.path + "\">" + c.options.map(function (o) { return "<option" + (o === c.value ? " selected" : "") + ">" + o + "</option>"; }).join("") + "</select>"
      : "<input type=\"range\" id=\"tune-" + i + "\" data-path=\"" + c.path + "\"" + (c.gesture === undefined ? "" : " data-gesture=\"" + c.gesture + "\"") +
        " min=\"" + c.min + "\" max=\"" + c.max + "\" step=\"" + c.step + "\" value=\"" + c.value + "\"><output for=\"tune-" + i + "\">" + c.value + "</output>";
    return "<label class=\"tune-row\"><span>" + text(c.label) + " <code>" + c.path + "</code></span>" + input + "</label>";
  }).join("");
  tunePanel.innerHTML = "<h2 id=\"tune-title\">Tune</h2>" +
    "<p class=\"hint\">Each change runs the scenario again with the value put in at its key path, as <code>--set</code> does; the file is not changed, and a change of the file starts over.</p>" +
    rows +
    "<label class=\"tune-row wide\"><span>More, one <code>path=value</code> a line (detents, a drag's <code>to</code> or <code>duration</code>…)</span>" +
    "<textarea id=\"tune-more\" rows=\"2\" spellcheck=\"false\" placeholder=\"scene.sheet.detents[1].fraction=0.45\"></textarea></label>" +
    "<p><button type=\"button\" id=\"tune-apply\">Apply</button> <button type=\"button\" id=\"tune-reset\">Back to the file</button> " +
    "<button type=\"button\" id=\"tune-save\">Save to the file\u2026</button></p>" +
    "<div id=\"save-box\" hidden><p>The file changes on these lines only:</p><pre id=\"save-diff\"></pre>" +
    "<p><button type=\"button\" id=\"save-write\">Write</button> <button type=\"button\" id=\"save-cancel\">Cancel</button></p></div>" +
    "<p id=\"save-note\" role=\"status\"></p>" +
    "<p id=\"tune-error\" class=\"tune-error\" role=\"alert\" hidden></p>" +
    "<details id=\"export\"><summary>Export the physics as code</summary><pre id=\"export-code\"></pre></details>";
  // Beside the frame and the plot: the panel and main share a grid (two columns on a wide window, the panel
  // sticky, so a slider and the motion are on screen together; one below the other on a narrow one). The
  // panel stays outside main, which an update replaces: a slider being dragged is never taken out of the page.
  var layout = document.createElement("div");
  layout.className = "live-layout";
  main.before(layout);
  layout.appendChild(main);
  layout.appendChild(tunePanel);
  syncControls(true);
  var timer = null;
  tunePanel.addEventListener("input", function (e) {
    var target = e.target;
    if (!target.getAttribute("data-path")) return;
    target.setAttribute("data-touched", "true");
    var out = target.nextElementSibling;
    if (out && out.tagName === "OUTPUT") out.textContent = target.value;
    clearTimeout(timer);
    timer = setTimeout(sendTune, 120);
  });
  document.getElementById("tune-apply").addEventListener("click", sendTune);
  // Back to the file: the run without tuned values; the controls take the file's values when its page comes in.
  document.getElementById("tune-reset").addEventListener("click", function () {
    clearTimeout(timer);
    tunePanel.querySelectorAll("[data-touched]").forEach(function (el) { el.removeAttribute("data-touched"); });
    document.getElementById("tune-more").value = "";
    post("");
  });
  document.getElementById("tune-save").addEventListener("click", function () { save(true); });
  document.getElementById("save-write").addEventListener("click", function () { save(false); });
  document.getElementById("save-cancel").addEventListener("click", function () { document.getElementById("save-box").hidden = true; });
  refreshExport();
}
// Save: first the diff (dry), then, on Write, the same values written into the file.
function save(dry) {
  var box = document.getElementById("save-box"), note = document.getElementById("save-note"), error = document.getElementById("tune-error");
  fetch("/s/" + encodeURIComponent(id) + "/save" + (dry ? "?dry=1" : ""), {method: "POST", body: tuneLines().join("\n"),
    headers: {"X-Flick-Token": token, "Content-Type": "text/plain"}})
    .then(function (response) {
      if (!response.ok) return response.text().then(function (message) { throw new Error(message); });
      return response.json();
    })
    .then(function (answer) {
      error.hidden = answer.errors.length === 0;
      error.textContent = answer.errors.join("\n");
      if (answer.errors.length) { box.hidden = true; return; }
      if (dry) {
        document.getElementById("save-diff").textContent = answer.diff || "(nothing changes)";
        box.hidden = false;
        note.textContent = "";
      } else {
        box.hidden = true;
        note.textContent = answer.written ? "Saved." : "";
      }
    })
    .catch(function (e) { error.hidden = false; error.textContent = String(e.message || e); });
}
function tuneLines() {
  var lines = [];
  tunePanel.querySelectorAll("[data-path][data-touched]").forEach(function (el) {
    var value = el.hasAttribute("data-gesture") ? releaseDuration(el) : el.value;
    if (value !== null) lines.push(el.getAttribute("data-path") + "=" + value);
  });
  document.getElementById("tune-more").value.split("\n").forEach(function (line) { if (line.trim()) lines.push(line.trim()); });
  return lines;
}
function sendTune() { post(tuneLines().join("\n")); }
function post(body) {
  var error = document.getElementById("tune-error");
  fetch("/s/" + encodeURIComponent(id) + "/tune", {method: "POST", body: body, headers: {"X-Flick-Token": token, "Content-Type": "text/plain"}})
    .then(function (response) {
      if (!response.ok) return response.text().then(function (message) { throw new Error(message); });
      return response.json().then(function (answer) {
        error.hidden = answer.errors.length === 0;
        error.textContent = answer.errors.join("\n");
      });
    })
    .catch(function (e) { error.hidden = false; error.textContent = String(e); });
}
function refreshExport() {
  var pre = document.getElementById("export-code");
  var data = document.getElementById("flick-data");
  if (!pre || !data) return;
  var base = JSON.parse(data.textContent).runs[0].base;
  fetch(base + "export.json", {cache: "no-store", headers: {"X-Flick-Token": token}})
    .then(function (response) { return response.json(); })
    .then(function (snippets) {
      pre.textContent = Object.keys(snippets).map(function (k) { return snippets[k]; }).join("\n\n");
    })
    .catch(function () {});
}
style.textContent +=
  ".live-tune{margin:0 24px 24px;padding:16px;border-radius:12px;background:var(--card,#fff)}" +
  ".live-tune h2{margin:0 0 4px;font-size:17px}.live-tune .tune-row{display:grid;grid-template-columns:18em 1fr 4em;gap:8px;align-items:center;margin:6px 0}" +
  ".live-tune .tune-row.wide{grid-template-columns:1fr}.live-tune textarea{font:12px ui-monospace,monospace;width:100%;box-sizing:border-box}" +
  ".live-tune code{font-size:11px;opacity:.7}.live-tune pre{font-size:12px;overflow:auto;white-space:pre}.tune-error{color:#b42318;white-space:pre-wrap}" +
  "@media (max-width:640px){.live-tune{margin:0 8px 16px}.live-tune .tune-row{grid-template-columns:1fr auto}.live-tune .tune-row span{grid-column:1/-1}}" +
  ".live-tune [data-simulated=false]+output{opacity:.5}" +
  // Wide windows: the run on the left (frame, then plot, then state), Tune on the right, sticky under the live bar.
  "@media (min-width:1100px){.live-layout{display:grid;grid-template-columns:minmax(0,1fr) minmax(320px,400px);align-items:start}" +
  ".live-layout>main.layout{grid-template-columns:minmax(0,1fr);padding-right:0}" +
  ".live-layout>main.layout>.stage{grid-row:1}.live-layout>main.layout>.plot{grid-row:2}" +
  ".live-layout>main.layout>#state{grid-row:3;position:static;max-height:none}" +
  ".live-layout>.live-tune{position:sticky;top:40px;margin:16px 24px 16px 16px;max-height:calc(100vh - 56px);overflow:auto;box-sizing:border-box}" +
  ".live-layout>.live-tune .tune-row{grid-template-columns:1fr 4em}.live-layout>.live-tune .tune-row span{grid-column:1/-1}" +
  ".live-layout>.live-tune .tune-row.wide{grid-template-columns:1fr}}";

// ---------------------------------------------------------------------------------------------------------
// Compare pages.
function followCompare() {
  var channel = me.getAttribute("data-live");
  var stamp = me.getAttribute("data-stamp"), status = null, problem = null, fetching = false, dirty = false;
  var mainOf = function (doc) {
    var main = doc.querySelector("main"), data = doc.getElementById("flick-data"), head = doc.querySelector("header.top");
    return (head ? head.outerHTML : "") + (main ? main.outerHTML : "") + (data ? data.textContent : "");
  };
  var current = mainOf(document);
  document.body.setAttribute("data-live-stamp", stamp);

  function show(note) {
    paintBar((status && status.errors || []).concat(problem ? [problem] : []), [note ? text(note) : ""],
             problem ? "the variants cannot be made; showing the last ones" : "a file does not decode; its last good run stays");
  }
  // A run is known by its label and detail (a file's path, a variant's values): its index may change.
  function keys() {
    var el = document.getElementById("flick-data");
    try { return JSON.parse(el.textContent).runs.map(function (r) { return r.label + "\n" + r.detail; }); } catch (e) { return []; }
  }
  function remember() {
    var k = keys(), of = function (el) { return k[+el.getAttribute("data-run")]; };
    var kept = {hidden: [], open: [], hovered: null, focused: null, scroll: [], x: window.scrollX, y: window.scrollY};
    document.querySelectorAll(".run-toggle[aria-pressed=false]").forEach(function (b) { kept.hidden.push(of(b)); });
    document.querySelectorAll(".runs-legend > li.run").forEach(function (li) {
      var d = li.querySelector("details.explain");
      if (d && d.open) kept.open.push(of(li));
    });
    var hovered = document.querySelector(".runs-graph.focusing svg [data-run].focused");
    if (hovered) kept.hovered = of(hovered);
    var active = document.activeElement;
    if (active && active.classList && active.classList.contains("run-toggle")) kept.focused = of(active);
    document.querySelectorAll(".runs-scroll").forEach(function (s) { kept.scroll.push(s.scrollLeft); });
    return kept;
  }
  function restore(kept) {
    var k = keys();
    function toggle(key) { var i = k.indexOf(key); return i < 0 ? null : document.querySelector(".run-toggle[data-run=\"" + i + "\"]"); }
    kept.hidden.forEach(function (key) { var b = toggle(key); if (b) b.click(); });
    kept.open.forEach(function (key) {
      var b = toggle(key), d = b && b.closest("li.run").querySelector("details.explain");
      if (d) d.open = true;
    });
    var focused = kept.focused !== null && toggle(kept.focused);
    if (focused) focused.focus({preventScroll: true});
    var hovered = kept.hovered !== null && toggle(kept.hovered);
    if (hovered && !focused) hovered.dispatchEvent(new Event("mouseenter"));
    document.querySelectorAll(".runs-scroll").forEach(function (s, i) { if (i < kept.scroll.length) s.scrollLeft = kept.scroll[i]; });
    window.scrollTo(kept.x, kept.y);
  }
  function refresh() {
    if (fetching) { dirty = true; return; }
    fetching = true;
    dirty = false;
    var asked = status && status.stamp;
    fetch(location.href, {cache: "no-store"})
      .then(function (response) { return response.text().then(function (body) { return {ok: response.ok, code: response.status, body: body}; }); })
      .then(function (answer) {
        if (!answer.ok) {
          // The file decodes but the variants do not (a set value the new text refuses): the graph stays.
          problem = answer.code === 400 ? answer.body.trim() : "the server answered " + answer.code;
          stamp = asked;
          show();
          return;
        }
        problem = null;
        var doc = new DOMParser().parseFromString(answer.body, "text/html");
        var tag = doc.querySelector("script[data-mode=compare]");
        if (!tag || !doc.querySelector("main")) throw new Error("the new page has no graph");
        var fresh = mainOf(doc);
        if (fresh !== current) {
          var kept = remember();
          swap(doc);
          restore(kept);
          current = fresh;
        }
        stamp = tag.getAttribute("data-stamp");
        document.body.setAttribute("data-live-stamp", stamp);
        show("updated " + clock());
      })
      .catch(function (error) { show(String(error.message || error)); })
      .then(function () { fetching = false; if (dirty) refresh(); });
  }
  function open() {
    var ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + channel + "?token=" + encodeURIComponent(token));
    ws.onopen = function () { socket = ws; retry = 0; };
    ws.onmessage = function (event) {
      var next;
      try { next = JSON.parse(event.data); } catch (e) { return; }
      // /s/ID/live says the file's version; /compare/live a stamp of every file's.
      if (next.stamp === undefined) next.stamp = String(next.version);
      status = next;
      show();
      if (status.stamp !== stamp) refresh();
    };
    ws.onclose = function () {
      socket = null;
      show("not connected: is flick serve running?");
      retry = Math.min(retry + 1, 10);
      setTimeout(open, 500 * retry);
    };
  }
  show("connecting");
  open();
}

if (me.getAttribute("data-mode") === "compare") {
  followCompare();
} else {
  buildTune();
  showStatus(null, "connecting");
  connect();
}
})();
