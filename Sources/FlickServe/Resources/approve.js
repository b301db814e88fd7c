// The Tests panel of `flick serve` (docs/review-page.md, "Approve from the page"): on a scenario's page it runs
// `flick test` on that file, on the index on every served file. A failing golden frame shows expected | actual |
// diff and a wipe (a slider that wipes expected over actual); a failing expectation shows expected vs actual.
// Accept writes the new golden or the new expected value and lists what it wrote (a failing frame's own Accept
// writes that frame's golden only); Accept all does every failure. On the index, goldens no scenario uses are listed with Remove. Every write is a POST with the token.
(function () {
"use strict";
var me = document.currentScript;
var id = me.getAttribute("data-id"), token = me.getAttribute("data-token");
var stamp = 0;

function text(s) { return String(s).replace(/[&<>"]/g, function (c) { return {"&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"}[c]; }); }
function scenarioURL(sid, rest) { return "/s/" + encodeURIComponent(sid) + "/" + rest; }
function call(method, url, body) {
  var options = method === "POST"
    ? {method: "POST", headers: {"X-Flick-Token": token, "Content-Type": "text/plain"}, body: body || ""}
    : {cache: "no-store", headers: {"X-Flick-Token": token}};
  return fetch(url, options).then(function (response) {
    if (!response.ok) return response.text().then(function (message) { throw new Error(message.trim() || "the server answered " + response.status); });
    return response.json();
  });
}

var style = document.createElement("style");
style.textContent =
  ".approve{margin:0 24px 24px;padding:16px;border-radius:12px;background:var(--card,rgba(127,127,127,.1));font:14px/1.45 system-ui,sans-serif;overflow-wrap:anywhere}" +
  ".approve h2{margin:0 0 6px;font-size:17px}.approve h3{margin:14px 0 4px;font-size:15px}" +
  ".approve .ap-summary[data-passed=true]{color:#1a7f37}.approve .ap-summary[data-passed=false]{color:#b42318}" +
  ".approve ul{padding-left:18px}.approve li{overflow-wrap:anywhere}.approve code{font:12px ui-monospace,monospace}" +
  ".approve .ap-failures{font:12px/1.4 ui-monospace,monospace}.approve .ap-wrote{color:#1a7f37}.approve .ap-errors{color:#b42318;white-space:pre-wrap}" +
  ".ap-golden-failure{margin:10px 0;padding:10px;border:1px solid rgba(127,127,127,.35);border-radius:10px}" +
  ".ap-triptych{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:8px}.ap-triptych figure{margin:0;text-align:center}" +
  ".ap-triptych img,.ap-wipe img{width:100%;height:auto;display:block;image-rendering:pixelated;background:#fff}" +
  ".ap-triptych figcaption{font-size:12px;opacity:.75}" +
  ".ap-golden-body{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,1fr);gap:12px;align-items:start}" +
  ".ap-wipe{position:relative;margin:0 auto 4px}.ap-wipe .ap-wipe-expected{position:absolute;left:0;top:0}" +
  ".ap-wipe .ap-wipe-line{position:absolute;top:0;bottom:0;width:2px;background:#ff2d55;pointer-events:none}" +
  ".ap-wipe-control{display:flex;gap:8px;align-items:center;justify-content:center;font-size:12px}.ap-wipe-control input{flex:1;max-width:320px}" +
  ".ap-expectations{border-collapse:collapse;width:100%;font-size:13px;overflow-wrap:normal}.ap-expectations code{overflow-wrap:anywhere}.ap-expectations td,.ap-expectations th{padding:4px 6px;text-align:left;border-top:1px solid rgba(127,127,127,.3);vertical-align:top}" +
  ".ap-golden-failure .ap-writes{font:11px ui-monospace,monospace;opacity:.75}.ap-expectations .ap-writes{font:11px ui-monospace,monospace;opacity:.75;display:block;overflow-wrap:anywhere}.ap-wipe-control span{white-space:nowrap}" +
  "@media (max-width:640px){.approve{margin:0 8px 16px;padding:12px}.ap-golden-body{grid-template-columns:1fr}.ap-wipe-box{max-width:75%;margin:0 auto}.ap-triptych{gap:4px}.ap-expectations th:nth-child(4),.ap-expectations td:nth-child(4){display:none}}";
document.head.appendChild(style);

var panel = document.createElement("section");
panel.id = "approve";
panel.className = "card approve";
panel.setAttribute("aria-labelledby", "approve-title");
panel.innerHTML = "<h2 id=\"approve-title\">Tests</h2>" +
  "<p class=\"hint\">" + (id ? "<code>flick test</code> on this file." : "<code>flick test</code> on every served file.") +
  " Accept writes a failing golden frame anew (into <code>__Goldens__</code> beside its file) or the simulated value as an expectation's expected value (into the file, that value only).</p>" +
  "<p><button type=\"button\" id=\"test-run\">Run flick test</button> " +
  (id ? "<button type=\"button\" id=\"test-accept\" hidden>Accept: write the new golden frames</button> " : "") +
  "<button type=\"button\" id=\"test-accept-all\" hidden>Accept all</button></p>" +
  "<div id=\"test-wrote\" class=\"ap-wrote\" role=\"status\" hidden></div>" +
  "<div id=\"test-reports\"></div>" +
  (id ? "" : "<h2>Goldens no scenario uses</h2><p class=\"hint\">Golden files and folders in <code>__Goldens__</code> beside the served files that no scenario compares any more (<code>flick test --prune</code>). Remove deletes only the golden files flick writes.</p>" +
    "<p id=\"orphans-note\" role=\"status\"></p><ul id=\"orphans\"></ul>");
var tune = document.getElementById("tune");
if (tune) tune.after(panel);
else if (document.querySelector("main")) document.querySelector("main").after(panel);
else document.body.appendChild(panel);
var reports = document.getElementById("test-reports");

function goldenHTML(sid, g) {
  // The failure's message is in the list above; a frame without images (missing, or drawn at another size) repeats it here.
  var head = "<h3>Frame " + g.frame + "</h3>" +
    "<p><button type=\"button\" class=\"ap-accept-frame\" data-id=\"" + text(sid) + "\" data-frame=\"" + g.frame + "\">Accept this frame</button>" +
    " <span class=\"ap-writes\">writes only <code>frame_" + String(g.frame).padStart(5, "0") + ".png</code></span></p>";
  if (!g.images) return "<div class=\"ap-golden-failure\" data-frame=\"" + g.frame + "\">" + head + "<p class=\"ap-failures\">" + text(g.message || "") + "</p></div>";
  var base = g.images, q = "?n=" + stamp;
  var img = function (name, cls) { return "<img" + (cls ? " class=\"" + cls + "\"" : "") + " src=\"" + text(base + name + ".png" + q) + "\" alt=\"" + name + " frame " + g.frame + "\">"; };
  return "<div class=\"ap-golden-failure\" data-frame=\"" + g.frame + "\">" + head +
    "<div class=\"ap-golden-body\"><div class=\"ap-triptych\"><figure>" + img("expected") + "<figcaption>expected</figcaption></figure>" +
    "<figure>" + img("actual") + "<figcaption>actual</figcaption></figure>" +
    "<figure>" + img("diff") + "<figcaption>diff</figcaption></figure></div>" +
    "<div class=\"ap-wipe-box\"><div class=\"ap-wipe\">" + img("actual", "ap-wipe-actual") + img("expected", "ap-wipe-expected") + "<div class=\"ap-wipe-line\"></div></div>" +
    "<label class=\"ap-wipe-control\"><span>actual</span><input type=\"range\" class=\"ap-wipe-slider\" min=\"0\" max=\"100\" value=\"50\" aria-label=\"Wipe expected over actual, frame " + g.frame + "\"><span>expected</span></label>" +
    "</div></div></div>";
}

function expectationsHTML(list) {
  if (!list.length) return "";
  return "<table class=\"ap-expectations\"><thead><tr><th>expectation</th><th>expected</th><th>actual</th><th>when</th><th></th></tr></thead><tbody>" +
    list.map(function (e) {
      var when = e.time === null ? "" : e.time + " s" + (e.frame === null ? "" : " (frame " + e.frame + ")");
      var accept = e.acceptable
        ? "<button type=\"button\" class=\"ap-accept-expectation\" data-expect=\"" + e.index + "\" data-path=\"" + text(e.path) + "\">Accept</button><span class=\"ap-writes\">" + text(e.writes) + "</span>"
        : "<span class=\"ap-writes\">edit it in the file (a span or a recording is not one value)</span>";
      return "<tr data-expect=\"" + e.index + "\" data-path=\"" + text(e.path) + "\"><td><code>expect[" + e.index + "] " + text(e.path) + "</code></td><td class=\"ap-expected\">" + text(e.expected) +
        "</td><td class=\"ap-actual\">" + text(e.actual) + "</td><td>" + text(when) + "</td><td>" + accept + "</td></tr>";
    }).join("") + "</tbody></table>";
}

// One scenario's report in its own element: summary, failures, each golden's images, each expectation.
function render(report) {
  var el = reports.querySelector(".ap-report[data-id=\"" + CSS.escape(report.id) + "\"]");
  if (!el) {
    el = document.createElement("div");
    el.className = "ap-report";
    el.setAttribute("data-id", report.id);
    reports.appendChild(el);
  }
  var failing = report.goldens.filter(function (g) { return !g.passed; });
  var acceptable = failing.length > 0 || report.expectations.some(function (e) { return e.acceptable; });
  el.setAttribute("data-passed", report.passed ? "true" : "false");
  el.setAttribute("data-acceptable", acceptable ? "true" : "false");
  var heading = id ? "" : "<h3><a href=\"" + text(scenarioURL(report.id, "?token=" + encodeURIComponent(token))) + "\">" + text(report.path) + "</a></h3>";
  el.innerHTML = heading +
    "<p class=\"ap-summary\"" + (id ? " id=\"test-summary\"" : "") + " role=\"status\" data-passed=\"" + report.passed + "\">" + (report.accepted ? "Accepted. " : "") + text(report.summary) + "</p>" +
    (report.wrote.length ? "<p class=\"ap-wrote\">Wrote:</p><ul class=\"ap-wrote ap-wrote-list\">" + report.wrote.map(function (w) { return "<li>" + text(w) + "</li>"; }).join("") + "</ul>" : "") +
    (report.errors.length ? "<p class=\"ap-errors\" role=\"alert\">" + text(report.errors.join("\n")) + "</p>" : "") +
    "<ul class=\"ap-failures\"" + (id ? " id=\"test-failures\"" : "") + ">" + report.failures.map(function (f) { return "<li>" + text(f) + "</li>"; }).join("") + "</ul>" +
    (!id && failing.length ? "<p><button type=\"button\" class=\"ap-accept-goldens\">Accept its golden frames</button></p>" : "") +
    failing.map(function (g) { return goldenHTML(report.id, g); }).join("") +
    expectationsHTML(report.expectations);
  if (id) document.getElementById("test-accept").hidden = failing.length === 0;
  updateAcceptAll();
}

function updateAcceptAll() {
  document.getElementById("test-accept-all").hidden = !reports.querySelector(".ap-report[data-acceptable=true]");
}

function showWrote(list) {
  var box = document.getElementById("test-wrote");
  box.hidden = list.length === 0;
  box.innerHTML = list.length ? "<p>Accept wrote " + list.length + " file change" + (list.length === 1 ? "" : "s") + ":</p><ul id=\"test-wrote-list\">" +
    list.map(function (w) { return "<li>" + text(w) + "</li>"; }).join("") + "</ul>" : "";
}

function busy(message) {
  document.getElementById("test-wrote").hidden = true;
  var summary = document.getElementById("test-summary");
  if (summary) { summary.textContent = message; summary.removeAttribute("data-passed"); }
  reports.setAttribute("aria-busy", "true");
}

function done(list) {
  stamp += 1;
  reports.removeAttribute("aria-busy");
  list.forEach(render);
  showWrote([].concat.apply([], list.map(function (r) { return r.wrote; })));
}

function failed(e) {
  reports.removeAttribute("aria-busy");
  var p = document.createElement("p");
  p.className = "ap-errors";
  p.setAttribute("role", "alert");
  p.textContent = String(e.message || e);
  reports.prepend(p);
}

function runAll(accept) {
  busy(accept ? "Accepting\u2026" : "Running\u2026");
  var request = id
    ? call(accept ? "POST" : "GET", scenarioURL(id, accept ? "accept?all=1" : "test.json")).then(function (r) { return {scenarios: [r]}; })
    : call(accept ? "POST" : "GET", accept ? "/_flick/accept-all" : "/_flick/tests.json");
  request.then(function (answer) {
    if (!id) reports.innerHTML = "";
    done(answer.scenarios);
    if (answer.orphans) showOrphans(answer.orphans);
  }).catch(failed);
}

function acceptOne(sid, query) {
  busy("Accepting\u2026");
  call("POST", scenarioURL(sid, "accept" + query)).then(function (r) { done([r]); }).catch(failed);
}

function showOrphans(list) {
  var ul = document.getElementById("orphans");
  if (!ul) return;
  ul.setAttribute("data-count", String(list.length));
  ul.innerHTML = list.length ? list.map(function (o) {
    return "<li data-path=\"" + text(o.path) + "\"><code>" + text(o.path) + "</code> \u2014 " + text(o.reason) +
      " <button type=\"button\" class=\"ap-remove-orphan\" data-path=\"" + text(o.path) + "\">Remove</button></li>";
  }).join("") : "<li class=\"ap-none\">None.</li>";
}

panel.addEventListener("click", function (event) {
  var target = event.target;
  if (target.id === "test-run") runAll(false);
  else if (target.id === "test-accept-all") runAll(true);
  else if (target.id === "test-accept") acceptOne(id, "");
  else if (target.classList.contains("ap-accept-goldens")) acceptOne(target.closest(".ap-report").getAttribute("data-id"), "");
  else if (target.classList.contains("ap-accept-frame")) {
    acceptOne(target.getAttribute("data-id"), "?frame=" + encodeURIComponent(target.getAttribute("data-frame")));
  }
  else if (target.classList.contains("ap-accept-expectation")) {
    acceptOne(id || target.closest(".ap-report").getAttribute("data-id"),
      "?expect=" + encodeURIComponent(target.getAttribute("data-expect")) + "&path=" + encodeURIComponent(target.getAttribute("data-path")));
  } else if (target.classList.contains("ap-remove-orphan")) {
    var note = document.getElementById("orphans-note");
    call("POST", "/_flick/remove", target.getAttribute("data-path")).then(function (answer) {
      note.textContent = (answer.removed.length ? ["Removed " + answer.removed.join(", ") + "."] : []).concat(answer.errors).join("\n");
      showOrphans(answer.orphans);
    }).catch(function (e) { note.textContent = String(e.message || e); });
  }
});

// The wipe: expected shows left of the slider's place, actual right of it.
panel.addEventListener("input", function (event) {
  var slider = event.target;
  if (!slider.classList.contains("ap-wipe-slider")) return;
  wipe(slider.closest(".ap-golden-failure"), +slider.value);
});
function wipe(box, percent) {
  var top = box.querySelector(".ap-wipe-expected"), line = box.querySelector(".ap-wipe-line");
  if (!top) return;
  top.style.clipPath = "inset(0 " + (100 - percent) + "% 0 0)";
  line.style.left = "calc(" + percent + "% - 1px)";
  box.setAttribute("data-wipe", String(percent));
}
new MutationObserver(function () {
  reports.querySelectorAll(".ap-golden-failure:not([data-wipe])").forEach(function (box) { wipe(box, 50); });
}).observe(reports, {childList: true, subtree: true});

if (!id) call("GET", "/_flick/orphans.json").then(function (answer) { showOrphans(answer.orphans); }).catch(failed);
})();
