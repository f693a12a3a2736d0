// A workload's timed cells, measured together: every set-up of every (size, lane) goes into one
// round-robin (see timeAll), then each cell turns its timings into a number.
import { timeAll, type Setup, type Timing, type TimingOptions } from "./measure.js";
import type { Cell, WorkloadReport } from "./results.js";

export type Planned =
  | {
      size: string;
      lane: string;
      /** Usually one; @ag-ui/client's lanes add an empty run to subtract. */
      setups: Setup[];
      /**
       * Cells of one group share a round-robin; groups run one after the other. Lanes whose
       * runs take seconds and churn hundreds of MB (@ag-ui/client) go in their own group, so
       * the heap they leave behind does not land on the sub-millisecond samples of the others.
       */
      group?: "slow";
      toCell(timings: Timing[]): Cell;
    }
  | { size: string; lane: string; cell: Cell };

export async function measurePlan(plan: readonly Planned[], options: TimingOptions): Promise<WorkloadReport["sizes"]> {
  const timed = plan.flatMap((p) => ("setups" in p ? p.setups.map((setup) => ({ setup, slow: p.group === "slow" })) : []));
  const results: (Timing | Error)[] = new Array(timed.length);
  for (const slow of [false, true]) {
    const indices = timed.flatMap((t, i) => (t.slow === slow ? [i] : []));
    const timings = await timeAll(indices.map((i) => timed[i]!.setup), options);
    indices.forEach((index, k) => (results[index] = timings[k]!));
  }
  const sizes: WorkloadReport["sizes"] = [];
  let next = 0;
  for (const p of plan) {
    let cell: Cell;
    if ("cell" in p) cell = p.cell;
    else {
      const mine = results.slice(next, next + p.setups.length);
      next += p.setups.length;
      const error = mine.find((r): r is Error => r instanceof Error);
      cell = error ? { status: "failed", reason: error.message.split("\n")[0] ?? "error" } : p.toCell(mine as Timing[]);
    }
    let size = sizes.find((s) => s.label === p.size);
    if (!size) sizes.push((size = { label: p.size, cells: {} }));
    size.cells[p.lane] = cell;
  }
  return sizes;
}

/** µs per operation from one set-up that performs `count` operations. */
export function perOp(count: number, note?: string): (timings: Timing[]) => Cell {
  return ([t]) => ({
    status: "ok",
    value: (t!.medianMs * 1000) / count,
    samples: t!.samples,
    rounds: t!.times.map((ms) => (ms * 1000) / count),
    ...(note ? { note } : {}),
  });
}

/** µs per operation from (full run − empty run), for lanes with a fixed cost per run. */
export function perOpMinusEmpty(count: number, note: string): (timings: Timing[]) => Cell {
  return ([full, empty]) => ({
    status: "ok",
    value: ((full!.medianMs - empty!.medianMs) * 1000) / count,
    samples: full!.samples,
    // Round k's full run less round k's empty run (both were sampled in every round).
    rounds: full!.times.slice(0, empty!.times.length).map((ms, k) => ((ms - empty!.times[k]!) * 1000) / count),
    note,
  });
}
