// ChatClient against createAgentHandler on a real node:http server (and a real redis-server where
// the store matters): reloads soon after sending, reloads whose run lookup is cut, a stop the
// server refuses, followers of runs that fail. Each page ends with the answer, or shows a typed
// error — never an empty or a partial thread that looks finished and idle. (Issue 38, items 3, 4, 6, 7.)
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "redis";
import { ChatClient } from "../../src/chat/client.js";
import type { ChatClientOptions } from "../../src/chat/types.js";
import { chatPersistence, followRuns } from "../../src/chat/index.js";
import { memoryStorage } from "../../src/persist/index.js";
import type { Message, RunAgentInput } from "../../src/protocol/events.js";
import { HttpAgent, type HttpAgentOptions } from "../../src/transport/http-agent.js";
import { createAgentHandler, memoryRunStore, redisRunStore, type RunStore } from "../../src/server/index.js";
import { scriptedAgent, serve, type ScriptedAgent, type Served } from "./support.js";
import { faultProxy, type FaultProxy } from "./fault-proxy.js";
import { page, type Page } from "./page.js";
import { refusingStops } from "./refusing-store.js";
import { startRedis, type RedisProcess } from "./redis-server.js";

function answer(input: RunAgentInput): Record<string, unknown>[] {
  const id = `answer-${input.runId}`;
  const events: Record<string, unknown>[] = [
    { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId },
    { type: "TEXT_MESSAGE_START", messageId: id, role: "assistant" },
  ];
  for (let i = 0; i < 16; i++) events.push({ type: "TEXT_MESSAGE_CONTENT", messageId: id, delta: `wörd${i} ` });
  events.push({ type: "TEXT_MESSAGE_END", messageId: id }, { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId });
  return events;
}
const WHOLE = Array.from({ length: 16 }, (_, i) => `wörd${i} `).join("");

/** A gate the agent waits on before event `at` of its first run. */
function gated(at: number) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const atGate = new Promise<void>((resolve) => (reached = resolve));
  let first = true;
  const hold = (i: number) => {
    if (i !== at || !first) return undefined;
    first = false;
    reached();
    return gate;
  };
  return { hold, release, atGate };
}

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function handlerOn(agent: ScriptedAgent, store: RunStore = memoryRunStore()): Promise<Served> {
  const served = await serve(createAgentHandler({ owner: "anonymous", agent, store }));
  open.push(served);
  return served;
}

function chatOn(url: string, tab: Page, options: Partial<HttpAgentOptions> = {}, extra: Partial<ChatClientOptions> = {}): ChatClient {
  const chat = new ChatClient({
    agent: new HttpAgent({ url, fetch: tab.fetch, reconnect: { baseDelayMs: 5, maxDelayMs: 20, attempts: 3 }, ...options }),
    threadId: "thread-faults",
    presence: false,
    persistence: chatPersistence({ adapter: tab.storage, index: false }),
    ...extra,
  });
  open.push({ close: () => chat.dispose() });
  return chat;
}

const shape = (messages: readonly Message[]) => messages.map((m) => ({ role: m.role, content: m.content }));

