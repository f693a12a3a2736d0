// Token usage (AG-UI 1.0 RUN_FINISHED.usage / RUN_ERROR.usage): kept per run, summed per thread,
// and a malformed entry costs only itself.
import { EventSchemas } from "@ag-ui/core/schemas";
import { describe, expect, it } from "vitest";
import { createThread, type AGUIEvent, type ThreadlineWarning } from "../../src/index.js";
import { createPipeline } from "../../src/pipeline/index.js";
import { foldEvent } from "../../src/fold/index.js";

const started = (runId: string) => ({ type: "RUN_STARTED", threadId: "t", runId }) as AGUIEvent;

function streamInto(schemas: boolean) {
  const warnings: ThreadlineWarning[] = [];
  const thread = createThread({ onWarning: (w) => warnings.push(w) });
  const pipeline = createPipeline((event) => foldEvent(thread, event), {
    onWarning: (w) => warnings.push(w),
    ...(schemas ? { validation: "schema" as const, schemas: EventSchemas } : {}),
  });
  return { thread, pipeline, warnings };
}

describe("token usage in the model", () => {
  it("keeps each run's entries and sums the thread's totals", () => {
    const thread = createThread();
    expect(thread.usage.value.totalTokens).toBe(0);
    expect(thread.runUsage.value).toEqual([]);

    foldEvent(thread, started("r1"));
    foldEvent(thread, {
      type: "RUN_FINISHED",
      threadId: "t",
      runId: "r1",
      usage: [
        { provider: "openai", model: "gpt-x", inputTokens: 100, outputTokens: 20, totalTokens: 120, cachedInputTokens: 40 },
        { provider: "anthropic", model: "claude-y", inputTokens: 10, outputTokens: 5, reasoningTokens: 3 },
      ],
    } as AGUIEvent);
    foldEvent(thread, started("r2"));
    foldEvent(thread, { type: "RUN_ERROR", message: "quota", usage: [{ inputTokens: 7, outputTokens: 1, totalTokens: 8 }] } as AGUIEvent);

    const runs = thread.runUsage.value;
    expect(runs.map((run) => [run.runId, run.endedBy])).toEqual([
      ["r1", "RUN_FINISHED"],
      ["r2", "RUN_ERROR"],
    ]);
    expect(runs[0]!.entries[1]).toEqual({ provider: "anthropic", model: "claude-y", inputTokens: 10, outputTokens: 5, reasoningTokens: 3 });
    expect(runs[0]!.totals).toEqual({
      inputTokens: 110,
      outputTokens: 25,
      totalTokens: 120,
      reasoningTokens: 3,
      cachedInputTokens: 40,
      cacheWriteInputTokens: 0,
    });
    expect(thread.usage.value).toEqual({
      inputTokens: 117,
      outputTokens: 26,
      totalTokens: 128,
      reasoningTokens: 3,
      cachedInputTokens: 40,
      cacheWriteInputTokens: 0,
    });
    expect(Object.isFrozen(runs[0]!.entries[0])).toBe(true);
  });

  it("a run without usage writes neither signal", () => {
    const thread = createThread();
    const before = { runs: thread.runUsage.value, total: thread.usage.value };
    foldEvent(thread, started("r1"));
    foldEvent(thread, { type: "RUN_FINISHED", threadId: "t", runId: "r1", usage: [] } as AGUIEvent);
    foldEvent(thread, started("r2"));
    foldEvent(thread, { type: "RUN_FINISHED", threadId: "t", runId: "r2" } as AGUIEvent);
    expect(thread.runUsage.value).toBe(before.runs);
    expect(thread.usage.value).toBe(before.total);
  });

  for (const schemas of [false, true]) {
    describe(schemas ? "judged by the @ag-ui/core schemas" : "judged by the table", () => {
      it("a malformed usage entry is dropped with MALFORMED_USAGE_DROPPED; the run still finishes with the rest", () => {
        const { thread, pipeline, warnings } = streamInto(schemas);
        pipeline.push({ type: "RUN_STARTED", threadId: "t", runId: "r1" });
        pipeline.push({ type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" });
        pipeline.push({ type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "kept" });
        pipeline.push({ type: "TEXT_MESSAGE_END", messageId: "m1" });
        pipeline.push({
          type: "RUN_FINISHED",
          threadId: "t",
          runId: "r1",
          result: { answer: 42 },
          usage: [{ inputTokens: 5, outputTokens: 2 }, { inputTokens: -3 }, "lots", { model: 7, outputTokens: 1 }],
        });
        pipeline.end();

        expect(thread.status.value).toBe("succeeded");
        expect(thread.outcome.value).toMatchObject({ type: "success", result: { answer: 42 } });
        expect(thread.message("m1")?.content.value).toBe("kept");
        expect(thread.runUsage.value[0]!.entries).toEqual([{ inputTokens: 5, outputTokens: 2 }]);
        expect(thread.usage.value.inputTokens).toBe(5);
        const dropped = warnings.filter((w) => w.code === "MALFORMED_USAGE_DROPPED");
        expect(dropped.map((w) => w.message.match(/\/usage\/\d/)?.[0])).toEqual(["/usage/1", "/usage/2", "/usage/3"]);
        expect(dropped[0]!.message).toContain("/usage/1/inputTokens must be a non-negative integer, but is the number -3");
        expect(dropped[0]!.event).toMatchObject({ type: "RUN_FINISHED" });
        expect(warnings.filter((w) => w.code !== "MALFORMED_USAGE_DROPPED")).toEqual([]);
      });

      it("usage that is not a list is dropped the same way; RUN_ERROR still fails the run with its message", () => {
        const { thread, pipeline, warnings } = streamInto(schemas);
        pipeline.push({ type: "RUN_STARTED", threadId: "t", runId: "r1" });
        pipeline.push({ type: "RUN_ERROR", message: "model overloaded", code: "OVERLOADED", usage: { inputTokens: 9 } });
        expect(thread.status.value).toBe("failed");
        expect(thread.error.value?.message).toContain("model overloaded");
        expect(thread.runUsage.value).toEqual([]);
        expect(warnings.map((w) => w.code)).toEqual(["MALFORMED_USAGE_DROPPED"]);
        expect(warnings[0]!.message).toContain("must be an array, but is");
      });
    });
  }

  it("an unknown property inside an entry is stripped as anywhere else, the entry kept", () => {
    const { thread, pipeline, warnings } = streamInto(false);
    pipeline.push({ type: "RUN_STARTED", threadId: "t", runId: "r1" });
    pipeline.push({ type: "RUN_FINISHED", threadId: "t", runId: "r1", usage: [{ inputTokens: 1, costUsd: 0.1 }] });
    expect(thread.runUsage.value[0]!.entries).toEqual([{ inputTokens: 1 }]);
    expect(warnings.map((w) => w.code)).toEqual(["UNKNOWN_PROPERTY_STRIPPED"]);
  });
});
