// W5 devtools: what the inspector costs per event while it records. The same events go through
// the pipeline into the fold with and without `recordEvents` attached; the difference of the two
// medians is the recorder's own cost. Two shapes: one long run (the buffer fills but never evicts),
// and many short runs into a small buffer (whole runs are folded into the baseline as it fills).
import { unavailable } from "../cell.js";
import { createRandom, priorMessages, prose, THREAD_ID } from "../generate.js";
import { threadlineRecorded } from "../lanes/threadline.js";
import { timingFor, type Mode } from "../measure.js";
import { measurePlan, perOp, type Planned } from "../plan.js";
import type { Cell, WorkloadReport } from "../results.js";
import type { AGUIEvent } from "@ag-ui/core";

export const LANES = ["Threadline + pipeline", "+ inspector recording", "added by the inspector"];

/** `runs` runs of `deltas` text deltas each (plus START/END and the run's bounds). */
function runsOf(runs: number, deltas: number): AGUIEvent[] {
  const random = createRandom(7);
  const events: AGUIEvent[] = [];
  for (let r = 0; r < runs; r++) {
    const runId = `run-${r}`;
    const messageId = `live-${r}`;
    events.push({ type: "RUN_STARTED", threadId: THREAD_ID, runId } as AGUIEvent);
    events.push({ type: "TEXT_MESSAGE_START", messageId, role: "assistant" } as AGUIEvent);
    for (let i = 0; i < deltas; i++) events.push({ type: "TEXT_MESSAGE_CONTENT", messageId, delta: prose(random, 4) } as AGUIEvent);
    events.push({ type: "TEXT_MESSAGE_END", messageId } as AGUIEvent);
    events.push({ type: "RUN_FINISHED", threadId: THREAD_ID, runId } as AGUIEvent);
  }
  return events;
}

interface Shape {
  readonly label: string;
  readonly events: AGUIEvent[];
  readonly maxEvents?: number;
  /** Entries the recorder holds at the end (checked, so a lane that records nothing cannot pass). */
  readonly kept: number;
}

export async function runW5(mode: Mode): Promise<WorkloadReport> {
  const priors = priorMessages(100);
  const shapes: Shape[] = [
    { label: "1 run × 2,000 deltas", events: runsOf(1, 2000), kept: 2004 },
    // 100 runs of 104 events into a 1,000-entry buffer: the steady state of a long session, where
    // whole runs keep being folded into the baseline (down to 750 entries at each eviction), plus
    // the baseline's state snapshot after the first kept RUN_STARTED.
    { label: "100 runs × 100 deltas, maxEvents 1,000", events: runsOf(100, 100), maxEvents: 1000, kept: 729 },
  ];
  const plan: Planned[] = [];
  // Tiny runs both shapes once: the second is the one that evicts, and once through is cheap.
  for (const shape of mode === "quick" ? shapes.slice(0, 1) : shapes) {
    const n = shape.events.length;
    for (const [lane, recorded] of [["Threadline + pipeline", false], ["+ inspector recording", true]] as const) {
      const setup = await threadlineRecorded(recorded, shape.maxEvents);
      plan.push(
        typeof setup === "string"
          ? { size: shape.label, lane, cell: unavailable(setup) }
          : { size: shape.label, lane, setups: [setup(priors, shape.events, shape.kept)], toCell: perOp(n) },
      );
    }
  }
  const sizes = await measurePlan(plan, timingFor(mode));
  for (const size of sizes) size.cells["added by the inspector"] = difference(size.cells["+ inspector recording"], size.cells["Threadline + pipeline"]);
  return { workload: "W5", unit: "µs per event", lanes: LANES, sizes };
}

function difference(recorded: Cell | undefined, plain: Cell | undefined): Cell {
  if (recorded?.status !== "ok" || plain?.status !== "ok") return { status: "failed", reason: "a lane did not run" };
  return { status: "ok", value: recorded.value - plain.value, samples: Math.min(recorded.samples, plain.samples), note: "difference of the medians" };
}
