// The timeline is read from the events alone: runs, subagents nested under their parents, steps,
// and how each ended — including what a run leaves open when it ends.
import { describe, expect, it } from "vitest";
import { createThread } from "../../src/index.js";
import { createPipeline } from "../../src/pipeline/index.js";
import { foldEvent } from "../../src/fold/index.js";
import { recordEvents, replayEvents, timelineOf } from "../../src/devtools/index.js";

function record(events: object[]) {
  const thread = createThread({ onWarning: () => undefined });
  const recorder = recordEvents(thread, { now: (() => { let t = 0; return () => (t += 10); })() });
  const pipeline = createPipeline((event) => foldEvent(thread, event), { onWarning: () => undefined });
  for (const event of events) pipeline.push(event);
  return { thread, recorder };
}

describe("timelineOf", () => {
  it("nests subagents, keeps steps per owner, and closes what a run leaves open", () => {
    const { recorder } = record([
      { type: "RUN_STARTED", threadId: "t", runId: "r1" },
      { type: "SUBAGENT_STARTED", subagentRunId: "a", name: "planner" },
      { type: "SUBAGENT_STARTED", subagentRunId: "b", name: "searcher", parentSubagentRunId: "a" },
      { type: "STEP_STARTED", stepName: "look", subagentRunId: "b" },
      { type: "STEP_FINISHED", stepName: "look", subagentRunId: "b" },
      { type: "SUBAGENT_ERROR", subagentRunId: "b", message: "no network" },
      { type: "SUBAGENT_FINISHED", subagentRunId: "a", outcome: { type: "suspended" } },
      { type: "RUN_FINISHED", threadId: "t", runId: "r1", outcome: { type: "interrupt", interrupts: [{ id: "i1", reason: "confirm" }] } },
      { type: "RUN_STARTED", threadId: "t", runId: "r2" },
      { type: "STEP_STARTED", stepName: "write" },
      { type: "SUBAGENT_STARTED", subagentRunId: "c", name: "writer" },
      { type: "RUN_ERROR", message: "boom", code: "E" },
    ]);
    const spans = timelineOf(recorder.entries).map((s) => ({ kind: s.kind, label: s.label, depth: s.depth, status: s.status, first: s.first, last: s.last, detail: s.detail }));
    expect(spans).toEqual([
      { kind: "run", label: "run r1", depth: 0, status: "interrupted", first: 0, last: 7, detail: undefined },
      { kind: "subagent", label: "subagent planner", depth: 1, status: "interrupted", first: 1, last: 6, detail: undefined },
      { kind: "subagent", label: "subagent searcher", depth: 2, status: "failed", first: 2, last: 5, detail: "no network" },
      { kind: "step", label: "step look", depth: 3, status: "succeeded", first: 3, last: 4, detail: undefined },
      { kind: "run", label: "run r2", depth: 0, status: "failed", first: 8, last: 11, detail: "boom" },
      // Left open when the run failed: they end with it, failed too.
      { kind: "step", label: "step write", depth: 1, status: "failed", first: 9, last: 11, detail: undefined },
      { kind: "subagent", label: "subagent writer", depth: 1, status: "failed", first: 10, last: 11, detail: undefined },
    ]);
    // Times come from the recorder's clock (10 ms a tick, from when it was attached).
    expect(timelineOf(recorder.entries)[0]).toMatchObject({ startAt: 10, endAt: 80 });
  });

  it("records a RUN_ERROR that follows RUN_FINISHED (AG-UI allows it), so the replay fails as the thread did", () => {
    const { thread, recorder } = record([
      { type: "RUN_STARTED", threadId: "t", runId: "r1" },
      { type: "RUN_FINISHED", threadId: "t", runId: "r1" },
      { type: "RUN_ERROR", message: "late failure" },
    ]);
    expect(thread.status.peek()).toBe("failed");
    expect(recorder.entries.map((e) => e.event.type)).toEqual(["RUN_STARTED", "RUN_FINISHED", "RUN_ERROR"]);
    expect(replayEvents(recorder.events()).thread.status.peek()).toBe("failed");
  });
});
