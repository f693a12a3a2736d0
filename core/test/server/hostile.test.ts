// The handler as an outsider meets it: a real node:http server over each store (memory, Redis
// through node-redis and ioredis), and clients that lie, flood, stall and pry. One block per item
// of the security review (issue #37): owners, body limits, backpressure, concurrency and fan-out,
// forged SSE through ids, the per-run byte cap, Redis key namespaces, input filtering and origin,
// and error bodies that say nothing of the server's insides.
import net from "node:net";
import { describe, expect, it } from "vitest";
import type { RunAgentInput } from "../../src/protocol/events.js";
import {
  AgentHandlerError,
  createAgentHandler,
  MAX_ID_LENGTH,
  type AgentHandlerOptions,
  type LoggedEvent,
  type RunStore,
  type ThreadRuns,
} from "../../src/server/index.js";
import { answerEvents, readFrames, scriptedAgent, serve, type ScriptedAgent, type Served } from "./support.js";
import { runStores } from "./stores.js";

const kinds = runStores();

let counter = 0;
const input = (threadId: string, extra: Partial<RunAgentInput> = {}): RunAgentInput => ({
  threadId,
  runId: `run-${++counter}-${Math.random().toString(36).slice(2)}`,
  messages: [],
  tools: [],
  context: [],
  state: {},
  forwardedProps: {},
  ...extra,
});

/** Owners come from a bearer token here: `Bearer alice` is alice. */
const bearer = (request: Request): string | undefined => request.headers.get("authorization")?.match(/^Bearer (\w+)$/)?.[1];
const as = (who: string | undefined): Record<string, string> => (who === undefined ? {} : { authorization: `Bearer ${who}` });

