// Chrome DevTools Protocol tracing of one streaming window, and what it says about the page's
// main thread. The window is the page's `w4-start` … `w4-end` user-timing marks.
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
/** One main-thread task. */
const TASK = "RunTask";

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
}

export interface WindowTimes {
  /** Script time in the window, in µs (see SCRIPT). */
  readonly scriptUs: number;
  /** Time the main thread spent in tasks in the window, in µs: script, rendering, everything. */
  readonly mainUs: number;
  /** The longest task that started in the window, in µs. */
  readonly longestTaskUs: number;
  /** Tasks that started in the window. */
  readonly tasks: number;
  /** Length of the window, in µs. */
  readonly windowUs: number;
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

export function analyseWindow(events: readonly TraceEvent[]): WindowTimes {
  const marks = events.filter((e) => e.cat.includes("blink.user_timing") && (e.name === START_MARK || e.name === END_MARK));
  const start = marks.filter((e) => e.name === START_MARK).at(-1);
  const end = marks.filter((e) => e.name === END_MARK).at(-1);
  if (!start || !end || end.ts <= start.ts) throw new Error(`the trace has no ${START_MARK}…${END_MARK} window (${marks.length} marks)`);
  // The page's main thread is the one that recorded the marks.
  const onMain = events.filter((e) => e.pid === start.pid && e.tid === start.tid && e.ph === "X" && e.dur !== undefined);
  const [from, to] = [start.ts, end.ts];
  const clip = (e: TraceEvent): Interval | undefined => {
    const a = Math.max(from, e.ts);
    const b = Math.min(to, e.ts + e.dur!);
    return b > a ? [a, b] : undefined;
  };
  const clipped = (names: Set<string>): Interval[] =>
    onMain.filter((e) => names.has(e.name)).map(clip).filter((i): i is Interval => i !== undefined);
  const tasks = onMain.filter((e) => e.name === TASK && e.cat.includes("devtools.timeline"));
  const inWindow = tasks.filter((t) => t.ts >= from && t.ts < to);
  return {
    scriptUs: minus(union(clipped(SCRIPT)), union(clipped(RENDERING))),
    mainUs: length(union(clipped(new Set([TASK])))),
    longestTaskUs: Math.max(0, ...inWindow.map((t) => t.dur!)),
    tasks: inWindow.length,
    windowUs: to - from,
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
