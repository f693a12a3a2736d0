// Another device on the same thread (no BroadcastChannel between them, its own storage): with
// `follow`, a second ChatClient follows the run the first one streams, read-only — the question
// asked elsewhere and the answer streaming, then the finished thread — and runs none of its tools.
import { afterEach, describe, expect, it } from "vitest";
import { ChatClient } from "../../src/chat/client.js";
import type { ChatClientOptions } from "../../src/chat/types.js";
import { chatPersistence, followRuns } from "../../src/chat/index.js";
import { memoryStorage } from "../../src/persist/index.js";
import type { Message, RunAgentInput } from "../../src/protocol/events.js";
import { HttpAgent } from "../../src/transport/http-agent.js";
import { createAgentHandler, memoryRunStore } from "../../src/server/index.js";
import { scriptedAgent, serve } from "./support.js";

function script(input: RunAgentInput): Record<string, unknown>[] {
  const start = { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId };
  const end = { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId };
  const id = `answer-${input.runId}`;
  if (input.messages.some((m) => m.role === "tool")) {
    return [start, { type: "TEXT_MESSAGE_START", messageId: id, role: "assistant" }, { type: "TEXT_MESSAGE_CONTENT", messageId: id, delta: "It is noon ☀️." }, { type: "TEXT_MESSAGE_END", messageId: id }, end];
  }
  const events: Record<string, unknown>[] = [start, { type: "TEXT_MESSAGE_START", messageId: id, role: "assistant" }];
  for (let i = 0; i < 20; i++) events.push({ type: "TEXT_MESSAGE_CONTENT", messageId: id, delta: `wörd${i} ` });
  events.push(
    { type: "TEXT_MESSAGE_END", messageId: id },
    { type: "TOOL_CALL_START", toolCallId: `tc-${input.runId}`, toolCallName: "clock", parentMessageId: id },
    { type: "TOOL_CALL_ARGS", toolCallId: `tc-${input.runId}`, delta: '{"zone":"Europe/Oslo"}' },
    { type: "TOOL_CALL_END", toolCallId: `tc-${input.runId}` },
    end,
  );
  return events;
}

/** A gate the agent waits on before event `at` of its first run. */
function gated(at: number) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const atGate = new Promise<void>((resolve) => (reached = resolve));
  const hold = (i: number, input: RunAgentInput) => (i === at && !input.messages.some((m) => m.role === "tool") ? (reached(), gate) : undefined);
  return { hold, release, atGate };
}

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

function chatOn(url: string, threadId: string, calls: string[], extra: Partial<ChatClientOptions> = {}, who?: string): ChatClient {
  const chat = new ChatClient({
    agent: new HttpAgent({ url, resumable: true, reconnect: { baseDelayMs: 1, attempts: 2 }, ...(who ? { headers: { authorization: `Bearer ${who}` } } : {}) }),
    threadId,
    presence: false,
    persistence: chatPersistence({ adapter: memoryStorage(), index: false }),
    tools: [{ name: "clock", parameters: { type: "object" }, execute: (args: unknown) => (calls.push(JSON.stringify(args)), "12:00") }],
    ...extra,
  });
  open.push({ close: () => chat.dispose() });
  return chat;
}

const text = (chat: ChatClient): string => chat.thread.toMessages().map((m) => (typeof m.content === "string" ? m.content : "")).join("|");
const shape = (messages: readonly Message[]) => messages.map((m) => ({ id: m.id, role: m.role, content: m.content }));

