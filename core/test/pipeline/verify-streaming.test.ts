import { describe } from "vitest";
import * as e from "./events.js";
import { describeRules, type Rule } from "./verify-rules.js";

const s1 = { subagentRunId: "s1" };
const s2 = { subagentRunId: "s2" };
/** A RUN_STARTED input echoing history that names no subagent. */
const parentInput = {
  threadId: "t1",
  runId: "r1",
  messages: [
    { id: "m1", role: "assistant" as const, content: "x", toolCalls: [{ id: "tc1", type: "function" as const, function: { name: "f", arguments: "{}" } }] },
    { id: "u1", role: "user" as const, content: "y" },
  ],
};

const rules: Rule[] = [
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
  // An input naming no subagent is written into the owner maps only when an event names one
  // (run-ledger.ts, pendingSeed): every rule below holds as when it was written in at RUN_STARTED.
  {
    rule: "RUN_STARTED.input of parent-owned history: a subagent does not take a history message over",
    valid: [e.runStarted("r1", { input: parentInput }), e.textStart("m1"), e.textContent("m1", "a"), e.textEnd("m1"), e.runFinished()],
    invalid: [e.runStarted("r1", { input: parentInput }), e.textStart("m1", s1)],
    code: "SUBAGENT_MISMATCH",
    at: 1,
    says: "the parent agent",
  },
  {
    rule: "RUN_STARTED.input of parent-owned history: reopened untagged, then continued by a subagent",
    valid: [e.runStarted("r1", { input: parentInput }), e.textStart("m2", s1), e.textContent("m2", "a", s1), e.textEnd("m2"), e.runFinished()],
    invalid: [e.runStarted("r1", { input: parentInput }), e.textStart("m1"), e.textContent("m1", "a", s1)],
    code: "SUBAGENT_MISMATCH",
    at: 2,
  },
  {
    rule: "RUN_STARTED.input of parent-owned history: its tool calls stay the parent's",
    valid: [e.runStarted("r1", { input: parentInput }), e.toolStart("tc9", s1), e.toolEnd("tc9"), e.runFinished()],
    invalid: [e.runStarted("r1", { input: parentInput }), e.textStart("m3", s1), e.textEnd("m3"), e.toolStart("tc1", s1)],
    code: "SUBAGENT_MISMATCH",
    at: 3,
  },
];

describe("order verification: messages, tool calls, reasoning, steps, subagents", () => {
  describeRules(rules);
});
