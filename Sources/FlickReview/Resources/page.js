(function () {
"use strict";
var data = JSON.parse(document.getElementById("flick-data").textContent);
// Each run's states document by key: carried in the page as JSON (a review page), or registered by the
// states.js a render wrote beside its own page. Data is never run as a script.
var registered = Object.create(null);
if (window.flickStates) Object.keys(window.flickStates).forEach(function (k) { registered[k] = window.flickStates[k]; });
document.querySelectorAll("script[type=\"application/json\"][data-states]").forEach(function (element) {
  registered[element.getAttribute("data-states")] = JSON.parse(element.textContent);
});
var $ = function (id) { return document.getElementById(id); };

function esc(text) {
  return String(text).replace(/[&<>"]/g, function (c) { return {"&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"}[c]; });
}
function num(x, digits) {
  if (typeof x !== "number" || !isFinite(x)) return String(x);
  var d = digits === undefined ? 3 : digits;
  var s = x.toFixed(d);
  if (s.indexOf(".") >= 0) s = s.replace(/0+$/, "").replace(/\.$/, "");
  return s === "-0" ? "0" : s;
}
function seconds(t) { return t.toFixed(3) + " s"; }
function clamp(x, a, b) { return Math.max(a, Math.min(b, x)); }
function pad(i, digits) { var s = String(i); while (s.length < digits) s = "0" + s; return s; }
// A single-file page (--single-file) carries its frames inline, as data: URLs from the first frame on (a frame
// equal to an earlier one as that one's position).
function framePath(run, index, folder) {
  if (run.inline && folder === "frames") {
    var url = run.inline[index - run.first];
    return typeof url === "number" ? run.inline[url] : url;
  }
  return run.base + folder + "/frame_" + pad(index, run.digits) + "." + run.ext;
}
// Keys the focused control uses itself: Space presses buttons and ticks boxes; arrows move sliders, radio
// buttons, lists and text carets. Elsewhere they belong to the player.
function ownsSpace(target) {
  var tag = target && target.tagName;
  return tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || tag === "BUTTON" || tag === "SUMMARY";
}
function ownsArrows(target) {
  var tag = target && target.tagName;
  if (tag === "SELECT" || tag === "TEXTAREA") return true;
  return tag === "INPUT" && ["checkbox", "button"].indexOf(target.type) < 0;
}

// ---------------------------------------------------------------------------------------------------------
// The state tree: the frame's entry of states.json, small objects on one line, numbers that differ from the
// other run's marked.
var closedPaths = {};
function isLeaf(v) { return v === null || typeof v !== "object"; }
function isSmall(v) {
  if (isLeaf(v)) return true;
  var keys = Object.keys(v);
  return keys.length <= 5 && keys.every(function (k) { return isLeaf(v[k]); });
}
function differs(a, b) {
  if (typeof a === "number" && typeof b === "number") return Math.abs(a - b) > 1e-6;
  return a !== b;
}
function leafHTML(v, other, compared) {
  var cls = v === null ? "null" : typeof v === "number" ? "num" : typeof v === "boolean" ? "bool" : "str";
  var text = v === null ? "null" : typeof v === "number" ? num(v) : typeof v === "string" ? "\u201C" + v + "\u201D" : String(v);
  var changed = compared && differs(v, other);
  var title = changed ? " title=\"other run: " + esc(other === undefined ? "absent" : JSON.stringify(other)) + "\"" : "";
  return "<span class=\"v " + cls + (changed ? " changed" : "") + "\"" + title + ">" + esc(text) + "</span>";
}
function inlineHTML(v, other, compared) {
  if (isLeaf(v)) return leafHTML(v, other, compared);
  var array = Array.isArray(v);
  var parts = Object.keys(v).map(function (k) {
    var o = other && typeof other === "object" ? other[k] : undefined;
    return (array ? "" : "<span class=\"ik\">" + esc(k) + "</span> ") + leafHTML(v[k], o, compared);
  });
  return "<span class=\"inline\">" + (array ? "[" : "") + (parts.length ? parts.join(array ? ", " : " \u00B7 ") : (array ? "" : "{}")) + (array ? "]" : "") + "</span>";
}
function treeHTML(v, other, compared, path) {
  var keys = Object.keys(v);
  var html = "<ul>";
  keys.forEach(function (k) {
    var child = v[k], p = path + "/" + k;
    var o = other && typeof other === "object" ? other[k] : undefined;
    if (isSmall(child)) {
      html += "<li><span class=\"k\">" + esc(k) + "</span> " + inlineHTML(child, o, compared) + "</li>";
    } else {
      var big = Array.isArray(child) && child.length > 4;
      var open = closedPaths[p] === undefined ? !big : !closedPaths[p];
      var count = Array.isArray(child) ? child.length + " items" : "";
      html += "<li><details data-path=\"" + esc(p) + "\"" + (open ? " open" : "") + "><summary><span class=\"k\">" + esc(k) +
        "</span> <span class=\"count\">" + count + "</span></summary>" + treeHTML(child, o, compared, p) + "</details></li>";
    }
  });
  return html + "</ul>";
}
function watchTree(element) {
  // A click on a summary, not the toggle event: that comes later, when the tree may have been redrawn.
  element.addEventListener("click", function (event) {
    var summary = event.target.closest && event.target.closest("summary");
    var details = summary && summary.parentElement;
    if (details && details.hasAttribute("data-path")) closedPaths[details.getAttribute("data-path")] = details.open;
  });
}

// A frame of states.json as the simulation made it. The document writes each pager's tab spans once, in its
// header's `tabs.KEY` (in the bar's content), and a frame lists its own only when they differ (after a resize):
// a pager without `tabs` takes the header's, moved by its `tabBarOffset` (docs/states.md, "Pagers"). Built when
// the frame is shown, so the page holds each tab once however many frames there are.
function own(object, key, value) {
  Object.defineProperty(object, key, {value: value, enumerable: true, writable: true, configurable: true});
}
function withTabs(frame, header) {
  if (!frame || typeof frame !== "object" || !header || typeof header !== "object") return frame;
  var pagers = frame.pagers && typeof frame.pagers === "object" ? frame.pagers : null;
  if (!pagers) return frame;
  function fill(pager, key) {
    var spans = Object.prototype.hasOwnProperty.call(header, key) ? header[key] : null;
    if (!pager || typeof pager !== "object" || "tabs" in pager || !Array.isArray(spans)) return pager;
    var offset = typeof pager.tabBarOffset === "number" ? pager.tabBarOffset : 0;
    var tabs = spans.map(function (t) {
      var x = t && typeof t.x === "number" ? Math.round((t.x - offset) * 1e6) / 1e6 : null;
      return {x: x === 0 ? 0 : x, width: t && typeof t.width === "number" ? t.width : null};
    });
    // In the place the frame's own tabs have: after `tabBar`, before `tabBarOffset`.
    var out = {};
    Object.keys(pager).forEach(function (k) {
      if (k === "tabBarOffset") own(out, "tabs", tabs);
      own(out, k, pager[k]);
    });
    if (!("tabs" in out)) own(out, "tabs", tabs);
    return out;
  }
  var first = Object.keys(pagers)[0];
  var copy = {};
  Object.keys(frame).forEach(function (k) {
    if (k === "pagers") {
      var filled = {};
      Object.keys(pagers).forEach(function (key) { own(filled, key, fill(pagers[key], key)); });
      own(copy, k, filled);
    } else {
      own(copy, k, k === "pager" && first !== undefined ? fill(frame[k], first) : frame[k]);
    }
  });
  return copy;
}

// ---------------------------------------------------------------------------------------------------------
// Frames: loaded ahead of the playhead and decoded before they are drawn, so playback never shows a blank.
function Loader(onReady) {
  this.cache = {};
  this.onReady = onReady;
}
Loader.prototype.get = function (src) {
  var img = this.cache[src];
  if (img) return img;
  var self = this;
  img = new Image();
  img.decoding = "async";
  img.onload = function () {
    var done = function () { img.ready = true; self.onReady(); };
    if (img.decode) img.decode().then(done, done); else done();
  };
  img.onerror = function () { img.failed = true; self.onReady(); };
  img.src = src;
  this.cache[src] = img;
  return img;
};
Loader.prototype.keep = function (wanted) {
  for (var src in this.cache) if (!wanted[src]) delete this.cache[src];
};

// ---------------------------------------------------------------------------------------------------------
function player() {
  var runs = data.runs.map(function (run) {
    var doc = registered[run.states];
    return {d: run, frames: doc && Array.isArray(doc.frames) ? doc.frames : [], tabs: doc ? doc.tabs : null};
  });
  var main = runs[0];
  var tStart = Math.min.apply(null, runs.map(function (r) { return r.d.first / r.d.fps; }));
  var tEnd = Math.max.apply(null, runs.map(function (r) { return (r.d.first + r.d.count - 1) / r.d.fps; }));
  var span = Math.max(tEnd - tStart, 1e-9);
  var view = {t: tStart, playing: false, speed: 1, overlay: false, onion: false, onionN: 3, mode: "side", wipe: 50};
  var loader = new Loader(function () { schedule(); });
  var canvases = Array.prototype.slice.call(document.querySelectorAll("#viewer .side:not(.reference) canvas"));
  var shown = [];
  var reference = referencePane(main.d, function () { schedule(); });

  function frameOf(run, t) {
    return clamp(Math.round(t * run.d.fps + 1e-7), run.d.first, run.d.first + run.d.count - 1);
  }
  function frameEntry(run, index) { return run.frames[index] || null; }
  // The frame's whole state, each pager with its tabs (for the state tree).
  function stateOf(run, index) { return withTabs(frameEntry(run, index), run.tabs); }
  function fraction(t) { return clamp((t - tStart) / span, 0, 1); }

  // Which pixels each canvas shows for the current frame: [run, frame, overlay, onion].
  function pixelSize(run, index) {
    var s = frameEntry(run, index);
    if (!s || !s.viewport) return [run.d.width, run.d.height];
    return [Math.round(s.viewport.width * run.d.scale), Math.round(s.viewport.height * run.d.scale)];
  }
  function layers(run, index) {
    var list = [];
    if (view.mode === "diff" && run === runs[1]) return list;
    // The frame, then the previous frames faded over it (the oldest faintest), then the review layer on top.
    list.push({src: framePath(run.d, index, "frames"), alpha: 1, index: index});
    if (view.onion) {
      for (var k = view.onionN; k >= 1; k--) {
        var j = index - k;
        if (j < run.d.first) continue;
        list.push({src: framePath(run.d, j, "frames"), alpha: 0.34 * (view.onionN - k + 1) / view.onionN, index: j});
      }
    }
    if (view.overlay && run.d.overlay) list.push({src: framePath(run.d, index, "overlay"), alpha: 1, index: index});
    return list;
  }
  function diffEntry(index) {
    return data.diff && data.diff.frames ? data.diff.frames[String(index)] : undefined;
  }
  function context(canvas) {
    var ctx = canvas.getContext("2d");
    var k = canvas.width / canvas.lw;
    ctx.setTransform(k, 0, 0, k, 0, 0);
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = "high";
    return ctx;
  }
  function fit(canvas) {
    var boxW = canvas.clientWidth, boxH = canvas.clientHeight;
    if (!boxW || !boxH) return;
    var dpr = window.devicePixelRatio || 1;
    var h = Math.min(canvas.lh, Math.max(1, Math.round(Math.min(boxH, boxW * canvas.lh / canvas.lw) * dpr)));
    var w = Math.max(1, Math.round(h * canvas.lw / canvas.lh));
    if (canvas.width === w && canvas.height === h) return;
    canvas.width = w;
    canvas.height = h;
    shown = [];
    schedule();
  }
  function paint(canvas, run, index, clipFrom) {
    var list = layers(run, index);
    var images = list.map(function (l) { return loader.get(l.src); });
    if (images.some(function (img) { return !img.ready && !img.failed; })) return false;
    var ctx = context(canvas);
    var size = pixelSize(run, index);
    ctx.save();
    if (clipFrom !== undefined) {
      ctx.beginPath();
      ctx.rect(clipFrom, 0, canvas.lw - clipFrom, canvas.lh);
      ctx.clip();
    }
    ctx.globalAlpha = 1;
    ctx.fillStyle = "#2c2c2e";
    ctx.fillRect(0, 0, canvas.lw, canvas.lh);
    list.forEach(function (l, i) {
      if (images[i].failed) return;
      ctx.globalAlpha = l.alpha;
      var s = pixelSize(run, l.index);
      ctx.drawImage(images[i], 0, 0, s[0], s[1]);
    });
    ctx.restore();
    return size;
  }
  function paintDiff(canvas, index) {
    var entry = diffEntry(index);
    var src = entry && entry.image ? data.diff.folder + "/frame_" + pad(index, main.d.digits) + ".png" : framePath(main.d, index, "frames");
    var img = loader.get(src);
    if (!img.ready && !img.failed) return false;
    var ctx = context(canvas);
    ctx.globalAlpha = 1;
    ctx.fillStyle = "#2c2c2e";
    ctx.fillRect(0, 0, canvas.lw, canvas.lh);
    if (!img.failed) {
      var s = pixelSize(main, index);
      ctx.globalAlpha = entry && entry.image ? 1 : 0.35;
      ctx.drawImage(img, 0, 0, s[0], s[1]);
    }
    return true;
  }

  function draw() {
    var wanted = {};
    var indices = runs.map(function (run) { return frameOf(run, view.t); });
    // Keep the next second of frames loading, and the onion skin's.
    runs.forEach(function (run, r) {
      var i = indices[r], last = run.d.first + run.d.count - 1;
      for (var j = Math.max(run.d.first, i - view.onionN - 2); j <= Math.min(last, i + Math.ceil(run.d.fps)); j++) {
        var src = framePath(run.d, j, "frames");
        wanted[src] = true;
        if (j >= i - (view.onion ? view.onionN : 0)) loader.get(src);
        if (view.overlay && run.d.overlay) { wanted[framePath(run.d, j, "overlay")] = true; loader.get(framePath(run.d, j, "overlay")); }
      }
    });
    if (data.diff) {
      var dsrc = data.diff.folder + "/frame_" + pad(indices[0], main.d.digits) + ".png";
      wanted[dsrc] = true;
    }
    canvases.forEach(function (canvas, c) {
      var key, ok;
      if (view.mode === "wipe" && runs.length > 1) {
        if (c > 0) return;
        key = "wipe " + indices[0] + " " + indices[1] + " " + view.wipe + " " + view.overlay + view.onion + view.onionN;
        if (shown[c] === key) return;
        ok = paint(canvas, runs[0], indices[0]);
        if (ok) {
          var split = Math.round(canvas.lw * view.wipe / 100);
          ok = paint(canvas, runs[1], indices[1], split);
          if (ok) {
            var ctx = context(canvas);
            ctx.fillStyle = "#ffffff";
            ctx.fillRect(split - canvas.lw / 300, 0, canvas.lw / 150, canvas.lh);
          }
        }
        canvas.setAttribute("data-frame-b", indices[1]);
      } else if (view.mode === "diff" && c === 0 && runs.length > 1) {
        key = "diff " + indices[0];
        if (shown[c] === key) return;
        ok = paintDiff(canvas, indices[0]);
      } else {
        var run = runs[c];
        key = view.mode + " " + indices[c] + " " + view.overlay + view.onion + view.onionN;
        if (shown[c] === key) return;
        ok = paint(canvas, run, indices[c]);
      }
      if (ok) {
        shown[c] = key;
        canvas.setAttribute("data-frame", indices[view.mode === "side" ? c : 0]);
      }
    });
    loader.keep(wanted);
  }

  // --- controls
  var playButton = $("play"), thumb = $("thumb"), track = $("track"), clock = $("clock");
  var lastIndex = null;
  // A plot wider than its scroller (below 820 px: docs/review-page.md) scrolls to keep the playhead's line in
  // view when the playhead moves (playing, stepping, seeking), and is left where the reader scrolled it otherwise.
  function follow(area, f) {
    var scroller = area.parentNode;
    if (!scroller || !scroller.classList.contains("plot-scroll")) return;
    if (scroller.flickFollowed === view.t) return;
    scroller.flickFollowed = view.t;
    if (scroller.scrollWidth <= scroller.clientWidth) return;
    var x = f * area.offsetWidth, margin = Math.min(48, scroller.clientWidth / 4);
    // Back near the start the plot scrolls home, its value axis in view.
    if (x < scroller.scrollLeft + margin) scroller.scrollLeft = x < scroller.clientWidth / 2 ? 0 : x - margin;
    else if (x > scroller.scrollLeft + scroller.clientWidth - margin) scroller.scrollLeft = x - scroller.clientWidth + margin;
  }
  function update() {
    var i = frameOf(main, view.t);
    var f = fraction(view.t);
    $("fill").style.width = (f * 100) + "%";
    thumb.style.left = (f * 100) + "%";
    // The time of the frame shown (frame 186 at 60 fps reads 3.100 s), not the playhead between frames.
    var text = seconds(i / main.d.fps) + " \u00B7 frame " + i + " of " + main.d.first + "\u2013" + (main.d.first + main.d.count - 1);
    clock.textContent = text;
    thumb.setAttribute("aria-valuenow", num(view.t, 3));
    thumb.setAttribute("aria-valuetext", text);
    playButton.setAttribute("aria-label", view.playing ? "Pause" : "Play");
    playButton.setAttribute("aria-pressed", view.playing ? "true" : "false");
    playButton.querySelector(".icon").textContent = view.playing ? "\u275A\u275A" : "\u25B6";
    document.querySelectorAll(".plot-area").forEach(function (area) {
      var run = runs[+area.getAttribute("data-run")], plot = run.d.plot;
      var x = plot.x0 + (clamp(view.t, plot.t0, plot.t1) - plot.t0) / (plot.t1 - plot.t0) * (plot.x1 - plot.x0);
      area.querySelectorAll(".cursor").forEach(function (cursor) { cursor.style.left = (x / plot.width * 100) + "%"; });
      follow(area, x / plot.width);
    });
    var indices = runs.map(function (run) { return frameOf(run, view.t); }).join(" ");
    if (indices !== lastIndex) {
      lastIndex = indices;
      $("state-title").textContent = "State \u00B7 frame " + i + " \u00B7 " + seconds(i / main.d.fps);
      var trees = document.querySelectorAll(".tree");
      trees.forEach(function (tree, r) {
        var run = runs[r], s = stateOf(run, frameOf(run, view.t));
        var other = runs.length > 1 ? stateOf(runs[1 - r], frameOf(runs[1 - r], view.t)) : null;
        tree.innerHTML = s ? treeHTML(s, other, runs.length > 1, "") : "<p class=\"muted\">No state for this frame.</p>";
        tree.setAttribute("data-frame", frameOf(run, view.t));
      });
      var note = $("diff-note");
      if (note) {
        var entry = diffEntry(frameOf(main, view.t));
        note.textContent = !entry ? "Not compared: the runs have no frame at this time, or their sizes differ."
          : entry.differing === 0 ? (entry.identical ? "Identical pixels." : "No differing pixels above the threshold.")
          : entry.differing + " differing pixels (" + num(entry.ratio * 100, 3) + "%)" + (entry.antiAliased ? ", " + entry.antiAliased + " anti-aliased ignored" : "") + ".";
      }
    }
    if (reference) reference.show(i);
    draw();
  }
  var pending = false;
  function schedule() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(function () { pending = false; update(); });
  }
  var lastNow = null;
  function tick(now) {
    if (!view.playing) { lastNow = null; return; }
    if (lastNow !== null) view.t += (now - lastNow) / 1000 * view.speed;
    lastNow = now;
    if (view.t >= tEnd) { view.t = tEnd; view.playing = false; }
    update();
    if (view.playing) requestAnimationFrame(tick);
  }
  function play(on) {
    if (on && view.t >= tEnd - 1e-9) view.t = tStart;
    view.playing = on;
    lastNow = null;
    if (on) requestAnimationFrame(tick);
    update();
  }
  function seek(t) { view.t = clamp(t, tStart, tEnd); update(); }
  function step(by) {
    play(false);
    seek((frameOf(main, view.t) + by) / main.d.fps);
  }
  playButton.addEventListener("click", function () { play(!view.playing); });
  $("prev").addEventListener("click", function () { step(-1); });
  $("next").addEventListener("click", function () { step(1); });
  $("start").addEventListener("click", function () { play(false); seek(tStart); });
  $("end").addEventListener("click", function () { play(false); seek(tEnd); });
  $("speed").addEventListener("change", function (e) { view.speed = +e.target.value; });
  var overlay = $("overlay");
  // The page opens with the overlay layer on when it was rendered (the checkbox is checked).
  if (overlay) { view.overlay = overlay.checked; overlay.addEventListener("change", function (e) { view.overlay = e.target.checked; update(); }); }
  $("onion").addEventListener("change", function (e) { view.onion = e.target.checked; update(); });
  $("onion-n").addEventListener("change", function (e) { view.onionN = clamp(Math.round(+e.target.value) || 1, 1, 10); e.target.value = view.onionN; update(); });
  var caption = document.querySelector(".side-0 figcaption");
  var captions = caption && {side: caption.innerHTML, wipe: "<span class=\"badge\">A</span> \u2190 wipe \u2192 <span class=\"badge\">B</span>",
    diff: "<span class=\"badge\">A</span> diff <span class=\"badge\">B</span> \u00B7 differing pixels in red over a faded A"};
  document.querySelectorAll("input[name=mode]").forEach(function (input) {
    input.addEventListener("change", function (e) {
      view.mode = e.target.value;
      document.body.setAttribute("data-mode", view.mode);
      if (captions) caption.innerHTML = captions[view.mode];
      shown = [];
      update();
    });
  });
  var wipe = $("wipe");
  if (wipe) wipe.addEventListener("input", function (e) { view.wipe = +e.target.value; update(); });

  function timeAt(clientX) {
    var rect = track.getBoundingClientRect();
    return tStart + clamp((clientX - rect.left) / rect.width, 0, 1) * span;
  }
  track.addEventListener("pointerdown", function (e) {
    if (e.button !== 0) return;
    play(false);
    track.setPointerCapture(e.pointerId);
    thumb.focus();
    seek(timeAt(e.clientX));
    var move = function (m) { seek(timeAt(m.clientX)); };
    var up = function () { track.removeEventListener("pointermove", move); track.removeEventListener("pointerup", up); };
    track.addEventListener("pointermove", move);
    track.addEventListener("pointerup", up);
    e.preventDefault();
  });
  document.querySelectorAll(".plot-area").forEach(function (area) {
    area.addEventListener("click", function (e) {
      var plot = runs[+area.getAttribute("data-run")].d.plot;
      var rect = area.getBoundingClientRect();
      var x = (e.clientX - rect.left) / rect.width * plot.width;
      play(false);
      seek(plot.t0 + clamp((x - plot.x0) / (plot.x1 - plot.x0), 0, 1) * (plot.t1 - plot.t0));
    });
  });
  document.querySelectorAll("[data-seek]").forEach(function (button) {
    button.addEventListener("click", function () { play(false); seek(+button.getAttribute("data-seek")); });
  });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === " ") {
      if (ownsSpace(e.target)) return;
      play(!view.playing);
    } else if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      if (ownsArrows(e.target)) return;
      step(e.key === "ArrowLeft" ? -1 : 1);
    } else if (e.key === "Home" || e.key === "End") {
      if (ownsArrows(e.target)) return;
      play(false);
      seek(e.key === "Home" ? tStart : tEnd);
    } else {
      return;
    }
    e.preventDefault();
  });
  document.querySelectorAll(".tree").forEach(watchTree);
  // Each canvas holds the run's canvas (its largest frame) in `lw`×`lh` pixels, drawn into a backing store of the
  // size it is shown at: the browser's high-quality downscale, not the blur and jagged text of a 3× frame
  // shrunk by the compositor.
  canvases.forEach(function (canvas) {
    canvas.lw = Math.max.apply(null, runs.map(function (r) { return r.d.width; }));
    canvas.lh = Math.max.apply(null, runs.map(function (r) { return r.d.height; }));
    // The box's shape is the canvas's, never the backing store's: with the store's rounded size deciding the box's
    // width, each fit changed the box by a pixel and the next fit the store again, clearing it every frame.
    canvas.style.aspectRatio = canvas.lw + " / " + canvas.lh;
    canvas.width = canvas.lw;
    canvas.height = canvas.lh;
    canvas.setAttribute("data-width", canvas.lw);
    canvas.setAttribute("data-height", canvas.lh);
    fit(canvas);
    if (window.ResizeObserver) new ResizeObserver(function () { fit(canvas); }).observe(canvas);
  });
  window.flickPlayer = {
    seek: seek, step: step, play: play,
    get time() { return view.t; }, get playing() { return view.playing; },
    frame: function (r) { return frameOf(runs[r || 0], view.t); }
  };
  update();
}