describe("follow: a second device on the thread", () => {
  it("follows the live run read-only: the question, the answer streaming, the finished thread; no tool runs there", async () => {
    const gate = gated(8);
    const agent = scriptedAgent(script, { hold: gate.hold });
    const server = await serve(createAgentHandler({ owner: "anonymous", agent, store: memoryRunStore() }));
    open.push(server);
    const callsA: string[] = [];
    const a = chatOn(server.url, "thread-f", callsA);
    const turn = a.sendMessage("what time is it?");
    await gate.atGate;

    const callsB: string[] = [];
    const b = chatOn(server.url, "thread-f", callsB, { follow: followRuns() });
    await b.ready;
    await expect.poll(() => b.following.peek()).toBe(true);
    expect(b.sessionGenerating.peek()).toBe(true);
    // What streamed before it opened is replayed: the question asked on the other device and part of the answer.
    await expect.poll(() => text(b)).toContain("wörd5");
    expect(b.thread.toMessages()[0]).toMatchObject({ role: "user", content: "what time is it?" });
    expect(text(b)).not.toContain("wörd19");
    // A message sent here meanwhile waits for the followed run.
    let sentEarly = false;
    const early = b.sendMessage("me too").then(() => (sentEarly = true));
    gate.release();
    await turn;
    await expect.poll(() => b.following.peek()).toBe(false);
    // B saw A's first run to its end (the continuation A made is a run B only heard of after).
    expect(text(b)).toContain("wörd19");
    expect(callsB).toEqual([]);
    expect(sentEarly).toBe(false);
    expect(callsA).toEqual(['{"zone":"Europe/Oslo"}']);
    await early;
    expect(sentEarly).toBe(true);
    // A's two runs, then B's own turn (its clock call ran here, then the continuation): B started no run while it followed.
    expect(agent.runs.map((run) => run.messages.at(-1)?.role)).toEqual(["user", "tool", "user", "tool"]);
    expect(callsB).toEqual(['{"zone":"Europe/Oslo"}']);
    expect(agent.runs[2]?.messages.map((m) => m.content)).toContain("what time is it?");
  });

  it("polls while idle: a run started on the other device later is followed; the thread ends equal", async () => {
    const agent = scriptedAgent(script, { gapMs: 5 });
    const server = await serve(createAgentHandler({ owner: "anonymous", agent, store: memoryRunStore() }));
    open.push(server);
    const b = chatOn(server.url, "thread-p", [], { follow: followRuns({ pollMs: 100 }) });
    await b.ready;
    expect(b.following.peek()).toBe(false);
    const a = chatOn(server.url, "thread-p", []);
    const seen: boolean[] = [];
    const stop = b.following.subscribe((value) => seen.push(value));
    await a.sendMessage("what time is it?");
    // A's continuation run is followed too (on a later poll, or at once if it was still going).
    await expect.poll(() => shape(b.thread.toMessages()), { timeout: 10_000 }).toEqual(shape(a.thread.toMessages()));
    stop();
    expect(seen).toContain(true);
    await expect.poll(() => b.status.peek()).toBe("idle");
  });

  it("two runs that ended between polls: the newer one is followed, and the older is never replayed after it", async () => {
    const agent = scriptedAgent(script);
    const server = await serve(createAgentHandler({ owner: "anonymous", agent, store: memoryRunStore() }));
    open.push(server);
    const b = chatOn(server.url, "thread-two", [], { follow: followRuns({ pollMs: 300 }) });
    await b.ready;
    const a = chatOn(server.url, "thread-two", []);
    await a.sendMessage("what time is it?"); // a run, its tool call, then the continuation: two runs
    expect(agent.runs.length).toBe(2);
    const counts: number[] = [];
    const stop = b.thread.messages.subscribe((list) => counts.push(list.length));
    await expect.poll(() => shape(b.thread.toMessages()), { timeout: 10_000 }).toEqual(shape(a.thread.toMessages()));
    // A few polls more: nothing rolls the thread back to the older run's start.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    stop();
    expect(shape(b.thread.toMessages())).toEqual(shape(a.thread.toMessages()));
    const full = counts.indexOf(4);
    expect(counts.slice(full).every((n) => n === 4)).toBe(true);
  });

  it("stop() while following only stops listening: the run goes on for its owner", async () => {
    const gate = gated(6);
    const agent = scriptedAgent(script, { hold: gate.hold });
    const server = await serve(createAgentHandler({ owner: "anonymous", agent, store: memoryRunStore() }));
    open.push(server);
    const a = chatOn(server.url, "thread-s", []);
    const turn = a.sendMessage("what time is it?");
    await gate.atGate;
    const b = chatOn(server.url, "thread-s", [], { follow: followRuns() });
    await b.ready;
    await expect.poll(() => b.following.peek()).toBe(true);
    await b.stop();
    await expect.poll(() => b.following.peek()).toBe(false);
    gate.release();
    expect(await turn).toEqual({ status: "idle" });
    expect(text(a)).toContain("It is noon");
    expect(agent.cancelled).toBe(0);
  });

  it("a stranger who knows the thread id cannot put words on it: the owner's devices never adopt them", async () => {
    const agent = scriptedAgent(script, { gapMs: 2 });
    const owner = (request: Request) => request.headers.get("authorization")?.match(/^Bearer (\w+)$/)?.[1];
    const server = await serve(createAgentHandler({ owner, agent, store: memoryRunStore() }));
    open.push(server);
    const storage = memoryStorage();
    const a = chatOn(server.url, "thread-victim", [], {}, "victim");
    const b = chatOn(server.url, "thread-victim", [], { follow: followRuns({ pollMs: 100 }), persistence: chatPersistence({ adapter: storage, index: false }) }, "victim");
    await b.ready;
    await a.sendMessage("what time is it?");
    await expect.poll(() => shape(b.thread.toMessages()), { timeout: 10_000 }).toEqual(shape(a.thread.toMessages()));
    await expect.poll(() => b.following.peek()).toBe(false);
    const before = shape(b.thread.toMessages());

    // The stranger's chat on the same thread id: its run is refused, and it sees none of the victim's.
    const lure = "Your session expired: sign in again at https://evil.example/login";
    const m = chatOn(server.url, "thread-victim", [], { follow: followRuns({ pollMs: 100 }) }, "mallory");
    await m.ready;
    await m.sendMessage(lure);
    expect(m.error.peek()).toMatchObject({ code: "HTTP_STATUS" });
    expect(String(m.error.peek()?.message)).toContain("409");
    const wipe = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer mallory" },
      body: JSON.stringify({ threadId: "thread-victim", runId: "wipe", messages: [], state: { hijacked: true }, tools: [], context: [], forwardedProps: {} }),
    });
    expect(wipe.status).toBe(409);
    expect(text(m)).not.toContain("wörd");

    // Polls later, the victim's follower holds exactly its own thread, in memory and in storage.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(shape(b.thread.toMessages())).toEqual(before);
    expect(JSON.stringify(b.thread.toMessages())).not.toContain("evil.example");
    expect(b.state.peek()).not.toMatchObject({ hijacked: true });
    const stored = JSON.stringify([...storage.entries.values()]);
    expect(stored).toContain("what time is it?");
    expect(stored).not.toContain("evil.example");
    expect(agent.runs.every((run) => !JSON.stringify(run.messages).includes("evil.example"))).toBe(true);
  });

  it("rejects a pollMs that is not a number of milliseconds ≥ 100", () => {
    expect(() => new ChatClient({ agent: new HttpAgent({ url: "http://127.0.0.1:9/agent" }), threadId: "t", presence: false, follow: followRuns({ pollMs: 5 }) })).toThrow(/follow.pollMs/);
    expect(() => new ChatClient({ agent: new HttpAgent({ url: "http://127.0.0.1:9/agent" }), threadId: "t", presence: false, follow: true as never })).toThrow(expect.objectContaining({ code: "INVALID_OPTION", option: "follow" }));
  });
});
