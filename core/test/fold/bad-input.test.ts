// Bad input at the fold: each gets a typed error or a warning with a stable code, and what was
// already folded is kept.
import { describe, expect, it } from "vitest";
import {
  createThread,
  foldEvents,
  partialArgsParser,
  type AGUIEvent,
  type Thread,
  type ThreadlineWarning,
} from "../../src/index.js";
import { foldEvent, FoldError } from "../../src/fold/index.js";
import { ProtocolError } from "../../src/pipeline/index.js";
import { ToolArgsError } from "../../src/model/index.js";

function setup(): { thread: Thread; warnings: ThreadlineWarning[] } {
  const warnings: ThreadlineWarning[] = [];
  const thread = createThread({ state: { items: [1, 2], nested: { a: 1 } }, onWarning: (w) => warnings.push(w), partialArgs: partialArgsParser() });
  foldEvent(thread, { type: "RUN_STARTED", threadId: "t", runId: "r" } as AGUIEvent);
  foldEvent(thread, { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" } as AGUIEvent);
  foldEvent(thread, { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "kept" } as AGUIEvent);
  return { thread, warnings };
}

function thrown(fn: () => void): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("STATE_DELTA", () => {
  it("a patch against a missing path warns STATE_PATCH_FAILED and keeps the state (same object)", () => {
    const { thread, warnings } = setup();
    const before = thread.state.value;
    foldEvent(thread, { type: "STATE_DELTA", delta: [{ op: "add", path: "/items/-", value: 3 }, { op: "replace", path: "/nope/x", value: 1 }] } as AGUIEvent);
    expect(thread.state.value).toBe(before);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.code).toBe("STATE_PATCH_FAILED");
    expect(warnings[0]!.message).toContain("Failed to apply state patch");
    expect(warnings[0]!.message).toContain("OPERATION_PATH_UNRESOLVABLE");
  });

  it("a failing test op keeps the state", () => {
    const { thread, warnings } = setup();
    const before = thread.state.value;
    foldEvent(thread, { type: "STATE_DELTA", delta: [{ op: "test", path: "/nested/a", value: 2 }, { op: "remove", path: "/items" }] } as AGUIEvent);
    expect(thread.state.value).toBe(before);
    expect(warnings[0]!.message).toContain("TEST_OPERATION_FAILED");
  });

  it("refuses __proto__ / constructor / prototype segments with FORBIDDEN_PATCH_PATH", () => {
    const { thread } = setup();
    const before = thread.state.value;
    for (const path of ["/__proto__/polluted", "/nested/constructor/prototype/polluted", "/a~1b/prototype"]) {
      const error = thrown(() => foldEvent(thread, { type: "STATE_DELTA", delta: [{ op: "add", path, value: true }] } as AGUIEvent));
      expect(error).toBeInstanceOf(FoldError);
      expect((error as FoldError).code).toBe("FORBIDDEN_PATCH_PATH");
      expect((error as Error).message).toContain(path);
    }
    expect(thread.state.value).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("a delta that is not an array is MALFORMED_PAYLOAD, state kept", () => {
    const { thread } = setup();
    const before = thread.state.value;
    const error = thrown(() => foldEvent(thread, { type: "STATE_DELTA", delta: { op: "add" } } as unknown as AGUIEvent));
    expect((error as FoldError).code).toBe("MALFORMED_PAYLOAD");
    expect(thread.state.value).toBe(before);
  });
});

describe("MESSAGES_SNAPSHOT", () => {
  it("a snapshot that is not an array is MALFORMED_PAYLOAD and keeps every message node", () => {
    const { thread } = setup();
    const before = thread.messages.value;
    const error = thrown(() => foldEvent(thread, { type: "MESSAGES_SNAPSHOT", messages: { id: "x" } } as unknown as AGUIEvent));
    expect(error).toBeInstanceOf(FoldError);
    expect((error as FoldError).code).toBe("MALFORMED_PAYLOAD");
    expect((error as Error).message).toContain("must be an array");
    expect(thread.messages.value).toBe(before);
  });

  it("an element without an id or with an unknown role is MALFORMED_PAYLOAD", () => {
    const { thread } = setup();
    const before = thread.messages.value;
    for (const bad of [{ role: "user", content: "x" }, { id: "u", role: "narrator", content: "x" }, null]) {
      const error = thrown(() => foldEvent(thread, { type: "MESSAGES_SNAPSHOT", messages: [{ id: "m1", role: "assistant" }, bad] } as unknown as AGUIEvent));
      expect((error as FoldError).code).toBe("MALFORMED_PAYLOAD");
      expect((error as Error).message).toContain("messages[1]");
    }
    expect(thread.messages.value).toBe(before);
    expect(thread.toMessages()[0]).toMatchObject({ id: "m1", content: "kept" });
  });
});

describe("tool calls", () => {
  it("a result for an unknown tool call warns UNKNOWN_TOOL_CALL and appends the message (as the reference)", () => {
    const { thread, warnings } = setup();
    foldEvent(thread, { type: "TOOL_CALL_RESULT", messageId: "res", toolCallId: "never-started", content: "42" } as AGUIEvent);
    expect(warnings.map((w) => w.code)).toEqual(["UNKNOWN_TOOL_CALL"]);
    expect(warnings[0]!.message).toContain("never-started");
    expect(thread.messages.value.map((m) => m.id)).toEqual(["m1", "res"]);
  });

  it("invalid JSON at TOOL_CALL_END is an INVALID_TOOL_ARGS error on that call, raw text kept", () => {
    const { thread } = setup();
    foldEvent(thread, { type: "TOOL_CALL_START", toolCallId: "tc", toolCallName: "f", parentMessageId: "m1" } as AGUIEvent);
    foldEvent(thread, { type: "TOOL_CALL_ARGS", toolCallId: "tc", delta: '{"a": tru' } as AGUIEvent);
    foldEvent(thread, { type: "TOOL_CALL_ARGS", toolCallId: "tc", delta: "e,}" } as AGUIEvent);
    foldEvent(thread, { type: "TOOL_CALL_END", toolCallId: "tc" } as AGUIEvent);
    const call = thread.toolCall("tc")!;
    expect(call.status.value).toBe("failed");
    expect(call.error.value).toBeInstanceOf(ToolArgsError);
    expect(call.error.value!.code).toBe("INVALID_TOOL_ARGS");
    expect(call.args.value).toBeUndefined();
    expect(call.argsText.value).toBe('{"a": true,}');
    expect(call.partialArgs.value).toEqual({ a: true });
  });

  it("args and delta events for an unknown call warn and change nothing", () => {
    const { thread, warnings } = setup();
    const before = thread.messages.value;
    foldEvent(thread, { type: "TOOL_CALL_ARGS", toolCallId: "ghost", delta: "{}" } as AGUIEvent);
    foldEvent(thread, { type: "TEXT_MESSAGE_CONTENT", messageId: "ghost", delta: "x" } as AGUIEvent);
    expect(warnings.map((w) => w.code)).toEqual(["UNKNOWN_TOOL_CALL", "UNKNOWN_MESSAGE"]);
    expect(thread.messages.value).toBe(before);
  });
});

describe("foldEvents never throws", () => {
  const start = { type: "RUN_STARTED", threadId: "t", runId: "r" };
  const text = [
    { type: "TEXT_MESSAGE_START", messageId: "m1" },
    { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "before" },
  ];

  it("returns what was folded before a protocol violation, plus the ProtocolError", () => {
    const result = foldEvents([start, ...text, { type: "TEXT_MESSAGE_CONTENT", messageId: "orphan", delta: "x" }], {}, { onWarning: () => {} });
    expect(result.error).toBeInstanceOf(ProtocolError);
    expect(result.error!.code).toBe("UNKNOWN_MESSAGE_ID");
    expect(result.messages).toEqual([{ id: "m1", role: "assistant", content: "before" }]);
  });

  it("returns what was folded before a refused patch, plus the FoldError", () => {
    const result = foldEvents(
      [start, { type: "STATE_DELTA", delta: [{ op: "add", path: "/ok", value: 1 }] }, { type: "STATE_DELTA", delta: [{ op: "add", path: "/__proto__/x", value: 1 }] }],
      { state: { a: 0 } },
      { onWarning: () => {} },
    );
    expect(result.error).toBeInstanceOf(FoldError);
    expect(result.error!.code).toBe("FORBIDDEN_PATCH_PATH");
    expect(result.state).toEqual({ a: 0, ok: 1 });
  });

  it("a stream that ends without a terminal event reports TRUNCATED_RUN and keeps the text", () => {
    const result = foldEvents([start, ...text], {}, { onWarning: () => {} });
    expect(result.error?.code).toBe("TRUNCATED_RUN");
    expect(result.messages).toEqual([{ id: "m1", role: "assistant", content: "before" }]);
  });

  it("a history that is not a list of AG-UI messages is named in the result, whether or not an event reaches it", () => {
    const user = { id: "u1", role: "user", content: "hi" };
    const reaching = [start, { type: "MESSAGES_SNAPSHOT", messages: [user] }, { type: "RUN_FINISHED", threadId: "t", runId: "r" }];
    const cases: [unknown, string][] = [
      [[null], "messages[0]"],
      [[user, null], "messages[1]"],
      [[user, 42], "messages[1]"],
      [[{ role: "user", content: "no id" }], "messages[0]"],
      [[user, { id: "b", role: "robot", content: "" }], "messages[1]"],
      ["not a list", "must be an array"],
      [{ length: 1, 0: user }, "must be an array"],
    ];
    for (const [messages, where] of cases) {
      for (const events of [[start, ...text], reaching]) {
        const result = foldEvents(events, { messages: messages as never, state: { kept: true } }, { onWarning: () => {} });
        expect(result.error).toBeInstanceOf(FoldError);
        expect(result.error!.code).toBe("INVALID_HISTORY");
        expect(result.error!.message).toContain(where);
        expect(result.messages).toEqual([]);
        expect(result.state).toEqual({ kept: true });
      }
    }
  });

  it("a refused option is the result's error, with the history kept: no exception", () => {
    const history = [{ id: "u1", role: "user" as const, content: "hi" }];
    const options = [{ validation: "schema" }, { legacy: true }, { peerProtocolVersion: "0.0.39" }];
    for (const option of options) {
      const result = foldEvents([start, ...text], { messages: history, state: { kept: true } }, option as never);
      expect(result.error).toMatchObject({ name: "PipelineError" });
      expect(result.messages).toEqual(history);
      expect(result.state).toEqual({ kept: true });
    }
  });

  it("garbage input is a protocol error, not an exception", () => {
    const result = foldEvents([null, 42, "x"] as unknown[], {}, { onWarning: () => {} });
    expect(result.error).toBeInstanceOf(ProtocolError);
    expect(result.messages).toEqual([]);
    expect(result.state).toEqual({});
  });
});
