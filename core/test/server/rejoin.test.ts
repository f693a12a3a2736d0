// Reload mid-run: a ChatClient whose page "went away" (its connection cut, its storage writes
// stopped) leaves a resume point in the stored thread; a new ChatClient on that thread rejoins
// the run on hydrate — the tokens it missed, then the live tail — and its client tool and the
// continuation run exactly once. A second client on a thread with a run going sees
// sessionGenerating from the server.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChatClient } from "../../src/chat/client.js";
import { memoryStorage } from "../../src/persist/index.js";
import type { Message, RunAgentInput } from "../../src/protocol/events.js";
import { HttpAgent } from "../../src/transport/http-agent.js";
import { createAgentHandler, memoryRunStore } from "../../src/server/index.js";
import { scriptedAgent, serve, type Served } from "./support.js";
import { page, type Page } from "./page.js";
import { chatPersistence } from "../../src/chat/storage/persistence.js";

function script(input: RunAgentInput): Record<string, unknown>[] {
  const start = { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId };
  const end = { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId };
  if (input.messages.some((m) => m.role === "tool")) {
    return [start, { type: "TEXT_MESSAGE_START", messageId: "after", role: "assistant" }, { type: "TEXT_MESSAGE_CONTENT", messageId: "after", delta: "It is noon ☀️." }, { type: "TEXT_MESSAGE_END", messageId: "after" }, end];
  }
  const events: Record<string, unknown>[] = [start, { type: "TEXT_MESSAGE_START", messageId: "answer", role: "assistant" }];
  for (let i = 0; i < 20; i++) events.push({ type: "TEXT_MESSAGE_CONTENT", messageId: "answer", delta: `wörd${i} ` });
  events.push(
    { type: "TEXT_MESSAGE_END", messageId: "answer" },
    { type: "TOOL_CALL_START", toolCallId: "tc1", toolCallName: "clock", parentMessageId: "answer" },
    { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: '{"zone":"Europe/Oslo"}' },
    { type: "TOOL_CALL_END", toolCallId: "tc1" },
    end,
  );
  return events;
}

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

function chatOn(url: string, threadId: string, tab: Page, calls: string[]): ChatClient {
  const chat = new ChatClient({
    agent: new HttpAgent({ url, fetch: tab.fetch, reconnect: { baseDelayMs: 1, attempts: 2 } }),
    threadId,
    presence: false,
    persistence: chatPersistence({ adapter: tab.storage, index: false }),
    tools: [{ name: "clock", parameters: { type: "object" }, execute: (args: unknown) => (calls.push(JSON.stringify(args)), "12:00") }],
  });
  open.push({ close: () => chat.dispose() });
  return chat;
}

function shape(messages: readonly Message[]) {
  return messages.map((m) => ({ role: m.role, content: m.content, ...("toolCalls" in m && m.toolCalls ? { toolCalls: m.toolCalls.map((c) => c.function) } : {}) }));
}

