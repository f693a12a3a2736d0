// HttpAgent against createAgentHandler through a TCP proxy that cuts connections: wherever the
// cut lands (headers, inside an event, inside a multi-byte character, twice), the reconnect
// resumes after the last event id and the thread ends exactly as an undisturbed run's.
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { effect } from "@preact/signals-core";
import { RunLoop } from "../../src/run/loop.js";
import type { RunStatus } from "../../src/run/result.js";
import { createThread } from "../../src/fold/index.js";
import type { Message, RunAgentInput } from "../../src/protocol/events.js";
import { HttpAgent } from "../../src/transport/http-agent.js";
import { ReconnectFailedError, StreamTruncatedError, HttpError } from "../../src/transport/errors.js";
import { createAgentHandler, memoryRunStore, redisRunStore, type RunStore } from "../../src/server/index.js";
import { agentServer, respond } from "../support/agui-server.js";
import { dropProxy, scriptedAgent, serve, type CutRule, type Served } from "./support.js";
import { faultProxy } from "./fault-proxy.js";
import { startRedis, type RedisProcess } from "./redis-server.js";

/** Fixed ids, so every run's thread can be compared with the undisturbed one. */
function answer(input: RunAgentInput): Record<string, unknown>[] {
  const events: Record<string, unknown>[] = [
    { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId },
    { type: "TEXT_MESSAGE_START", messageId: "answer", role: "assistant" },
  ];
  for (let i = 0; i < 30; i++) events.push({ type: "TEXT_MESSAGE_CONTENT", messageId: "answer", delta: `tök${i} 世界😀 ` });
  events.push(
    { type: "TEXT_MESSAGE_END", messageId: "answer" },
    { type: "TOOL_CALL_START", toolCallId: "call-1", toolCallName: "lookup", parentMessageId: "answer" },
    { type: "TOOL_CALL_ARGS", toolCallId: "call-1", delta: '{"q":"naïve ' },
    { type: "TOOL_CALL_ARGS", toolCallId: "call-1", delta: 'café ☕"}' },
    { type: "TOOL_CALL_END", toolCallId: "call-1" },
    { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId },
  );
  return events;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EMOJI = Buffer.from("😀");
const CAFE = Buffer.from("é");

function nth(seen: Buffer, pattern: Buffer, n: number): number {
  let at = -1;
  for (let i = 0; i <= n; i++) {
    at = seen.indexOf(pattern, at + 1);
    if (at < 0) return -1;
  }
  return at;
}

interface Outcome {
  messages: Message[];
  statuses: RunStatus[];
  result: Awaited<ReturnType<RunLoop["run"]>>;
}

async function runThrough(url: string, seed: number, reconnect: object = {}): Promise<Outcome> {
  const thread = createThread({ threadId: "thread-resume" });
  const agent = new HttpAgent({ url, reconnect: { baseDelayMs: 1, maxDelayMs: 8, random: mulberry32(seed), ...reconnect } });
  let n = 0;
  const loop = new RunLoop({ source: agent, thread, createId: () => `run-${seed}-${++n}-${Math.random().toString(36).slice(2)}` });
  const statuses: RunStatus[] = [];
  const stop = effect(() => {
    statuses.push(loop.status.value);
  });
  const result = await loop.run({ messages: [{ id: "u1", role: "user", content: "hi" }] });
  stop();
  return { messages: thread.toMessages(), statuses, result };
}

let server: Served;
let paced: Served;
let baseline: Outcome;
let port: number;
let pacedPort: number;

beforeAll(async () => {
  // One event per macrotask: the run is still streaming when most reconnects land (the live tail).
  server = await serve(createAgentHandler({ owner: "anonymous", agent: scriptedAgent(answer), store: memoryRunStore() }));
  port = Number(new URL(server.url).port);
  // One event per millisecond: a reconnect lands while the run still streams (the live tail).
  paced = await serve(createAgentHandler({ owner: "anonymous", agent: scriptedAgent(answer, { gapMs: 1 }), store: memoryRunStore() }));
  pacedPort = Number(new URL(paced.url).port);
  baseline = await runThrough(server.url, 0);
  expect(baseline.result.status).toBe("succeeded");
});
afterAll(async () => {
  await server?.close();
  await paced?.close();
});

describe("HttpAgent resumes through dropped connections", () => {
  it("120 seeded cuts (anywhere, inside an event, inside a multi-byte character, two in a row): the thread equals the undisturbed run's", async () => {
    const random = mulberry32(19);
    const cases: { seed: number; rule: CutRule; kind: string }[] = [];
    for (let seed = 1; seed <= 120; seed++) {
      const kind = ["anywhere", "in-event", "in-char", "twice"][seed % 4]!;
      const k = Math.floor(random() * 30);
      const offset = Math.floor(random() * 4000);
      const inner = 1 + Math.floor(random() * 20);
      const rule: CutRule = (connection, seen) => {
        if (connection > (kind === "twice" ? 1 : 0)) return undefined;
        if (kind === "anywhere" || (kind === "twice" && connection === 1)) {
          // Anywhere after the first event: before it, the client has no id to resume from.
          const first = seen.indexOf("\n\n", nth(seen, Buffer.from("data: "), 0));
          return first < 0 || first + offset >= seen.length ? undefined : first + 2 + offset;
        }
        if (kind === "in-char") {
          const at = k % 3 === 0 ? nth(seen, CAFE, 0) : nth(seen, EMOJI, k % 5);
          return at < 0 ? undefined : at + 1 + (k % (k % 3 === 0 ? 1 : 3));
        }
        const at = nth(seen, Buffer.from("data: "), k);
        return at < 0 ? undefined : at + inner;
      };
      cases.push({ seed, rule, kind });
    }
    let reconnected = 0;
    const cutsByKind: Record<string, number> = {};
    // A few at a time: each case is a real run through its own proxy.
    for (let i = 0; i < cases.length; i += 12) {
      await Promise.all(
        cases.slice(i, i + 12).map(async ({ seed, rule, kind }) => {
          const proxy = await dropProxy(seed % 3 === 0 ? pacedPort : port, rule);
          try {
            const outcome = await runThrough(proxy.url("/agent"), seed);
            expect(outcome.result.status === "failed" ? String((outcome.result as { error: { cause?: unknown } }).error.cause) + String((outcome.result as { error: unknown }).error) : "succeeded", `case ${seed} (${kind})`).toBe("succeeded");
            expect(outcome.messages, `case ${seed} (${kind})`).toEqual(baseline.messages);
            if (proxy.cuts > 0) {
              cutsByKind[kind] = (cutsByKind[kind] ?? 0) + 1;
              if (outcome.statuses.includes("reconnecting")) reconnected++;
            }
          } finally {
            await proxy.close();
          }
        }),
      );
    }
    // Nearly every case really cut its connection (a cut past the body's end cuts nothing).
    expect(Object.values(cutsByKind).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(100);
    expect(cutsByKind["in-char"]).toBe(30);
    expect(cutsByKind["in-event"]).toBe(30);
    expect(reconnected).toBeGreaterThan(80);
  });

  it("spends its budget against a server that stays down: RECONNECT_FAILED, what arrived stays", async () => {
    let up = true;
    const proxy = await dropProxy(port, (connection, seen) => (connection === 0 ? nth(seen, Buffer.from("tök5"), 0) : up ? undefined : 0));
    try {
      up = false;
      const outcome = await runThrough(proxy.url("/agent"), 7, { attempts: 3 });
      expect(outcome.result.status).toBe("failed");
      const error = (outcome.result as { error: unknown }).error;
      expect(error).toBeInstanceOf(ReconnectFailedError);
      expect(error).toMatchObject({ code: "RECONNECT_FAILED", reason: "attempts-exhausted", attempts: 3 });
      expect(outcome.statuses).toContain("reconnecting");
      expect(outcome.statuses.at(-1)).toBe("failed");
      const text = outcome.messages.find((m) => m.id === "answer")?.content as string;
      expect(text.startsWith("tök0 世界😀 tök1")).toBe(true);
      expect(proxy.connections).toBe(4);
    } finally {
      await proxy.close();
    }
  });

  it("stop() tells a resumable server (DELETE ?runId=): the agent is cancelled, the log ends with RUN_STOPPED", async () => {
    const agent = scriptedAgent(answer, { gapMs: 5 });
    const store = memoryRunStore();
    const own = await serve(createAgentHandler({ owner: "anonymous", agent, store }));
    try {
      const thread = createThread({ threadId: "thread-stop-remote" });
      const loop = new RunLoop({ source: new HttpAgent({ url: own.url }), thread, createId: () => "run-stopped" });
      const done = loop.run();
      await expect.poll(() => (thread.toMessages().find((m) => m.id === "answer")?.content as string | undefined)?.includes("tök2")).toBe(true);
      loop.stop();
      expect((await done).status).toBe("cancelled");
      await expect.poll(() => agent.cancelled).toBe(1);
      const rest = await fetch(own.url, { headers: { "last-event-id": "run-stopped:1" } });
      const last = (await rest.text()).trim().split("\n").at(-1)!;
      expect(JSON.parse(last.slice("data: ".length))).toMatchObject({ type: "RUN_ERROR", code: "RUN_STOPPED" });
    } finally {
      await own.close();
    }
  });

  it("stop() during a reconnect ends the run as cancelled, and no reconnect follows", async () => {
    const proxy = await faultProxy(port, (connection, seen) => {
      const at = connection === 0 ? nth(seen, Buffer.from("tök3"), 0) : 0;
      return at < 0 ? undefined : { at, kind: "cut" };
    });
    try {
      const thread = createThread({ threadId: "thread-stop" });
      const agent = new HttpAgent({ url: proxy.url("/agent"), reconnect: { baseDelayMs: 200, maxDelayMs: 200 } });
      const loop = new RunLoop({ source: agent, thread });
      const done = loop.run();
      await expect.poll(() => loop.status.value).toBe("reconnecting");
      loop.stop();
      const result = await done;
      expect(result.status).toBe("cancelled");
      // The first connection, then only the stop's DELETEs (cut by this proxy, so retried): no further POST.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(proxy.requestLines[0]).toMatch(/^POST /);
      expect(proxy.requestLines.slice(1).length).toBeGreaterThan(0);
      for (const line of proxy.requestLines.slice(1)) expect(line).toMatch(/^DELETE \/agent\?runId=/);
    } finally {
      await proxy.close();
    }
  });

  it("a resume point the server does not know is refused at once (RUN_NOT_FOUND), not retried", async () => {
    const other = await serve(createAgentHandler({ owner: "anonymous", agent: scriptedAgent(answer), store: memoryRunStore() }));
    const otherPort = Number(new URL(other.url).port);
    let connection = 0;
    const proxy = await dropProxy(() => (connection++ === 0 ? port : otherPort), (index, seen) => (index === 0 ? nth(seen, Buffer.from("tök2"), 0) : undefined));
    try {
      const outcome = await runThrough(proxy.url("/agent"), 3);
      const error = (outcome.result as unknown as { error: ReconnectFailedError }).error;
      expect(error).toMatchObject({ code: "RECONNECT_FAILED", reason: "refused" });
      expect(error.cause).toBeInstanceOf(HttpError);
      expect((error.cause as HttpError).status).toBe(404);
      expect((error.cause as HttpError).bodyExcerpt).toContain("RUN_NOT_FOUND");
      expect(proxy.connections).toBe(2);
    } finally {
      await proxy.close();
      await other.close();
    }
  });

  it("against a server without resume, a cut is today's StreamTruncatedError: no reconnect", async () => {
    // A plain AG-UI server: @ag-ui/encoder's SSE, no ids, no resume header.
    const plain = await agentServer(async (exchange) => {
      const out = respond(exchange);
      for (const event of answer(exchange.input)) {
        await out.send(event);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      exchange.res.end();
    });
    const plainPort = Number(new URL(plain.url).port);
    const proxy = await dropProxy(plainPort, (index, seen) => (index === 0 ? nth(seen, Buffer.from("tök4"), 0) : undefined));
    try {
      const outcome = await runThrough(proxy.url("/agent"), 4);
      expect((outcome.result as { error: unknown }).error).toBeInstanceOf(StreamTruncatedError);
      expect(outcome.statuses).not.toContain("reconnecting");
      expect(proxy.connections).toBe(1);
    } finally {
      await proxy.close();
      await plain.close();
    }
  });
});

/**
 * Awaits one step of a test with its own deadline, so a hang names the step that hung instead of
 * ending as the test's anonymous timeout. (This test once hung in CI, on a machine faster than ours.)
 */
async function within<T>(step: string, promise: Promise<T>, ms = 10_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`hung for ${ms} ms on: ${step}`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe("two server instances on one Redis", () => {
  let redis: RedisProcess;
  const closers: (() => unknown)[] = [];
  const redisStore = async (): Promise<RunStore> => {
    const client = createClient({ url: redis.url, socket: { reconnectStrategy: (retries) => Math.min(retries * 20, 200) } });
    client.on("error", () => undefined);
    await client.connect();
    const store = redisRunStore(client, { keyPrefix: "pair:", blockMs: 200 });
    closers.push(() => store.close(), () => client.destroy());
    return store;
  };
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await redis?.stop();
  });

  it("a reconnect that lands on the other instance resumes from Redis: the thread equals the undisturbed run's", async () => {
    const a = await serve(createAgentHandler({ owner: "anonymous", agent: scriptedAgent(answer, { gapMs: 2 }), store: await redisStore() }));
    const b = await serve(createAgentHandler({ owner: "anonymous", agent: scriptedAgent(answer), store: await redisStore() }));
    closers.push(() => a.close(), () => b.close());
    const ports = [a, b].map((s) => Number(new URL(s.url).port));
    for (let seed = 1; seed <= 10; seed++) {
      let connection = 0;
      const target = seed % 2;
      const proxy = await dropProxy(
        () => ports[connection++ === 0 ? target : 1 - target]!,
        (index, seen) => {
          const at = index === 0 ? nth(seen, seed % 3 === 0 ? EMOJI : Buffer.from("data: "), 3 * seed) : -1;
          return at < 0 ? undefined : at + 2;
        },
      );
      const outcome = await runThrough(proxy.url("/agent"), seed);
      await proxy.close();
      expect(outcome.result.status, `seed ${seed}`).toBe("succeeded");
      expect(outcome.messages, `seed ${seed}`).toEqual(baseline.messages);
      expect(proxy.cuts).toBe(1);
      expect(proxy.connections).toBeGreaterThanOrEqual(2);
    }
  });

  it("Redis restarting mid-run: the run ends with a typed error, what arrived stays, nothing is replayed wrong", { retry: 1, timeout: 60_000 }, async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const atGate = new Promise<void>((resolve) => (reached = resolve));
    const errors: unknown[] = [];
    const agent = scriptedAgent(answer, {
      hold: (i) => {
        if (i !== 12) return undefined;
        reached();
        return gate;
      },
    });
    const a = await serve(createAgentHandler({ owner: "anonymous", agent, store: await redisStore(), onError: (e) => errors.push(e) }));
    closers.push(() => a.close());
    const thread = createThread({ threadId: "thread-restart" });
    const loop = new RunLoop({ source: new HttpAgent({ url: a.url, reconnect: { baseDelayMs: 1, attempts: 2 } }), thread, createId: () => "run-restart" });
    const done = loop.run();
    await within("the producer reaching event 12", atGate);
    await within("redis-server restarting", redis.restart());
    release();
    const result = await within("the run settling after the restart", done);
    expect(result.status).toBe("failed");
    const error = (result as { error: { code: string; agentCode?: string } }).error;
    expect(error).toMatchObject({ code: "AGENT_RUN_ERROR", agentCode: "RUN_LOG_FAILED" });
    const text = thread.toMessages().find((m) => m.id === "answer")?.content as string;
    expect(text).toContain("tök9 世界😀 ");
    expect(errors.length).toBeGreaterThan(0);
    // The run's log went with the restart: a resume is told so, never served a partial replay.
    const resumed = await within("the resume request's answer", fetch(a.url, { headers: { "last-event-id": "run-restart:5" } }));
    expect(resumed.status).toBe(404);
    expect(((await within("the resume request's body", resumed.json())) as { error: { code: string } }).error.code).toBe("RUN_NOT_FOUND");
    // And the instance works again on the restarted Redis.
    const again = await within("a new run on the restarted Redis", runThrough(a.url, 99));
    expect(again.result.status).toBe("succeeded");
    expect(again.messages).toEqual(baseline.messages);
  });
});