describe("item 3: a reload soon after sending, the first event stalled", () => {
  for (const when of ["still running", "finished"] as const) {
    it(`keeps the question and rejoins the run ${when} on the server`, async () => {
      const gate = gated(0);
      const agent = scriptedAgent(answer, { hold: gate.hold });
      const server = await handlerOn(agent);
      const storage = memoryStorage();
      const first = page(storage);
      const a = chatOn(server.url, first);
      void a.sendMessage("where is my answer?");
      await gate.atGate;
      // Nothing has come back: no head (the server sends it with its first bytes), no event.
      expect(a.thread.toMessages()).toHaveLength(1);
      await a.whenSaved();
      first.leave();
      if (when === "finished") {
        gate.release();
        await expect.poll(() => agent.runs.length === 1 && agent.cancelled === 0).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      const b = chatOn(server.url, page(storage));
      await b.ready;
      expect(b.thread.toMessages()[0]).toMatchObject({ role: "user", content: "where is my answer?" });
      expect(b.status.peek()).not.toBe("idle");
      gate.release();
      await expect.poll(() => b.status.peek(), { timeout: 10_000 }).toBe("idle");
      expect(shape(b.thread.toMessages())).toEqual([
        { role: "user", content: "where is my answer?" },
        { role: "assistant", content: WHOLE },
      ]);
      expect(agent.runs).toHaveLength(1);
      expect(b.error.peek()).toBeUndefined();
    });
  }
});

describe("item 4: a reload whose run lookup (GET ?threadId=) is cut", () => {
  async function reloadMidRun(cutLookups: number) {
    const gate = gated(8);
    const agent = scriptedAgent(answer, { hold: gate.hold });
    const server = await handlerOn(agent);
    const storage = memoryStorage();
    const first = page(storage);
    const a = chatOn(server.url, first);
    void a.sendMessage("hello");
    await gate.atGate;
    await expect.poll(() => a.thread.toMessages().length).toBe(2);
    await a.whenSaved();
    first.leave();
    let lookups = 0;
    const proxy: FaultProxy = await faultProxy(Number(new URL(server.url).port), (_connection, _seen, request) =>
      request.startsWith("GET ") && request.includes("threadId=") && lookups++ < cutLookups ? { at: 0, kind: "cut" } : undefined,
    );
    open.push(proxy);
    const b = chatOn(proxy.url("/agent"), page(storage));
    return { b, gate, agent, lookups: () => lookups };
  }

  it("every lookup cut: the stored partial answer is kept, shown failed with a typed error, not idle", async () => {
    const { b, gate } = await reloadMidRun(Infinity);
    await b.ready;
    expect(b.status.peek()).toBe("failed");
    expect(b.error.peek()).toMatchObject({ code: "REQUEST_FAILED" });
    const partial = b.thread.toMessages()[1]?.content as string;
    expect(partial.startsWith("wörd0 ")).toBe(true);
    expect(partial).not.toBe(WHOLE);
    gate.release();
  });

  it("the first lookup cut: asked again, the run is rejoined and the whole answer arrives", async () => {
    const { b, gate, agent, lookups } = await reloadMidRun(1);
    await b.ready;
    expect(lookups()).toBe(2);
    gate.release();
    await expect.poll(() => b.status.peek(), { timeout: 10_000 }).toBe("idle");
    expect(shape(b.thread.toMessages())).toEqual([
      { role: "user", content: "hello" },
      { role: "assistant", content: WHOLE },
    ]);
    expect(agent.runs).toHaveLength(1);
  });
});

describe("item 6: a chat whose stop the server cannot carry out", () => {
  it("does not report stopped: status failed, error STOP_FAILED naming the refusal", async () => {
    const agent = scriptedAgent(answer, { gapMs: 20 });
    // The run log cannot take a stop: every DELETE is a 503 RUN_STORE_UNAVAILABLE.
    const refusing = refusingStops(Infinity);
    const served = await serve(createAgentHandler({ owner: "anonymous", agent, store: refusing, onError: () => undefined }));
    open.push(served);
    const errors: string[] = [];
    const chat = chatOn(served.url, page(memoryStorage()), {}, { onError: (error) => errors.push(error.code) });
    const turn = chat.sendMessage("go on");
    await expect.poll(() => (chat.thread.toMessages()[1]?.content as string | undefined)?.includes("wörd2") ?? false).toBe(true);
    chat.stop();
    expect(await turn).toEqual({ status: "cancelled" });
    await expect.poll(() => chat.status.peek(), { timeout: 5_000 }).toBe("failed");
    expect(chat.error.peek()).toMatchObject({ code: "STOP_FAILED", status: 503 });
    expect(errors).toEqual(["STOP_FAILED"]);
    expect(agent.cancelled).toBe(0);
  });
});

describe("item 7: a follower of a run that fails", () => {
  it("shows the failure: status failed and the agent's error, the partial answer kept", async () => {
    const gate = gated(6);
    const agent = scriptedAgent(answer, { hold: gate.hold, failAt: 10 });
    const server = await handlerOn(agent);
    const a = chatOn(server.url, page(memoryStorage()), { resumable: true });
    const turn = a.sendMessage("this will fail");
    await gate.atGate;
    const b = chatOn(server.url, page(memoryStorage()), { resumable: true }, { follow: followRuns() });
    await b.ready;
    await expect.poll(() => b.following.peek()).toBe(true);
    gate.release();
    expect((await turn).status).toBe("failed");
    await expect.poll(() => b.following.peek()).toBe(false);
    expect(b.status.peek()).toBe("failed");
    expect(b.error.peek()).toMatchObject({ code: "AGENT_RUN_ERROR", agentCode: "AGENT_FAILED" });
    expect(b.thread.toMessages()[1]?.content).toContain("wörd3");
  });
});

describe("item 7: a follower during a Redis outage", () => {
  let redis: RedisProcess;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it("Redis restarts mid-run: the follower ends failed with the run log's error, never idle with a part of the answer", { timeout: 60_000 }, async () => {
    const client = createClient({ url: redis.url, socket: { reconnectStrategy: (retries) => Math.min(retries * 20, 200) } });
    client.on("error", () => undefined);
    await client.connect();
    const store = redisRunStore(client, { keyPrefix: "faults:", blockMs: 200 });
    open.push({ close: () => client.destroy() }, { close: () => store.close() });
    const gate = gated(6);
    const agent = scriptedAgent(answer, { hold: gate.hold, gapMs: 5 });
    const server = await handlerOn(agent, store);
    const a = chatOn(server.url, page(memoryStorage()), { resumable: true });
    const turn = a.sendMessage("during an outage");
    await gate.atGate;
    const b = chatOn(server.url, page(memoryStorage()), { resumable: true }, { follow: followRuns() });
    await b.ready;
    await expect.poll(() => b.following.peek(), { timeout: 10_000 }).toBe(true);
    await redis.restart();
    gate.release();
    await turn;
    await expect.poll(() => b.following.peek(), { timeout: 30_000 }).toBe(false);
    expect(b.status.peek()).toBe("failed");
    expect(b.error.peek()?.code).toMatch(/AGENT_RUN_ERROR|RECONNECT_FAILED/);
    expect(b.thread.toMessages()[1]?.content).not.toBe(WHOLE);
  });
});
