import { expect, it } from "vitest";
import { foldEvents } from "../../src/index.js";
import { referenceFold } from "./reference.js";

const stream = [
  { type: "RUN_STARTED", threadId: "t", runId: "r1" },
  { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
  { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "Hello " },
  { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "world", metadata: { a: 1 } },
  { type: "TEXT_MESSAGE_END", messageId: "m1" },
  { type: "TOOL_CALL_START", toolCallId: "tc1", toolCallName: "get_weather", parentMessageId: "m1" },
  { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: '{"city":' },
  { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: '"Paris"}' },
  { type: "TOOL_CALL_END", toolCallId: "tc1" },
  { type: "TEXT_MESSAGE_START", messageId: "m2", role: "assistant" },
  { type: "TEXT_MESSAGE_CONTENT", messageId: "m2", delta: "after" },
  { type: "TEXT_MESSAGE_END", messageId: "m2" },
  { type: "TOOL_CALL_RESULT", messageId: "tr1", toolCallId: "tc1", content: "sunny" },
  { type: "STATE_DELTA", delta: [{ op: "replace", path: "/count", value: 1 }, { op: "add", path: "/city", value: "Paris" }] },
  { type: "ACTIVITY_SNAPSHOT", messageId: "act1", activityType: "plan", content: { steps: ["a"] } },
  { type: "ACTIVITY_DELTA", messageId: "act1", activityType: "plan", patch: [{ op: "add", path: "/steps/-", value: "b" }] },
  { type: "REASONING_MESSAGE_START", messageId: "rz1", role: "reasoning" },
  { type: "REASONING_MESSAGE_CONTENT", messageId: "rz1", delta: "hmm" },
  { type: "REASONING_MESSAGE_END", messageId: "rz1" },
  { type: "TOOL_CALL_START", toolCallId: "tc2", toolCallName: "x" },
  { type: "TOOL_CALL_END", toolCallId: "tc2" },
  { type: "RUN_FINISHED", threadId: "t", runId: "r1" },
  { type: "RUN_STARTED", threadId: "t", runId: "r2" },
  { type: "MESSAGES_SNAPSHOT", messages: [{ id: "u0", role: "user", content: "hi" }, { id: "m1", role: "assistant", content: "Hello there" }, { id: "m3", role: "assistant", content: "new" }] },
  { type: "RUN_FINISHED", threadId: "t", runId: "r2", outcome: { type: "interrupt", interrupts: [{ id: "i1", reason: "approval" }] } },
];

it("a hand-written stream (text, tool call, result after trailing text, patches, activity, reasoning, snapshot, interrupt) matches the reference", async () => {
  const init = { messages: [{ id: "u0", role: "user" as const, content: "hi" }], state: { count: 0 } };
  const ref = await referenceFold(stream, init);
  const ours = foldEvents(stream, init, { onWarning: () => {} });
  expect(ref.rejected).toBeUndefined();
  expect(ours.error).toBeUndefined();
  expect(ours.messages).toEqual(ref.messages);
  expect(ours.state).toEqual(ref.state);
  expect(ours.pendingInterrupts).toEqual(ref.pendingInterrupts);
  const half = stream.slice(0, 22);
  const ref2 = await referenceFold(half, init);
  const ours2 = foldEvents(half, init, { onWarning: () => {} });
  expect(ours2.messages).toEqual(ref2.messages);
  expect(ours2.state).toEqual(ref2.state);
});
