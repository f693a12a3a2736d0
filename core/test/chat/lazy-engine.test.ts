// The chat's engine (run loop, turns, tools, storage) is loaded with import() after the chat is
// made. Each test starts from fresh modules, so no earlier chat has loaded it: calls made before it
// arrives wait in order, a failed load is a typed error on the chat and a later send loads again,
// and the chat prefetches it so a message sent once the page is idle goes out at once.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChatClient as ChatClientClass } from "../../src/chat/client.js";
import type { ThreadlineError } from "../../src/errors.js";
import type { ThreadImpl } from "../../src/model/thread.js";
import type { HttpAgent as HttpAgentClass } from "../../src/transport/http-agent.js";
import { HttpAgent as AgUiHttpAgent } from "@ag-ui/client";
import { answer, scriptedServer, sleep, until } from "./support.js";

const ENGINE = "../../src/chat/engine.js";
const FROM_AGENT = "../../src/transport/from-agent.js";

/**
 * ChatClient and HttpAgent from fresh modules: the engine not loaded yet (and, with `broken`, its
 * chunk — or the chunk named — failing to load).
 */
async function freshModules(broken: boolean | string = false): Promise<{ ChatClient: typeof ChatClientClass; HttpAgent: typeof HttpAgentClass }> {
  vi.resetModules();
  if (broken !== false) {
    const part = broken === true ? ENGINE : broken;
    vi.doMock(part, () => {
      throw new TypeError(`Failed to fetch dynamically imported module: /assets/${part.replace(/^.*\//, "")}`);
    });
  }
  const { ChatClient } = await import("../../src/chat/client.js");
  const { HttpAgent } = await import("../../src/transport/http-agent.js");
  return { ChatClient, HttpAgent };
}

const chats: { dispose(): void }[] = [];
afterEach(() => {
  for (const chat of chats.splice(0)) chat.dispose();
  vi.doUnmock(ENGINE);
  vi.doUnmock(FROM_AGENT);
  vi.resetModules();
});

let ids = 0;
const createId = (): string => `id-${++ids}`;

