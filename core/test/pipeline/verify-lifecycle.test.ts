import { describe, expect, it } from "vitest";
import { ThreadlineError } from "../../src/index.js";
import * as e from "./events.js";
import { types } from "./stage-harness.js";
import { describeRules, verify, type Rule } from "./verify-rules.js";

const s1 = { subagentRunId: "s1" };

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
];

describe("order verification: runs", () => {
  describeRules(rules);

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

  it("after a RUN_ERROR that opened the stream, names no run that never started", () => {
    const run = verify([e.runError(), e.textStart("m1")]);
    expect(run.error?.code).toBe("EVENT_AFTER_RUN_ERROR");
    expect(run.error?.message).not.toContain("run ''");
    expect(run.error?.message).toContain("RUN_ERROR ended the stream before any run started");
  });
});

