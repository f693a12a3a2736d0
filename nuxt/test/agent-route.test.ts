// The module's server route, as Nitro mounts it, on a real h3 app and node:http server in front
// of a real AG-UI server: owners read from event.context (what the app's session middleware puts
// there), anonymous mode, the `threadline:run` hook, the capabilities it forwards, and a run log in
// a real redis-server shared by two instances. What a page shows for a refusal is read off a real
// ChatClient, as the README's error table quotes it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { ChatClient, HttpAgent, type AgentSource } from "@threadline/core";
import { createApp, createRouter, defineEventHandler, toNodeListener as h3Listener } from "h3";
import { createClient } from "redis";
import { afterEach, describe, expect, test, vi } from "vitest";
import { readFrames } from "../../core/test/server/support.js";
import { startRedis, type RedisProcess } from "../../core/test/server/redis-server.js";
import { agentServer, type AgentServer } from "../../vue/test/support/server.js";
import { createAgentRoute, type AgentRoute, type AgentRouteOptions, type RedisClient, type ThreadlineRun } from "../src/runtime/server/agent-route.js";
import { defineThreadlineOwner } from "../src/runtime/server/owner.js";
import { routeSettings, type ModuleOptions } from "../src/runtime/settings.js";

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

/** An upstream that answers every run with one short text message. */
async function upstream(capabilities?: object): Promise<AgentServer> {
  const server = await agentServer(async ({ input, send, end }) => {
    const messageId = `a-${input.runId}`;
    await send({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId });
    await send({ type: "TEXT_MESSAGE_START", messageId, role: "assistant" });
    for (const delta of ["Hel", "lo ", "there"]) await send({ type: "TEXT_MESSAGE_CONTENT", messageId, delta });
    await send({ type: "TEXT_MESSAGE_END", messageId });
    await send({ type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId });
    end();
  }, capabilities);
  cleanup.push(() => server.close());
  return server;
}

interface Mounted {
  readonly url: string;
  readonly route: AgentRoute;
}

/**
 * The route under `/api/_threadline/agent` of an h3 app whose session middleware puts the bearer
 * token's user on `event.context.userId` — or, with `session: false`, no middleware at all.
 */
