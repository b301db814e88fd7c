// The live part of a review page served by `flick serve` (static pages never load it). It runs before the
// page's own script (Resources/page.js of FlickReview, unchanged): it listens on the page's WebSocket for a new
// version of the run, fetches the new page, swaps its header and main in place, loads the new states and
// starts the page script again on them, at the same playhead time. A file that does not decode shows its
// problems here; the last good run stays.
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
document.body.setAttribute("data-live-version", String(shown));

function text(s) { return String(s).replace(/[&<>"]/g, function (c) { return {"&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"}[c]; }); }
function clock() { return new Date().toTimeString().slice(0, 8); }

function showStatus(status, note) {
  var errors = status && status.errors || [];
  bar.setAttribute("data-state", errors.length ? "error" : socket ? "live" : "offline");
  var head = "<strong>live</strong> <a href=\"/?token=" + encodeURIComponent(token) + "\">all scenarios</a> \u00B7 " +
    (shown > 0 ? "run " + shown : "no good run yet") + (note ? " \u00B7 " + text(note) : "");
  if (errors.length) {
    head += " \u00B7 the file does not decode" + (shown > 0 ? "; showing the last good run" : "") +
      "<ul role=\"alert\" id=\"live-errors\">" + errors.map(function (e) { return "<li>" + text(e) + "</li>"; }).join("") + "</ul>";
  }
  bar.innerHTML = head;
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

function swap(doc, t, playing) {
  var player = window.flickPlayer;
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
  var player = window.flickPlayer;
  var t = player ? player.time : 0, playing = player ? player.playing : false;
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
        swap(doc, t, playing);
        if (window.flickStates && old !== states) delete window.flickStates[old];
        shown = version;
        document.body.setAttribute("data-live-version", String(shown));
        showStatus(lastStatus, "updated " + clock());
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
showStatus(null, "connecting");
connect();
})();
