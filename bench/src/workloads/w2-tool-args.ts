// W2 tool arguments: one tool call whose JSON arguments grow to 1 KB, 10 KB and 100 KB in
// 10-character deltas, with the partial value computed after every delta. Metric: total ms.
import { Allow, parse } from "partial-json";
import { expectEqual, unavailable } from "../cell.js";
import { documentArgsStream, toolArgsStream, type ToolArgsStream } from "../generate.js";
import { threadlineToolArgs } from "../lanes/threadline.js";
import { keepAlive, timingFor, type Mode, type Setup, type Timing } from "../measure.js";
import { measurePlan, type Planned } from "../plan.js";
import type { Cell, WorkloadReport } from "../results.js";

export const SIZES = [1_000, 10_000, 100_000];

/**
 * Two argument shapes, both checked for linearity. "document": a long string field, like a
 * write-file call. "rows": a growing array of objects, like a render-a-table call; each delta
 * changes the array's last row, and a new immutable array per read would be O(rows) per delta,
 * so the parser holds long open arrays back (a read is exact or the previous one, at most
 * rows / 8 characters behind: see docs/guide/streaming-tool-arguments.md).
 */
export const SHAPES = [
  { suffix: "", make: documentArgsStream },
  { suffix: " rows", make: toolArgsStream },
] as const;
export const LANES = ["Threadline", "partial-json re-parse", "floor concat + parse once"];

// Re-parsing with partial-json costs O(prefix) per delta, O(n²) per stream: at 100 KB a full run
// takes tens of seconds. Above SAMPLE_FROM bytes it parses after one delta in SAMPLE_STRIDE and
// scales the time by SAMPLE_STRIDE; parse cost is linear in the prefix, so the sample is fair.
const SAMPLE_FROM = 50_000;
const SAMPLE_STRIDE = 20;

function floorSetup(stream: ToolArgsStream): Setup {
  return () => {
    let value: unknown;
    return {
      run() {
        let s = "";
        for (const delta of stream.deltas) s += delta;
        value = JSON.parse(s);
      },
      verify() {
        expectEqual(JSON.stringify(value), stream.json, "floor value");
        keepAlive(value);
      },
    };
  };
}

function partialJsonSetup(stream: ToolArgsStream, stride: number): Setup {
  return () => {
    let value: unknown;
    let failures = 0;
    const { deltas } = stream;
    return {
      run() {
        let s = "";
        for (let i = 0; i < deltas.length; i++) {
          s += deltas[i];
          if (i % stride !== stride - 1 && i !== deltas.length - 1) continue;
          try {
            value = parse(s, Allow.ALL);
          } catch {
            failures++; // a prefix partial-json cannot read yet; apps keep the previous value
          }
        }
      },
      verify() {
        expectEqual(JSON.stringify(value), stream.json, "partial-json value after the last delta");
        keepAlive(failures);
      },
    };
  };
}

export async function runW2(mode: Mode): Promise<WorkloadReport> {
  const threadline = await threadlineToolArgs();
  const plan: Planned[] = [];
  for (const shape of SHAPES) for (const bytes of mode === "full" ? SIZES : SIZES.slice(0, 1)) {
    const stream = shape.make(bytes);
    const size = `${Math.round(bytes / 1000)} KB${shape.suffix}`;
    const stride = bytes >= SAMPLE_FROM ? SAMPLE_STRIDE : 1;
    plan.push(
      typeof threadline === "string"
        ? { size, lane: "Threadline", cell: unavailable(threadline) }
        : { size, lane: "Threadline", setups: [threadline(stream.deltas, stream.json)], toCell: totalMs(1) },
    );
    plan.push({
      size,
      lane: "partial-json re-parse",
      setups: [partialJsonSetup(stream, stride)],
      toCell: totalMs(stride, stride > 1 ? `extrapolated: parsed after 1 delta in ${stride}, time ×${stride}` : undefined),
    });
    plan.push({ size, lane: "floor concat + parse once", setups: [floorSetup(stream)], toCell: totalMs(1) });
  }
  const sizes = await measurePlan(plan, timingFor(mode));
  return { workload: "W2", unit: "ms per stream (10-char deltas)", lanes: LANES, sizes };
}

function totalMs(scale: number, note?: string): (timings: Timing[]) => Cell {
  return ([t]) => ({ status: "ok", value: t!.medianMs * scale, samples: t!.samples, ...(note ? { note } : {}) });
}
