import { describe, expect, it } from "vitest";
import { createOrderVerifier } from "../../src/pipeline/verify-order.js";
import { ThreadlineError, type AGUIEvent, type ProtocolErrorCode } from "../../src/index.js";
import * as e from "./events.js";
import { runStage, types } from "./stage-harness.js";

const verify = (events: AGUIEvent[]) => runStage<AGUIEvent>(createOrderVerifier, events);

interface Rule {
  rule: string;
  valid: AGUIEvent[];
  invalid: AGUIEvent[];
  code: ProtocolErrorCode;
  /** Index of the offending event (the stream length for TRUNCATED_RUN). */
  at: number;
  /** Something the message must say. */
  says?: string;
}

const s1 = { subagentRunId: "s1" };
const s2 = { subagentRunId: "s2" };

const rules: Rule[] = [
  // -- lifecycle --
  { rule: "the first event is RUN_STARTED", valid: [e.runStarted(), e.runFinished()], invalid: [e.textStart("m1")], code: "FIRST_EVENT_NOT_RUN_STARTED", at: 0 },
  { rule: "the first event may be RUN_ERROR", valid: [e.runError()], invalid: [e.stateSnapshot({}), e.runError()], code: "FIRST_EVENT_NOT_RUN_STARTED", at: 0 },
  {
    rule: "no RUN_STARTED while a run is running",
    valid: [e.runStarted("r1"), e.runFinished("r1"), e.runStarted("r2"), e.runFinished("r2")],
    invalid: [e.runStarted("r1"), e.runStarted("r2")],
    code: "NESTED_RUN_STARTED",
    at: 1,
    says: "'r1' is still running",
  },
  {
    rule: "after RUN_FINISHED only RUN_STARTED or a late RUN_ERROR",
    valid: [e.runStarted(), e.runFinished(), e.runError("late failure while flushing")],
    invalid: [e.runStarted(), e.runFinished(), e.textStart("m1")],
    code: "EVENT_AFTER_RUN_FINISHED",
    at: 2,
  },
  {
    rule: "after RUN_ERROR only RUN_STARTED",
    valid: [e.runStarted("r1"), e.runError(), e.runStarted("r2"), e.runFinished("r2")],
    invalid: [e.runStarted("r1"), e.runError(), e.runFinished("r1")],
    code: "EVENT_AFTER_RUN_ERROR",
    at: 2,
  },
  {
    rule: "a late RUN_ERROR is the last word but a new run",
    valid: [e.runStarted("r1"), e.runFinished("r1"), e.runError(), e.runStarted("r2"), e.runFinished("r2")],
    invalid: [e.runStarted("r1"), e.runFinished("r1"), e.runError(), e.runError()],
    code: "EVENT_AFTER_RUN_ERROR",
    at: 3,
  },
  {
    rule: "open items do not cross a run boundary",
    valid: [e.runStarted("r1"), e.textStart("m1"), e.runError(), e.runStarted("r2"), e.textStart("m1"), e.textEnd("m1"), e.runFinished("r2")],
    invalid: [e.runStarted("r1"), e.textStart("m1"), e.runError(), e.runStarted("r2"), e.textContent("m1")],
    code: "UNKNOWN_MESSAGE_ID",
    at: 4,
  },
  {
    rule: "RUN_FINISHED closes the run it started",
    valid: [e.runStarted("r1"), e.runFinished("r1")],
    invalid: [e.runStarted("r1"), e.runFinished("r2")],
    code: "RUN_ID_MISMATCH",
    at: 1,
  },
  {
    rule: "RUN_FINISHED names the run's thread",
    valid: [e.runStarted("r1"), e.runFinished("r1")],
    invalid: [e.runStarted("r1"), e.runFinished("r1", { threadId: "t2" })],
    code: "THREAD_ID_MISMATCH",
    at: 1,
  },
  {
    rule: "every run of a stream is on one thread",
    valid: [e.runStarted("r1"), e.runFinished("r1"), e.runStarted("r2"), e.runFinished("r2")],
    invalid: [e.runStarted("r1"), e.runFinished("r1"), e.runStarted("r2", { threadId: "t2" })],
    code: "THREAD_ID_MISMATCH",
    at: 2,
  },
  {
    rule: "interrupt ids are unique",
    valid: [e.runStarted(), e.runFinished("r1", { outcome: { type: "interrupt", interrupts: [{ id: "i1", reason: "a" }, { id: "i2", reason: "b" }] } })],
    invalid: [e.runStarted(), e.runFinished("r1", { outcome: { type: "interrupt", interrupts: [{ id: "i1", reason: "a" }, { id: "i1", reason: "b" }] } })],
    code: "DUPLICATE_INTERRUPT_ID",
    at: 1,
  },
  { rule: "a stream ends with its run closed", valid: [e.runStarted(), e.runFinished()], invalid: [e.runStarted(), e.textStart("m1"), e.textContent("m1")], code: "TRUNCATED_RUN", at: 3, says: "no outcome" },
  { rule: "an empty stream is a truncated run", valid: [e.runError()], invalid: [], code: "TRUNCATED_RUN", at: 0 },

  // -- everything closed at RUN_FINISHED --
  ...(
    [
      ["text messages 'm1'", [e.textStart("m1")]],
      ["tool calls 'tc1'", [e.toolStart("tc1")]],
      ["steps 'plan'", [e.stepStarted("plan")]],
      ["plan (subagent 's1')", [e.stepStarted("plan", s1)]],
      ["reasoning messages 'rm1'", [e.reasoningMessageStart("rm1")]],
      ["reasoning spans 'rs1'", [e.reasoningStart("rs1")]],
      ["subagents 's1'", [e.subagentStarted("s1")]],
    ] as const
  ).map(([says, opened]): Rule => ({
    rule: `RUN_FINISHED with ${says} open`,
    valid: [e.runStarted(), e.runFinished()],
    invalid: [e.runStarted(), ...opened, e.runFinished()],
    code: "OPEN_AT_RUN_FINISHED",
    at: 1 + opened.length,
    says,
  })),

  // -- text messages --
  {
    rule: "no second TEXT_MESSAGE_START for an open id",
    valid: [e.runStarted(), e.textStart("m1"), e.textEnd("m1"), e.textStart("m1"), e.textContent("m1"), e.textEnd("m1"), e.runFinished()],
    invalid: [e.runStarted(), e.textStart("m1"), e.textStart("m1")],
    code: "ALREADY_OPEN",
    at: 2,
  },
  {
    rule: "TEXT_MESSAGE_CONTENT needs an open message",
    valid: [e.runStarted(), e.textStart("m1"), e.textContent("m1"), e.textEnd("m1"), e.runFinished()],
    invalid: [e.runStarted(), e.textContent("m1")],
    code: "UNKNOWN_MESSAGE_ID",
    at: 1,
    says: "open it with TEXT_MESSAGE_START first",
  },
  {
    rule: "TEXT_MESSAGE_END closes once",
    valid: [e.runStarted(), e.textStart("m1"), e.textEnd("m1"), e.runFinished()],
    invalid: [e.runStarted(), e.textStart("m1"), e.textEnd("m1"), e.textEnd("m1")],
    code: "UNKNOWN_MESSAGE_ID",
    at: 3,
  },
  {
    rule: "no content after a message closed",
    valid: [e.runStarted(), e.textStart("m1"), e.textContent("m1"), e.textEnd("m1"), e.runFinished()],
    invalid: [e.runStarted(), e.textStart("m1"), e.textEnd("m1"), e.textContent("m1")],
    code: "UNKNOWN_MESSAGE_ID",
    at: 3,
  },

  // -- tool calls --
  {
    rule: "no second TOOL_CALL_START for an open id",
    valid: [e.runStarted(), e.toolStart("tc1"), e.toolEnd("tc1"), e.runFinished()],
    invalid: [e.runStarted(), e.toolStart("tc1"), e.toolStart("tc1")],
    code: "ALREADY_OPEN",
    at: 2,
  },
  {
    rule: "TOOL_CALL_ARGS needs an open tool call",
    valid: [e.runStarted(), e.toolStart("tc1"), e.textStart("m1"), e.toolArgs("tc1"), e.textEnd("m1"), e.toolEnd("tc1"), e.runFinished()],
    invalid: [e.runStarted(), e.toolArgs("tc1")],
    code: "UNKNOWN_TOOL_CALL_ID",
    at: 1,
  },
  {
    rule: "TOOL_CALL_END closes once",
    valid: [e.runStarted(), e.toolStart("tc1"), e.toolEnd("tc1"), e.toolResult("tm1", "tc1"), e.runFinished()],
    invalid: [e.runStarted(), e.toolStart("tc1"), e.toolEnd("tc1"), e.toolEnd("tc1")],
    code: "UNKNOWN_TOOL_CALL_ID",
    at: 3,
  },

  // -- reasoning --
  {
    rule: "a reasoning message is bracketed",
    valid: [e.runStarted(), e.reasoningMessageStart("rm1"), e.reasoningContent("rm1"), e.reasoningMessageEnd("rm1"), e.runFinished()],
    invalid: [e.runStarted(), e.reasoningContent("rm1")],
    code: "UNKNOWN_REASONING_ID",
    at: 1,
  },
  {
    rule: "no second REASONING_MESSAGE_START for an open id",
    valid: [e.runStarted(), e.reasoningStart("r"), e.reasoningMessageStart("r"), e.reasoningMessageEnd("r"), e.reasoningEnd("r"), e.runFinished()],
    invalid: [e.runStarted(), e.reasoningMessageStart("rm1"), e.reasoningMessageStart("rm1")],
    code: "ALREADY_OPEN",
    at: 2,
  },
  {
    rule: "no second REASONING_START for an open span",
    valid: [e.runStarted(), e.reasoningStart("rs1"), e.reasoningEnd("rs1"), e.reasoningStart("rs1"), e.reasoningEnd("rs1"), e.runFinished()],
    invalid: [e.runStarted(), e.reasoningStart("rs1"), e.reasoningStart("rs1")],
    code: "ALREADY_OPEN",
    at: 2,
  },
  {
    rule: "REASONING_END needs an open span",
    valid: [e.runStarted(), e.reasoningStart("rs1"), e.reasoningEnd("rs1"), e.runFinished()],
    invalid: [e.runStarted(), e.reasoningMessageStart("rs1"), e.reasoningEnd("rs1")],
    code: "UNKNOWN_REASONING_ID",
    at: 2,
  },
  {
    rule: "REASONING_MESSAGE_END closes once",
    valid: [e.runStarted(), e.reasoningMessageStart("rm1"), e.reasoningMessageEnd("rm1"), e.runFinished()],
    invalid: [e.runStarted(), e.reasoningMessageStart("rm1"), e.reasoningMessageEnd("rm1"), e.reasoningMessageEnd("rm1")],
    code: "UNKNOWN_REASONING_ID",
    at: 3,
  },

  // -- steps --
  {
    rule: "a step is not opened twice",
    valid: [e.runStarted(), e.stepStarted("a"), e.stepStarted("b"), e.stepFinished("a"), e.stepFinished("b"), e.runFinished()],
    invalid: [e.runStarted(), e.stepStarted("a"), e.stepStarted("a")],
    code: "STEP_ALREADY_OPEN",
    at: 2,
  },
  {
    rule: "a step is started before it finishes",
    valid: [e.runStarted(), e.stepStarted("a"), e.stepFinished("a"), e.runFinished()],
    invalid: [e.runStarted(), e.stepFinished("a")],
    code: "STEP_NOT_STARTED",
    at: 1,
    says: "that was not started",
  },
  {
    rule: "steps are matched per owner",
    valid: [e.runStarted(), e.stepStarted("tools"), e.stepStarted("tools", s1), e.stepFinished("tools", s1), e.stepFinished("tools"), e.runFinished()],
    invalid: [e.runStarted(), e.stepStarted("tools"), e.stepFinished("tools", s1)],
    code: "STEP_NOT_STARTED",
    at: 2,
    says: "open under the parent agent",
  },

  // -- subagents --
  {
    rule: "a subagent starts once while running",
    valid: [e.runStarted(), e.subagentStarted("s1"), e.subagentStarted("s2", { parentSubagentRunId: "s1" }), e.subagentFinished("s2"), e.subagentFinished("s1"), e.runFinished()],
    invalid: [e.runStarted(), e.subagentStarted("s1"), e.subagentStarted("s1")],
    code: "SUBAGENT_ALREADY_STARTED",
    at: 2,
  },
  {
    rule: "a subagentRunId names one invocation",
    valid: [e.runStarted(), e.subagentStarted("s1"), e.subagentError("s1"), e.subagentStarted("s2"), e.subagentFinished("s2"), e.runFinished()],
    invalid: [e.runStarted(), e.subagentStarted("s1"), e.subagentFinished("s1"), e.subagentStarted("s1")],
    code: "SUBAGENT_ALREADY_STARTED",
    at: 3,
    says: "already finished",
  },
  {
    rule: "SUBAGENT_FINISHED needs a running subagent",
    valid: [e.runStarted(), e.subagentStarted("s1"), e.subagentFinished("s1"), e.runFinished()],
    invalid: [e.runStarted(), e.subagentStarted("s1"), e.subagentFinished("s1"), e.subagentFinished("s1")],
    code: "UNKNOWN_SUBAGENT",
    at: 3,
  },
  {
    rule: "SUBAGENT_ERROR needs a running subagent",
    valid: [e.runStarted(), e.subagentStarted("s1"), e.subagentError("s1"), e.runFinished()],
    invalid: [e.runStarted(), e.subagentError("s1")],
    code: "UNKNOWN_SUBAGENT",
    at: 1,
  },
  {
    rule: "a parent subagent must have started",
    valid: [e.runStarted(), e.subagentStarted("s1"), e.subagentFinished("s1"), e.subagentStarted("s2", { parentSubagentRunId: "s1" }), e.subagentFinished("s2"), e.runFinished()],
    invalid: [e.runStarted(), e.subagentStarted("s2", { parentSubagentRunId: "s1" })],
    code: "UNKNOWN_SUBAGENT",
    at: 1,
  },

  // -- attribution --
  {
    rule: "a continuation agrees with its opener's subagent",
    valid: [e.runStarted(), e.textStart("m1", s1), e.textContent("m1", "a", s1), e.textContent("m1", "b"), e.textEnd("m1", s1), e.runFinished()],
    invalid: [e.runStarted(), e.textStart("m1", s1), e.textContent("m1", "a", s2)],
    code: "SUBAGENT_MISMATCH",
    at: 2,
    says: "subagent 's1'",
  },
  {
    rule: "a parent-owned message is not continued by a subagent",
    valid: [e.runStarted(), e.textStart("m1"), e.textEnd("m1"), e.runFinished()],
    invalid: [e.runStarted(), e.textStart("m1"), e.textEnd("m1", s1)],
    code: "SUBAGENT_MISMATCH",
    at: 2,
    says: "the parent agent",
  },
  {
    rule: "a reopened message keeps its owner",
    valid: [e.runStarted(), e.textStart("m1", s1), e.textEnd("m1"), e.textStart("m1", s1), e.textEnd("m1"), e.runFinished()],
    invalid: [e.runStarted(), e.textStart("m1", s1), e.textEnd("m1"), e.textStart("m1", s2)],
    code: "SUBAGENT_MISMATCH",
    at: 3,
  },
  {
    rule: "a tool call belongs to the message that carries it",
    valid: [e.runStarted(), e.textStart("m1", s1), e.textEnd("m1"), e.toolStart("tc1", { parentMessageId: "m1" }), e.toolArgs("tc1", "{}", s1), e.toolEnd("tc1"), e.runFinished()],
    invalid: [e.runStarted(), e.textStart("m1", s1), e.textEnd("m1"), e.toolStart("tc1", { parentMessageId: "m1", ...s2 })],
    code: "SUBAGENT_MISMATCH",
    at: 3,
  },
  {
    rule: "an untagged tool call inherits its parent message's owner",
    valid: [e.runStarted(), e.textStart("m1", s1), e.textEnd("m1"), e.toolStart("tc1", { parentMessageId: "m1" }), e.toolEnd("tc1"), e.runFinished()],
    invalid: [e.runStarted(), e.textStart("m1", s1), e.textEnd("m1"), e.toolStart("tc1", { parentMessageId: "m1" }), e.toolArgs("tc1", "{}", s2)],
    code: "SUBAGENT_MISMATCH",
    at: 4,
  },
  {
    rule: "an encrypted value agrees with its tool call's owner, even after it closed",
    valid: [e.runStarted(), e.toolStart("tc1", s1), e.toolEnd("tc1"), e.encryptedValue("tool-call", "tc1", s1), e.encryptedValue("tool-call", "unknown"), e.runFinished()],
    invalid: [e.runStarted(), e.toolStart("tc1", s1), e.toolEnd("tc1"), e.encryptedValue("tool-call", "tc1", s2)],
    code: "SUBAGENT_MISMATCH",
    at: 3,
  },
  {
    rule: "an encrypted message value agrees with a tool result's owner",
    valid: [e.runStarted(), e.toolResult("tm1", "tc1", s1), e.encryptedValue("message", "tm1", s1), e.runFinished()],
    invalid: [e.runStarted(), e.toolResult("tm1", "tc1", s1), e.encryptedValue("message", "tm1", s2)],
    code: "SUBAGENT_MISMATCH",
    at: 2,
  },
  {
    rule: "an activity delta agrees with the snapshot that owns the activity",
    valid: [e.runStarted(), e.activitySnapshot("a1", s1), e.activityDelta("a1", s1), e.activityDelta("never-created", s2), e.runFinished()],
    invalid: [e.runStarted(), e.activitySnapshot("a1", s1), e.activitySnapshot("a1", { ...s2, replace: false }), e.activityDelta("a1", s2)],
    code: "SUBAGENT_MISMATCH",
    at: 3,
  },
  {
    rule: "MESSAGES_SNAPSHOT restates who owns a message",
    valid: [e.runStarted(), e.textStart("m1", s1), e.textEnd("m1"), e.messagesSnapshot([{ id: "m1", role: "assistant", content: "x", subagentRunId: "s2" }]), e.textStart("m1", s2), e.textEnd("m1"), e.runFinished()],
    invalid: [e.runStarted(), e.messagesSnapshot([{ id: "m1", role: "assistant", content: "x", toolCalls: [{ id: "tc1", type: "function", function: { name: "f", arguments: "{}" } }] }]), e.toolStart("tc1", s1)],
    code: "SUBAGENT_MISMATCH",
    at: 2,
  },
  {
    rule: "RUN_STARTED.input seeds owners of replayed history",
    valid: [e.runStarted("r1", { input: { threadId: "t1", runId: "r1", messages: [{ id: "m1", role: "assistant", content: "x", subagentRunId: "s1" }] } }), e.textStart("m1", s1), e.textEnd("m1"), e.runFinished()],
    invalid: [e.runStarted("r1", { input: { threadId: "t1", runId: "r1", messages: [{ id: "m1", role: "assistant", content: "x", subagentRunId: "s1" }] } }), e.textStart("m1", s2)],
    code: "SUBAGENT_MISMATCH",
    at: 1,
  },
];

