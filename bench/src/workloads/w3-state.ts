// W3 shared state: 5,000 single-operation STATE_DELTA events on a 1,000-key state.
// Metric: µs per event.
import type { AGUIEvent } from "@ag-ui/core";
import fastJsonPatch, { type Operation } from "fast-json-patch";
import { cell, expectEqual, unavailable } from "../cell.js";
import { RUN_ID, stateStream, THREAD_ID } from "../generate.js";
import { prepareAgUiRun } from "../lanes/agui.js";
import { threadlineState } from "../lanes/threadline.js";
import { FULL, keepAlive, QUICK, time, type Setup } from "../measure.js";
import type { Cell, WorkloadReport } from "../results.js";

export const LANES = ["Threadline", "Threadline + pipeline", "@ag-ui/client", "fast-json-patch + clone"];

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

export async function runW3(quick: boolean): Promise<WorkloadReport> {
  const options = quick ? QUICK : FULL;
  const { initial, events } = stateStream(1000, quick ? 500 : 5000);
  // The expected final state, by applying every patch in place to one private copy.
  const expected = JSON.stringify(
    events.reduce<unknown>((doc, e) => fastJsonPatch.applyPatch(doc, deltaOf(e), true, true).newDocument, structuredClone(initial)),
  );
  const perEvent = async (setup: Setup): Promise<Cell> => {
    const t = await time(setup, options);
    return { status: "ok", value: (t.medianMs * 1000) / events.length, samples: t.samples };
  };
  const cells: Record<string, Cell> = {};
  for (const [lane, entry] of [["Threadline", "fold"], ["Threadline + pipeline", "pipeline"]] as const) {
    const threadline = await threadlineState(entry);
    cells[lane] = await cell(() =>
      typeof threadline === "string"
        ? Promise.resolve(unavailable(threadline))
        : perEvent(threadline(initial, events, expected)),
    );
  }
  cells["@ag-ui/client"] = await cell(async () => {
    const full = await time(agUiSetup(initial, events, expected), options);
    const empty = await time(agUiSetup(initial, [], null), options);
    const value = ((full.medianMs - empty.medianMs) * 1000) / events.length;
    return { status: "ok", value, samples: full.samples, note: `(run − empty run) / ${events.length}` };
  });
  cells["fast-json-patch + clone"] = await cell(() => perEvent(jsonPatchSetup(initial, events, expected)));
  return {
    workload: "W3",
    unit: "µs per STATE_DELTA",
    lanes: LANES,
    sizes: [{ label: `1000 keys, ${events.length} events`, cells }],
  };
}