async function mount(options: ModuleOptions, extra: Partial<AgentRouteOptions> & { session?: (token: string | undefined) => unknown } = {}): Promise<Mounted> {
  const route = createAgentRoute(routeSettings(options), {
    beforeRun: async () => undefined,
    createRedisClient: undefined,
    ...extra,
  });
  const app = createApp();
  const session = extra.session ?? ((token: string | undefined) => token);
  app.use(defineEventHandler((event) => void (event.context.userId = session(event.node.req.headers.authorization?.slice("Bearer ".length)))));
  const handler = defineEventHandler((event) => route.serve(event));
  app.use(createRouter().use("/api/_threadline/agent", handler).use("/api/_threadline/agent/**", handler));
  const server = http.createServer(h3Listener(app));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanup.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await route.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/_threadline/agent`, route };
}

const input = (threadId: string, runId = `r-${Math.random().toString(36).slice(2)}`) => ({
  threadId,
  runId,
  messages: [{ id: `u-${runId}`, role: "user", content: "Hi" }],
  tools: [],
  context: [],
  state: {},
  forwardedProps: {},
});
const post = (url: string, body: unknown, who?: string) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", ...(who ? { authorization: `Bearer ${who}` } : {}) }, body: JSON.stringify(body) });
const get = (url: string, who?: string) => fetch(url, { headers: who ? { authorization: `Bearer ${who}` } : {} });

/** What a page renders for the chat's error after one message: `code: message`, as the README's pages do. */
async function errorShown(url: string, who?: string): Promise<string | undefined> {
  const chat = new ChatClient({ agent: new HttpAgent({ url, reconnect: false, ...(who ? { headers: { authorization: `Bearer ${who}` } } : {}) }) });
  await chat.sendMessage("Hello?");
  const error = chat.error.value;
  chat.dispose();
  return error && `${error.code}: ${error.message}`;
}

describe("the module's agent route", () => {
  test("the owner is event.context's field: each user reaches only their own threads and runs", async () => {
    const agent = await upstream();
    const { url } = await mount({ owner: "userId", upstream: agent.url });
    const mine = input("t-owned");
    const frames = await readFrames(await post(url, mine, "alice"));
    expect(frames[0]!.id).toBe(`${mine.runId}:1`);
    expect(frames.map((f) => (f.data as { type: string }).type)).toContain("TEXT_MESSAGE_CONTENT");
    expect(frames.at(-1)!.data).toMatchObject({ type: "RUN_FINISHED" });
    expect(agent.exchanges[0]!.input.messages).toEqual(mine.messages);

    expect(await (await get(`${url}?threadId=t-owned`, "alice")).json()).toMatchObject({ runs: [{ runId: mine.runId, status: "ended" }] });
    expect(await (await get(`${url}?threadId=t-owned`, "bob")).json()).toEqual({ threadId: "t-owned", runs: [] });
    expect((await get(`${url}?lastEventId=${mine.runId}:0`, "bob")).status).toBe(404);
    const taken = await post(url, input("t-owned"), "bob");
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ error: { code: "THREAD_ID_TAKEN" } });
    expect(agent.exchanges).toHaveLength(1); // bob's run never reached the agent
  });

  test("nobody signed in is a 401, which a page shows as the README says", async () => {
    const agent = await upstream();
    const { url } = await mount({ owner: "userId", upstream: agent.url });
    const refused = await post(url, input("t-nobody"));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: "OWNER_REQUIRED" } });
    // The README's row: `HTTP_STATUS: HTTP 401 … OWNER_REQUIRED …`
    expect(await errorShown(url)).toMatch(/^HTTP_STATUS: HTTP 401 .*OWNER_REQUIRED/);
    expect(agent.exchanges).toHaveLength(0);
  });

  test("a session that puts something else than a string there: a 500, and the log names the field", async () => {
    const agent = await upstream();
    const onError = vi.fn();
    const { url } = await mount({ owner: "userId", upstream: agent.url }, { onError, session: (token) => (token ? { id: token } : undefined) });
    const failed = await post(url, input("t-object"), "alice");
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ error: { code: "HANDLER_FAILED" } });
    expect(String(onError.mock.calls[0]?.[0])).toContain("event.context.userId (threadline.owner) must be the signed-in user's id as a string");
  });

  test("an owner file: its default export says who is asking, from anything on the event (awaited)", async () => {
    const agent = await upstream();
    // What `~~/server/threadline-owner.ts` exports: the user from a session read asynchronously, nested.
    const owner = defineThreadlineOwner(async (event) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return (event.context["userId"] as { id: string } | undefined)?.id;
    });
    const { url } = await mount(
      { owner: "~~/server/threadline-owner", upstream: agent.url },
      { ownerFile: { option: "~~/server/threadline-owner", owner }, session: (token) => (token ? { id: token } : undefined) },
    );
    const mine = input("t-owner-file");
    expect((await readFrames(await post(url, mine, "alice"))).at(-1)!.data).toMatchObject({ type: "RUN_FINISHED" });
    expect(await (await get(`${url}?threadId=t-owner-file`, "alice")).json()).toMatchObject({ runs: [{ runId: mine.runId }] });
    expect(await (await get(`${url}?threadId=t-owner-file`, "bob")).json()).toEqual({ threadId: "t-owner-file", runs: [] });
    const nobody = await post(url, input("t-owner-file-2"));
    expect(nobody.status).toBe(401);
    expect(await nobody.json()).toMatchObject({ error: { code: "OWNER_REQUIRED" } });
  });

  test("an owner file the build does not have, or whose default export is no function: the route refuses to start", () => {
    const start = (ownerFile: AgentRouteOptions["ownerFile"]) => () =>
      createAgentRoute(routeSettings({ owner: "~~/server/threadline-owner" }), { beforeRun: async () => undefined, createRedisClient: undefined, ownerFile });
    // NUXT_THREADLINE_OWNER naming a file at runtime, which was not bundled.
    expect(start(undefined)).toThrow(expect.objectContaining({ code: "OWNER_INVALID", message: expect.stringContaining("fixed when the app is built") }));
    expect(start({ option: "~~/server/other-owner", owner: () => "x" })).toThrow(/built with "~~\/server\/other-owner"/);
    expect(start({ option: "~~/server/threadline-owner", owner: undefined })).toThrow(/default export of ~~\/server\/threadline-owner .* not missing/);
    expect(start({ option: "~~/server/threadline-owner", owner: { id: "x" } })).toThrow(/must be the owner function.* not object/);
  });

  test("origins: another site's page is refused, a listed one served", async () => {
    const agent = await upstream();
    const { url } = await mount({ owner: "userId", upstream: agent.url, origins: ["https://admin.example.com"] });
    const from = (origin: string) =>
      fetch(url, { method: "POST", headers: { "content-type": "application/json", authorization: "Bearer alice", origin }, body: JSON.stringify(input(`t-${origin.length}`)) });
    const refused = await from("https://evil.example");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: "ORIGIN_NOT_ALLOWED" } });
    expect((await readFrames(await from("https://admin.example.com"))).at(-1)!.data).toMatchObject({ type: "RUN_FINISHED" });
    // The app's own pages: same host.
    expect((await from(new URL(url).origin)).status).toBe(200);
  });

  test("limits reach the handler: a body over limits.bodyBytes is a 413, and the rest keep their defaults", async () => {
    const agent = await upstream();
    const { url } = await mount({ owner: "userId", upstream: agent.url, limits: { bodyBytes: 2048 } });
    const large = input("t-large");
    large.messages[0]!.content = "x".repeat(4096);
    const refused = await post(url, large, "alice");
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({ error: { code: "BODY_TOO_LARGE" } });
    const small = await post(url, input("t-small"), "alice");
    expect(small.status).toBe(200);
    // The stream opens before the agent is asked (a comment first): read it to the run's end.
    expect((await readFrames(small)).at(-1)!.data).toMatchObject({ type: "RUN_FINISHED" });
    expect(agent.exchanges).toHaveLength(1);
  });

  test("anonymous mode serves everyone as one owner, and says so when it starts", async () => {
    const agent = await upstream();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const { url } = await mount({ anonymous: true, upstream: agent.url }, { session: () => undefined });
      const run = input("t-anonymous");
      expect((await post(url, run)).status).toBe(200);
      expect(await (await get(`${url}?threadId=t-anonymous`)).json()).toMatchObject({ runs: [{ runId: run.runId }] });
      // Announced once per process, by core's handler: this test file's first anonymous route.
      expect(warn.mock.calls.map((call) => String(call[0])).join("\n")).toContain("anonymous mode");
    } finally {
      warn.mockRestore();
    }
  });

  test("the threadline:run hook sees each run and may wrap or replace its source", async () => {
    const agent = await upstream();
    const seen: ThreadlineRun[] = [];
    const recorded: unknown[] = [];
    const beforeRun = async (run: ThreadlineRun): Promise<void> => {
      seen.push(run);
      if (run.input.threadId === "t-elsewhere") {
        // Another agent for this thread: the upstream never hears of it.
        run.source = fromScript([{ type: "RUN_STARTED", threadId: run.input.threadId, runId: run.input.runId }, { type: "RUN_FINISHED", threadId: run.input.threadId, runId: run.input.runId }]);
        return;
      }
      const inner = run.source;
      run.source = { run: (given, sink) => inner.run(given, { ...sink, onEvent: (event) => (recorded.push(event), sink.onEvent(event)) }) };
    };
    const { url } = await mount({ owner: "userId", upstream: agent.url }, { beforeRun });
    const first = input("t-hooked");
    await readFrames(await post(url, first, "alice"));
    expect(seen[0]).toMatchObject({ owner: "alice", input: { threadId: "t-hooked", runId: first.runId } });
    expect(seen[0]!.request.url).toBe(url);
    expect(recorded.map((e) => (e as { type: string }).type)).toEqual(["RUN_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "RUN_FINISHED"]);

    const frames = await readFrames(await post(url, input("t-elsewhere"), "alice"));
    expect(frames.map((f) => (f.data as { type: string }).type)).toEqual(["RUN_STARTED", "RUN_FINISHED"]);
    expect(agent.exchanges).toHaveLength(1);
  });

  test("a hook that throws fails the run (RUN_ERROR AGENT_FAILED), its error to the log only", async () => {
    const agent = await upstream();
    const onError = vi.fn();
    const { url } = await mount(
      { owner: "userId", upstream: agent.url },
      {
        onError,
        beforeRun: async () => {
          throw new Error("the thread database is down at db.internal:5432");
        },
      },
    );
    const frames = await readFrames(await post(url, input("t-hook-fails"), "alice"));
    const last = frames.at(-1)!.data as { type: string; code: string; message: string };
    expect(last).toMatchObject({ type: "RUN_ERROR", code: "AGENT_FAILED" });
    expect(last.message).not.toContain("db.internal");
    expect(String(onError.mock.calls.map((call) => call[0]))).toContain("db.internal:5432");
    expect(agent.exchanges).toHaveLength(0);
  });

  test("capabilities are the upstream's, asked once however many clients ask", async () => {
    const agent = await upstream({ tools: { supported: true, clientProvided: true } });
    const { url } = await mount({ owner: "userId", upstream: agent.url });
    const answers = await Promise.all([1, 2, 3].map(() => get(`${url}/capabilities`, "alice").then((r) => r.json())));
    expect(answers).toEqual([1, 2, 3].map(() => ({ tools: { supported: true, clientProvided: true } })));
    expect(await (await get(`${url}/capabilities`, "bob")).json()).toEqual({ tools: { supported: true, clientProvided: true } });
    expect(agent.gets).toEqual(["/agent/capabilities"]);
  });

  test("an agent that is not there: the run's RUN_ERROR, which a page shows as the README says", async () => {
    const agent = await upstream();
    await agent.close();
    const onError = vi.fn();
    const { url } = await mount({ owner: "userId", upstream: agent.url }, { onError });
    expect(await errorShown(url, "alice")).toBe("AGENT_RUN_ERROR: The agent failed (the server's log has the details).");
    expect(String(onError.mock.calls.map((call) => call[0]))).toMatch(/ECONNREFUSED|fetch failed/);
  });
});

describe("the module's agent route on Redis", () => {
  // As the module's `#threadline/redis` gives it: the app's own `redis` package, default settings.
  const createRedisClient = (given: { url: string }) => createClient(given) as unknown as RedisClient;
  let redis: RedisProcess | undefined;
  afterEach(async () => {
    await redis?.stop();
    redis = undefined;
  });

  test("two server instances share the runs: a resume reaches the other instance", async () => {
    redis = await startRedis();
    const agent = await upstream();
    const options = { owner: "userId", upstream: agent.url, runStore: redis.url, redisKeyPrefix: "test-nuxt:" };
    const one = await mount(options, { createRedisClient });
    const two = await mount(options, { createRedisClient });
    const run = input("t-shared");
    const frames = await readFrames(await post(one.url, run, "alice"));
    // The run's end is recorded a store round trip after its last event reached the client.
    await expect.poll(async () => await (await get(`${two.url}?threadId=t-shared`, "alice")).json()).toMatchObject({ runs: [{ runId: run.runId, status: "ended" }] });
    const again = await readFrames(await get(`${two.url}?lastEventId=${run.runId}:2`, "alice"));
    expect(again).toEqual(frames.slice(2));
    expect((await get(`${two.url}?lastEventId=${run.runId}:2`, "bob")).status).toBe(404);
  });

  test("Redis not there when the server starts: requests are refused in time with a 503, then served once it is", async () => {
    redis = await startRedis();
    await redis.stop();
    const agent = await upstream();
    const onError = vi.fn();
    const { url } = await mount(
      { owner: "userId", upstream: agent.url, runStore: redis.url },
      { onError, createRedisClient },
    );
    const started = Date.now();
    const refused = await post(url, input("t-no-redis"), "alice");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(await refused.json()).toMatchObject({ error: { code: "RUN_STORE_UNAVAILABLE" } });
    expect(Date.now() - started).toBeLessThan(15_000); // the store's command timeout (5 s), not a hang
    expect(onError).toHaveBeenCalled();

    await redis.restart();
    await expect.poll(async () => (await post(url, input("t-redis-back"), "alice")).status, { timeout: 15_000, interval: 500 }).toBe(200);
  });

  test("a Redis URL without the redis package: the server refuses to start, naming the package", () => {
    expect(() => createAgentRoute(routeSettings({ owner: "userId", runStore: "redis://127.0.0.1:6379" }), { beforeRun: async () => undefined, createRedisClient: undefined })).toThrow(
      "install it (npm install redis)",
    );
  });
});

function fromScript(events: object[]): AgentSource {
  return {
    run: async (_input, sink) => {
      for (const event of events) sink.onEvent(event);
      return "completed";
    },
  };
}
