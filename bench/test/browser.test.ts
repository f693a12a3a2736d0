// Cheap checks of W4's trace analysis and targets (no browser): run with `pnpm -C bench test`.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { LaneName, MarkdownLaneName } from "../src/browser/build.js";
import { evaluateBrowser, summarise, type Row, type Sample } from "../src/browser/report.js";
import { analyseWindow, type TraceEvent } from "../src/browser/trace.js";

const PAGE = { pid: 7, tid: 7 };
// Thread clock = wall clock here, unless a test says otherwise.
const x = (name: string, ts: number, dur: number, cat = "devtools.timeline", where = PAGE): TraceEvent => ({ name, cat, ph: "X", ts, dur, tts: ts, tdur: dur, ...where });
const mark = (name: string, ts: number, where = PAGE): TraceEvent => ({ name, cat: "blink.user_timing", ph: "I", ts, tts: ts, ...where });
const task = (ts: number, dur: number, where = PAGE): TraceEvent => x("RunTask", ts, dur, "disabled-by-default-devtools.timeline", where);

test("script time is the union of JS entries in the window, less rendering forced inside them", () => {
  const events: TraceEvent[] = [
    mark("w4-start", 1000),
    // A task straddling the start: only its part inside the window counts.
    task(900, 200),
    x("v8.callFunction", 950, 100, "v8"),
    // A task with nested JS entries (counted once) and a forced layout inside (not script).
    task(2000, 100),
    x("v8.callFunction", 2005, 80, "v8"),
    x("FunctionCall", 2010, 30),
    x("RunMicrotasks", 2050, 30, "v8.execute"),
    x("Layout", 2060, 10),
    // A frame: rendering only, main-thread time but no script.
    task(3000, 500),
    x("Paint", 3100, 300),
    // GC in its own task counts as script (JS allocation caused it).
    task(4000, 50),
    x("MinorGC", 4010, 20, "devtools.timeline,v8"),
    mark("w4-end", 5000),
    task(5000, 999),
    x("v8.callFunction", 5001, 900, "v8"),
    // Another renderer's main thread: ignored.
    task(2000, 3000, { pid: 9, tid: 9 }),
    x("v8.callFunction", 2000, 3000, "v8", { pid: 9, tid: 9 }),
  ];
  const times = analyseWindow(events);
  assert.equal(times.scriptUs, 50 + (80 - 10) + 20);
  assert.equal(times.longestTaskWallUs, 500);
  assert.equal(times.mainUs, 100 + 100 + 500 + 50);
  assert.equal(times.longestTaskUs, 500);
  assert.equal(times.tasks, 3);
  assert.equal(times.windowUs, 4000);
});

test("time is read on the thread's CPU clock: a preempted task counts what it ran", () => {
  // 300 µs on the wall clock, of which the thread ran 120 (the rest another process had the core).
  const preempted = { ...task(1100, 300), tts: 1100, tdur: 120 };
  const js = { ...x("FunctionCall", 1110, 280), tts: 1110, tdur: 100 };
  const times = analyseWindow([mark("w4-start", 1000), preempted, js, mark("w4-end", 2000)]);
  assert.equal(times.mainUs, 120);
  assert.equal(times.scriptUs, 100);
  assert.equal(times.longestTaskUs, 120);
  assert.equal(times.longestTaskWallUs, 300);
});

test("the last w4-start…w4-end pair is the window, and a trace without one is refused", () => {
  const events = [mark("w4-start", 0), mark("w4-end", 10), mark("w4-start", 100), task(150, 20), mark("w4-end", 200)];
  assert.equal(analyseWindow(events).windowUs, 100);
  assert.throws(() => analyseWindow([mark("w4-start", 0)]), /no w4-start…w4-end window/);
});

const sample = (scriptUs: number, keys = 0): Sample => ({ scriptUs, mainUs: scriptUs * 2, longestTaskUs: scriptUs, longestTaskWallUs: scriptUs, keys, renders: 2000 });