// ---------------------------------------------------------------------------------------------------------
// A recording beside the frames (docs/review-page.md, "A recording beside the frames"): at each frame of the run,
// the recording's frame flick listed for it (`reference.frames[index - first]`: [frame, time, file] or null),
// drawn once decoded (the one before stays until then), the next second of them loading ahead.
function referencePane(run, onReady) {
  var figure = $("reference"), info = run.reference;
  if (!figure || !info) return null;
  var canvas = figure.querySelector("canvas"), label = figure.querySelector(".reference-time");
  var loader = new Loader(onReady);
  var drawn = null, drawnFile = null;
  var last = run.first + run.count - 1;
  canvas.style.aspectRatio = info.width + " / " + info.height;
  function src(file) { return info.inline ? info.inline[String(file)] : info.src + "frame_" + pad(file, 5) + ".png"; }
  function entry(index) { return info.frames[index - run.first] || null; }
  // The backing store at the size the canvas is shown (the browser's high-quality downscale), never above the frames'.
  function fit() {
    var dpr = window.devicePixelRatio || 1;
    var h = Math.min(info.height, Math.max(1, Math.round(canvas.clientHeight * dpr)));
    var w = Math.max(1, Math.round(h * info.width / info.height));
    if (!canvas.clientHeight || (canvas.width === w && canvas.height === h)) return;
    canvas.width = w;
    canvas.height = h;
    drawn = drawnFile = null;
    onReady();
  }
  function show(index) {
    var wanted = {};
    for (var j = index; j <= Math.min(last, index + Math.ceil(run.fps)); j++) {
      var ahead = entry(j);
      if (ahead) { wanted[src(ahead[2])] = true; loader.get(src(ahead[2])); }
    }
    loader.keep(wanted);
    var e = entry(index), key = e ? e[0] : -1;
    if (key === drawn) return;
    var ctx = canvas.getContext("2d");
    if (!e) {
      ctx.fillStyle = "#2c2c2e";
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      drawn = -1;
      drawnFile = null;
      canvas.setAttribute("data-frame", "");
      label.textContent = "No frame of the recording at this time";
      return;
    }
    var img = loader.get(src(e[2]));
    if (!img.ready && !img.failed) return;
    if (drawnFile !== e[2]) {
      ctx.imageSmoothingEnabled = true;
      ctx.imageSmoothingQuality = "high";
      ctx.fillStyle = "#2c2c2e";
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      if (!img.failed) ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
      drawnFile = e[2];
    }
    drawn = key;
    canvas.setAttribute("data-frame", e[0]);
    label.textContent = "Recording frame " + e[0] + " \u00B7 " + seconds(e[1]) + " on its clock";
  }
  fit();
  if (window.ResizeObserver) new ResizeObserver(fit).observe(canvas);
  return {show: show};
}

