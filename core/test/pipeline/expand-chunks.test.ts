import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createChunkExpander } from "../../src/pipeline/expand-chunks.js";
import { createOrderVerifier } from "../../src/pipeline/verify-order.js";
import type { AGUIEvent } from "../../src/index.js";
import * as e from "./events.js";
import { runStage, types } from "./stage-harness.js";

const expand = (events: AGUIEvent[]) => runStage<AGUIEvent>((next, position) => createChunkExpander(next, position), events);

const s1 = { subagentRunId: "s1" };
const s2 = { subagentRunId: "s2" };

describe("chunk expansion", () => {
  it("turns a text chunk stream into START, CONTENT… and a synthesized END before the closing event", () => {
    const run = expand([
      e.runStarted(),
      e.textChunk({ messageId: "m1", delta: "Chunks " }),
      e.textChunk({ delta: "expand." }),
      e.runFinished(),
    ]);
    expect(run.delivered).toEqual([
      e.runStarted(),
      { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "Chunks " },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "expand." },
      { type: "TEXT_MESSAGE_END", messageId: "m1" },
      e.runFinished(),
    ]);
  });

  it("carries an explicit role and name onto the START", () => {
    const run = expand([e.textChunk({ messageId: "m1", role: "user", name: "ada", delta: "hi" })]);
    expect(run.delivered[0]).toEqual({ type: "TEXT_MESSAGE_START", messageId: "m1", role: "user", name: "ada" });
  });

  it("expands tool call chunks into START (with parentMessageId), ARGS and END", () => {
    const run = expand([
      e.toolChunk({ toolCallId: "tc1", toolCallName: "search", parentMessageId: "m1", delta: '{"q":' }),
      e.toolChunk({ delta: '"agui"}' }),
    ]);
    expect(run.delivered).toEqual([
      { type: "TOOL_CALL_START", toolCallId: "tc1", toolCallName: "search", parentMessageId: "m1" },
      { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: '{"q":' },
      { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: '"agui"}' },
      { type: "TOOL_CALL_END", toolCallId: "tc1" },
    ]);
  });

  it("expands reasoning chunks into a reasoning message", () => {
    const run = expand([e.reasoningChunk({ messageId: "r1", delta: "weighing " }), e.reasoningChunk({ delta: "options" })]);
    expect(run.delivered).toEqual([
      { type: "REASONING_MESSAGE_START", messageId: "r1", role: "reasoning" },
      { type: "REASONING_MESSAGE_CONTENT", messageId: "r1", delta: "weighing " },
      { type: "REASONING_MESSAGE_CONTENT", messageId: "r1", delta: "options" },
      { type: "REASONING_MESSAGE_END", messageId: "r1" },
    ]);
  });

  it("emits the pending END when the source ends (the spec prose), and nothing else", () => {
    const run = expand([e.textChunk({ messageId: "m1", delta: "half" })]);
    expect(types(run.delivered)).toEqual(["TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END"]);
  });

  it("closes the previous item when a chunk names a different id, and when the chunk kind changes", () => {
    const run = expand([
      e.textChunk({ messageId: "m1", delta: "a" }),
      e.textChunk({ messageId: "m2", delta: "b" }),
      e.toolChunk({ toolCallId: "tc1", toolCallName: "f" }),
      e.reasoningChunk({ messageId: "r1" }),
    ]);
    expect(types(run.delivered)).toEqual([
      "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END",
      "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END",
      "TOOL_CALL_START", "TOOL_CALL_END",
      "REASONING_MESSAGE_START", "REASONING_MESSAGE_END",
    ]);
  });

  describe("first chunk requirements", () => {
    const cases: Array<[string, AGUIEvent, string, string]> = [
      ["a text chunk without messageId", e.textChunk({ delta: "x" }), "CHUNK_MISSING_ID", "messageId"],
      ["a tool chunk without toolCallId", e.toolChunk({ toolCallName: "f", delta: "{}" }), "CHUNK_MISSING_ID", "toolCallId"],
      ["a tool chunk without toolCallName", e.toolChunk({ toolCallId: "tc1", delta: "{}" }), "CHUNK_MISSING_NAME", "toolCallName"],
      ["a reasoning chunk without messageId", e.reasoningChunk({ delta: "x" }), "CHUNK_MISSING_ID", "messageId"],
    ];
    for (const [what, chunk, code, field] of cases) {
      it(`rejects ${what} (${code})`, () => {
        const run = expand([e.runStarted(), chunk]);
        expect(run.error?.code).toBe(code);
        expect(run.error?.index).toBe(1);
        expect(run.error?.message).toContain(field);
        expect(types(run.delivered)).toEqual(["RUN_STARTED"]);
      });
    }
  });

  describe("continuation chunks", () => {
    it("accept a repeat of an opener field with the same value", () => {
      const run = expand([
        e.textChunk({ messageId: "m1", role: "user", name: "ada", delta: "a" }),
        e.textChunk({ messageId: "m1", role: "user", name: "ada", delta: "b" }),
        e.toolChunk({ toolCallId: "tc1", toolCallName: "f", parentMessageId: "m1" }),
        e.toolChunk({ toolCallId: "tc1", toolCallName: "f", parentMessageId: "m1", delta: "{}" }),
      ]);
      expect(run.error).toBeUndefined();
      expect(types(run.delivered).filter((type) => type.endsWith("_START"))).toEqual(["TEXT_MESSAGE_START", "TOOL_CALL_START"]);
    });

    const conflicts: Array<[string, AGUIEvent[], string]> = [
      ["a different role", [e.textChunk({ messageId: "m1", role: "user" }), e.textChunk({ role: "assistant", delta: "x" })], "role 'assistant'"],
      ["a role contradicting the default assistant", [e.textChunk({ messageId: "m1", delta: "x" }), e.textChunk({ role: "user", delta: "y" })], "role 'user'"],
      ["a different name", [e.textChunk({ messageId: "m1", name: "a" }), e.textChunk({ messageId: "m1", name: "b" })], "name 'b'"],
      ["a different toolCallName", [e.toolChunk({ toolCallId: "tc1", toolCallName: "search" }), e.toolChunk({ toolCallName: "delete" })], "toolCallName 'delete'"],
      ["a different parentMessageId", [e.toolChunk({ toolCallId: "tc1", toolCallName: "f" }), e.toolChunk({ parentMessageId: "m9" })], "no parentMessageId"],
    ];
    for (const [what, events, says] of conflicts) {
      it(`reject ${what} (CHUNK_CONFLICT)`, () => {
        const run = expand(events);
        expect(run.error?.code).toBe("CHUNK_CONFLICT");
        expect(run.error?.index).toBe(1);
        expect(run.error?.message).toContain(says);
      });
    }

    it("carry metadata onto every synthesized event, and rawEvent onto the content", () => {
      const run = expand([
        e.textChunk({ messageId: "m1", delta: "a", metadata: { k: 1 }, rawEvent: { provider: 1 }, timestamp: 5 }),
        e.textChunk({ metadata: { usage: 3 } }), // metadata-only final chunk
        e.textChunk({}), // nothing to carry: nothing emitted
      ]);
      expect(run.delivered).toEqual([
        { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant", metadata: { k: 1 } },
        { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "a", metadata: { k: 1 }, rawEvent: { provider: 1 } },
        { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "", metadata: { usage: 3 } },
        { type: "TEXT_MESSAGE_END", messageId: "m1" },
      ]);
    });
  });

  describe("what closes a chunk stream", () => {
    const closers: AGUIEvent[] = [
      e.textStart("x"), e.textContent("x"), e.textEnd("x"),
      e.toolStart("x"), e.toolArgs("x"), e.toolEnd("x"), e.toolResult("x", "y"),
      e.stateSnapshot({}), e.stateDelta([]), e.custom(),
      e.stepStarted("x"), e.stepFinished("x"),
      e.reasoningStart("x"), e.reasoningMessageStart("x"), e.reasoningContent("x"), e.reasoningMessageEnd("x"), e.reasoningEnd("x"),
      e.runStarted(), e.runFinished(), e.runError(), e.messagesSnapshot([]),
    ];
    for (const closer of closers) {
      it(`${closer.type} closes it first`, () => {
        const run = expand([e.textChunk({ messageId: "m1", delta: "a" }), closer, e.textChunk({ delta: "b" })]);
        expect(types(run.delivered).slice(0, 4)).toEqual(["TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", closer.type]);
        expect(run.delivered[3]).toBe(closer);
        expect(run.error?.code).toBe("CHUNK_MISSING_ID");
      });
    }

    const bystanders: AGUIEvent[] = [
      e.raw(), e.activitySnapshot("a1"), e.activityDelta("a1"), e.encryptedValue("message", "m1"), e.subagentStarted("s9"),
    ];
    for (const bystander of bystanders) {
      it(`${bystander.type} closes nothing`, () => {
        const run = expand([e.textChunk({ messageId: "m1", delta: "a" }), bystander, e.textChunk({ delta: "b" })]);
        expect(run.error).toBeUndefined();
        expect(types(run.delivered)).toEqual([
          "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", bystander.type, "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END",
        ]);
      });
    }

    it("an explicit event closes only its own lane", () => {
      const run = expand([e.textChunk({ messageId: "m1", delta: "a", ...s1 }), e.textStart("m2"), e.textChunk({ delta: "b", ...s1 })]);
      expect(types(run.delivered)).toEqual([
        "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END",
      ]);
    });

    it("a subagent's end closes its lane only, with an END attributed to it", () => {
      const run = expand([
        e.textChunk({ messageId: "m1", delta: "a", ...s1 }),
        e.textChunk({ messageId: "m2", delta: "b", ...s2 }),
        e.subagentFinished("s1"),
        e.textChunk({ delta: "c", ...s2 }),
        e.subagentError("s2"),
      ]);
      expect(run.delivered.slice(2)).toEqual([
        { type: "TEXT_MESSAGE_START", messageId: "m2", role: "assistant", subagentRunId: "s2" },
        { type: "TEXT_MESSAGE_CONTENT", messageId: "m2", delta: "b", subagentRunId: "s2" },
        { type: "TEXT_MESSAGE_END", messageId: "m1", subagentRunId: "s1" },
        e.subagentFinished("s1"),
        { type: "TEXT_MESSAGE_CONTENT", messageId: "m2", delta: "c", subagentRunId: "s2" },
        { type: "TEXT_MESSAGE_END", messageId: "m2", subagentRunId: "s2" },
        e.subagentError("s2"),
      ]);
    });

    it("a run-level event closes every lane, in the order they opened", () => {
      const run = expand([
        e.toolChunk({ toolCallId: "tc1", toolCallName: "f", ...s2 }),
        e.textChunk({ messageId: "m1", delta: "a" }),
        e.reasoningChunk({ messageId: "r1", ...s1 }),
        e.runFinished(),
      ]);
      expect(run.delivered.slice(-4)).toEqual([
        { type: "TOOL_CALL_END", toolCallId: "tc1", subagentRunId: "s2" },
        { type: "TEXT_MESSAGE_END", messageId: "m1" },
        { type: "REASONING_MESSAGE_END", messageId: "r1", subagentRunId: "s1" },
        e.runFinished(),
      ]);
    });
  });

  describe("lanes", () => {
    it("an id-less continuation follows its tag, else the parent's stream, else the only open stream", () => {
      const run = expand([
        e.textChunk({ messageId: "p", delta: "1" }),
        e.textChunk({ messageId: "m1", delta: "2", ...s1 }),
        e.textChunk({ delta: "3" }), // parent has one: parent
        e.textChunk({ delta: "4", ...s1 }), // tagged: s1
        e.custom(), // closes the parent's
        e.textChunk({ delta: "5" }), // the only open one: s1's
      ]);
      const contents = run.delivered.filter((event) => event.type === "TEXT_MESSAGE_CONTENT") as Array<{ messageId: string; delta: string }>;
      expect(contents.map((content) => `${content.messageId}:${content.delta}`)).toEqual(["p:1", "m1:2", "p:3", "m1:4", "m1:5"]);
    });

    it("a chunk naming an id another lane assembles continues that lane, unless its tag disagrees", () => {
      const ok = expand([e.textChunk({ messageId: "m1", delta: "a", ...s1 }), e.textChunk({ messageId: "m1", delta: "b" })]);
      expect(ok.delivered[2]).toEqual({ type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "b", subagentRunId: "s1" });
      const bad = expand([e.textChunk({ messageId: "m1", delta: "a", ...s1 }), e.textChunk({ messageId: "m1", delta: "b", ...s2 })]);
      expect(bad.error?.code).toBe("SUBAGENT_MISMATCH");
    });

    it("rejects an id-less, untagged continuation that several subagents could own (CHUNK_AMBIGUOUS)", () => {
      const run = expand([
        e.textChunk({ messageId: "m1", delta: "a", ...s1 }),
        e.textChunk({ messageId: "m2", delta: "b", ...s2 }),
        e.textChunk({ delta: "c" }),
      ]);
      expect(run.error?.code).toBe("CHUNK_AMBIGUOUS");
      expect(run.error?.index).toBe(2);
    });
  });

  it("passes every other event through as the same object", () => {
    const events = [e.runStarted(), e.textStart("m1"), e.textContent("m1"), e.textEnd("m1"), e.runFinished()];
    const run = expand(events);
    run.delivered.forEach((event, i) => expect(event).toBe(events[i]));
  });

  it("yields a verifiable stream that assembles exactly the chunks' text (property)", () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant("chunk" as const), id: fc.option(fc.constantFrom("a", "b", "c"), { nil: undefined }), delta: fc.string({ maxLength: 3 }) }),
      fc.record({ kind: fc.constantFrom("custom" as const, "raw" as const) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        // The model: which message a chunk lands in, and whether an id-less one is an error.
        const expected = new Map<string, string>();
        let open: string | undefined;
        let failsAt: number | undefined;
        const events: AGUIEvent[] = [e.runStarted()];
        steps.forEach((s, i) => {
          if (s.kind !== "chunk") {
            events.push(s.kind === "custom" ? e.custom() : e.raw());
            if (s.kind === "custom") open = undefined;
          } else {
            events.push(e.textChunk(s.id === undefined ? { delta: s.delta } : { messageId: s.id, delta: s.delta }));
            if (s.id !== undefined) open = s.id;
            if (open === undefined) failsAt ??= i + 1;
            else expected.set(open, (expected.get(open) ?? "") + s.delta);
          }
        });
        events.push(e.runFinished());
        // Expansion straight into verification, the way the pipeline composes them.
        const run = runStage<AGUIEvent>(
          (next, position, onWarning) => createChunkExpander(createOrderVerifier(next, position, onWarning).push, position),
          events,
        );
        if (failsAt !== undefined) {
          expect(run.error?.code).toBe("CHUNK_MISSING_ID");
          expect(run.error?.index).toBe(failsAt);
          return;
        }
        expect(run.error).toBeUndefined();
        const assembled = new Map<string, string>();
        for (const event of run.delivered) {
          if (event.type === "TEXT_MESSAGE_CONTENT") assembled.set(event.messageId, (assembled.get(event.messageId) ?? "") + event.delta);
        }
        for (const [id, text] of expected) expect(assembled.get(id) ?? "").toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});