test("summarise takes medians per delta and the median of per-round ratios to the floor", () => {
  // Round 2 ran while the machine was busy: both lanes slowed down together.
  const floor = [sample(10_000), sample(40_000), sample(10_000)];
  const lane = [sample(15_000), sample(60_000), sample(25_000)];
  const row = summarise("threadline-vue", 1000, "paced", lane, floor, 2000, 2000);
  assert.equal(row.status, "ok");
  if (row.status !== "ok") return;
  assert.equal(row.jsUsPerDelta, 25_000 / 2000);
  // Per round: 1.5, 1.5, 2.5 → 1.5; the ratio of the medians (25 / 10) would have said 2.5.
  assert.equal(row.jsVsFloor, 1.5);
  assert.equal(row.rendersPerDelta, 1);
  assert.equal(row.mutationsPerDelta, 1);
  const itself = summarise("floor", 1000, "paced", floor, floor, 2000, 2000);
  assert.ok(itself.status === "ok" && itself.jsVsFloor === null);
});

function rows(overrides: Partial<Record<LaneName, { js?: number; keys?: number; block?: number }>>): Row[] {
  const out: Row[] = [];
  for (const lane of ["threadline-svelte", "threadline-svelte-runes", "threadline-vue", "floor"] as const) {
    for (const mode of ["paced", "burst"] as const) {
      const o = overrides[lane] ?? {};
      out.push({
        lane,
        priors: 1000,
        mode,
        status: "ok",
        samples: 5,
        jsUsPerDelta: 1,
        jsVsFloor: lane === "floor" ? null : (o.js ?? 1.2),
        mainUsPerDelta: 2,
        listItemsPerDelta: o.keys ?? 0,
        rendersPerDelta: 1,
        mutationsPerDelta: 1,
        longestBlockMs: o.block ?? 10,
        longestBlockWallMs: o.block ?? 10,
      });
    }
  }
  return out;
}

test("W4 targets pass on good figures and fail on each bad one", () => {
  assert.ok(evaluateBrowser(rows({})).every((c) => c.pass));
  const failed = (r: Row[]) => evaluateBrowser(r).filter((c) => !c.pass).map((c) => c.name);
  assert.deepEqual(failed(rows({ "threadline-svelte": { keys: 0.5 } })), ["W4 Threadline Svelte list"]);
  assert.deepEqual(failed(rows({ "threadline-vue": { js: 2.01 } })), ["W4 Threadline Vue JS"]);
  assert.deepEqual(failed(rows({ "threadline-vue": { block: 50.5 } })), ["W4 Threadline Vue burst"]);
  // The runes page is held to 1.3× the floor (issue 39), the other bindings to 2×.
  assert.deepEqual(failed(rows({ "threadline-svelte-runes": { js: 1.31 }, "threadline-svelte": { js: 1.9 } })), ["W4 Threadline Svelte (runes) JS 1.3"]);
  assert.deepEqual(failed(rows({ "threadline-svelte-runes": { js: 2.01 } })), ["W4 Threadline Svelte (runes) JS", "W4 Threadline Svelte (runes) JS 1.3"]);
});

test("a binding that failed or did not run fails its W4 targets as not measured", () => {
  const broken = rows({}).map((r): Row => (r.lane === "threadline-svelte" ? { lane: r.lane, priors: r.priors, mode: r.mode, status: "failed", reason: "wrong final DOM" } : r));
  const checks = evaluateBrowser(broken).filter((c) => c.name.startsWith("W4 Threadline Svelte ") && !c.name.includes("(runes)"));
  assert.equal(checks.length, 3);
  assert.ok(checks.every((c) => !c.pass && c.measured === null));
});

