// A RunLoop that makes its own thread hands it the generative-UI options (it used to drop them).
import { describe, expect, it } from "vitest";
import { createComponentRegistry, fromEvents, generativeUi } from "../../src/index.js";
import { RunLoop } from "../../src/run/index.js";
import { cEnd, cStart, custom } from "./helpers.js";

const events = [
  { type: "RUN_STARTED", threadId: "t1", runId: "r1" },
  cStart("c1", "Card", "m1"),
  cEnd("c1"),
  { type: "TOOL_CALL_START", toolCallId: "tc1", toolCallName: "Card", parentMessageId: "m2" },
  { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: '{"title":"T"}' },
  { type: "TOOL_CALL_END", toolCallId: "tc1" },
  custom("tambo.run.awaiting_input", { pendingToolCalls: [{ toolCallId: "tc1", toolName: "Card", arguments: '{"title":"T"}' }] }),
  { type: "RUN_FINISHED", threadId: "t1", runId: "r1" },
];

describe("RunLoop's own thread", () => {
  it("gets `components: generativeUi()` for the thread it makes", async () => {
    const loop = new RunLoop({ source: fromEvents(events), threadId: "t1", components: generativeUi({ registry: createComponentRegistry({ Card: {} }) }) });
    await loop.run();
    expect(loop.thread.component("c1")?.source).toBe("tambo");
    expect(loop.thread.component("tc1")?.props.value).toEqual({ title: "T" });
    expect(loop.thread.awaitingInput.value?.pendingToolCalls.map((c) => c.toolCallId)).toEqual(["tc1"]);
    expect(loop.thread.snapshot().components.map((c) => `${c.source}:${c.id}`)).toEqual(["tambo:c1", "tool-call:tc1"]);
  });

  it("without them, folds as @ag-ui/client does: no components, Tambo events left to listeners", async () => {
    const loop = new RunLoop({ source: fromEvents(events), threadId: "t1", onWarning: () => {} });
    await loop.run();
    expect(loop.thread.component("c1")).toBeUndefined();
    expect(loop.thread.component("tc1")).toBeUndefined();
    expect(loop.thread.awaitingInput.value).toBeUndefined();
    expect(loop.thread.snapshot().components).toEqual([]);
  });
});