// ---------------------------------------------------------------------------------------------------------
// The diff report: the frames compared, and for the one selected expected | actual | diff, or a wipe.
function report() {
  var frames = data.report.frames;
  var rows = Array.prototype.slice.call(document.querySelectorAll("#frames tbody tr"));
  var selected = -1;
  function visibleRows() { return rows.filter(function (row) { return !row.hidden; }); }
  function select(i, focus) {
    if (i < 0 || i >= frames.length) return;
    selected = i;
    var f = frames[i];
    rows.forEach(function (row, r) { row.setAttribute("aria-selected", r === i ? "true" : "false"); });
    if (focus) rows[i].focus();
    $("detail-title").textContent = f.name;
    var stem = f.stem;
    var facts = [["differing pixels", f.differing], ["ratio", num(f.ratio * 100, 4) + "%"], ["anti-aliased (ignored)", f.antiAliased],
      ["pixels", f.total], ["result", f.identical ? "identical" : f.within ? "within tolerance" : "beyond tolerance"]];
    $("facts").innerHTML = facts.map(function (p) { return "<div><dt>" + esc(p[0]) + "</dt><dd>" + esc(p[1]) + "</dd></div>"; }).join("");
    var images = $("images");
    images.hidden = !f.images;
    $("no-images").hidden = !!f.images;
    $("no-images").textContent = f.identical ? "The two files are identical." : "No differing pixels: nothing to show.";
    if (f.images) {
      ["expected", "actual", "diff"].forEach(function (kind) {
        var src = kind + "/" + encodeURIComponent(stem) + ".png";
        document.querySelectorAll("img[data-kind=" + kind + "]").forEach(function (img) {
          img.src = src;
          img.alt = kind + " \u00B7 " + f.name;
        });
      });
    }
    try { history.replaceState(null, "", "#" + encodeURIComponent(f.name)); } catch (e) { /* a file:// page may refuse */ }
  }
  rows.forEach(function (row, i) {
    row.addEventListener("click", function () { select(i, false); });
    row.addEventListener("keydown", function (e) {
      if (e.key === "Enter" || e.key === " ") { select(i, false); e.preventDefault(); }
    });
  });
  function filter(onlyDiffering) {
    rows.forEach(function (row, i) { row.hidden = onlyDiffering && frames[i].differing === 0; });
  }
  document.querySelectorAll("input[name=filter]").forEach(function (input) {
    input.addEventListener("change", function (e) { filter(e.target.value === "differing"); });
  });
  document.querySelectorAll("input[name=view]").forEach(function (input) {
    input.addEventListener("change", function (e) { document.body.setAttribute("data-view", e.target.value); });
  });
  $("wipe").addEventListener("input", function (e) {
    $("wipe-top").style.clipPath = "inset(0 0 0 " + e.target.value + "%)";
    $("wipe-line").style.left = e.target.value + "%";
  });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || ownsArrows(e.target)) return;
    var list = visibleRows(), at = list.indexOf(rows[selected]);
    if (e.key === "ArrowDown" || e.key === "j") { if (at + 1 < list.length) select(rows.indexOf(list[at + 1]), true); }
    else if (e.key === "ArrowUp" || e.key === "k") { if (at > 0) select(rows.indexOf(list[at - 1]), true); }
    else return;
    e.preventDefault();
  });
  var differing = frames.some(function (f) { return f.differing > 0; });
  filter(differing);
  if (differing) document.querySelector("input[name=filter][value=differing]").checked = true;
  var wanted = decodeURIComponent(location.hash.slice(1));
  var start = frames.findIndex(function (f) { return f.name === wanted; });
  if (start < 0) start = frames.findIndex(function (f) { return f.differing > 0; });
  select(start < 0 ? 0 : start, false);
}