test("W6 targets: flat per-token cost, ≥ 20× under marked, under the peers (Shiki against Shiki, plain against plain), no settled node touched", async () => {
  const { evaluateMarkdown } = await import("../src/browser/markdown.js");
  const counts = { replacedPerDelta: 0.1, replacedMax: 2, openSlackMin: 3, settledTouched: 0 };
  const row = (lane: MarkdownLaneName, kb: number, main: number, js = main / 2) =>
    ({ lane, bytes: kb * 1024, status: "ok" as const, samples: 3, jsUsPerDelta: js, mainUsPerDelta: main, counts: lane.startsWith("md-threadline") ? counts : null });
  const rows = [row("md-threadline", 1, 100), row("md-threadline", 50, 140), row("md-threadline", 20, 120), row("md-threadline-plain", 20, 100), row("md-marked", 20, 3000), row("md-incremark-shiki", 20, 130), row("md-incremark", 20, 110), row("md-streamdown", 20, 900)];
  assert.deepEqual(evaluateMarkdown(rows).map((c) => c.pass), [true, true, true, true, true, true, true]);
  // incremark with Shiki is held against Threadline with Shiki (120), plain incremark against plain Threadline (100):
  // each pairing fails on its own when the matching Threadline lane is the slower one.
  const pairs = (shiki: number, plain: number) =>
    evaluateMarkdown(rows.map((r) => (r.lane === "md-incremark-shiki" ? { ...r, mainUsPerDelta: shiki } : r.lane === "md-incremark" ? { ...r, mainUsPerDelta: plain } : r))).slice(2, 4).map((c) => c.pass);
  assert.deepEqual(pairs(115, 110), [false, true]);
  assert.deepEqual(pairs(130, 95), [true, false]);
  const worse = evaluateMarkdown([...rows.slice(0, 1), row("md-threadline", 50, 400), ...rows.slice(2, 4), row("md-marked", 20, 1000), ...rows.slice(5)]);
  assert.deepEqual(worse.map((c) => c.pass), [false, false, true, true, true, true, true]);
  const touched = evaluateMarkdown(rows.map((r) => (r.lane === "md-threadline" && r.bytes === 1024 ? { ...r, counts: { ...counts, settledTouched: 1, openSlackMin: -1 } } : r)));
  assert.deepEqual(touched.slice(-2).map((c) => c.pass), [false, false]);
});

test("mount targets: heap and mount ratios are gated, the absolute Vue time only reported", async () => {
  const { mountChecks } = await import("../src/browser/mount.js");
  const row = (lane: LaneName, ms: number, heapMb: number) => ({ lane, priors: 1000, samples: 5, ms, heapMb });
  const checks = mountChecks([row("threadline-vue", 40, 2.5), row("ai-sdk-vue", 120, 2.7), row("threadline-svelte", 30, 2.3), row("ai-sdk-svelte", 25, 3.9)], { runesVsStores: 0.97 });
  const byStart = (start: string) => checks.find((c) => c.name.startsWith(start))!;
  assert.deepEqual(
    checks.map((c) => [c.pass, c.gated]),
    [
      [false, false],
      [true, true],
      [true, true],
      [false, true],
      [true, true],
      [true, true],
    ],
  );
  // Issue 39: the runes page mounts no slower than the store page (their paired ratio, within the
  // noise of the store page against itself); not measured is a miss.
  assert.equal(byStart("Threadline Svelte runes mount").measured, 0.97);
  const runesRatio = (ratio?: number) => mountChecks([], ratio === undefined ? {} : { runesVsStores: ratio }).find((c) => c.name.startsWith("Threadline Svelte runes"))!.pass;
  assert.deepEqual([runesRatio(1.15), runesRatio(1.16), runesRatio()], [true, false, false]);
  assert.equal(byStart("Threadline Svelte mount").measured, 30 / 25);
  assert.equal(byStart("Threadline Vue mount ÷").measured, 40 / 120);
  // The Vue ratio reads the 35 ms against AI SDK's 44: 0.8 passes, above it fails.
  const vueRatio = (ms: number) => mountChecks([row("threadline-vue", ms, 2.5), row("ai-sdk-vue", 100, 2.7)]).find((c) => c.name.startsWith("Threadline Vue mount ÷"))!.pass;
  assert.deepEqual([vueRatio(80), vueRatio(81)], [true, false]);
  // A lane that did not run is a miss, not a pass.
  assert.equal(mountChecks([row("threadline-vue", 20, 2.5)]).find((c) => c.name.startsWith("Threadline Vue heap"))!.pass, false);
});

