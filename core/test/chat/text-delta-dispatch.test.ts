// A token costs the fold no listener call when nothing listens to tokens: the chat's own tool-call
// watch (the one listener every chat has) skips TEXT_MESSAGE_CONTENT unless the chat saves its
// thread per event; an app's own `thread.onEvent` still hears every token. And a RUN_STARTED
// that echoes the run's input (as createAgentHandler logs it) adds nothing to the thread.
import { describe, expect, it } from "vitest";
import { chatPersistence, memoryStorage } from "../../src/index.js";
import type { ThreadImpl } from "../../src/model/thread.js";
import type { ChatClient } from "../../src/index.js";
import { chatFor, manualSource, runFinished, runStarted, textMessage, until, warnings, type ManualRun } from "./support.js";

const hub = (chat: { thread: unknown }) => (chat.thread as ThreadImpl).hub;

/** One turn: the question, then `text` streamed as the answer. */
async function answerOnce(chat: ChatClient, runs: ManualRun[], text: string): Promise<void> {
  const done = chat.sendMessage("question");
  await until(() => runs.length > 0 && runs.at(-1)!.input.messages.length === chat.thread.messages.peek().length);
  const run = runs.at(-1)!;
  run.emit(runStarted(run.input), ...textMessage(`a${runs.length}`, text), runFinished(run.input));
  run.end();
  await done;
}

describe("text deltas and the chat's listeners", () => {
  it("without persistence no listener hears a token, and an app listener added later hears every one", async () => {
    const { source, runs } = manualSource();
    const chat = chatFor(source);
    await answerOnce(chat, runs, "hello");
    // The engine (loaded on the first send) listens, deaf to tokens.
    expect(hub(chat).size).toBe(1);
    expect(hub(chat).deafToTextDeltas.size).toBe(1);
    const heard: string[] = [];
    chat.thread.onEvent((event) => {
      if (event.type === "TEXT_MESSAGE_CONTENT") heard.push(event.delta);
    });
    expect(hub(chat).all.size - hub(chat).deafToTextDeltas.size).toBe(1);
    await answerOnce(chat, runs, "there");
    expect(heard.join("")).toBe("there");
    expect(chat.thread.messages.peek().map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
  });

  it("with persistence the watch hears tokens (each is saved)", async () => {
    const { source, runs } = manualSource();
    const chat = chatFor(source, { persistence: chatPersistence({ adapter: memoryStorage() }) });
    await answerOnce(chat, runs, "hello");
    expect(hub(chat).size).toBe(1);
    expect(hub(chat).deafToTextDeltas.size).toBe(0);
  });

  it("a RUN_STARTED echoing the run's input adds nothing, warns nothing, and the answer lands after the question", async () => {
    const { source, runs } = manualSource();
    const prior = Array.from({ length: 50 }, (_, i) => ({ id: `p${i}`, role: i % 2 === 0 ? ("user" as const) : ("assistant" as const), content: `m${i}` }));
    const seen = warnings();
    const chat = chatFor(source, { messages: prior, onWarning: seen.onWarning });
    const done = chat.sendMessage("question");
    await until(() => runs.length === 1);
    const run = runs[0]!;
    const echoed = JSON.parse(JSON.stringify(run.input)) as object;
    run.emit({ ...runStarted(run.input), input: echoed }, ...textMessage("a1", "answer"), runFinished(run.input));
    run.end();
    await done;
    const messages = chat.thread.messages.peek();
    expect(messages.length).toBe(52);
    expect(messages.at(-2)?.role).toBe("user");
    expect(messages.at(-1)?.id).toBe("a1");
    expect(seen.codes).toEqual([]);
  });
});
