// Chrome DevTools Protocol tracing of one streaming window (or one mount), and what it says about
// the page's main thread. The window is the page's `w4-start` … `w4-end` user-timing marks (or
// `w4-mount-start` … `w4-mount-end`).
import type { CDPSession } from "playwright-core";
import { END_MARK, START_MARK } from "./pages/protocol.js";

/** The trace categories: tasks, JS entries, microtasks, GC, rendering, and the marks. */
const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "v8.execute", "blink.user_timing"];

/**
 * Script time: V8 entries from the browser (`v8.callFunction`, `FunctionCall`, microtask
 * checkpoints that ran JS, script evaluation and compilation) and the garbage collections JS
 * allocation caused (DevTools counts GC under "Scripting" too).
 */
const SCRIPT = new Set(["v8.callFunction", "FunctionCall", "RunMicrotasks", "EvaluateScript", "v8.run", "v8.compile", "V8.Execute", "MinorGC", "MajorGC"]);
/** Rendering work, taken out of script time when JS forces it synchronously. */
const RENDERING = new Set(["Layout", "UpdateLayoutTree", "RecalculateStyles", "PrePaint", "Paint", "Layerize", "Commit", "HitTest", "ParseHTML", "ParseAuthorStyleSheet", "UpdateLayer"]);
const GC = new Set(["MinorGC", "MajorGC"]);
/** One main-thread task. */
const TASK = "RunTask";

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  /** Wall clock, µs. */
  ts: number;
  dur?: number;
  /** The thread's CPU clock, µs: what the thread itself spent, without the time it was preempted. */
  tts?: number;
  tdur?: number;
}

/**
 * Figures for one window, all on the main thread's CPU clock (trace `tts`/`tdur`): on a shared
 * machine the wall clock also counts the time other processes held the core, which is noise.
 */
export interface WindowTimes {
  /** Script time in the window, in µs (see SCRIPT). */
  readonly scriptUs: number;
  /** Time the main thread spent in tasks in the window, in µs: script, rendering, everything. */
  readonly mainUs: number;
  /** The longest task that started in the window, in µs of main-thread CPU time. */
  readonly longestTaskUs: number;
  /** The same task's wall-clock length, in µs (includes any time the thread was preempted). */
  readonly longestTaskWallUs: number;
  /** Tasks that started in the window. */
  readonly tasks: number;
  /** Length of the window on the wall clock, in µs. */
  readonly windowUs: number;
  /** Style, layout and paint in the window, in µs (inside script time or in tasks of their own). */
  readonly renderUs: number;
  /** Garbage collection in the window, in µs (part of script time). */
  readonly gcUs: number;
}

type Interval = [number, number];

/** Sorted, merged union of intervals. */
function union(intervals: Interval[]): Interval[] {
  intervals.sort((a, b) => a[0] - b[0]);
  const merged: Interval[] = [];
  for (const [start, end] of intervals) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

const length = (intervals: Interval[]): number => intervals.reduce((sum, [a, b]) => sum + (b - a), 0);

/** Measure of `a` minus `b`, both merged unions. */
function minus(a: Interval[], b: Interval[]): number {
  let total = length(a);
  let j = 0;
  for (const [start, end] of a) {
    while (j < b.length && b[j]![1] <= start) j++;
    for (let k = j; k < b.length && b[k]![0] < end; k++) total -= Math.min(end, b[k]![1]) - Math.max(start, b[k]![0]);
  }
  return total;
}

type Timed = TraceEvent & { dur: number; tts: number; tdur: number };

/** The window is between the last `startMark` and the last `endMark` (a stream's by default). */
export function analyseWindow(events: readonly TraceEvent[], startMark = START_MARK, endMark = END_MARK): WindowTimes {
  const marks = events.filter((e) => e.cat.includes("blink.user_timing") && (e.name === startMark || e.name === endMark));
  const start = marks.filter((e) => e.name === startMark).at(-1);
  const end = marks.filter((e) => e.name === endMark).at(-1);
  if (!start || !end || end.ts <= start.ts || start.tts === undefined || end.tts === undefined) {
    throw new Error(`the trace has no ${startMark}…${endMark} window with thread timestamps (${marks.length} marks)`);
  }
  // The page's main thread is the one that recorded the marks.
  const onMain = events.filter(
    (e): e is Timed => e.pid === start.pid && e.tid === start.tid && e.ph === "X" && e.dur !== undefined && e.tts !== undefined && e.tdur !== undefined,
  );
  const [from, to] = [start.tts, end.tts];
  const clip = (e: Timed): Interval | undefined => {
    const a = Math.max(from, e.tts);
    const b = Math.min(to, e.tts + e.tdur);
    return b > a ? [a, b] : undefined;
  };
  const clipped = (names: Set<string>): Interval[] =>
    onMain.filter((e) => names.has(e.name)).map(clip).filter((i): i is Interval => i !== undefined);
  const tasks = onMain.filter((e) => e.name === TASK && e.cat.includes("devtools.timeline"));
  const inWindow = tasks.filter((t) => t.tts >= from && t.tts < to);
  const longest = inWindow.reduce<Timed | undefined>((best, t) => (best === undefined || t.tdur > best.tdur ? t : best), undefined);
  return {
    scriptUs: minus(union(clipped(SCRIPT)), union(clipped(RENDERING))),
    mainUs: length(union(clipped(new Set([TASK])))),
    longestTaskUs: longest?.tdur ?? 0,
    longestTaskWallUs: longest?.dur ?? 0,
    tasks: inWindow.length,
    windowUs: end.ts - start.ts,
    renderUs: length(union(clipped(RENDERING))),
    gcUs: length(union(clipped(GC))),
  };
}

/** Records a trace around `body` on the page behind `session`. */
export async function traced<T>(session: CDPSession, body: () => Promise<T>): Promise<{ result: T; events: TraceEvent[] }> {
  const events: TraceEvent[] = [];
  // The protocol types trace events loosely (string maps); they are Chrome's trace-event JSON.
  const collect = (data: { value: readonly object[] }): void => {
    for (const event of data.value) events.push(event as TraceEvent);
  };
  session.on("Tracing.dataCollected", collect);
  const complete = new Promise<void>((resolve) => session.once("Tracing.tracingComplete", () => resolve()));
  await session.send("Tracing.start", {
    transferMode: "ReportEvents",
    traceConfig: { includedCategories: CATEGORIES, excludedCategories: ["*"] },
  });
  let result: T;
  try {
    result = await body();
  } finally {
    await session.send("Tracing.end");
    await complete;
    session.off("Tracing.dataCollected", collect);
  }
  return { result, events };
}
