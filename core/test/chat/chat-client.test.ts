// The ChatClient's everyday surface: sending, status, errors, regenerate, setMessages, stop,
// dispose, agents of both kinds, and misuse.
import { HttpAgent as AgUiHttpAgent } from "@ag-ui/client";
import { describe, expect, it } from "vitest";
import {
  chatAttachments,
  ChatClient,
  ChatInputError,
  fromEvents,
  type AssistantMessageNode,
  type ChatStatus,
} from "../../src/index.js";
import { RunLoopInputError } from "../../src/run/index.js";
import { answer, chatFor, gate, ids, manualSource, roles, runFinished, runStarted, scriptedServer, sleep, textMessage, until } from "./support.js";

const text = (chat: ChatClient, id: string) => (chat.thread.message(id) as AssistantMessageNode | undefined)?.content.value;

describe("sending messages", () => {
  it("sends the user message, streams the answer, and goes submitted → streaming → idle", async () => {
    const server = await scriptedServer(async (input, send) => send(...answer(input, "m1", "Hello there")));
    const chat = chatFor(server.url, { context: [{ description: "page", value: "home" }], forwardedProps: { locale: "fr" } });
    const statuses: ChatStatus[] = [];
    const off = chat.status.subscribe((s) => statuses.push(s));

    const result = await chat.sendMessage("Hi");
    off();

    expect(result).toEqual({ status: "idle" });
    expect(statuses).toEqual(["idle", "submitted", "streaming", "idle"]);
    expect(roles(chat.thread.toMessages())).toEqual(["user", "assistant"]);
    expect(text(chat, "m1")).toBe("Hello there");
    expect(server.inputs[0]).toMatchObject({
      threadId: "thread-1",
      messages: [{ role: "user", content: "Hi" }],
      tools: [],
      context: [{ description: "page", value: "home" }],
      forwardedProps: { locale: "fr" },
    });
    expect(chat.isRunning.value).toBe(false);
  });

  it("accepts content parts (media ones with the attachments plug-in) and an id of the caller's choosing", async () => {
    const server = await scriptedServer(async (input, send) => send(...answer(input, "m1", "nice picture")));
    const chat = chatFor(server.url, { attachments: chatAttachments() });
    await chat.sendMessage({ id: "mine", content: [{ type: "text", text: "look" }, { type: "image", source: { type: "url", value: "https://x/y.png" } }] });
    expect(server.inputs[0]!.messages[0]).toMatchObject({ id: "mine", role: "user", content: [{ type: "text", text: "look" }, { type: "image" }] });
  });

  it.each([
    ["an empty string", ""],
    ["blank text", "   "],
    ["no content", {}],
    ["empty parts", { content: [] }],
    ["a part without type", { content: [{ text: "x" }] }],
    ["a number", 7],
  ])("refuses %s with ChatInputError INVALID_ARGUMENT, sending nothing", (_label, input) => {
    const { source, runs } = manualSource();
    const chat = chatFor(source);
    expect(() => chat.sendMessage(input as never)).toThrow(ChatInputError);
    expect(() => chat.sendMessage(input as never)).toThrow(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
    expect(runs).toHaveLength(0);
    expect(chat.thread.messages.value).toHaveLength(0);
  });

  it("works with any AG-UI agent object (here @ag-ui/client's HttpAgent), recognised without fromAgent", async () => {
    const server = await scriptedServer(async (input, send) => send(...answer(input, "m1", "via ag-ui")));
    const chat = chatFor(fromEvents([]), { agent: new AgUiHttpAgent({ url: server.url }) });
    expect(await chat.sendMessage("hi")).toEqual({ status: "idle" });
    expect(text(chat, "m1")).toBe("via ag-ui");
  });
});

describe("failures never reject", () => {
  it("an HTTP 500 lands in error and status, resolves { status: 'failed' }, calls onError; the next message works", async () => {
    let fail = true;
    const server = await scriptedServer(async (input, send) => send(...answer(input, "m1", "recovered")));
    const errors: string[] = [];
    const chat = chatFor(server.url, { onError: (e) => errors.push(e.code) });
    // Swap the agent's fetch for one that fails the first request.
    const failing = new ChatClient({
      agent: { run: (input, sink) => (fail ? ((fail = false), Promise.reject(new Error("socket hang up"))) : fromEvents(answer(input, "m1", "recovered")).run(input, sink)) },
      threadId: "t",
      createId: ids("f"),
      presence: false,
      onError: (e) => errors.push(e.code),
    });

    const result = await failing.sendMessage("hi");
    expect(result.status).toBe("failed");
    expect(failing.status.value).toBe("failed");
    expect(failing.error.value?.code).toBe("SOURCE_FAILED");
    expect(errors).toEqual(["SOURCE_FAILED"]);
    expect(roles(failing.thread.toMessages())).toEqual(["user"]); // what was sent is kept

    expect(await failing.sendMessage("again")).toEqual({ status: "idle" });
    expect(failing.error.value).toBeUndefined();
    expect(failing.status.value).toBe("idle");
    failing.dispose();
    expect(chat.status.value).toBe("idle");
  });

  it("RUN_ERROR from the agent: error status, and a message queued meanwhile is skipped, not sent", async () => {
    const hold = gate();
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) {
        await send(runStarted(input), ...textMessage("m1", "partial"));
        await hold.promise;
        await send({ type: "RUN_ERROR", message: "model overloaded", code: "overloaded" });
      } else await send(...answer(input, "m2", "ok"));
    });
    const chat = chatFor(server.url, { onError: () => {} });
    const first = chat.sendMessage("one");
    await until(() => text(chat, "m1") === "partial");
    const second = chat.sendMessage("two");
    hold.open();

    const result = await first;
    expect(result.status === "failed" && result.error.message).toBe("model overloaded");
    expect(await second).toEqual({ status: "skipped", reason: "failed" });
    expect(server.served).toHaveLength(1);
    expect(text(chat, "m1")).toBe("partial");
    expect(chat.thread.toMessages().some((m) => m.role === "user" && m.content === "two")).toBe(false);
  });

  it("an onError that throws is reported as a warning, nothing else breaks", async () => {
    const warned: string[] = [];
    const chat = new ChatClient({
      agent: { run: () => Promise.reject(new Error("down")) },
      presence: false,
      onWarning: (w) => warned.push(w.code),
      onError: () => {
        throw new Error("handler bug");
      },
    });
    expect((await chat.sendMessage("hi")).status).toBe("failed");
    expect(warned).toContain("ON_ERROR_FAILED");
    chat.dispose();
  });
});

