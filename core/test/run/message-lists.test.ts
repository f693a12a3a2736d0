// A list given as messages is judged by one rule wherever it comes from: setMessages / addMessages /
// run({ messages }) refuse it with RunLoopInputError, a MESSAGES_SNAPSHOT with FoldError,
// and both name the same entry.
import { describe, expect, it } from "vitest";
import {
  createThread,
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
});