// Many runs on one graph (CompareGraph): a legend entry shows or hides its run's lines; hovering or focusing
// one brings its lines forward and fades the others.
function runsGraph() {
  document.querySelectorAll(".runs-graph").forEach(function (section) {
    function lines(i) { return section.querySelectorAll("svg [data-run=\"" + i + "\"]"); }
    function focus(i) {
      section.classList.toggle("focusing", i !== null);
      section.querySelectorAll("svg [data-run]").forEach(function (el) {
        el.classList.toggle("focused", i !== null && el.getAttribute("data-run") === String(i));
      });
    }
    section.querySelectorAll(".run-toggle").forEach(function (button) {
      var i = button.getAttribute("data-run");
      button.addEventListener("click", function () {
        var shown = button.getAttribute("aria-pressed") !== "true";
        button.setAttribute("aria-pressed", shown ? "true" : "false");
        lines(i).forEach(function (el) { el.classList.toggle("run-hidden", !shown); });
      });
      ["mouseenter", "focus"].forEach(function (type) { button.addEventListener(type, function () { focus(i); }); });
      ["mouseleave", "blur"].forEach(function (type) { button.addEventListener(type, function () { focus(null); }); });
    });
  });
}

runsGraph();
if (data.kind === "diff") report(); else if (data.kind !== "runs") player();
})();
