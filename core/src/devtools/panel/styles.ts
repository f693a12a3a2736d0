// The panel's stylesheet, inside its shadow root: nothing leaks out, the page's CSS does not leak in.
export const STYLES = `
:host { all: initial; }
.panel {
  position: fixed; top: 0; right: 0; bottom: 0; width: min(560px, 100vw); z-index: 2147483000;
  display: flex; flex-direction: column; box-sizing: border-box;
  font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  color: #1f2328; background: #fbfbfc; border-left: 1px solid #d0d7de; box-shadow: -4px 0 16px rgba(0,0,0,.08);
}
[hidden] { display: none !important; }
header.top, .scrubber, .tabs, .filters { flex: none; display: flex; gap: 6px; align-items: center; padding: 6px 8px; border-bottom: 1px solid #e5e7eb; flex-wrap: wrap; }
header.top h2 { font-size: 13px; margin: 0 auto 0 0; }
.scrubber input[type=range] { flex: 1; min-width: 120px; }
.content { flex: 1; min-height: 0; overflow: auto; padding: 8px; }
button, select, input { font: inherit; }
.btn, .tab { border: 1px solid #d0d7de; background: #fff; border-radius: 4px; padding: 2px 8px; cursor: pointer; color: inherit; }
.tab[aria-selected=true] { background: #0969da; border-color: #0969da; color: #fff; }
.btn:focus-visible, .tab:focus-visible, .event-line:focus-visible { outline: 2px solid #0969da; outline-offset: 1px; }
.muted { color: #6e7781; }
.error, .banner { color: #a40e26; }
.banner { background: #ffebe9; padding: 4px 8px; margin: 0; border-bottom: 1px solid #ffcecb; }
.mode { padding: 1px 6px; border-radius: 8px; background: #ddf4ff; }
.mode.sandbox { background: #fff8c5; }
ol, ul { list-style: none; margin: 0; padding: 0; }
pre { margin: 4px 0; padding: 6px; background: #f3f4f6; border-radius: 4px; white-space: pre-wrap; word-break: break-word; max-height: 240px; overflow: auto; }
.log .run-header { margin-top: 6px; padding: 2px 4px; background: #eef1f4; font-weight: 600; }
.event-line { display: flex; gap: 6px; width: 100%; text-align: left; border: 0; background: none; padding: 1px 4px; cursor: pointer; color: inherit; }
.event-line:hover { background: #f0f3f6; }
.event.future { opacity: .45; }
.event.current > .event-line { background: #ddf4ff; }
.index { color: #6e7781; min-width: 3.5em; }
.time { color: #6e7781; min-width: 6.5em; }
.type { font-weight: 600; }
.type-tool { color: #8250df; } .type-state { color: #1a7f37; } .type-run { color: #0969da; } .type-text { color: #24292f; } .type-subagent { color: #bc4c00; }
.summary { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; flex: 1; }
.origin { font-size: 10px; padding: 0 4px; border-radius: 6px; background: #fff8c5; }
.event-detail { padding: 2px 4px 6px 3.5em; }
.timeline .span { display: grid; grid-template-columns: 40% 1fr; gap: 6px; align-items: center; padding-left: calc(var(--depth) * 12px); }
.span-label { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.span-track { position: relative; height: 12px; border: 0; background: #eef1f4; cursor: pointer; padding: 0; }
.bar { position: absolute; top: 2px; bottom: 2px; background: #0969da; border-radius: 2px; }
.span-subagent .bar { background: #bc4c00; } .span-step .bar { background: #8c959f; }
.status-failed .bar { background: #cf222e; } .status-running .bar { background: #54aeff; }
.cursor { position: absolute; top: 0; bottom: 0; width: 1px; background: #cf222e; }
.card { border: 1px solid #e5e7eb; border-radius: 6px; padding: 6px; margin-bottom: 8px; background: #fff; }
.badge { font-size: 10px; padding: 0 5px; border-radius: 8px; background: #eef1f4; }
.badge.status-awaiting-approval { background: #fff8c5; } .badge.status-succeeded { background: #dafbe1; } .badge.status-failed { background: #ffebe9; } .badge.status-running { background: #ddf4ff; }
.label { color: #6e7781; margin-top: 4px; }
.changes .change { margin-bottom: 6px; } .change.current { background: #ddf4ff; }
.link { border: 0; background: none; color: #0969da; cursor: pointer; padding: 0; }
.op-add .op-name { color: #1a7f37; } .op-remove .op-name { color: #cf222e; } .op-replace .op-name { color: #9a6700; }
.ops { padding-left: 12px; }
.message { border-left: 3px solid #d0d7de; padding: 2px 6px; margin-bottom: 6px; }
.message[data-role=user] { border-color: #0969da; } .message[data-role=assistant] { border-color: #8250df; } .message[data-role=tool] { border-color: #1a7f37; }
.role { font-weight: 600; } .parts { padding-left: 10px; } .kind { color: #6e7781; }
.text { white-space: pre-wrap; margin: 2px 0; }
details.json summary { cursor: pointer; color: #6e7781; }
`;
