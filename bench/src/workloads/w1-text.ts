// W1 text streaming: 2,000 TEXT_MESSAGE_CONTENT deltas of ~4 characters into a thread that
// already holds N messages. Metric: µs per delta (and, in the W1-alloc worker, bytes per delta).
import { cell, expectEqual, unavailable } from "../cell.js";
import { LIVE_MESSAGE_ID, textStream, type TextStream } from "../generate.js";
import { agUiText, prepareAgUiRun } from "../lanes/agui.js";
import { tamboDispatch, tamboStateWith, tamboText } from "../lanes/tambo.js";
import { threadlineFoldEvents, threadlineText, type Build, type Entry } from "../lanes/threadline.js";
import { allocatedBytes, keepAlive, median, timingFor, type Mode, type Setup } from "../measure.js";
import { measurePlan, perOp, perOpMinusEmpty, type Planned } from "../plan.js";
import type { Cell, WorkloadReport } from "../results.js";

export const PRIOR_COUNTS = [10, 100, 1000, 5000];
export const LANES = ["Threadline", "Threadline 2026-12-01", "Threadline + pipeline", "Threadline foldEvents", "foldEvents whole call", "@ag-ui/client", "Tambo streamReducer", "floor s += delta"];

// "Threadline 2026-12-01" is the fold lane on core as it was on 2026-12-01 (issue 42's reference,
// bundled from git: core-revision.ts), timed in the same round-robin as this checkout's.
const THREADLINE_LANES: [string, Entry, Build?][] = [
  ["Threadline", "fold"],
  ["Threadline 2026-12-01", "fold", "2026-12-01"],
  ["Threadline + pipeline", "pipeline"],
];

// @ag-ui/client clones the whole thread per delta, so from 1,000 prior messages on it streams only
// the first AGUI_CAP deltas; its cost per delta does not depend on how many deltas came before.
const AGUI_CAP = 200;

function floorSetup(stream: TextStream, count: number): Setup {
  return () => {
    let s = "";
    return {
      run() {
        for (let i = 0; i < count; i++) s += (stream.deltas[i] as { delta: string }).delta;
      },
      verify() {
        expectEqual(s, stream.text.slice(0, s.length), "floor text");
        keepAlive(s);
      },
    };
  };
}

function tamboSetup(stream: TextStream, count: number): Setup {
  return () => {
    let state = tamboStateWith(stream.priors);
    for (const event of stream.head) state = tamboDispatch(state, event);
    let expected = "";
    for (let i = 0; i < count; i++) expected += (stream.deltas[i] as { delta: string }).delta;
    return {
      run() {
        for (let i = 0; i < count; i++) state = tamboDispatch(state, stream.deltas[i]!);
      },
      verify: () => expectEqual(tamboText(state, LIVE_MESSAGE_ID), expected, "Tambo text"),
    };
  };
}

/** One runAgent() over head + the first `count` deltas + tail. */
function agUiSetup(stream: TextStream, count: number): Setup {
  return () => {
    const deltas = stream.deltas.slice(0, count);
    const expected = stream.text.slice(0, deltas.reduce((n, e) => n + (e as { delta: string }).delta.length, 0));
    const { agent, run } = prepareAgUiRun(() => [...stream.head, ...deltas, ...stream.tail], { messages: stream.priors });
    return { run, verify: () => expectEqual(agUiText(agent, LIVE_MESSAGE_ID), expected, "@ag-ui/client text") };
  };
}

function agUiCount(priorCount: number, mode: Mode, deltas: number): number {
  return mode !== "full" || priorCount < 1000 ? deltas : AGUI_CAP;
}

/** The thread sizes a mode runs, and the deltas streamed after each. */
function sizesFor(mode: Mode): { priorCounts: number[]; deltas: number } {
  if (mode === "full") return { priorCounts: PRIOR_COUNTS, deltas: 2000 };
  return { priorCounts: PRIOR_COUNTS.slice(0, 1), deltas: mode === "quick" ? 2000 : 100 };
}