test("long thread (issue 44): the fling's frames and tasks, read on the thread's CPU clock", async () => {
  const { flingFrames } = await import("../src/browser/long-thread.js");
  // Frames every 16,700 µs of wall clock; the thread's clock runs the same here but for one
  // preempted task, which the wall clock counts and the CPU clock does not.
  const frames = [0, 1, 2, 3, 4, 5].map((i) => mark("w4-frame", 1000 + i * 16_700));
  const events: TraceEvent[] = [
    mark("w4-fling-start", 900),
    ...frames,
    task(2_000, 4_000),
    // Frame 2: 17 ms of CPU, over 16.
    { ...task(18_000, 17_000), tdur: 17_000 },
    // Frame 4: 40 ms on the wall clock, 6 ms of CPU (another process held the core).
    { ...task(52_000, 40_000), tdur: 6_000 },
    mark("w4-fling-end", 1000 + 5 * 16_700 + 10),
  ];
  const read = flingFrames(events);
  assert.equal(read.frames, 5);
  assert.equal(read.framesOver16CpuShare, 1 / 5);
  assert.equal(read.longestTaskMs, 17);
  assert.equal(read.longestTaskWallMs, 17);
  assert.equal(read.longTasks, 0);
  const long = flingFrames([...events, { ...task(70_000, 60_000), tdur: 55_000 }]);
  assert.equal(long.longTasks, 1);
  assert.equal(long.longestTaskMs, 55);
});

test("long thread (issue 44): the windowed pages' mount CPU, heap, JS ratio and fling are gated; wall clock and frame share reported", async () => {
  const { longThreadChecks } = await import("../src/browser/long-thread.js");
  const good = {
    priors: 100_000,
    loadMount: (["threadline-svelte-window", "threadline-vue-window"] as const).map((lane) => ({ lane, priors: 100_000, samples: 5, loadMs: 300, modelMb: 4, mountMs: 60, mountCpuMs: 20, viewMb: 0.4 })),
    stream: (["threadline-svelte-window", "threadline-vue-window"] as const).map(
      (lane): Row => ({ lane, priors: 100_000, mode: "paced", status: "ok", samples: 5, jsUsPerDelta: 6, jsVsFloor: 1.1, mainUsPerDelta: 12, listItemsPerDelta: 0, rendersPerDelta: 0, mutationsPerDelta: Number.NaN, longestBlockMs: 3, longestBlockWallMs: 3 }),
    ),
    fling: (["threadline-svelte-window", "threadline-vue-window"] as const).map((lane) => ({ lane, priors: 100_000, distancePx: 2e7, frames: 200, framesOver16CpuShare: 0.01, framesOver16WallShare: 0.3, longestTaskMs: 20, longestTaskWallMs: 70, longTasks: 0 })),
  };
  const checks = longThreadChecks(good);
  assert.equal(checks.length, 12);
  // The wall-clock mounts (60 ms) miss 50 ms but are reported only; every gated target passes.
  assert.deepEqual(checks.filter((c) => !c.pass).map((c) => c.gated), [false, false]);
  const gatedMisses = (results: typeof good) => longThreadChecks(results).filter((c) => c.gated && !c.pass).map((c) => c.name);
  const vue = "Threadline Vue, <ThreadWindow>";
  const worse = <K extends "loadMount" | "stream" | "fling">(key: K, change: Partial<(typeof good)[K][number]>) => ({
    ...good,
    [key]: good[key].map((r) => (r.lane === "threadline-vue-window" ? { ...r, ...change } : r)),
  });
  assert.deepEqual(gatedMisses(worse("loadMount", { mountCpuMs: 50.5 })), [`${vue}: mounts over 100,000 messages in ≤ 50 ms of main-thread CPU`]);
  assert.deepEqual(gatedMisses(worse("loadMount", { viewMb: 5.1 })), [`${vue}: heap kept beyond the thread's model ≤ 5 MB`]);
  assert.deepEqual(gatedMisses(worse("stream", { jsVsFloor: 1.31 })), [`${vue}: JS per delta ÷ hand-written floor (last rows only) ≤ 1.3 at 100,000 messages (paced)`]);
  assert.deepEqual(gatedMisses(worse("fling", { longestTaskMs: 51 })), [`${vue}: fling bottom → top → bottom, longest main-thread task ≤ 50 ms (CPU)`]);
  // A windowed page that did not run misses every gated target as not measured.
  const missing = { ...good, loadMount: good.loadMount.slice(0, 1), stream: good.stream.slice(0, 1), fling: good.fling.slice(0, 1) };
  assert.equal(gatedMisses(missing).length, 4);
});