describe("stop, regenerate, setMessages, clear, dispose", () => {
  it("stop aborts the run (keeping what arrived), resolves cancelled, and drops queued messages", async () => {
    const { source, runs } = manualSource();
    const chat = chatFor(source);
    const first = chat.sendMessage("one");
    await until(() => runs.length === 1);
    const run = runs[0]!;
    run.emit(runStarted(run.input), { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" }, { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "Part" });
    const queued = chat.sendMessage("two");

    chat.stop();

    expect(run.sink.signal.aborted).toBe(true);
    expect(await first).toEqual({ status: "cancelled" });
    expect(await queued).toEqual({ status: "skipped", reason: "stopped" });
    expect(text(chat, "m1")).toBe("Part");
    expect(chat.status.value).toBe("idle");
    run.emit({ type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: " late" }); // a source that ignores abort
    expect(text(chat, "m1")).toBe("Part");
    expect(runs).toHaveLength(1);
  });

  it("regenerate drops everything after the last user message and asks again", async () => {
    const server = await scriptedServer(async (input, send, index) => send(...answer(input, `m${index}`, `answer ${index}`)));
    const chat = chatFor(server.url);
    await chat.sendMessage("question");
    expect(text(chat, "m0")).toBe("answer 0");

    expect(await chat.regenerate()).toEqual({ status: "idle" });

    expect(roles(server.inputs[1]!.messages)).toEqual(["user"]);
    expect(chat.thread.toMessages().map((m) => m.id)).toEqual([server.inputs[0]!.messages[0]!.id, "m1"]);
    expect(text(chat, "m1")).toBe("answer 1");
  });

  it("regenerate on a thread without a user message is skipped", async () => {
    const chat = chatFor(fromEvents([]));
    expect(await chat.regenerate()).toEqual({ status: "skipped", reason: "nothing-to-regenerate" });
  });

  it("regenerate while streaming stops that run first", async () => {
    const { source, runs } = manualSource();
    const chat = chatFor(source);
    const first = chat.sendMessage("q");
    await until(() => runs.length === 1);
    runs[0]!.emit(runStarted(runs[0]!.input), ...textMessage("m1", "bad answer"));
    const again = chat.regenerate();
    expect(await first).toEqual({ status: "cancelled" });
    expect(runs[0]!.sink.signal.aborted).toBe(true);
    await until(() => runs.length === 2);
    expect(chat.thread.message("m1")).toBeUndefined();
    const run = runs[1]!;
    run.emit(...answer(run.input, "m2", "better"));
    run.end();
    expect(await again).toEqual({ status: "idle" });
  });

  it("setMessages replaces the conversation; non-messages throw RunLoopInputError", async () => {
    const server = await scriptedServer(async (input, send) => send(...answer(input, "m9", "ok")));
    const chat = chatFor(server.url);
    chat.setMessages([
      { id: "u1", role: "user", content: "earlier" },
      { id: "a1", role: "assistant", content: "reply" },
    ]);
    expect(roles(chat.thread.toMessages())).toEqual(["user", "assistant"]);
    expect(() => chat.setMessages([{ role: "user" }] as never)).toThrow(RunLoopInputError);
    await chat.sendMessage("next");
    expect(server.inputs[0]!.messages.map((m) => m.id).slice(0, 2)).toEqual(["u1", "a1"]);
  });

  it("clear empties messages, state and interrupts; dispose refuses further work", async () => {
    const server = await scriptedServer(async (input, send) =>
      send(runStarted(input), { type: "STATE_SNAPSHOT", snapshot: { n: 1 } }, runFinished(input, { type: "interrupt", interrupts: [{ id: "i1", reason: "x" }] })),
    );
    const chat = chatFor(server.url);
    await chat.sendMessage("hi");
    expect(chat.pendingInterrupts.value).toHaveLength(1);
    expect(chat.state.value).toEqual({ n: 1 });

    chat.clear();
    expect(chat.thread.messages.value).toEqual([]);
    expect(chat.state.value).toEqual({});
    expect(chat.pendingInterrupts.value).toEqual([]);
    expect(chat.status.value).toBe("idle");

    chat.dispose();
    expect(await chat.sendMessage("after")).toEqual({ status: "skipped", reason: "disposed" });
    expect(server.served).toHaveLength(1);
    chat.dispose(); // idempotent
  });

  it("dispose mid-run aborts it and resolves the turn as cancelled", async () => {
    const { source, runs } = manualSource();
    const chat = chatFor(source);
    const turn = chat.sendMessage("hi");
    await until(() => runs.length === 1);
    chat.dispose();
    expect(await turn).toEqual({ status: "cancelled" });
    expect(runs[0]!.sink.signal.aborted).toBe(true);
    await sleep(5);
  });
});

describe("options", () => {
  it("rejects a missing agent and a bad maxSteps with ChatInputError INVALID_OPTION", () => {
    expect(() => new ChatClient({} as never)).toThrow(expect.objectContaining({ code: "INVALID_OPTION", option: "agent" }));
    expect(() => new ChatClient({ agent: fromEvents([]), maxSteps: -1, presence: false })).toThrow(expect.objectContaining({ option: "maxSteps" }));
    expect(() => new ChatClient({ agent: fromEvents([]), maxSteps: 1.5, presence: false })).toThrow(ChatInputError);
  });

  it("rejects initial messages that are not AG-UI messages with INVALID_OPTION naming the entry", () => {
    const user = { id: "u", role: "user", content: "hi" } as const;
    for (const [messages, where] of [
      [[user, null], "messages[1]"],
      [[{ id: 7, role: "user" }], "messages[0]"],
      ["hi", "must be an array"],
    ] as const) {
      expect(() => new ChatClient({ agent: fromEvents([]), messages: messages as never })).toThrow(
        expect.objectContaining({ name: "ChatInputError", code: "INVALID_OPTION", option: "messages", message: expect.stringContaining(where) }),
      );
    }
  });
});