const post = (url: string, body: unknown, who?: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", ...as(who), ...headers }, body: JSON.stringify(body) });
const errorOf = async (response: Response): Promise<{ status: number; code: string; message: string }> => {
  const body = (await response.json()) as { error: { code: string; message: string } };
  return { status: response.status, ...body.error };
};

/** A gate an agent waits on before event `at`. */
function gate(at: number) {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { hold: (i: number) => (i === at ? opened : undefined), release };
}

async function served(options: Omit<AgentHandlerOptions, "owner"> & { owner?: AgentHandlerOptions["owner"] }): Promise<Served> {
  return serve(createAgentHandler({ owner: bearer, ...options } as AgentHandlerOptions));
}

describe.each(kinds.makers)("a hostile client, %s store", (_name, makeStore) => {
  describe("1. owners", () => {
    it("answers another owner's thread and run as missing, refuses a run on it, and leaves the owner's run alone", async () => {
      const store = await makeStore();
      const g = gate(6);
      const agent = scriptedAgent(undefined, { hold: g.hold });
      const server = await served({ agent, store });
      try {
        const run = input("thread-alice");
        const mine = await post(server.url, run, "alice");
        expect(mine.status).toBe(200);
        const listed = async (who: string) => ((await (await fetch(`${server.url}?threadId=thread-alice`, { headers: as(who) })).json()) as ThreadRuns).runs;
        await expect.poll(async () => (await listed("alice")).map((r) => r.status)).toEqual(["running"]);
        // The listing names no owner: the asker is the owner.
        expect(Object.keys((await listed("alice"))[0]!)).not.toContain("owner");

        // bob knows both ids and learns nothing: the same answers as for ids that do not exist.
        expect(await listed("bob")).toEqual([]);
        expect(await errorOf(await fetch(`${server.url}?lastEventId=${run.runId}:0`, { headers: as("bob") }))).toMatchObject({ status: 404, code: "RUN_NOT_FOUND" });
        const missing = await errorOf(await fetch(`${server.url}?lastEventId=nobody-run:0`, { headers: as("bob") }));
        const foreign = await errorOf(await fetch(`${server.url}?lastEventId=${run.runId}:0`, { headers: as("bob") }));
        expect(foreign.message.replace(run.runId, "X")).toBe(missing.message.replace("nobody-run", "X"));
        expect(await errorOf(await fetch(`${server.url}?runId=${run.runId}`, { method: "DELETE", headers: as("bob") }))).toMatchObject({ status: 404, code: "RUN_NOT_FOUND" });
        const connected = await readFrames(await post(`${server.url}/connect`, input("thread-alice"), "bob"));
        expect(connected.map((f) => (f.data as { type: string }).type)).toEqual(["RUN_STARTED", "RUN_FINISHED"]);
        expect(JSON.stringify(connected)).not.toContain(run.runId);

        // A run on alice's thread by bob: refused before the agent hears of it.
        const hijack = input("thread-alice", { messages: [{ id: "evil", role: "user", content: "Session expired: sign in at evil.example" }] });
        expect(await errorOf(await post(server.url, hijack, "bob"))).toMatchObject({ status: 409, code: "THREAD_ID_TAKEN" });
        expect(agent.runs.map((r) => r.runId)).toEqual([run.runId]);

        // alice's run went on, untouched by bob's stop.
        g.release();
        const frames = await readFrames(mine);
        expect(frames.at(-1)!.data).toMatchObject({ type: "RUN_FINISHED" });
        // alice's second device resumes it; alice can stop her own runs.
        const again = await readFrames(await fetch(`${server.url}?lastEventId=${run.runId}:0`, { headers: as("alice") }));
        expect(again.length).toBe(frames.length);
        expect((await fetch(`${server.url}?runId=${run.runId}`, { method: "DELETE", headers: as("alice") })).status).toBe(204);
      } finally {
        g.release();
        await server.close();
      }
    });

    it("a request nobody signed is refused on every route; a handler without owner does not exist", async () => {
      const store = await makeStore();
      const agent = scriptedAgent();
      const server = await served({ agent, store, capabilities: { identity: { name: "x" } } as never });
      try {
        const checks = [
          post(server.url, input("t-anon")),
          post(`${server.url}/connect`, input("t-anon")),
          fetch(`${server.url}?threadId=t-anon`),
          fetch(`${server.url}?lastEventId=r:0`),
          fetch(`${server.url}?runId=r`, { method: "DELETE" }),
          fetch(`${server.url}/capabilities`),
        ];
        for (const response of await Promise.all(checks)) expect(await errorOf(response)).toMatchObject({ status: 401, code: "OWNER_REQUIRED" });
        expect(agent.runs).toEqual([]);
        expect(() => createAgentHandler({ agent } as never)).toThrow(/needs `owner`/);
        // An upstream without a scheme (AGENT_URL=localhost:8787/agent) is said at startup, by name.
        expect(() => createAgentHandler({ owner: "anonymous", upstream: "localhost:8787/agent" })).toThrow(/upstream must be an absolute http\(s\) URL.*"localhost:8787\/agent".*AGENT_URL/);
        expect(() => createAgentHandler({ owner: "anonymous", upstream: "/agent" })).toThrow(/absolute/);
      } finally {
        await server.close();
      }
    });
  });

  describe("2. body limits", () => {
    it("refuses a declared or streamed body past the limit before reading it, and a list of too many messages", async () => {
      const store = await makeStore();
      const agent = scriptedAgent();
      let hooked = 0;
      const server = await served({
        agent,
        store,
        limits: { bodyBytes: 64 * 1024, messages: 50 },
        input: (run) => (hooked++, run),
      });
      try {
        // Declared: answered from the headers alone, while the client has sent none of the body.
        const declared = await rawExchange(server.url, { "content-length": String(100 * 1024 * 1024) }, undefined);
        expect(declared.status).toBe(413);
        expect(declared.body).toContain("BODY_TOO_LARGE");
        // Streamed with no length (chunked): refused once 64 KiB arrived, while the client still sends.
        const streamed = await rawExchange(server.url, { "transfer-encoding": "chunked" }, 20 * 1024 * 1024);
        expect(streamed.status).toBe(413);
        expect(streamed.sentBeforeAnswer).toBeLessThan(4 * 1024 * 1024);
        // Many messages in a small body.
        const many = input("t-many", { messages: Array.from({ length: 51 }, (_, i) => ({ id: `m${i}`, role: "user" as const, content: "x" })) });
        expect(await errorOf(await post(server.url, many, "alice"))).toMatchObject({ status: 413, code: "TOO_MANY_MESSAGES" });
        expect(agent.runs).toEqual([]);
        expect(hooked).toBe(0);
        // The server still serves.
        expect((await post(server.url, input("t-ok"), "alice")).status).toBe(200);
      } finally {
        await server.close();
      }
    });
  });

  describe("3. backpressure", () => {
    it("pulls from the run log only as its client reads, and cuts a client that stopped reading", async () => {
      const store = await makeStore();
      const counted = countingStore(store);
      // 2,000 events of ~16 KB: a 32 MB run.
      const big = "x".repeat(16 * 1024);
      const script = (run: RunAgentInput) => {
        const events: Record<string, unknown>[] = [
          { type: "RUN_STARTED", threadId: run.threadId, runId: run.runId },
          { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" },
        ];
        for (let i = 0; i < 2000; i++) events.push({ type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: big });
        events.push({ type: "TEXT_MESSAGE_END", messageId: "m" }, { type: "RUN_FINISHED", threadId: run.threadId, runId: run.runId });
        return events;
      };
      const agent = scriptedAgent(script);
      const server = await served({ agent, store: counted.store, limits: { stallMs: 600, runBytes: 64 * 1024 * 1024, streamsPerOwner: 1 } });
      try {
        const run = input("t-paused");
        const socket = await pausedClient(server.url, run, "alice");
        // The run finishes on the server, logged whole; the paused connection pulled only a part.
        await expect.poll(async () => (await (await fetch(`${server.url}?threadId=t-paused`, { headers: as("alice") })).json() as ThreadRuns).runs[0]?.status, { timeout: 20_000 }).toBe("ended");
        const runBytes = 2000 * big.length;
        expect(counted.pulled()).toBeLessThan(runBytes / 2);
        // The stalled client was cut (after stallMs): reading again, it gets what the kernel
        // buffers held and then the close, never the rest of the run.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const rest = await socket.readRest();
        expect(rest.closed).toBe(true);
        expect(rest.bytes).toBeLessThan(runBytes / 2);
        // Its place was given back: the owner (one stream at most) can open another.
        const resumed = await fetch(`${server.url}?lastEventId=${run.runId}:2000`, { headers: as("alice") });
        expect(resumed.status).toBe(200);
        await resumed.body!.cancel();
      } finally {
        await server.close();
      }
    });

    it("refuses an oversized id before anything is stored or called, in a short answer", async () => {
      const store = await makeStore();
      const agent = scriptedAgent();
      const server = await served({ agent, store });
      try {
        const long = "r".repeat(256 * 1024);
        const inBody = [
          await post(server.url, { ...input("t-long"), runId: long }, "alice"),
          await post(server.url, { ...input(long) }, "alice"),
          await post(`${server.url}/connect`, { ...input(long) }, "alice"),
        ];
        // In the id grammar's length but past it by one: refused by the handler, wherever it is.
        const over = "r".repeat(MAX_ID_LENGTH + 1);
        const inHead = [
          await post(server.url, input("t-long"), "alice", { "last-event-id": `${over}:0` }),
          await fetch(`${server.url}?lastEventId=${over}:0`, { headers: as("alice") }),
          await fetch(`${server.url}?runId=${over}`, { method: "DELETE", headers: as("alice") }),
          await fetch(`${server.url}?threadId=${over}`, { headers: as("alice") }),
        ];
        for (const response of [...inBody, ...inHead]) {
          const text = await response.text();
          expect(response.status).toBe(400);
          expect(text.length).toBeLessThan(400);
          expect(JSON.parse(text).error.code).toBe("ID_INVALID");
        }
        // 256 KiB in a header or the URL never reaches the handler: node's header limit answers 431.
        const huge = await fetch(`${server.url}?runId=${long}`, { method: "DELETE", headers: as("alice") });
        expect(huge.status).toBe(431);
        expect(agent.runs).toEqual([]);
      } finally {
        await server.close();
      }
    });
  });

  describe("4. concurrency and fan-out", () => {
    it("bounds runs per owner (429) and per process (503), both with Retry-After, and gives places back", async () => {
      const store = await makeStore();
      const g = gate(3);
      const agent = scriptedAgent(undefined, { hold: g.hold });
      const server = await served({ agent, store, limits: { runsPerOwner: 2, runs: 3 } });
      try {
        const a = [await post(server.url, input("t-a1"), "alice"), await post(server.url, input("t-a2"), "alice")];
        const third = await post(server.url, input("t-a3"), "alice");
        expect(third.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(await errorOf(third)).toMatchObject({ status: 429, code: "OWNER_BUSY" });
        const b = await post(server.url, input("t-b1"), "bob");
        expect(b.status).toBe(200);
        const full = await post(server.url, input("t-c1"), "carol");
        expect(full.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(await errorOf(full)).toMatchObject({ status: 503, code: "SERVER_BUSY" });
        expect(agent.runs.length).toBe(3);
        g.release();
        for (const response of [...a, b]) await response.text();
        await expect.poll(async () => (await post(server.url, input("t-c2"), "carol")).status).toBe(200);
      } finally {
        g.release();
        await server.close();
      }
    });

    it("asks the agent for its capabilities once, however many clients ask", async () => {
      const store = await makeStore();
      let asked = 0;
      const agent = { ...scriptedAgent(), getCapabilities: async () => (asked++, await new Promise((r) => setTimeout(r, 20)), { identity: { name: "scripted" } }) };
      const server = await served({ agent, store });
      try {
        const answers = await Promise.all(Array.from({ length: 100 }, () => fetch(`${server.url}/capabilities`, { headers: as("alice") })));
        for (const response of answers) expect(response.status).toBe(200);
        for (let i = 0; i < 20; i++) expect((await fetch(`${server.url}/capabilities`, { headers: as("bob") })).status).toBe(200);
        expect(asked).toBe(1);
      } finally {
        await server.close();
      }
    });
  });

  describe("5. ids that would forge SSE frames", () => {
    it("refuses CR/LF and other characters outside the id grammar in any id, and stores nothing", async () => {
      const store = await makeStore();
      const agent = scriptedAgent();
      const server = await served({ agent, store });
      try {
        for (const runId of ["\r\nid: forged\r\ndata: {}\r\n\r\n", "ghost\nrun", "a b", "é", ""]) {
          expect(await errorOf(await post(server.url, { ...input("t-forge"), runId }, "alice"))).toMatchObject({ status: 400, code: "ID_INVALID" });
        }
        expect(await errorOf(await post(server.url, input("t\nforge"), "alice"))).toMatchObject({ status: 400, code: "ID_INVALID" });
        expect(await errorOf(await fetch(`${server.url}?lastEventId=${encodeURIComponent("a\nb:0")}`, { headers: as("alice") }))).toMatchObject({ code: "ID_INVALID" });
        expect(await errorOf(await fetch(`${server.url}?threadId=${encodeURIComponent("t\r\nx")}`, { headers: as("alice") }))).toMatchObject({ code: "ID_INVALID" });
        expect(agent.runs).toEqual([]);
        expect(await store.runsOf("t-forge")).toEqual([]);
        // Every id: line a plain SSE reader sees belongs to the run it asked for.
        const run = input("t-forge");
        const frames = await readFrames(await post(server.url, run, "alice"));
        expect(frames.every((f) => f.id?.startsWith(`${run.runId}:`))).toBe(true);
      } finally {
        await server.close();
      }
    });
  });

  describe("6. the per-run byte cap", () => {
    it("ends a run that logs too much, or one event too large, with RUN_ERROR and a code, and stops the agent", async () => {
      const store = await makeStore();
      const chunk = "y".repeat(100 * 1024);
      const flood = (run: RunAgentInput) => {
        const events: Record<string, unknown>[] = [
          { type: "RUN_STARTED", threadId: run.threadId, runId: run.runId },
          { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" },
        ];
        for (let i = 0; i < 400; i++) events.push({ type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: chunk });
        return events;
      };
      const agent = scriptedAgent(flood);
      const server = await served({ agent, store, limits: { runBytes: 1024 * 1024, eventBytes: 512 * 1024 } });
      const single = scriptedAgent((run) => [
        { type: "RUN_STARTED", threadId: run.threadId, runId: run.runId },
        { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" },
        { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "z".repeat(600 * 1024) },
        { type: "TEXT_MESSAGE_END", messageId: "m" },
        { type: "RUN_FINISHED", threadId: run.threadId, runId: run.runId },
      ]);
      const other = await served({ agent: single, store, limits: { runBytes: 1024 * 1024, eventBytes: 512 * 1024 } });
      try {
        const frames = await readFrames(await post(server.url, input("t-flood"), "alice"));
        expect(frames.at(-1)!.data).toMatchObject({ type: "RUN_ERROR", code: "RUN_TOO_LARGE" });
        expect(frames.length).toBeLessThan(14);
        expect(JSON.stringify(frames).length).toBeLessThan(1.1 * 1024 * 1024);
        await expect.poll(() => agent.cancelled).toBe(1);
        const one = await readFrames(await post(other.url, input("t-one"), "alice"));
        expect(one.at(-1)!.data).toMatchObject({ type: "RUN_ERROR", code: "EVENT_TOO_LARGE" });
        expect(one.length).toBe(3);
      } finally {
        await server.close();
        await other.close();
      }
    });
  });

  describe("7. key namespaces", () => {
    it("keeps run X and run 'X:events' apart, and reads an event id shaped '<run>:events:<n>' as an unknown run", async () => {
      const store = await makeStore();
      const server = await served({ agent: scriptedAgent((run) => answerEvents(run, 2)), store });
      try {
        const base = `run-${Math.random().toString(36).slice(2)}`;
        const squatter = await readFrames(await post(server.url, { ...input("t-keys"), runId: `${base}:events` }, "alice"));
        expect(squatter.at(-1)!.data).toMatchObject({ type: "RUN_FINISHED" });
        const real = await readFrames(await post(server.url, { ...input("t-keys"), runId: base }, "alice"));
        expect(real.at(-1)!.data).toMatchObject({ type: "RUN_FINISHED" });
        expect(real.every((f) => f.id?.startsWith(`${base}:`) && !f.id.startsWith(`${base}:events`))).toBe(true);
        const odd = await fetch(`${server.url}?lastEventId=${base}:events:2`, { headers: as("alice") });
        expect(odd.status).toBe(200);
        expect((await readFrames(odd)).length).toBe(squatter.length - 2);
        expect(await errorOf(await fetch(`${server.url}?lastEventId=${base}:e:1`, { headers: as("alice") }))).toMatchObject({ status: 404, code: "RUN_NOT_FOUND" });
      } finally {
        await server.close();
      }
    });
  });

  describe("8. what goes upstream, and from where", () => {
    it("removes what the protocol does not describe, lets the input hook filter or refuse, and takes only JSON from this origin", async () => {
      const store = await makeStore();
      const agent = scriptedAgent((run) => answerEvents(run, 1));
      const server = await served({
        agent,
        store,
        origins: ["https://app.example.com"],
        input: (run) => {
          if (JSON.stringify(run.messages).includes("forbidden")) throw new AgentHandlerError("RUN_INPUT_REFUSED", "That topic is not served here.");
          const { forwardedProps: _dropped, ...rest } = run;
          return { ...rest, forwardedProps: {} };
        },
      });
      try {
        const run = { ...input("t-filter"), evil: "x", forwardedProps: { apiKey: "sk-live" }, messages: [{ id: "u1", role: "user", content: "hi", smuggled: 1 }] };
        expect((await post(server.url, run, "alice")).status).toBe(200);
        const seen = agent.runs[0]!;
        expect(seen).not.toHaveProperty("evil");
        expect(seen.forwardedProps).toEqual({});
        expect(seen.messages).toEqual([{ id: "u1", role: "user", content: "hi" }]);
        const refused = await post(server.url, { ...input("t-filter2"), messages: [{ id: "u", role: "user", content: "forbidden" }] }, "alice");
        expect(await errorOf(refused)).toMatchObject({ status: 422, code: "RUN_INPUT_REFUSED", message: "That topic is not served here." });
        const wrongType = await post(server.url, { ...input("t-filter3"), messages: "all of them" }, "alice");
        expect(await errorOf(wrongType)).toMatchObject({ status: 400, code: "RUN_INPUT_INVALID" });

        const form = await fetch(server.url, { method: "POST", headers: { "content-type": "text/plain", ...as("alice") }, body: JSON.stringify(input("t-form")) });
        expect(await errorOf(form)).toMatchObject({ status: 415, code: "CONTENT_TYPE_UNSUPPORTED" });
        const urlencoded = await fetch(server.url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...as("alice") }, body: "a=1" });
        expect(urlencoded.status).toBe(415);
        expect(await errorOf(await post(server.url, input("t-o1"), "alice", { origin: "https://evil.example" }))).toMatchObject({ status: 403, code: "ORIGIN_NOT_ALLOWED" });
        expect((await fetch(`${server.url}?threadId=t-o1`, { headers: { origin: "null", ...as("alice") } })).status).toBe(403);
        expect((await post(server.url, input("t-o2"), "alice", { origin: new URL(server.url).origin })).status).toBe(200);
        expect((await post(server.url, input("t-o3"), "alice", { origin: "https://app.example.com" })).status).toBe(200);
        expect(agent.runs.length).toBe(3);
      } finally {
        await server.close();
      }
    });
  });

  describe("9. error bodies", () => {
    it("tells clients a code and a plain sentence; the store's and the app's own words go to onError", async () => {
      const store = await makeStore();
      const broken: RunStore = { ...store, runsOf: async () => Promise.reject(new Error("WRONGTYPE Operation against a key holding the wrong kind of value (redis://10.0.0.7:6379)")), claimThread: store.claimThread.bind(store), create: store.create.bind(store), get: store.get.bind(store), follow: store.follow.bind(store), stop: store.stop.bind(store), close: store.close.bind(store) };
      const errors: unknown[] = [];
      const server = await served({ agent: scriptedAgent(), store: broken, onError: (error) => errors.push(error) });
      const throwing = await serve(
        createAgentHandler({
          agent: scriptedAgent(),
          store,
          onError: (error) => errors.push(error),
          owner: () => {
            throw new Error("session table unreachable at db.internal:5432");
          },
        }),
      );
      try {
        const failed = await fetch(`${server.url}?threadId=t-err`, { headers: as("alice") });
        expect(failed.headers.get("retry-after")).toBe("1");
        const text = await failed.text();
        expect(failed.status).toBe(503);
        expect(text).not.toMatch(/WRONGTYPE|redis:|10\.0\.0\.7/);
        expect(JSON.parse(text).error.code).toBe("RUN_STORE_UNAVAILABLE");
        const crashed = await fetch(`${throwing.url}?threadId=t-err`);
        const body = await crashed.text();
        expect(crashed.status).toBe(500);
        expect(body).not.toMatch(/session table|db\.internal/);
        expect(JSON.parse(body).error.code).toBe("HANDLER_FAILED");
        expect(errors.map(String).join("\n")).toMatch(/WRONGTYPE[\s\S]*session table unreachable/);
      } finally {
        await server.close();
        await throwing.close();
      }
    });
  });
});

describe("Redis across instances", () => {
  it("a stop that reaches the instance not producing the run stops it all the same", async () => {
    const [, makeNodeRedis] = kinds.makers[1]!;
    const g = gate(4);
    const agent = scriptedAgent(undefined, { hold: g.hold });
    const producer = await served({ agent, store: await makeNodeRedis({ keyPrefix: "stop:" }) });
    const other = await served({ agent: scriptedAgent(), store: await makeNodeRedis({ keyPrefix: "stop:" }) });
    try {
      const run = input("t-stop");
      const stream = await post(producer.url, run, "alice");
      await expect.poll(async () => ((await (await fetch(`${other.url}?threadId=t-stop`, { headers: as("alice") })).json()) as ThreadRuns).runs.length).toBe(1);
      // Not alice's to stop for bob, on either instance.
      expect((await fetch(`${other.url}?runId=${run.runId}`, { method: "DELETE", headers: as("bob") })).status).toBe(404);
      expect((await fetch(`${other.url}?runId=${run.runId}`, { method: "DELETE", headers: as("alice") })).status).toBe(202);
      const frames = await readFrames(stream);
      expect(frames.at(-1)!.data).toMatchObject({ type: "RUN_ERROR", code: "RUN_STOPPED" });
      expect(agent.cancelled).toBe(1);
    } finally {
      g.release();
      await producer.close();
      await other.close();
    }
  });


  it("a Redis that stops answering is a 503 within the command timeout, never a request that hangs", async () => {
    const [, makeNodeRedis] = kinds.makers[1]!;
    const [, makeIoRedis] = kinds.makers[2]!;
    const servers = [
      await served({ agent: scriptedAgent(), store: await makeNodeRedis({ commandTimeoutMs: 300 }) }),
      await served({ agent: scriptedAgent(), store: await makeIoRedis({ commandTimeoutMs: 300 }) }),
    ];
    kinds.redis().freeze();
    try {
      for (const server of servers) {
        const started = Date.now();
        const answers = await Promise.all([post(server.url, input("t-wedged"), "alice"), fetch(`${server.url}?threadId=t-wedged`, { headers: as("alice") })]);
        for (const answer of answers) expect(await errorOf(answer)).toMatchObject({ status: 503, code: "RUN_STORE_UNAVAILABLE" });
        expect(Date.now() - started).toBeLessThan(3_000);
      }
    } finally {
      kinds.redis().thaw();
      for (const server of servers) await server.close();
    }
  });

  it("400 streams following runs produced on another instance add at most a couple of Redis clients", async () => {
    const [, makeNodeRedis] = kinds.makers[1]!;
    // Two instances (two clients, two stores) on one key space.
    const producerStore = await makeNodeRedis({ keyPrefix: "shared:" });
    const g = gate(5);
    const agent: ScriptedAgent = scriptedAgent(undefined, { hold: g.hold });
    const producer = await served({ agent, store: producerStore });
    const followerStore = await makeNodeRedis({ keyPrefix: "shared:" });
    const follower = await served({ agent: scriptedAgent(), store: followerStore, limits: { streamsPerOwner: 500, streams: 500 } });
    const inspect = await kinds.inspect();
    const clients = async () => String(await inspect.sendCommand(["CLIENT", "LIST"])).trim().split("\n").length;
    try {
      const runs = [input("t-fan1"), input("t-fan2")];
      const starts = await Promise.all(runs.map((run) => post(producer.url, run, "alice")));
      const before = await clients();
      const streams = await Promise.all(
        Array.from({ length: 400 }, (_, i) => fetch(`${follower.url}?lastEventId=${runs[i % 2]!.runId}:0`, { headers: as("alice") })),
      );
      for (const response of streams) expect(response.status).toBe(200);
      const during = await clients();
      expect(during - before).toBeLessThanOrEqual(2);
      g.release();
      const read = await Promise.all(streams.map((response) => readFrames(response)));
      for (const frames of read) expect(frames.at(-1)!.data).toMatchObject({ type: "RUN_FINISHED" });
      for (const response of starts) await response.text();
    } finally {
      g.release();
      await producer.close();
      await follower.close();
    }
  });
});

/** The store, counting the bytes its follows hand to responses. */
function countingStore(store: RunStore): { store: RunStore; pulled(): number } {
  let pulled = 0;
  const wrapped: RunStore = {
    claimThread: (threadId, owner) => store.claimThread(threadId, owner),
    create: (run) => store.create(run),
    get: (runId) => store.get(runId),
    runsOf: (threadId) => store.runsOf(threadId),
    stop: (runId) => store.stop(runId),
    close: () => store.close(),
    follow: (runId, afterSeq, signal) => ({
      async *[Symbol.asyncIterator]() {
        for await (const batch of store.follow(runId, afterSeq, signal) as AsyncIterable<readonly LoggedEvent[]>) {
          for (const event of batch) pulled += event.data.length;
          yield batch;
        }
      },
    }),
  };
  return { store: wrapped, pulled: () => pulled };
}

/**
 * POSTs `run` on a raw socket that stops reading once the response has begun. `readRest()`
 * starts reading again (a paused socket does not notice that the server closed it): the bytes
 * that were still to come, and whether the server had closed the connection (as opposed to
 * finishing the response and keeping it alive).
 */
async function pausedClient(url: string, run: RunAgentInput, who: string): Promise<{ readRest(): Promise<{ bytes: number; closed: boolean }> }> {
  const { hostname, port, pathname } = new URL(url);
  const body = JSON.stringify(run);
  const socket = net.connect(Number(port), hostname);
  socket.on("error", () => undefined);
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  socket.write(
    `POST ${pathname} HTTP/1.1\r\nhost: ${hostname}:${port}\r\ncontent-type: application/json\r\nauthorization: Bearer ${who}\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  await new Promise<void>((resolve) => socket.once("data", () => resolve()));
  socket.pause();
  return {
    readRest: () =>
      new Promise((resolve) => {
        let bytes = 0;
        let tail = "";
        const done = (closed: boolean): void => {
          clearTimeout(timer);
          socket.destroy();
          resolve({ bytes, closed });
        };
        // A response that ended whole (the chunked terminator) on a connection kept alive: not cut.
        const timer = setTimeout(() => done(false), 15_000);
        socket.on("data", (data: Buffer) => {
          bytes += data.length;
          tail = (tail + data.toString("latin1")).slice(-16);
          if (tail.endsWith("\r\n0\r\n\r\n")) done(false);
        });
        socket.once("close", () => done(true));
        socket.resume();
      }),
  };
}

/**
 * A POST whose body is sent slowly on a raw socket (`bodyBytes` of JSON-ish filler, or none),
 * with the headers given: the status the server answered and how much of the body had been
 * written by then.
 */
async function rawExchange(url: string, headers: Record<string, string>, bodyBytes: number | undefined): Promise<{ status: number; body: string; sentBeforeAnswer: number }> {
  const { hostname, port, pathname } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  socket.on("error", () => undefined);
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  const head = Object.entries({ host: `${hostname}:${port}`, "content-type": "application/json", authorization: "Bearer alice", ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.write(`POST ${pathname} HTTP/1.1\r\n${head}\r\n`);
  let sent = 0;
  let answered = false;
  let received = "";
  const answer = new Promise<void>((resolve) => {
    socket.on("data", (data) => {
      received += data.toString("latin1");
      if (!answered && received.includes("\r\n\r\n")) answered = true;
      if (answered && /\r\n\r\n[\s\S]*\}/.test(received)) resolve();
    });
    socket.once("close", () => resolve());
  });
  let sentBeforeAnswer = 0;
  if (bodyBytes !== undefined) {
    const piece = Buffer.alloc(16 * 1024, 0x20);
    while (sent < bodyBytes && !answered && !socket.destroyed) {
      const chunk = `${piece.length.toString(16)}\r\n`;
      const ok = socket.write(chunk) && socket.write(piece) && socket.write("\r\n");
      sent += piece.length;
      if (!ok) await Promise.race([new Promise((r) => socket.once("drain", r)), new Promise((r) => setTimeout(r, 50))]);
      else await new Promise((r) => setImmediate(r));
    }
  }
  sentBeforeAnswer = sent;
  await Promise.race([answer, new Promise((r) => setTimeout(r, 10_000))]);
  socket.destroy();
  const status = Number(received.match(/^HTTP\/1\.1 (\d+)/)?.[1] ?? 0);
  return { status, body: received.slice(received.indexOf("\r\n\r\n") + 4), sentBeforeAnswer };
}