describe("the chat's lazily loaded engine", () => {
  it("calls made before the engine arrives keep their order: a message, a state edit, a second message", async () => {
    const { ChatClient, HttpAgent } = await freshModules();
    const server = await scriptedServer(async (input, send, index) => send(...answer(input, `a${index}`, `answer ${index}`)));
    const chat = new ChatClient({ agent: new HttpAgent({ url: server.url }), threadId: "t1", createId });
    chats.push(chat);
    const statuses: string[] = [];
    const off = chat.status.subscribe((status) => statuses.push(status));

    const first = chat.sendMessage({ id: "u1", content: "one" });
    // Waiting for the engine is already a turn under way.
    expect(chat.status.value).toBe("submitted");
    expect(chat.isRunning.value).toBe(true);
    chat.setState({ step: 1 });
    const second = chat.sendMessage({ id: "u2", content: "two" });
    // Nothing has reached the thread yet: the state edit waits behind the first message.
    expect(chat.state.value).toEqual({});

    await expect(first).resolves.toEqual({ status: "idle" });
    await expect(second).resolves.toEqual({ status: "idle" });
    off();

    expect(server.inputs).toHaveLength(2);
    // The first request went before the edit (it applies when that run's stream ends), the second carries it.
    expect(server.inputs[0]).toMatchObject({ threadId: "t1", state: {}, messages: [{ id: "u1", content: "one" }] });
    expect(server.inputs[1]!.state).toEqual({ step: 1 });
    expect(server.inputs[1]!.messages.map((m) => m.id)).toEqual(["u1", "a0", "u2"]);
    expect(chat.thread.toMessages().map((m) => m.id)).toEqual(["u1", "a0", "u2", "a1"]);
    // submitted from the first call on, never idle while the engine loaded and took over.
    expect(statuses.slice(0, 3)).toEqual(["idle", "submitted", "streaming"]);
    expect(statuses.at(-1)).toBe("idle");
  });

  it("stop() made while a message waits for the engine applies after it, in order: the run is cancelled, the message stays", async () => {
    const { ChatClient, HttpAgent } = await freshModules();
    const server = await scriptedServer(async (input, send) => {
      await sleep(200);
      await send(...answer(input, "late", "too late"));
    });
    const chat = new ChatClient({ agent: new HttpAgent({ url: server.url }), threadId: "t1", createId });
    chats.push(chat);

    const sent = chat.sendMessage({ id: "u1", content: "one" });
    chat.stop();
    await expect(sent).resolves.toEqual({ status: "cancelled" });
    expect(chat.status.value).toBe("idle");
    expect(chat.thread.toMessages().map((m) => m.id)).toEqual(["u1"]);
  });

  it("a failed engine load is a typed error on the chat (error, status, onError, the turn), nothing is sent; a later send loads it and succeeds", async () => {
    const { ChatClient, HttpAgent } = await freshModules(true);
    const server = await scriptedServer(async (input, send) => send(...answer(input, "a1", "hello")));
    const reported: ThreadlineError[] = [];
    const chat = new ChatClient({ agent: new HttpAgent({ url: server.url }), threadId: "t1", createId, onError: (error) => reported.push(error) });
    chats.push(chat);

    const failed = await chat.sendMessage({ id: "u1", content: "one" });
    expect(failed.status).toBe("failed");
    const error = (failed as { error: ThreadlineError & { part?: string } }).error;
    expect(error.code).toBe("LAZY_LOAD_FAILED");
    expect(error.part).toMatch(/the chat engine/);
    expect(error.message).toMatch(/could not be loaded: .*Failed to fetch dynamically imported module/);
    expect(chat.error.value).toBe(error);
    expect(chat.status.value).toBe("failed");
    expect(reported).toEqual([error]);
    expect(server.inputs).toHaveLength(0);
    expect(chat.thread.toMessages()).toEqual([]);

    // The deploy is back: the next send loads the engine again.
    vi.doUnmock(ENGINE);
    const sent = chat.sendMessage({ id: "u2", content: "two" });
    expect(chat.error.value).toBeUndefined();
    expect(chat.status.value).toBe("submitted");
    await expect(sent).resolves.toEqual({ status: "idle" });
    expect(server.inputs).toHaveLength(1);
    expect(chat.thread.toMessages().map((m) => m.id)).toEqual(["u2", "a1"]);
    expect(chat.error.value).toBeUndefined();
    expect(reported).toHaveLength(1);
  });

  it("a chat given an AG-UI agent object loads the adapter (fromAgent) on its first send; a failed load fails that turn, nothing is sent, the next send loads it", async () => {
    const { ChatClient } = await freshModules(FROM_AGENT);
    const server = await scriptedServer(async (input, send) => send(...answer(input, "a1", "via ag-ui")));
    const reported: ThreadlineError[] = [];
    const chat = new ChatClient({ agent: new AgUiHttpAgent({ url: server.url }), threadId: "t1", createId, onError: (error) => reported.push(error) });
    chats.push(chat);

    const failed = await chat.sendMessage({ id: "u1", content: "one" });
    if (failed.status !== "failed") throw new Error(`the turn ended ${failed.status}`);
    const error = failed.error as ThreadlineError & { part?: string };
    expect(error.code).toBe("LAZY_LOAD_FAILED");
    expect(error.part).toMatch(/the AG-UI agent adapter/);
    expect(chat.error.value).toBe(error);
    expect(reported).toEqual([error]);
    expect(server.inputs).toHaveLength(0);
    // The message stays, as with any failed send.
    expect(chat.thread.toMessages().map((m) => m.id)).toEqual(["u1"]);

    vi.doUnmock(FROM_AGENT);
    await expect(chat.sendMessage({ id: "u2", content: "two" })).resolves.toEqual({ status: "idle" });
    expect(server.inputs).toHaveLength(1);
    expect(chat.thread.toMessages().map((m) => m.id)).toEqual(["u1", "u2", "a1"]);
  });

  it("stop() while the AG-UI agent adapter loads: the turn ends cancelled and nothing is sent once it arrives", async () => {
    vi.resetModules();
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    let asked = false;
    vi.doMock(FROM_AGENT, async () => {
      asked = true;
      await arrived;
      return await vi.importActual(FROM_AGENT);
    });
    const { ChatClient } = await import("../../src/chat/client.js");
    const server = await scriptedServer(async (input, send) => send(...answer(input, "a1", "too late")));
    const chat = new ChatClient({ agent: new AgUiHttpAgent({ url: server.url }), threadId: "t1", createId });
    chats.push(chat);

    const sent = chat.sendMessage({ id: "u1", content: "one" });
    // The engine is there and the run has asked for the adapter, which has not arrived.
    await until(() => asked);
    expect(chat.status.value).toBe("submitted");
    chat.stop();
    await expect(sent).resolves.toEqual({ status: "cancelled" });
    arrive();
    await sleep(50);
    expect(server.inputs).toHaveLength(0);
    expect(chat.status.value).toBe("idle");
    expect(chat.error.value).toBeUndefined();
    expect(chat.thread.toMessages().map((m) => m.id)).toEqual(["u1"]);

    // Loaded now: the next send goes out.
    await expect(chat.sendMessage({ id: "u2", content: "two" })).resolves.toEqual({ status: "idle" });
    expect(server.inputs).toHaveLength(1);
  });

  it("without the engine, synchronous checks still throw at the call, and stop, clear, setMessages and setState act on the thread", async () => {
    const { ChatClient, HttpAgent } = await freshModules(true);
    const chat = new ChatClient({
      agent: new HttpAgent({ url: "http://127.0.0.1:1/never" }),
      messages: [{ id: "u0", role: "user", content: "hi" }],
      createId,
    });
    chats.push(chat);
    expect(() => chat.respondToApproval("tc1", { approved: "yes" } as never)).toThrow(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
    expect(() => chat.respondToApproval("tc1", { approved: true })).toThrow(expect.objectContaining({ code: "NOT_AWAITING_APPROVAL" }));
    expect(() => chat.connect()).toThrow(expect.objectContaining({ code: "AGENT_CANNOT_CONNECT" }));
    expect(() => chat.listThreads()).toThrow(expect.objectContaining({ code: "NO_THREAD_INDEX" }));
    expect(() => chat.addToolResult({ toolCallId: "nope", output: 1 })).toThrow(expect.objectContaining({ code: "UNKNOWN_TOOL_CALL" }));
    expect(() => chat.setState(() => 1n)).toThrow(expect.objectContaining({ code: "INVALID_ARGUMENT" }));

    chat.setState({ draft: true });
    expect(chat.state.value).toEqual({ draft: true });
    chat.setMessages([{ id: "u1", role: "user", content: "replaced" }]);
    expect(chat.thread.toMessages().map((m) => m.id)).toEqual(["u1"]);
    chat.stop();
    chat.clear();
    expect(chat.thread.toMessages()).toEqual([]);
    expect(chat.status.value).toBe("idle");
    // The broken chunk was never needed: nothing failed.
    expect(chat.error.value).toBeUndefined();
  });

  it("statusNote is worked out by the engine: a given thread whose last run was cancelled reads undefined until the engine is there, then the note", async () => {
    const { ChatClient, HttpAgent } = await freshModules();
    const { createThread } = await import("../../src/fold/index.js");
    const thread = createThread({ threadId: "t1" });
    // The client stopped listening to the thread's last run (no outcome: the user stopped it).
    (thread as ThreadImpl).cutOffRun("cancelled");
    const chat = new ChatClient({ agent: new HttpAgent({ url: "http://127.0.0.1:1/never" }), thread, createId });
    chats.push(chat);
    const notes: unknown[] = [];
    const off = chat.statusNote.subscribe((note) => notes.push(note));
    expect(chat.statusNote.value).toBeUndefined();
    // The chat prefetches its engine once the page is idle; the note follows it, with no call made.
    await until(() => chat.statusNote.value !== undefined);
    off();
    expect(chat.statusNote.value).toEqual({ kind: "cancelled", by: "you", text: "You stopped this answer." });
    expect(notes).toEqual([undefined, { kind: "cancelled", by: "you", text: "You stopped this answer." }]);
  });

  it("the chat prefetches its engine when made: once the page is idle, a message goes out at once", async () => {
    const { ChatClient, HttpAgent } = await freshModules();
    const server = await scriptedServer(async (input, send) => send(...answer(input, "a1", "hello")));
    const chat = new ChatClient({ agent: new HttpAgent({ url: server.url }), threadId: "t1", createId });
    chats.push(chat);
    // No call is made: the chat loads its engine by itself once the page is idle.
    await sleep(300);
    void chat.sendMessage({ id: "u1", content: "now" });
    // Appended by the run loop in the call itself: the engine was there.
    expect(chat.thread.toMessages().map((m) => m.id)).toEqual(["u1"]);
    await until(() => chat.status.value === "idle");
    expect(server.inputs).toHaveLength(1);

    // A second chat of the page finds the engine loaded and builds it at once.
    const next = new ChatClient({ agent: new HttpAgent({ url: server.url }), threadId: "t2", createId });
    chats.push(next);
    void next.sendMessage({ id: "v1", content: "at once" });
    expect(next.thread.toMessages().map((m) => m.id)).toEqual(["v1"]);
  });
});