describe("order verification", () => {
  for (const { rule, valid, invalid, code, at, says } of rules) {
    describe(rule, () => {
      it("accepts the valid sequence and delivers every event", () => {
        const run = verify(valid);
        expect(run.error?.message).toBeUndefined();
        expect(run.delivered).toEqual(valid);
      });
      it(`rejects the invalid one with ${code} at #${at}, keeping what came before`, () => {
        const run = verify(invalid);
        expect(run.error?.code).toBe(code);
        expect(run.error?.index).toBe(at);
        expect(run.error?.event).toBe(invalid[at]);
        expect(run.error?.message).toContain(
          code === "TRUNCATED_RUN" ? `[TRUNCATED_RUN at the end of the stream, after ${at} events]` : `[${code} at event #${at}]`,
        );
        if (says !== undefined) expect(run.error?.message).toContain(says);
        expect(run.delivered).toEqual(invalid.slice(0, at));
      });
    });
  }

  it("lets standalone events appear anywhere inside a run", () => {
    const events = [
      e.runStarted(),
      e.textStart("m1"),
      e.stateSnapshot({ a: 1 }),
      e.stateDelta([{ op: "add", path: "/b", value: 2 }]),
      e.custom(),
      e.raw(),
      e.activitySnapshot("a1"),
      e.activityDelta("a1"),
      e.toolResult("tm1", "never-started"),
      e.encryptedValue("message", "m1"),
      e.textEnd("m1"),
      e.runFinished(),
    ];
    expect(verify(events).error).toBeUndefined();
  });

  it("judges the producer's protocol version and warns when it is newer or unreadable", () => {
    const warningsFor = (protocolVersion: string) =>
      verify([e.runStarted("r1", { protocolVersion }), e.runFinished()]).warnings.map((warning) => warning.code);
    expect(warningsFor("1.1")).toEqual([]);
    expect(warningsFor("1.0")).toEqual([]);
    expect(warningsFor("1.2")).toEqual(["PROTOCOL_VERSION_NEWER"]);
    expect(warningsFor("1.10")).toEqual(["PROTOCOL_VERSION_NEWER"]);
    expect(warningsFor("2.0")).toEqual(["PROTOCOL_VERSION_NEWER"]);
    expect(warningsFor("draft")).toEqual(["PROTOCOL_VERSION_UNINTERPRETABLE"]);
    expect(warningsFor("1")).toEqual(["PROTOCOL_VERSION_UNINTERPRETABLE"]);
    const [warning] = verify([e.runStarted("r1", { protocolVersion: "1.2" }), e.runFinished()]).warnings;
    expect(warning?.index).toBe(0);
    expect(warning?.message).toContain("1.1");
  });

  it("refuses chunks: they must be expanded before verification", () => {
    expect(() => verify([e.runStarted(), e.textChunk({ messageId: "m1", delta: "x" })])).toThrow(ThreadlineError);
  });

  it("names the run and the missing terminal event in a truncation", () => {
    const run = verify([e.runStarted("run-7"), e.textStart("m1")]);
    expect(run.error?.code).toBe("TRUNCATED_RUN");
    expect(run.error?.event).toBeUndefined();
    expect(run.error?.message).toContain("'run-7'");
    expect(types(run.delivered)).toEqual(["RUN_STARTED", "TEXT_MESSAGE_START"]);
  });
});
