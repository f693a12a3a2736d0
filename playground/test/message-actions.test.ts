// The answers of a thread (shared/message-actions.ts): each answer gets one row of actions after
// its last drawn message, whatever its first message is (reasoning, a tool call, an activity);
// Copy takes the text of all its assistant messages.
import { createThread, type Message } from "@threadline/core";
import { describe, expect, it } from "vitest";
import { answersByEnd, answerText } from "../shared/message-actions.js";

const user = (id: string, content: string): Message => ({ id, role: "user", content });
const assistant = (id: string, content: string | undefined, toolCalls?: string[]): Message => ({
  id,
  role: "assistant",
  ...(content === undefined ? {} : { content }),
  ...(toolCalls === undefined ? {} : { toolCalls: toolCalls.map((callId) => ({ id: callId, type: "function" as const, function: { name: "delete_file", arguments: "{}" } })) }),
});
const tool = (id: string, toolCallId: string): Message => ({ id, role: "tool", toolCallId, content: "done" });
const reasoning = (id: string, content: string): Message => ({ id, role: "reasoning", content });

function rows(messages: Message[]) {
  const thread = createThread({ messages });
  const answers = answersByEnd(thread.messages.value);
  return [...answers.entries()].map(([end, answer]) => ({ end, ids: answer.messages.map((m) => m.id), replies: answer.replies, last: answer.last, text: answerText(answer) }));
}

describe("answersByEnd", () => {
  it("one answer per user message, ending at its last drawn message (tool messages are drawn in their call's card)", () => {
    expect(
      rows([
        user("u1", "Delete my notes"),
        assistant("a1", "I need your go-ahead.", ["c1"]),
        tool("t1", "c1"),
        assistant("a2", "Done: deleted."),
        user("u2", "Why so long?"),
        reasoning("r3", "thinking"),
        assistant("a3", "Because."),
      ]),
    ).toEqual([
      { end: "a2", ids: ["a1", "a2"], replies: true, last: false, text: "I need your go-ahead.\n\nDone: deleted." },
      { end: "a3", ids: ["r3", "a3"], replies: true, last: true, text: "Because." },
    ]);
  });

  it("an answer before any user message cannot be regenerated; a thread ending on a question has no last answer", () => {
    expect(rows([assistant("a0", "Hello!"), user("u1", "Hi")])).toEqual([{ end: "a0", ids: ["a0"], replies: false, last: false, text: "Hello!" }]);
  });

  it("an answer of a tool call and no text has nothing to copy", () => {
    expect(rows([user("u1", "Go"), assistant("a1", undefined, ["c1"]), tool("t1", "c1")])).toEqual([{ end: "a1", ids: ["a1"], replies: true, last: true, text: "" }]);
  });
});
