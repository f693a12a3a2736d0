import { describe, expect, it } from "vitest";
import { ThreadlineError, type AGUIEvent, type ThreadlineWarning } from "../../src/index.js";
import { createPipeline, PipelineError, ProtocolError, type PipelineOptions } from "../../src/pipeline/index.js";
import { legacyProtocol } from "../../src/run/index.js";
import * as e from "./events.js";
import { types } from "./stage-harness.js";

function pipe(options: PipelineOptions = {}) {
  const delivered: AGUIEvent[] = [];
  const warnings: ThreadlineWarning[] = [];
  const pipeline = createPipeline((event) => delivered.push(event), { onWarning: (w) => warnings.push(w), ...options });
  return { pipeline, delivered, warnings };
}

function thrown(action: () => void): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("createPipeline", () => {
  it("runs a whole stream: raw JSON in, verified events out, synchronously", () => {
    const { pipeline, delivered } = pipe();
    pipeline.push(JSON.parse('{"type":"RUN_STARTED","threadId":"t1","runId":"r1"}'));
    expect(delivered).toHaveLength(1); // delivered before push returns
    pipeline.push({ type: "TEXT_MESSAGE_CHUNK", messageId: "m1", delta: "Hi" });
    pipeline.push({ type: "RUN_FINISHED", threadId: "t1", runId: "r1" });
    pipeline.end();
    expect(types(delivered)).toEqual(["RUN_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "RUN_FINISHED"]);
  });

  it("reports a truncated run at end(), after emitting the pending chunk END", () => {
    const { pipeline, delivered } = pipe();
    pipeline.push(e.runStarted("r1"));
    pipeline.push(e.textChunk({ messageId: "m1", delta: "half" }));
    const error = thrown(() => pipeline.end());
    expect(error).toBeInstanceOf(ProtocolError);
    expect(error).toMatchObject({ code: "TRUNCATED_RUN", index: 2, event: undefined });
    expect(types(delivered)).toEqual(["RUN_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END"]);
  });

  it("reports an empty stream as a truncated run, and a stream of one RUN_ERROR as complete", () => {
    expect(thrown(() => pipe().pipeline.end())).toMatchObject({ code: "TRUNCATED_RUN", index: 0 });
    const { pipeline, delivered } = pipe();
    pipeline.push(e.runError("unreachable"));
    pipeline.end();
    expect(types(delivered)).toEqual(["RUN_ERROR"]);
  });

  it("keeps what was delivered before a violation and rethrows that violation on every later push", () => {
    const { pipeline, delivered } = pipe();
    pipeline.push(e.runStarted());
    const first = thrown(() => pipeline.push({ type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "x" }));
    expect(first).toMatchObject({ code: "UNKNOWN_MESSAGE_ID", index: 1 });
    expect(thrown(() => pipeline.push(e.runFinished()))).toBe(first);
    expect(() => pipeline.end()).not.toThrow(); // already reported
    expect(types(delivered)).toEqual(["RUN_STARTED"]);
  });

  it("counts dropped events in the stream index", () => {
    const { pipeline, warnings } = pipe();
    pipeline.push(e.runStarted());
    pipeline.push({ type: "FUTURE_EVENT" });
    const error = thrown(() => pipeline.push({ type: "TEXT_MESSAGE_END", messageId: "m1" }));
    expect(warnings[0]).toMatchObject({ code: "UNKNOWN_EVENT_DROPPED", index: 1 });
    expect(error).toMatchObject({ index: 2 });
  });

  it("lets an error thrown by the sink through untouched, without poisoning the pipeline", () => {
    let fail = true;
    const pipeline = createPipeline(() => {
      if (fail) throw new TypeError("render failed");
    });
    expect(() => pipeline.push(e.runStarted())).toThrow(TypeError);
    fail = false;
    expect(() => pipeline.push(e.runFinished())).not.toThrow();
  });

  it("refuses push() after end()", () => {
    const { pipeline } = pipe();
    pipeline.push(e.runError());
    pipeline.end();
    const error = thrown(() => pipeline.push(e.runStarted()));
    expect(error).toBeInstanceOf(ThreadlineError);
    expect(error).toMatchObject({ code: "PIPELINE_ENDED" });
  });

  it("sends warnings to console.warn by default", () => {
    const seen: unknown[][] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => void seen.push(args);
    try {
      const pipeline = createPipeline(() => {});
      pipeline.push(e.runStarted());
      pipeline.push({ type: "FUTURE_EVENT" });
    } finally {
      console.warn = original;
    }
    expect(String(seen[0]?.[0])).toContain("UNKNOWN_EVENT_DROPPED");
  });

  it("stitches the stages in order: validation strips before chunks expand, translation before verification", () => {
    const { pipeline, delivered, warnings } = pipe({ legacy: legacyProtocol() });
    pipeline.push(e.runStarted());
    pipeline.push({ type: "TEXT_MESSAGE_CHUNK", messageId: "m1", delta: "a", futureProp: true });
    pipeline.push({ type: "THINKING_START" });
    pipeline.push({ type: "THINKING_END" });
    pipeline.push(e.runFinished());
    pipeline.end();
    expect(delivered[2]).toEqual({ type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "a" });
    expect(types(delivered).slice(3)).toEqual(["TEXT_MESSAGE_END", "REASONING_START", "REASONING_END", "RUN_FINISHED"]);
    expect(warnings.map((w) => w.code)).toEqual(["UNKNOWN_PROPERTY_STRIPPED", "LEGACY_THINKING_TRANSLATED"]);
  });

  it("without the legacy plug-in, retired THINKING_* events are unknown: dropped with a warning that names the plug-in", () => {
    const { pipeline, delivered, warnings } = pipe();
    pipeline.push(e.runStarted());
    pipeline.push({ type: "THINKING_START" });
    pipeline.push({ type: "THINKING_END" });
    pipeline.push(e.runFinished());
    pipeline.end();
    expect(types(delivered)).toEqual(["RUN_STARTED", "RUN_FINISHED"]);
    expect(warnings.map((w) => w.code)).toEqual(["UNKNOWN_EVENT_DROPPED", "UNKNOWN_EVENT_DROPPED"]);
    expect(warnings[0]?.message).toContain("legacy: legacyProtocol()");
  });

  it("refuses peerProtocolVersion, which moved into the legacy plug-in", () => {
    const error = thrown(() => createPipeline(() => {}, { peerProtocolVersion: "0.0.57" } as PipelineOptions));
    expect(error).toBeInstanceOf(PipelineError);
    expect(error).toMatchObject({ code: "INVALID_PIPELINE_OPTION" });
  });

  it("refuses a `legacy` that legacyProtocol() did not make, naming it", () => {
    for (const legacy of [true, {}, "0.0.45"]) {
      const error = thrown(() => createPipeline(() => {}, { legacy } as unknown as PipelineOptions));
      expect(error).toBeInstanceOf(PipelineError);
      expect(error).toMatchObject({ code: "INVALID_PIPELINE_OPTION", message: expect.stringContaining("`legacy` must be legacyProtocol()") });
    }
  });

  describe("an agent pinned to an older protocol (legacyProtocol({ peerProtocolVersion }))", () => {
    const subagentStream = [
      e.runStarted("r1", { input: { threadId: "t1", runId: "r1", messages: [{ id: "m0", role: "assistant", content: "x", subagentRunId: "s0" }] } }),
      e.subagentStarted("s1"),
      e.textStart("m1", { subagentRunId: "s1" }),
      e.textEnd("m1", { subagentRunId: "s1" }),
      e.messagesSnapshot([{ id: "m1", role: "assistant", content: "x", subagentRunId: "s1" }]),
      e.subagentFinished("s1"),
      e.runFinished("r1"),
    ];

    it("≤ 0.0.57: drops SUBAGENT_* with a warning and removes attribution", () => {
      const { pipeline, delivered, warnings } = pipe({ legacy: legacyProtocol({ peerProtocolVersion: "0.0.57" }) });
      for (const event of subagentStream) pipeline.push(event);
      pipeline.end();
      expect(types(delivered)).toEqual(["RUN_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_END", "MESSAGES_SNAPSHOT", "RUN_FINISHED"]);
      expect(JSON.stringify(delivered)).not.toContain("subagentRunId");
      expect(warnings.map((w) => w.code)).toEqual(["PEER_ERA_EVENT_DROPPED", "PEER_ERA_EVENT_DROPPED"]);
      expect(subagentStream[2]).toHaveProperty("subagentRunId", "s1"); // copies, never writes
    });

    it("a current or newer pin changes nothing", () => {
      for (const peerProtocolVersion of ["0.0.58", "1.0.0", "not-a-version"]) {
        const { pipeline, delivered, warnings } = pipe({ legacy: legacyProtocol({ peerProtocolVersion }) });
        for (const event of subagentStream) pipeline.push(event);
        pipeline.end();
        expect(delivered).toEqual(subagentStream);
        expect(warnings).toEqual([]);
      }
    });
  });
});
