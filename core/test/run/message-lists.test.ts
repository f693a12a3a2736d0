// A list given as messages is judged by one rule wherever it comes from: setMessages / addMessages /
// run({ messages }) refuse it with RunLoopInputError, a MESSAGES_SNAPSHOT with FoldError,
// and both name the same entry.
import { describe, expect, it } from "vitest";
import {
  ChatClient,
  createThread,
  foldEvents,
  fromEvents,
  type AGUIEvent,
  type Message,
} from "../../src/index.js";
import { foldEvent, FoldError } from "../../src/fold/index.js";
import { RunLoop, RunLoopInputError } from "../../src/run/index.js";

function loopError(messages: unknown): unknown {
  const loop = new RunLoop({ source: fromEvents([]), threadId: "t" });
  try {
    loop.setMessages(messages as Message[]);
  } catch (error) {
    return error;
  }
  return undefined;
}

function snapshotError(messages: unknown): unknown {
  try {
    foldEvent(createThread(), { type: "MESSAGES_SNAPSHOT", messages } as AGUIEvent);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("message lists", () => {
  it("an entry without a string id or a known role is named by index, by both", () => {
    const list = [
      { id: "u1", role: "user", content: "hi" },
      { id: "r1", role: "reasoning", content: "…" },
      { id: 7, role: "user", content: "x" },
    ];

    const fromLoop = loopError(list);
    const fromSnapshot = snapshotError(list);

    expect(fromLoop).toBeInstanceOf(RunLoopInputError);
    expect(fromLoop).toMatchObject({ code: "INVALID_MESSAGES" });
    expect((fromLoop as Error).message).toBe(
      "setMessages(): messages[2] is not an AG-UI message (it needs a string `id` and a known `role`).",
    );
    expect(fromSnapshot).toBeInstanceOf(FoldError);
    expect(fromSnapshot).toMatchObject({ code: "MALFORMED_PAYLOAD" });
    expect((fromSnapshot as Error).message).toContain("messages[2] is not an AG-UI message");
    expect(loopError([{ id: "x", role: "narrator" }])).toMatchObject({ code: "INVALID_MESSAGES" });
  });

  it("something that is not an array is named by what it is", () => {
    expect((loopError("hello") as Error).message).toBe('setMessages(): `messages` must be an array of AG-UI messages, got the string "hello".');
    expect((snapshotError({}) as Error).message).toBe(
      "MESSAGES_SNAPSHOT: `messages` must be an array of AG-UI messages, got an object; the messages were kept.",
    );
  });

  // A node reads its fields as the protocol types them: `for (const part of content)`, a call's
  // `function.name`. These entries once failed inside a node with a TypeError.
  it("an entry whose fields break the message shapes is named with the field, wherever the list is given", () => {
    const user = { id: "u1", role: "user", content: "hi" };
    const call = (fn: unknown) => ({ id: "a1", role: "assistant", toolCalls: [{ id: "c1", type: "function", function: fn }] });
    // `indexed`: whether foldEvents can leave the history untouched (it reads only ids and roles,
    // and a call's or tool message's id); if not, the eager fold names the entry either way.
    const cases: [entry: unknown, field: string, indexed: boolean][] = [
      [{ id: "a1", role: "assistant", toolCalls: 5 }, "field /1/toolCalls must be an array, but is the number 5", false],
      [{ id: "a1", role: "assistant", toolCalls: [null] }, "field /1/toolCalls/0", false],
      [{ id: "a1", role: "assistant", toolCalls: [{ id: "c1", type: "function" }] }, "required field /1/toolCalls/0/function is missing", true],
      [call({ name: "n", arguments: 5 }), "field /1/toolCalls/0/function/arguments must be a string, but is the number 5", true],
      [{ id: "u2", role: "user", content: 5 }, "field /1/content must be a string or an array, but is the number 5", true],
      [{ id: "r1", role: "reasoning", content: 5 }, "field /1/content", true],
      [{ id: "t1", role: "tool", content: 5, toolCallId: "c1" }, "field /1/content", true],
      [{ id: "t1", role: "tool", content: "done" }, "required field /1/toolCallId is missing", false],
    ];
    for (const [entry, field, indexed] of cases) {
      const list = [user, entry];
      const named = `messages[1] is not an AG-UI message: ${field}`;
      expect(loopError(list)).toMatchObject({ code: "INVALID_MESSAGES", message: expect.stringContaining(named) });
      expect(snapshotError(list)).toMatchObject({ code: "MALFORMED_PAYLOAD", message: expect.stringContaining(named) });
      expect(() => createThread({ messages: list as never })).toThrow(expect.objectContaining({ code: "INVALID_THREAD_OPTION", message: expect.stringContaining(named) }));
      expect(() => new ChatClient({ agent: fromEvents([]), messages: list as never, presence: false })).toThrow(
        expect.objectContaining({ name: "ChatInputError", code: "INVALID_OPTION", option: "messages", message: expect.stringContaining(named) }),
      );
      // foldEvents makes nodes of the history only when an event reaches it; then it is named in
      // the result. Untouched, the history is handed back as given (its objects are never read).
      const start = { type: "RUN_STARTED", threadId: "t", runId: "r" };
      const end = { type: "RUN_FINISHED", threadId: "t", runId: "r" };
      const reached = foldEvents([start, { type: "TEXT_MESSAGE_START", messageId: "u1", role: "user" }, { type: "TEXT_MESSAGE_END", messageId: "u1" }, end], { messages: list as never }, { onWarning: () => {} });
      expect(reached.error).toMatchObject({ name: "FoldError", code: "INVALID_HISTORY", message: expect.stringContaining(named) });
      const untouched = foldEvents([start, end], { messages: list as never });
      if (indexed) {
        expect(untouched.error).toBeUndefined();
        expect(untouched.messages[1]).toBe(entry);
      } else {
        expect(untouched.error).toMatchObject({ code: "INVALID_HISTORY", message: expect.stringContaining(named) });
      }
    }
  });

  it("material the message shapes do not describe is not a problem: the node keeps it", () => {
    const entry = { id: "a1", role: "assistant", content: "hi", vendorField: { x: 1 } };
    const thread = createThread({ messages: [entry] as never });
    expect(thread.toMessages()).toEqual([entry]);
  });
});

describe("a run's newMessages", () => {
  const user = (id: string, content: string): Message => ({ id, role: "user", content });
  const events = (...middle: object[]): object[] => [
    { type: "RUN_STARTED", threadId: "t", runId: "run-1" },
    ...middle,
    { type: "RUN_FINISHED", threadId: "t", runId: "run-1" },
  ];
  const reply = (id: string, text: string): object[] => [
    { type: "TEXT_MESSAGE_START", messageId: id, role: "assistant" },
    { type: "TEXT_MESSAGE_CONTENT", messageId: id, delta: text },
    { type: "TEXT_MESSAGE_END", messageId: id },
  ];
  const runWith = async (held: Message[], ...middle: object[]) => {
    let n = 0;
    const loop = new RunLoop({ source: fromEvents(events(...middle)), threadId: "t", createId: () => `run-${++n}` });
    loop.setMessages(held);
    const result = await loop.run();
    if (result.status !== "succeeded") throw new Error(`the run ended ${result.status}`);
    return { loop, ids: result.newMessages.map((node) => node.id) };
  };

  it("a run that only appends: the messages after those it started with", async () => {
    const { ids } = await runWith([user("u1", "a"), user("u2", "b")], ...reply("a1", "hi"));
    expect(ids).toEqual(["a1"]);
  });

  it("a snapshot that rewrote the list: the messages whose ids were not held, in thread order", async () => {
    const { loop, ids } = await runWith(
      [user("u1", "a"), user("u2", "b")],
      // u1 leaves, u2 becomes an assistant message (a new node with a held id), x is new.
      { type: "MESSAGES_SNAPSHOT", messages: [{ id: "u2", role: "assistant", content: "b" }, user("x", "c")] },
      ...reply("a1", "hi"),
    );
    expect(loop.thread.toMessages().map((m) => m.id)).toEqual(["u2", "x", "a1"]);
    expect(ids).toEqual(["x", "a1"]);
  });
});
