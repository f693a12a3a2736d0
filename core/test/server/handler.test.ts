// createAgentHandler on a real node:http server, over each store: the memory store, and Redis
// Streams through node-redis and through ioredis (a real redis-server on a free port).
import { describe, expect, it } from "vitest";
import { createAgentHandler, type ThreadRuns } from "../../src/server/index.js";
import type { RunAgentInput } from "../../src/protocol/events.js";
import { answerEvents, readFrames, scriptedAgent, serve } from "./support.js";
import { runStores } from "./stores.js";

const { makers: stores } = runStores();

let runs = 0;
function input(threadId = "thread-1"): RunAgentInput {
  return { threadId, runId: `run-${++runs}`, messages: [], tools: [], context: [], state: {}, forwardedProps: {} };
}

/** What the handler logs of `answerEvents`: the run's input joins its RUN_STARTED (`logInput`). */
const logged = (run: RunAgentInput) => answerEvents(run).map((event, at) => (at === 0 ? { ...event, input: run } : event));

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

describe.each(stores)("createAgentHandler with the %s store", (_name, makeStore) => {
  it("numbers every event id: <runId>:<seq> and announces resume", async () => {
    const store = await makeStore({});
    const server = await serve(createAgentHandler({ owner: "anonymous", agent: scriptedAgent(), store }));
    try {
      const run = input();
      const response = await post(server.url, run);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-threadline-resume")).toBe("1");
      const frames = await readFrames(response);
      const expected = logged(run);
      expect(frames.map((frame) => frame.data)).toEqual(expected);
      expect(frames.map((frame) => frame.id)).toEqual(expected.map((_, i) => `${run.runId}:${i + 1}`));
    } finally {
      await server.close();
    }
  });

  it("logs the run's input in its RUN_STARTED (a follower's thread), unless logInput is false or the agent sent one", async () => {
    const store = await makeStore({});
    const withInput = (i: RunAgentInput) => answerEvents(i, 1).map((e, at) => (at === 0 ? { ...e, input: { ...i, messages: [] } } : e));
    const plain = await serve(createAgentHandler({ owner: "anonymous", agent: scriptedAgent((i) => answerEvents(i, 1)), store, logInput: false }));
    const own = await serve(createAgentHandler({ owner: "anonymous", agent: scriptedAgent(withInput), store }));
    try {
      const run = { ...input(), messages: [{ id: "u1", role: "user" as const, content: "hi" }] };
      expect((await readFrames(await post(plain.url, run))).map((f) => f.data)).toEqual(answerEvents(run, 1));
      const second = { ...input(), messages: run.messages };
      expect((await readFrames(await post(own.url, second))).map((f) => f.data)).toEqual(withInput(second));
    } finally {
      await plain.close();
      await own.close();
    }
  });

  it("keeps a run going when its client leaves; Last-Event-ID gives exactly the events after it, then the live tail", async () => {
    const store = await makeStore({});
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const agent = scriptedAgent(undefined, { hold: (i) => (i === 10 ? gate : undefined) });
    const server = await serve(createAgentHandler({ owner: "anonymous", agent, store }));
    try {
      const run = input();
      const first = await post(server.url, run);
      const reader = first.body!.getReader();
      let text = "";
      while ((text.match(/^data: /gm) ?? []).length < 5) text += new TextDecoder().decode((await reader.read()).value);
      await reader.cancel();
      // Five events were read; the agent goes on to event 10 with nobody listening, then waits.
      const resumed = fetch(server.url, { headers: { "last-event-id": `${run.runId}:5` } });
      setTimeout(release, 30);
      const frames = await readFrames(await resumed);
      const expected = answerEvents(run);
      expect(frames.map((frame) => frame.data)).toEqual(expected.slice(5));
      expect(frames[0]!.id).toBe(`${run.runId}:6`);
      expect(agent.cancelled).toBe(0);
    } finally {
      await server.close();
    }
  });

  it("an event stream's first write is a short comment: a long input or a replayed log does not lead it", async () => {
    // A compression layer that decides by the first write's size (vite preview's gzips from 1 KB)
    // would hold every event of a stream that starts with them until the run ends.
    const store = await makeStore({});
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handler = createAgentHandler({ owner: "anonymous", agent: scriptedAgent(undefined, { hold: (i) => (i === 20 ? gate : undefined) }), store });
    const long = { ...input(), messages: [{ id: "u1", role: "user" as const, content: "Plan my trip. ".repeat(200) }] };
    const request = (headers: Record<string, string>) =>
      handler(new Request("http://127.0.0.1/agent", { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(long) }), undefined);
    const chunks = async (response: Response, count: number): Promise<string[]> => {
      const reader = response.body!.getReader();
      const read: string[] = [];
      while (read.length < count) read.push(new TextDecoder().decode((await reader.read()).value));
      await reader.cancel();
      return read;
    };
    try {
      const [opening, started] = await chunks(await request({}), 2);
      expect(opening).toBe(":\n\n");
      expect(started!.length).toBeGreaterThan(2_800); // RUN_STARTED with the run's input
      const [resumeOpening, replay] = await chunks(await request({ "last-event-id": `${long.runId}:0` }), 2);
      expect(resumeOpening).toBe(":\n\n");
      expect(replay!.length).toBeGreaterThan(2_800); // the log so far, from RUN_STARTED
    } finally {
      release();
      // The run ends before the store is closed.
      const listing = async () => ((await (await handler(new Request(`http://127.0.0.1/agent?threadId=${long.threadId}`), undefined)).json()) as ThreadRuns).runs;
      await expect.poll(async () => (await listing()).map((run) => run.status)).toEqual(["ended"]);
    }
  });

  it("lists a thread's runs (running, then ended) and connect replays the active run", async () => {
    const store = await makeStore({});
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const agent = scriptedAgent(undefined, { hold: (i) => (i === 3 ? gate : undefined) });
    const server = await serve(createAgentHandler({ owner: "anonymous", agent, store }));
    try {
      const run = input("thread-listed");
      const first = await post(server.url, run);
      const listing = async () => (await (await fetch(`${server.url}?threadId=thread-listed`)).json()) as ThreadRuns;
      await expect.poll(async () => (await listing()).runs.map((r) => [r.runId, r.status])).toEqual([[run.runId, "running"]]);
      const connected = post(`${server.url}/connect`, { ...run, runId: "anything" });
      release();
      const replay = await readFrames(await connected);
      expect(replay.map((frame) => frame.data)).toEqual(logged(run));
      await first.text();
      // The run's end is recorded as its log is closed, a store round trip after the last event
      // reached the client: the listing says "ended" then, not necessarily at once.
      await expect.poll(async () => (await listing()).runs.map((r) => r.status)).toEqual(["ended"]);
      // A thread with nothing logged: an empty run, so a client's connect succeeds with nothing to add.
      const empty = await readFrames(await post(`${server.url}/connect`, input("thread-empty")));
      expect(empty.map((frame) => (frame.data as { type: string }).type)).toEqual(["RUN_STARTED", "RUN_FINISHED"]);
    } finally {
      await server.close();
    }
  });

  it("refuses malformed resume input with a typed HTTP error, never a wrong replay", async () => {
    // A short retention, but long enough for the checks before the expiry one on a loaded machine.
    const store = await makeStore({ ttlMs: 2000, maxEvents: 5 });
    const server = await serve(createAgentHandler({ owner: "anonymous", agent: scriptedAgent((i) => answerEvents(i, 2)), store }));
    const long = await serve(createAgentHandler({ owner: "anonymous", agent: scriptedAgent((i) => answerEvents(i, 3000)), store }));
    try {
      const run = input();
      await (await post(server.url, run)).text();
      const resume = async (id: string, query = "") => {
        const response = await fetch(`${server.url}${query}`, { headers: { "last-event-id": id } });
        return { status: response.status, body: (await response.json()) as { error: { code: string; message: string } } };
      };
      expect(await resume("no-colon")).toMatchObject({ status: 400, body: { error: { code: "EVENT_ID_INVALID" } } });
      expect(await resume(`${run.runId}:-1`)).toMatchObject({ status: 400, body: { error: { code: "EVENT_ID_INVALID" } } });
      expect(await resume("nobody:3")).toMatchObject({ status: 404, body: { error: { code: "RUN_NOT_FOUND" } } });
      expect(await resume(`${run.runId}:2`, "?runId=other-run")).toMatchObject({ status: 400, body: { error: { code: "EVENT_ID_OTHER_RUN" } } });
      const ahead = await resume(`${run.runId}:99`);
      expect(ahead).toMatchObject({ status: 416, body: { error: { code: "EVENT_ID_AHEAD" } } });
      expect(ahead.body.error.message).toContain("has 6 event(s); there is no event 99");
      // The last event's own id is a valid resume point: nothing follows.
      const atEnd = await fetch(server.url, { headers: { "last-event-id": `${run.runId}:6` } });
      expect(await readFrames(atEnd)).toEqual([]);

      const big = input();
      await (await post(long.url, big)).text();
      expect(await resume(`${big.runId}:1`)).toMatchObject({ status: 410, body: { error: { code: "EVENTS_TRIMMED" } } });

      await expect.poll(async () => (await resume(`${run.runId}:2`)).body.error?.code, { timeout: 15_000, interval: 100 }).toBe("RUN_EXPIRED");
      expect((await resume(`${run.runId}:2`)).status).toBe(410);
    } finally {
      await server.close();
      await long.close();
    }
  });

  it("closes a failing or overlong run with RUN_ERROR, and refuses a runId already logged", async () => {
    const store = await makeStore({});
    const errors: unknown[] = [];
    const failing = await serve(createAgentHandler({ owner: "anonymous", agent: scriptedAgent(undefined, { failAt: 4 }), store, onError: (e) => errors.push(e) }));
    const slow = await serve(createAgentHandler({ owner: "anonymous", agent: scriptedAgent(undefined, { gapMs: 50 }), store, runTimeoutMs: 120, onError: (e) => errors.push(e) }));
    try {
      const run = input();
      const frames = await readFrames(await post(failing.url, run));
      expect(frames.length).toBe(5);
      expect(frames[4]!.data).toMatchObject({ type: "RUN_ERROR", code: "AGENT_FAILED" });
      // The client hears what kind of failure; the agent's own words go to onError only.
      expect((frames[4]!.data as { message: string }).message).not.toContain("the model provider went away");
      expect(errors.map(String).join("\n")).toContain("the model provider went away");
      const again = await post(failing.url, run);
      expect(again.status).toBe(409);
      expect(((await again.json()) as { error: { code: string } }).error.code).toBe("RUN_ID_TAKEN");

      const timed = await readFrames(await post(slow.url, input()));
      expect(timed.at(-1)!.data).toMatchObject({ type: "RUN_ERROR", code: "RUN_TIMEOUT" });
      expect(timed.length).toBeLessThan(answerEvents(input()).length);
      const bad = await fetch(failing.url, { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("RUN_INPUT_INVALID");
    } finally {
      await failing.close();
      await slow.close();
    }
  });
});