export async function runW1(mode: Mode): Promise<WorkloadReport> {
  const plan: Planned[] = [];
  const { priorCounts, deltas } = sizesFor(mode);
  for (const priorCount of priorCounts) {
    const stream = textStream(priorCount, deltas);
    const n = stream.deltas.length;
    const size = `${priorCount} prior`;
    for (const [lane, entry, build] of THREADLINE_LANES) {
      const threadline = await threadlineText(entry, build);
      plan.push(
        typeof threadline === "string"
          ? { size, lane, cell: unavailable(threadline) }
          : { size, lane, setups: [threadline(stream, n)], toCell: perOp(n) },
      );
    }
    // foldEvents onto the history (issue 18: flat per delta, as the live fold). Two lanes: a delta's
    // own cost, measured as @ag-ui/client's is (call − call with no deltas), which the gate reads;
    // and the whole call ÷ deltas, which adds the call's one-off cost of reading the history once.
    const folded = await threadlineFoldEvents();
    for (const [lane, whole] of [["Threadline foldEvents", false], ["foldEvents whole call", true]] as const) {
      plan.push(
        typeof folded === "string"
          ? { size, lane, cell: unavailable(folded) }
          : whole
            ? { size, lane, setups: [folded(stream, n)], toCell: perOp(n, "whole call ÷ deltas: history in and Message[] out included") }
            : { size, lane, setups: [folded(stream, n), folded(stream, 0)], toCell: perOpMinusEmpty(n, `(call − call with no deltas) / ${n}`) },
      );
    }
    // runAgent has a fixed cost per run (input clone, pipeline set-up); a run with no deltas
    // measures it, and the difference of medians is the deltas' own cost.
    const count = agUiCount(priorCount, mode, n);
    plan.push({
      size,
      lane: "@ag-ui/client",
      group: "slow",
      setups: [agUiSetup(stream, count), agUiSetup(stream, 0)],
      toCell: perOpMinusEmpty(count, `(run − empty run) / ${count}` + (count < n ? `: first ${count} of ${n} deltas` : "")),
    });
    plan.push({ size, lane: "Tambo streamReducer", setups: [tamboSetup(stream, n)], toCell: perOp(n) });
    plan.push({ size, lane: "floor s += delta", setups: [floorSetup(stream, n)], toCell: perOp(n) });
  }
  const sizes = await measurePlan(plan, timingFor(mode));
  return { workload: "W1", unit: "µs per delta", lanes: LANES, sizes };
}

/**
 * Bytes allocated per delta: heap growth across a GC-free window (see allocatedBytes), median of
 * three windows. A lane that allocates too much for the young generation is measured over
 * fewer deltas (halving until a window is GC-free).
 */
export async function runW1Alloc(mode: Mode): Promise<WorkloadReport> {
  const sizes: WorkloadReport["sizes"] = [];
  const windows = mode === "full" ? 3 : 1;
  const { priorCounts, deltas } = sizesFor(mode);
  for (const priorCount of priorCounts) {
    const stream = textStream(priorCount, deltas);
    const n = stream.deltas.length;
    const perDelta = async (makeSetup: (count: number) => Setup, start = n, baseline?: Setup): Promise<Cell> => {
      // Probe: the largest window (halving from `start`) that runs without a GC. The probe also
      // warms the code up, so its own number is discarded.
      let count = start;
      const fits = async (c: number) =>
        (await allocatedBytes(makeSetup(c))) !== null || (await allocatedBytes(makeSetup(c))) !== null;
      while (count >= 4 && !(await fits(count))) count >>= 1; // two tries: a cold first run allocates more
      if (count < 4) return { status: "failed", reason: "every window saw a GC" };
      const values: number[] = [];
      for (let w = 0; w < windows; w++) {
        const bytes = await allocatedBytes(makeSetup(count));
        const base = baseline ? await allocatedBytes(baseline) : 0;
        if (bytes !== null && base !== null) values.push((bytes - base) / count);
      }
      if (values.length === 0) return { status: "failed", reason: `every window of ${count} deltas saw a GC` };
      const note = count < n ? `window of ${count} deltas` : undefined;
      return { status: "ok", value: median(values), samples: values.length, ...(note ? { note } : {}) };
    };
    const cells: Record<string, Cell> = {};
    for (const [lane, entry, build] of THREADLINE_LANES) {
      if (build !== undefined) continue;
      const threadline = await threadlineText(entry);
      cells[lane] = await cell(() =>
        typeof threadline === "string"
          ? Promise.resolve(unavailable(threadline))
          : perDelta((count) => threadline(stream, count)),
      );
    }
    cells["@ag-ui/client"] = await cell(() =>
      perDelta((count) => agUiSetup(stream, count), agUiCount(priorCount, mode, n), agUiSetup(stream, 0)),
    );
    cells["Tambo streamReducer"] = await cell(() => perDelta((count) => tamboSetup(stream, count)));
    cells["floor s += delta"] = await cell(() => perDelta((count) => floorSetup(stream, count)));
    sizes.push({ label: `${priorCount} prior`, cells });
  }
  // foldEvents is one call over the whole stream: its allocation per delta is not measured here.
  return { workload: "W1-alloc", unit: "bytes allocated per delta", lanes: LANES.filter((lane) => !lane.includes("foldEvents") && !lane.includes("2026-12-01")), sizes };
}
