// W3 shared state: 5,000 single-operation STATE_DELTA events on a 1,000-key state.
// Metric: µs per event.
import type { AGUIEvent } from "@ag-ui/core";
import fastJsonPatch, { type Operation } from "fast-json-patch";
import { expectEqual, unavailable } from "../cell.js";
import { RUN_ID, stateStream, THREAD_ID } from "../generate.js";
import { prepareAgUiRun } from "../lanes/agui.js";
import { threadlineState } from "../lanes/threadline.js";
import { keepAlive, timingFor, type Mode, type Setup } from "../measure.js";
import { measurePlan, perOp, perOpMinusEmpty, type Planned } from "../plan.js";
import type { WorkloadReport } from "../results.js";

export const LANES = ["Threadline", "Threadline 2026-12-01", "Threadline + pipeline", "@ag-ui/client", "fast-json-patch + clone"];

const deltaOf = (event: AGUIEvent) => (event as unknown as { delta: Operation[] }).delta;

/** fast-json-patch with mutateDocument=false: the whole document is cloned per event. */
function jsonPatchSetup(initial: Record<string, unknown>, events: readonly AGUIEvent[], expected: string): Setup {
  return () => {
    let state: unknown = initial;
    return {
      run() {
        for (const event of events) state = fastJsonPatch.applyPatch(state, deltaOf(event), true, false).newDocument;
      },
      verify() {
        expectEqual(JSON.stringify(state), expected, "fast-json-patch state");
        keepAlive(state);
      },
    };
  };
}

function agUiSetup(initial: Record<string, unknown>, events: readonly AGUIEvent[], expected: string | null): Setup {
  return () => {
    const stream = [
      { type: "RUN_STARTED", threadId: THREAD_ID, runId: RUN_ID } as AGUIEvent,
      ...events,
      { type: "RUN_FINISHED", threadId: THREAD_ID, runId: RUN_ID } as AGUIEvent,
    ];
    const { agent, run } = prepareAgUiRun(() => stream, { state: initial });
    return {
      run,
      verify: () => {
        if (expected !== null) expectEqual(JSON.stringify(agent.state), expected, "@ag-ui/client state");
      },
    };
  };
}

export async function runW3(mode: Mode): Promise<WorkloadReport> {
  const { initial, events } = mode === "tiny" ? stateStream(100, 50) : stateStream(1000, mode === "quick" ? 500 : 5000);
  // The expected final state, by applying every patch in place to one private copy.
  const expected = JSON.stringify(
    events.reduce<unknown>((doc, e) => fastJsonPatch.applyPatch(doc, deltaOf(e), true, true).newDocument, structuredClone(initial)),
  );
  const size = `${Object.keys(initial).length} keys, ${events.length} events`;
  const plan: Planned[] = [];
  // "Threadline 2026-12-01": the fold lane on core as it was on 2026-12-01 (issue 42's reference).
  const lanes = [["Threadline", "fold", undefined], ["Threadline 2026-12-01", "fold", "2026-12-01"], ["Threadline + pipeline", "pipeline", undefined]] as const;
  for (const [lane, entry, build] of lanes) {
    const threadline = await threadlineState(entry, build);
    plan.push(
      typeof threadline === "string"
        ? { size, lane, cell: unavailable(threadline) }
        : { size, lane, setups: [threadline(initial, events, expected)], toCell: perOp(events.length) },
    );
  }
  plan.push({
    size,
    lane: "@ag-ui/client",
    group: "slow",
    setups: [agUiSetup(initial, events, expected), agUiSetup(initial, [], null)],
    toCell: perOpMinusEmpty(events.length, `(run − empty run) / ${events.length}`),
  });
  plan.push({ size, lane: "fast-json-patch + clone", setups: [jsonPatchSetup(initial, events, expected)], toCell: perOp(events.length) });
  const sizes = await measurePlan(plan, timingFor(mode));
  return {
    workload: "W3",
    unit: "µs per STATE_DELTA",
    lanes: LANES,
    sizes,
  };
}
