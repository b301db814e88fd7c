// The review pages' style sheet: one column on a phone, the frames beside the state on a wider screen.

extension ReviewPage {
    static let style = #"""
:root {
  --bg: #f2f2f7; --card: #ffffff; --ink: #1c1c1e; --muted: #6c6c70; --line: #d8d8de; --soft: #f6f6f9;
  --accent: #0a64d6; --stage: #1c1c1e; --backdrop: #2c2c2e;
  --down: #0a84ff; --release: #ff9f0a; --tap: #30b050; --resize: #af52de; --settled: #248a3d;
  --changed: #fff1c2; --changed-ink: #8a5a00; --bad: #d70015; --good: #248a3d; --warn: #b25000;
  color-scheme: light;
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: var(--bg); color: var(--ink);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
button, select, input { font: inherit; color: inherit; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.top { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 16px; padding: 14px 24px;
  background: var(--card); border-bottom: 1px solid var(--line); }
.top h1 { margin: 0; font-size: 20px; letter-spacing: -0.01em; }
.top .vs { color: var(--muted); font-weight: 400; font-size: 15px; }
.meta { margin: 0; color: var(--muted); font-variant-numeric: tabular-nums; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 14px; padding: 16px; min-width: 0; }
.card h2 { margin: 0 0 10px; font-size: 15px; }
.card h3 { margin: 10px 0 6px; font-size: 13px; color: var(--muted); font-weight: 600; }
.hint, .keys, .muted { color: var(--muted); font-size: 12.5px; margin: 4px 0 8px; }
.layout { display: grid; grid-template-columns: minmax(0, 580px) minmax(300px, 1fr); gap: 16px; padding: 16px 24px 32px;
  max-width: 1440px; margin: 0 auto; align-items: start; }
.layout .plot { grid-column: 1 / -1; }
body[data-kind="compare"] .layout { grid-template-columns: minmax(0, 1fr); }

/* Frames */
.viewer { display: flex; justify-content: center; gap: 12px; background: var(--stage); border-radius: 10px; padding: 12px; }
.viewer figure { margin: 0; display: flex; flex-direction: column; align-items: center; gap: 6px; min-width: 0; }
.viewer figcaption { color: #f2f2f7; font-size: 12.5px; display: flex; align-items: center; gap: 6px; max-width: 100%;
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.viewer.two figure { flex: 1 1 0; }
.badge { display: inline-grid; place-items: center; width: 20px; height: 20px; border-radius: 6px; background: #f2f2f7; color: var(--stage);
  font-weight: 700; font-size: 11.5px; }
.viewer canvas { display: block; height: min(64vh, 700px); width: auto; max-width: 100%; object-fit: contain;
  border-radius: 8px; background: var(--backdrop); }
body[data-mode="wipe"] .viewer .side-1, body[data-mode="diff"] .viewer .side-1 { display: none; }
.wipe-control, .diff-note { display: none; }
body[data-mode="wipe"] .wipe-control { display: flex; }
body[data-mode="diff"] .diff-note { display: block; }
.wipe-control { align-items: center; gap: 8px; margin: 0 0 10px; color: var(--muted); }
.wipe-control input { flex: 1; }
.diff-note { margin: 0 0 10px; font-variant-numeric: tabular-nums; }
.modes { margin-bottom: 10px; }

/* Transport and scrubber */
.transport { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; margin-top: 12px; }
.transport button { min-width: 40px; height: 36px; border-radius: 9px; border: 1px solid var(--line); background: var(--soft);
  cursor: pointer; font-size: 15px; }
.transport button:hover { background: #ebebf0; }
.transport button.primary { min-width: 52px; background: var(--accent); border-color: var(--accent); color: #fff; }
.transport button.primary:hover { background: #0856bb; }
.speed { margin-left: auto; color: var(--muted); display: flex; align-items: center; gap: 6px; }
.speed select { height: 36px; border-radius: 9px; border: 1px solid var(--line); background: var(--soft); padding: 0 8px; color: var(--ink); }
.clock { display: block; margin: 10px 0 4px; font-variant-numeric: tabular-nums; font-weight: 600; }
.scrubber { padding: 8px 0 2px; }
.track { position: relative; height: 28px; border-radius: 8px; background: var(--soft); border: 1px solid var(--line);
  cursor: pointer; touch-action: none; }
.track .span { position: absolute; top: 0; bottom: 0; background: rgba(10, 132, 255, 0.12); }
.track .fill { position: absolute; left: 0; top: 0; bottom: 0; background: rgba(10, 100, 214, 0.10); border-radius: 8px 0 0 8px; }
.track .mark { position: absolute; top: 3px; bottom: 3px; width: 3px; margin-left: -1.5px; border-radius: 2px; background: var(--muted); }
.mark.down { background: var(--down); } .mark.release { background: var(--release); } .mark.tap { background: var(--tap); }
.mark.resize { background: var(--resize); } .mark.settled { background: var(--settled); opacity: 0.6; }
.thumb { position: absolute; top: -5px; bottom: -5px; width: 4px; margin-left: -2px; background: var(--ink); border-radius: 2px; }
.thumb::after { content: ""; position: absolute; left: -6px; top: -6px; width: 16px; height: 16px; border-radius: 50%;
  background: var(--ink); border: 3px solid #fff; box-shadow: 0 1px 3px rgba(0,0,0,.3); }
.track-labels { display: flex; justify-content: space-between; color: var(--muted); font-size: 11.5px; margin-top: 4px;
  font-variant-numeric: tabular-nums; }
.moments { list-style: none; display: flex; flex-wrap: wrap; gap: 6px; margin: 10px 0; padding: 0; }
.moment { border: 1px solid var(--line); background: var(--card); border-radius: 999px; padding: 3px 10px 3px 8px; cursor: pointer;
  font-size: 12.5px; }
.moment:hover { background: var(--soft); }
.moment .t { color: var(--muted); font-variant-numeric: tabular-nums; }
.moment.down .sym { color: var(--down); } .moment.release .sym { color: var(--release); } .moment.tap .sym { color: var(--tap); }
.moment.resize .sym { color: var(--resize); } .moment.settled .sym { color: var(--settled); }
.layers { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 18px; border: 0; padding: 0; margin: 6px 0 0; }
.layers label { display: flex; align-items: center; gap: 6px; }
.onion-n input { width: 3.5em; height: 30px; border: 1px solid var(--line); border-radius: 8px; padding: 0 6px; }

/* State tree */
.state { max-height: calc(100vh - 120px); overflow: auto; position: sticky; top: 16px; }
body[data-kind="compare"] .state { position: static; max-height: none; }
.trees { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
.tree { font: 12.5px/1.55 ui-monospace, "SF Mono", Menlo, "DejaVu Sans Mono", monospace; font-variant-numeric: tabular-nums; }
.tree ul { list-style: none; margin: 0; padding: 0 0 0 14px; border-left: 1px solid #ececf1; }
.tree > ul { padding-left: 0; border-left: 0; }
.tree li { padding: 1px 0; overflow-wrap: anywhere; }
.tree summary { cursor: pointer; }
.tree .k { color: #3a3a3c; font-weight: 600; }
.tree .ik { color: var(--muted); }
.tree .count { color: var(--muted); font-weight: 400; }
.v.num { color: #0040a8; } .v.str { color: #a3241b; } .v.bool { color: #7a3fb0; } .v.null { color: var(--muted); }
.v.changed { background: var(--changed); color: var(--changed-ink); border-radius: 4px; padding: 0 3px; outline: 1px solid #f0c24b; }

/* Motion plot */
.plot-area { position: relative; cursor: crosshair; max-width: 1040px; }
.plot-area img { display: block; width: 100%; height: auto; }
.plot-area .cursor { position: absolute; width: 2px; margin-left: -1px; background: #ff2d55; pointer-events: none; }

/* Diff report */
.report { display: grid; grid-template-columns: minmax(300px, 400px) minmax(0, 1fr); gap: 16px; padding: 16px 24px 32px;
  max-width: 1600px; margin: 0 auto; align-items: start; }
.report .errors, .report .chips { grid-column: 1 / -1; }
.errors { border-color: #f3b6bc; background: #fff5f6; }
.errors ul { margin: 0; padding-left: 18px; color: var(--bad); }
.chips { display: flex; flex-wrap: wrap; gap: 8px; }
.chip { background: var(--card); border: 1px solid var(--line); border-radius: 999px; padding: 3px 12px; font-variant-numeric: tabular-nums; }
.chip.warn { color: var(--warn); border-color: #f5c99b; } .chip.bad { color: var(--bad); border-color: #f3b6bc; }
.chip.good { color: var(--good); border-color: #a9dcb6; }
.list-head { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px; margin-bottom: 8px; }
.list-head h2 { margin: 0; overflow-wrap: anywhere; }
.segmented { display: inline-flex; border: 1px solid var(--line); border-radius: 9px; padding: 2px; margin: 0; background: var(--soft); }
.segmented label { position: relative; padding: 4px 10px; border-radius: 7px; cursor: pointer; font-size: 12.5px; }
.segmented input { position: absolute; opacity: 0; inset: 0; margin: 0; cursor: pointer; }
.segmented label:has(input:checked) { background: var(--card); box-shadow: 0 1px 2px rgba(0,0,0,.12); font-weight: 600; }
.segmented label:has(input:focus-visible) { outline: 3px solid var(--accent); }
.table-wrap { max-height: 70vh; overflow: auto; }
table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: 13px; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #ececf1; }
thead th { position: sticky; top: 0; background: var(--card); color: var(--muted); font-weight: 600; font-size: 12px; }
tbody th { font-weight: 500; white-space: nowrap; }
.n { text-align: right; }
tbody tr { cursor: pointer; }
tbody tr:hover { background: var(--soft); }
tbody tr[aria-selected="true"] { background: #e5efff; }
.pill { font-size: 11.5px; padding: 1px 8px; border-radius: 999px; background: var(--soft); white-space: nowrap; }
.pill.beyond { background: #ffe5e8; color: var(--bad); } .pill.within { background: #fff1dc; color: var(--warn); }
.pill.same { color: var(--muted); }
.facts { display: flex; flex-wrap: wrap; gap: 8px 24px; margin: 0 0 12px; }
.facts div { min-width: 90px; } .facts dt { color: var(--muted); font-size: 12px; } .facts dd { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; }
.columns { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 10px; }
.columns figure, .wipe-view { margin: 0; }
.columns figcaption { color: var(--muted); font-size: 12px; margin-bottom: 4px; }
.columns img, .wipe-box img { display: block; width: 100%; height: auto; max-height: 72vh; object-fit: contain; background: var(--backdrop);
  border-radius: 6px; }
.wipe-view { display: none; }
body[data-view="wipe"] .wipe-view { display: block; }
body[data-view="wipe"] .columns { display: none; }
.wipe-box { position: relative; max-width: 520px; margin: 0 auto; }
.wipe-box img + img { position: absolute; inset: 0; }
.wipe-line { position: absolute; top: 0; bottom: 0; width: 2px; margin-left: -1px; background: #fff; box-shadow: 0 0 0 1px rgba(0,0,0,.35); }
.wipe-label { display: flex; align-items: center; gap: 8px; max-width: 520px; margin: 10px auto 0; color: var(--muted); }
.wipe-label input { flex: 1; }

@media (max-width: 820px) {
  .top { padding: 12px 14px; }
  .layout, .report { grid-template-columns: minmax(0, 1fr); padding: 12px; gap: 12px; }
  .state { position: static; max-height: none; }
  .viewer canvas { height: min(58vh, 560px); }
  .viewer.two canvas { height: min(46vh, 420px); }
  .viewer { padding: 8px; gap: 8px; }
  .trees { grid-template-columns: minmax(0, 1fr); }
  .speed { margin-left: 0; }
  .columns { grid-template-columns: minmax(0, 1fr); }
  .plot { overflow-x: auto; }
  .table-wrap { max-height: 42vh; }
  .ratio { display: none; }
  .top .vs { font-size: 13px; overflow-wrap: anywhere; }
  .plot-area { min-width: 680px; }
  .moment { padding: 2px 8px; font-size: 12px; }
}
"""#
}