describe("a reload mid-run", () => {
  let server: Served;

  it("rejoins the run on hydrate: missed tokens, then the live tail; the tool and the continuation run once", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let atGate!: () => void;
    const reached = new Promise<void>((resolve) => (atGate = resolve));
    const agent = scriptedAgent(script, { hold: (i, input) => (i === 12 && !input.messages.some((m) => m.role === "tool") ? (atGate(), gate) : undefined) });
    server = await serve(createAgentHandler({ owner: "anonymous", agent, store: memoryRunStore() }));
    open.push(server);
    const storage = memoryStorage();

    // Undisturbed, for comparison.
    const baselineCalls: string[] = [];
    const baseline = chatOn(server.url, "thread-baseline", page(memoryStorage()), baselineCalls);
    const gateOpen = reached.then(() => release());
    await baseline.sendMessage("what time is it?");
    await gateOpen;
    const expected = shape(baseline.thread.toMessages());
    expect(baselineCalls).toEqual(['{"zone":"Europe/Oslo"}']);

    let secondGate!: () => void;
    const held = new Promise<void>((resolve) => (secondGate = resolve));
    let secondReached!: () => void;
    const atSecond = new Promise<void>((resolve) => (secondReached = resolve));
    const agentB = scriptedAgent(script, {
      hold: (i, input) => (i === 12 && !input.messages.some((m) => m.role === "tool") ? (secondReached(), held) : undefined),
    });
    const serverB = await serve(createAgentHandler({ owner: "anonymous", agent: agentB, store: memoryRunStore() }));
    open.push(serverB);

    const first = page(storage);
    const callsA: string[] = [];
    const a = chatOn(serverB.url, "thread-reload", first, callsA);
    void a.sendMessage("what time is it?");
    await atSecond;
    await a.whenSaved();
    const stored = storage.entries.get("thread-reload") as { resume?: { runId: string; messageCount: number } };
    expect(stored.resume).toMatchObject({ messageCount: 1 });
    first.leave(); // the page reloads: its connection and its storage go with it

    const callsB: string[] = [];
    const b = chatOn(serverB.url, "thread-reload", page(storage), callsB);
    await b.ready;
    expect(b.status.peek()).not.toBe("idle");
    secondGate();
    await expect.poll(() => b.thread.toMessages().length, { timeout: 10_000 }).toBe(4);
    await expect.poll(() => b.status.peek()).toBe("idle");
    expect(shape(b.thread.toMessages())).toEqual(expected);
    expect(callsB).toEqual(['{"zone":"Europe/Oslo"}']);
    expect(callsA).toEqual([]);
    // One original run and one continuation: the rejoin started no run of its own.
    expect(agentB.runs.length).toBe(2);
    await b.whenSaved();
    expect((storage.entries.get("thread-reload") as { resume?: unknown }).resume).toBeUndefined();
  });

  it("a second client on the thread sees sessionGenerating from the server's active runs", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let atGate!: () => void;
    const reached = new Promise<void>((resolve) => (atGate = resolve));
    const agent = scriptedAgent(script, { hold: (i) => (i === 5 ? (atGate(), gate) : undefined) });
    server = await serve(createAgentHandler({ owner: "anonymous", agent, store: memoryRunStore() }));
    open.push(server);
    const a = chatOn(server.url, "thread-shared", page(memoryStorage()), []);
    void a.sendMessage("hello");
    await reached;
    const other = new ChatClient({ agent: new HttpAgent({ url: server.url, resumable: true }), threadId: "thread-shared", presence: false, persistence: chatPersistence({ adapter: memoryStorage(), index: false }) });
    open.push({ close: () => other.dispose() });
    await other.ready;
    expect(other.sessionGenerating.peek()).toBe(true);
    release();
  });

  it("a reload whose server-runs part cannot load shows LAZY_LOAD_FAILED instead of hanging, keeps what was stored, and the chat goes on", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let atGate!: () => void;
    const reached = new Promise<void>((resolve) => (atGate = resolve));
    const agent = scriptedAgent(script, { hold: (i, input) => (i === 12 && input.messages.length === 1 ? (atGate(), gate) : undefined) });
    server = await serve(createAgentHandler({ owner: "anonymous", agent, store: memoryRunStore() }));
    open.push(server);
    const storage = memoryStorage();
    const first = page(storage);
    const a = chatOn(server.url, "thread-broken-part", first, []);
    void a.sendMessage("what time is it?");
    await reached;
    await a.whenSaved();
    first.leave();

    // The reloaded page's chunk of the server question fails to load (a deploy replaced it).
    const SERVER_RUNS = "../../src/chat/thread-key/server-runs.js";
    vi.resetModules();
    vi.doMock(SERVER_RUNS, () => {
      throw new TypeError("Failed to fetch dynamically imported module: /assets/server-runs.js");
    });
    try {
      const fresh = {
        ...(await import("../../src/chat/client.js")),
        ...(await import("../../src/transport/http-agent.js")),
        ...(await import("../../src/chat/storage/persistence.js")),
      };
      const tab = page(storage);
      const b = new fresh.ChatClient({
        agent: new fresh.HttpAgent({ url: server.url, fetch: tab.fetch }),
        threadId: "thread-broken-part",
        presence: false,
        persistence: fresh.chatPersistence({ adapter: tab.storage, index: false }),
        onError: () => undefined,
      });
      open.push({ close: () => b.dispose() });
      await b.ready;
      expect(b.error.peek()).toMatchObject({ code: "LAZY_LOAD_FAILED" });
      expect((b.error.peek() as { part?: string }).part).toMatch(/server-run lookup/);
      expect(b.status.peek()).toBe("failed");
      expect(b.thread.toMessages()[0]).toMatchObject({ role: "user", content: "what time is it?" });
      release();
      vi.doUnmock(SERVER_RUNS);
      await expect(b.sendMessage("and now?")).resolves.toEqual({ status: "idle" });
      expect(b.error.peek()).toBeUndefined();
      expect(b.thread.toMessages().some((m) => m.role === "assistant" && typeof m.content === "string" && m.content.includes("wörd19"))).toBe(true);
    } finally {
      vi.doUnmock(SERVER_RUNS);
      vi.resetModules();
    }
  });
});
