import { describe, expect, it } from "vitest";
import {
  createThread,
  partialArgsParser,
  type AGUIEvent,
  type AssistantMessageNode,
  type Thread,
} from "../../src/index.js";
import { foldEvent } from "../../src/fold/index.js";
import { ToolArgsError, ToolResultError } from "../../src/model/index.js";

const fold = (thread: Thread, ...events: object[]) => {
  for (const event of events) foldEvent(thread, event as AGUIEvent);
};
const start = { type: "RUN_STARTED", threadId: "t", runId: "r" };

function assistant(thread: Thread, id: string): AssistantMessageNode {
  const node = thread.message(id);
  if (node?.role !== "assistant") throw new Error(`${id} is not an assistant message`);
  return node;
}

describe("tool call nodes", () => {
  it("streams arguments: partialArgs per delta from the incremental parser, per-field status, strict args at END", () => {
    const thread = createThread({ partialArgs: partialArgsParser() });
    fold(thread, start, { type: "TOOL_CALL_START", toolCallId: "tc", toolCallName: "weather" });
    const call = thread.toolCall("tc")!;
    expect(call.status.value).toBe("streaming");
    expect(call.messageId).toBe("tc"); // no parent: an assistant message keyed by the call id
    const steps: [string, unknown, Record<string, string>][] = [
      ['{"city": "Par', { city: "Par" }, { city: "streaming" }],
      // A key is streaming from its closing quote on.
      ['is", "days"', { city: "Paris" }, { city: "complete", days: "streaming" }],
      [": 3", { city: "Paris", days: 3 }, { city: "complete", days: "streaming" }],
      [', "units": ["c"', { city: "Paris", days: 3, units: ["c"] }, { city: "complete", days: "complete", units: "streaming" }],
      ["]}", { city: "Paris", days: 3, units: ["c"] }, { city: "complete", days: "complete", units: "complete" }],
    ];
    for (const [delta, partial, fields] of steps) {
      fold(thread, { type: "TOOL_CALL_ARGS", toolCallId: "tc", delta });
      expect(call.partialArgs.value).toEqual(partial);
      expect(call.argumentStatus.value).toEqual(fields);
      expect(call.args.value).toBeUndefined();
    }
    const cityBefore = (call.partialArgs.value as { units: unknown }).units;
    fold(thread, { type: "TOOL_CALL_END", toolCallId: "tc" });
    expect(call.status.value).toBe("complete");
    expect(call.args.value).toEqual({ city: "Paris", days: 3, units: ["c"] });
    expect(Object.isFrozen(call.args.value)).toBe(true);
    expect(cityBefore).toEqual(["c"]);
    expect(call.argsText.value).toBe('{"city": "Paris", "days": 3, "units": ["c"]}');
  });

  it("no arguments at all is {} (not an error)", () => {
    const thread = createThread();
    fold(thread, start, { type: "TOOL_CALL_START", toolCallId: "tc", toolCallName: "now" }, { type: "TOOL_CALL_END", toolCallId: "tc" });
    expect(thread.toolCall("tc")!.args.value).toEqual({});
    expect(thread.toolCall("tc")!.status.value).toBe("complete");
  });

  it("a result links the tool message and the call becomes done; an error in the message makes it error", () => {
    const thread = createThread({
      messages: [
        { id: "a", role: "assistant", toolCalls: [{ id: "t1", type: "function", function: { name: "f", arguments: "{}" } }, { id: "t2", type: "function", function: { name: "g", arguments: "{}" } }] },
        { id: "r2", role: "tool", toolCallId: "t2", content: "", error: "timeout" },
      ],
    });
    const t1 = thread.toolCall("t1")!;
    const t2 = thread.toolCall("t2")!;
    expect(t1.status.value).toBe("complete");
    expect(t2.status.value).toBe("failed");
    expect(t2.error.value).toBeInstanceOf(ToolResultError);
    expect(t2.result.value?.id).toBe("r2");
    fold(thread, start, { type: "TOOL_CALL_RESULT", messageId: "r1", toolCallId: "t1", content: "sunny" });
    expect(t1.status.value).toBe("succeeded");
    expect(t1.result.value).toBe(thread.message("r1"));
    expect(t1.result.value!.content.value).toBe("sunny");
    // The result sits right after its owner, after the owner's earlier results.
    expect(thread.messages.value.map((m) => m.id)).toEqual(["a", "r2", "r1"]);
  });

  it("results go after the owner and its earlier results, not at the end", () => {
    const thread = createThread();
    fold(
      thread,
      start,
      { type: "TOOL_CALL_START", toolCallId: "c1", toolCallName: "f", parentMessageId: "a1" },
      { type: "TOOL_CALL_END", toolCallId: "c1" },
      { type: "TOOL_CALL_START", toolCallId: "c2", toolCallName: "f", parentMessageId: "a1" },
      { type: "TOOL_CALL_END", toolCallId: "c2" },
      { type: "TEXT_MESSAGE_START", messageId: "a2" },
      { type: "TEXT_MESSAGE_END", messageId: "a2" },
      { type: "TOOL_CALL_RESULT", messageId: "r1", toolCallId: "c1", content: "1" },
      { type: "TOOL_CALL_RESULT", messageId: "r2", toolCallId: "c2", content: "2" },
    );
    expect(thread.messages.value.map((m) => m.id)).toEqual(["a1", "r1", "r2", "a2"]);
  });

  it("parts keep arrival order: a tool call before text, or text before a tool call", () => {
    const thread = createThread();
    fold(
      thread,
      start,
      { type: "TOOL_CALL_START", toolCallId: "c1", toolCallName: "f", parentMessageId: "a" },
      { type: "TOOL_CALL_END", toolCallId: "c1" },
      { type: "TEXT_MESSAGE_START", messageId: "a" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "a", delta: "after the call" },
      { type: "TEXT_MESSAGE_END", messageId: "a" },
      { type: "TEXT_MESSAGE_START", messageId: "b" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "b", delta: "before the call" },
      { type: "TOOL_CALL_START", toolCallId: "c2", toolCallName: "g", parentMessageId: "b" },
    );
    const a = assistant(thread, "a");
    expect(a.parts.value.map((p) => p.type)).toEqual(["tool-call", "text"]);
    const b = assistant(thread, "b");
    expect(b.parts.value.map((p) => p.type)).toEqual(["text", "tool-call"]);
    const [text, call] = b.parts.value;
    expect(text?.type === "text" && text.content).toBe(b.content);
    expect(call?.type === "tool-call" && call.toolCall).toBe(thread.toolCall("c2"));
    expect(b.toolCalls.value).toEqual([thread.toolCall("c2")]);
    expect(thread.toMessages()[1]).toEqual({
      id: "b",
      role: "assistant",
      content: "before the call",
      toolCalls: [{ id: "c2", type: "function", function: { name: "g", arguments: "" } }],
    });
  });

  it("a run that errors mid-call leaves the call as INCOMPLETE_TOOL_ARGS and stops streaming messages", () => {
    const thread = createThread();
    fold(
      thread,
      start,
      { type: "TEXT_MESSAGE_START", messageId: "m" },
      { type: "TOOL_CALL_START", toolCallId: "c", toolCallName: "f", parentMessageId: "m" },
      { type: "TOOL_CALL_ARGS", toolCallId: "c", delta: '{"a":' },
    );
    expect(assistant(thread, "m").streaming.value).toBe(true);
    fold(thread, { type: "RUN_ERROR", message: "provider down" });
    const call = thread.toolCall("c")!;
    expect(call.status.value).toBe("failed");
    expect(call.error.value).toBeInstanceOf(ToolArgsError);
    expect(call.error.value!.code).toBe("INCOMPLETE_TOOL_ARGS");
    expect(call.argsText.value).toBe('{"a":');
    expect(assistant(thread, "m").streaming.value).toBe(false);
  });

  it("a repeated TOOL_CALL_START renames (with a warning) and keeps the streamed arguments", () => {
    const codes: string[] = [];
    const thread = createThread({ onWarning: (w) => codes.push(w.code) });
    fold(
      thread,
      start,
      { type: "TOOL_CALL_START", toolCallId: "c", toolCallName: "f" },
      { type: "TOOL_CALL_ARGS", toolCallId: "c", delta: '{"a":1' },
      { type: "TOOL_CALL_END", toolCallId: "c" },
      { type: "TOOL_CALL_START", toolCallId: "c", toolCallName: "g" },
      { type: "TOOL_CALL_ARGS", toolCallId: "c", delta: "}" },
      { type: "TOOL_CALL_END", toolCallId: "c" },
    );
    const call = thread.toolCall("c")!;
    expect(codes).toEqual(["TOOL_CALL_RENAMED"]);
    expect(call.name.value).toBe("g");
    expect(call.args.value).toEqual({ a: 1 });
    expect(call.status.value).toBe("complete");
    expect(thread.messages.value).toHaveLength(1);
  });

  it("REASONING_ENCRYPTED_VALUE lands on the call or message it names", () => {
    const thread = createThread();
    fold(
      thread,
      start,
      { type: "TOOL_CALL_START", toolCallId: "c", toolCallName: "f" },
      { type: "REASONING_ENCRYPTED_VALUE", subtype: "tool-call", entityId: "c", encryptedValue: "sealed-call" },
      { type: "REASONING_ENCRYPTED_VALUE", subtype: "message", entityId: "c", encryptedValue: "sealed-message" },
    );
    expect(thread.toolCall("c")!.encryptedValue.value).toBe("sealed-call");
    expect(assistant(thread, "c").encryptedValue.value).toBe("sealed-message");
  });
});
