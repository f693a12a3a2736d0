// HttpAgent against createAgentHandler on a real node:http server, through a TCP proxy that ends
// bodies early, cuts before the response's head, black-holes connections, and against instances
// that refuse a stop: each case ends with the whole answer, or with a typed error — never a
// finished-looking partial answer, never a hang. (Issue 38, items 1, 2, 5 and 6.)
import { afterEach, describe, expect, it } from "vitest";
import { effect } from "@preact/signals-core";
import { RunLoop } from "../../src/run/loop.js";
import type { RunStatus } from "../../src/run/result.js";
import { createThread } from "../../src/fold/index.js";
import type { Message, RunAgentInput } from "../../src/protocol/events.js";
import { HttpAgent, type HttpAgentOptions } from "../../src/transport/http-agent.js";
import type { ThreadlineError } from "../../src/errors.js";
import { createAgentHandler, memoryRunStore } from "../../src/server/index.js";
import { refusingStops } from "./refusing-store.js";
import { scriptedAgent, serve, type ScriptedAgent, type Served } from "./support.js";
import { faultProxy, headEnd, type FaultProxy } from "./fault-proxy.js";

function answer(input: RunAgentInput): Record<string, unknown>[] {
  const events: Record<string, unknown>[] = [
    { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId },
    { type: "TEXT_MESSAGE_START", messageId: "answer", role: "assistant" },
  ];
  for (let i = 0; i < 20; i++) events.push({ type: "TEXT_MESSAGE_CONTENT", messageId: "answer", delta: `tök${i} 世界😀 ` });
  events.push({ type: "TEXT_MESSAGE_END", messageId: "answer" }, { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId });
  return events;
}

const WHOLE = Array.from({ length: 20 }, (_, i) => `tök${i} 世界😀 `).join("");

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function handlerOn(agent: ScriptedAgent, options: { heartbeatMs?: number } = {}): Promise<Served> {
  const served = await serve(createAgentHandler({ owner: "anonymous", agent, store: memoryRunStore(), ...options }));
  open.push(served);
  return served;
}

const portOf = (served: Served): number => Number(new URL(served.url).port);

async function track(proxy: Promise<FaultProxy>): Promise<FaultProxy> {
  const made = await proxy;
  open.push(made);
  return made;
}

interface Outcome {
  result: Awaited<ReturnType<RunLoop["run"]>>;
  messages: Message[];
  statuses: RunStatus[];
  errors: ThreadlineError[];
  loop: RunLoop;
}

function loopOn(url: string, options: Partial<HttpAgentOptions> = {}, runId = `run-${Math.random().toString(36).slice(2)}`) {
  const thread = createThread({ threadId: "thread-hostile" });
  const errors: ThreadlineError[] = [];
  const loop = new RunLoop({
    source: new HttpAgent({ url, reconnect: { baseDelayMs: 5, maxDelayMs: 20 }, ...options }),
    thread,
    createId: () => runId,
    onError: (error) => errors.push(error),
  });
  const statuses: RunStatus[] = [];
  const stop = effect(() => void statuses.push(loop.status.value));
  open.push({ close: () => (stop(), loop.dispose()) });
  return { loop, thread, statuses, errors };
}

/** Runs once and fails the test by name instead of by the suite's timeout when it hangs. */
async function runOnce(url: string, options: Partial<HttpAgentOptions> = {}, ms = 10_000): Promise<Outcome> {
  const { loop, thread, statuses, errors } = loopOn(url, options);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`the run hung for ${ms} ms, status ${loop.status.peek()}`)), ms)));
  try {
    const result = await Promise.race([loop.run({ messages: [{ id: "u1", role: "user", content: "hi" }] }), hung]);
    return { result, messages: thread.toMessages(), statuses, errors, loop };
  } finally {
    clearTimeout(timer);
  }
}

const text = (messages: Message[]): string => messages.find((m) => m.id === "answer")?.content as string;

describe("item 1: a body that ends cleanly after the resumable head, before RUN_STARTED", () => {
  it("is retried like a broken connection: the whole answer, the run made once", async () => {
    const agent = scriptedAgent(answer, { gapMs: 2 });
    const server = await handlerOn(agent);
    // The first response: its head, then the chunked body's last chunk at once.
    const proxy = await track(faultProxy(portOf(server), (connection, seen) => {
      const at = connection === 0 ? headEnd(seen) : -1;
      return at < 0 ? undefined : { at, kind: "end-body" };
    }));
    const outcome = await runOnce(proxy.url("/agent"));
    expect(proxy.faults).toBe(1);
    expect(outcome.result.status).toBe("succeeded");
    expect(text(outcome.messages)).toBe(WHOLE);
    expect(outcome.statuses).toContain("reconnecting");
    expect(agent.runs).toHaveLength(1);
    expect(proxy.requestLines[1]).toMatch(/^POST /);
  });
});

describe("item 2: a connection cut before the response's head", () => {
  it("with resumable: true, resumes the run from its start: the whole answer, the run made once", async () => {
    const agent = scriptedAgent(answer, { gapMs: 2 });
    const server = await handlerOn(agent);
    // The server got the request and runs it; the client hears only a closed connection.
    const proxy = await track(faultProxy(portOf(server), (connection) => (connection === 0 ? { at: 0, kind: "cut" } : undefined)));
    const outcome = await runOnce(proxy.url("/agent"), { resumable: true });
    expect(outcome.result.status).toBe("succeeded");
    expect(text(outcome.messages)).toBe(WHOLE);
    expect(agent.runs).toHaveLength(1);
  });

  it("with resumable: true, a request the server never heard is sent again once the log says it does not know the run", async () => {
    const agent = scriptedAgent(answer, { gapMs: 1 });
    const server = await handlerOn(agent);
    // The first request goes nowhere; the client gives up on it after its headers timeout.
    const proxy = await track(faultProxy(portOf(server), () => undefined, (connection) => connection === 0));
    const outcome = await runOnce(proxy.url("/agent"), { resumable: true, headersTimeoutMs: 300 });
    expect(outcome.result.status).toBe("succeeded");
    expect(text(outcome.messages)).toBe(WHOLE);
    expect(agent.runs).toHaveLength(1);
  });

  it("without resumable (a server not known to log runs), it fails typed: REQUEST_FAILED, nothing sent twice", async () => {
    const agent = scriptedAgent(answer, { gapMs: 2 });
    const server = await handlerOn(agent);
    const proxy = await track(faultProxy(portOf(server), (connection) => (connection === 0 ? { at: 0, kind: "cut" } : undefined)));
    const outcome = await runOnce(proxy.url("/agent"));
    expect(outcome.result.status).toBe("failed");
    expect((outcome.result as { error: ThreadlineError }).error.code).toBe("REQUEST_FAILED");
    expect(proxy.connections).toBe(1);
  });
});

describe("item 5: black-holed connections", () => {
  it("a stream that goes silent mid-run (no event, no heartbeat) is taken for dropped and resumed", async () => {
    const agent = scriptedAgent(answer, { gapMs: 2 });
    const server = await handlerOn(agent, { heartbeatMs: 50 });
    const proxy = await track(faultProxy(portOf(server), (connection, seen) => {
      if (connection !== 0) return undefined;
      const at = seen.indexOf("tök8");
      return at < 0 ? undefined : { at, kind: "black-hole" };
    }));
    const outcome = await runOnce(proxy.url("/agent"), { heartbeatTimeoutMs: 400 });
    expect(outcome.result.status).toBe("succeeded");
    expect(text(outcome.messages)).toBe(WHOLE);
    expect(outcome.statuses).toContain("reconnecting");
    expect(agent.runs).toHaveLength(1);
  });

  it("heartbeats keep a quiet run alive: a pause longer than the watch, with heartbeats, is not a drop", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const agent = scriptedAgent(answer, { hold: (i) => (i === 5 ? gate : undefined) });
    const server = await handlerOn(agent, { heartbeatMs: 50 });
    const proxy = await track(faultProxy(portOf(server), () => undefined));
    const done = runOnce(proxy.url("/agent"), { heartbeatTimeoutMs: 300 });
    await new Promise((resolve) => setTimeout(resolve, 900));
    release();
    const outcome = await done;
    expect(outcome.result.status).toBe("succeeded");
    expect(outcome.statuses).not.toContain("reconnecting");
    expect(proxy.connections).toBe(1);
  });

  it("a response whose head never comes fails typed after headersTimeoutMs (RESPONSE_TIMEOUT), not 'submitted' for ever", async () => {
    const agent = scriptedAgent(answer);
    const server = await handlerOn(agent);
    const proxy = await track(faultProxy(portOf(server), () => ({ at: 0, kind: "black-hole" })));
    const outcome = await runOnce(proxy.url("/agent"), { headersTimeoutMs: 300 });
    expect(outcome.result.status).toBe("failed");
    const error = (outcome.result as { error: ThreadlineError & { timeoutMs?: number } }).error;
    expect(error).toMatchObject({ code: "RESPONSE_TIMEOUT", timeoutMs: 300 });
  });

  it("with resumable: true, a response whose head never comes is resumed on a new connection", async () => {
    const agent = scriptedAgent(answer, { gapMs: 1 });
    const server = await handlerOn(agent);
    const proxy = await track(faultProxy(portOf(server), (connection) => (connection === 0 ? { at: 0, kind: "black-hole" } : undefined)));
    const outcome = await runOnce(proxy.url("/agent"), { resumable: true, headersTimeoutMs: 300 });
    expect(outcome.result.status).toBe("succeeded");
    expect(text(outcome.messages)).toBe(WHOLE);
    expect(agent.runs).toHaveLength(1);
  });
});

describe("item 6: a stop the server cannot carry out", () => {
  it("refused every time (503 RUN_STORE_UNAVAILABLE: the store cannot take the stop): not reported as done — STOP_FAILED, status failed", async () => {
    const agent = scriptedAgent(answer, { gapMs: 20 });
    const served = await serve(createAgentHandler({ owner: "anonymous", agent, store: refusingStops(Infinity), onError: () => undefined }));
    open.push(served);
    const { loop, thread, errors } = loopOn(served.url);
    const done = loop.run({ messages: [{ id: "u1", role: "user", content: "hi" }] });
    await expect.poll(() => text(thread.toMessages())?.includes("tök2") ?? false).toBe(true);
    loop.stop();
    expect((await done).status).toBe("cancelled");
    await expect.poll(() => loop.status.peek(), { timeout: 5_000 }).toBe("failed");
    expect(loop.error.peek()).toMatchObject({ code: "STOP_FAILED", status: 503 });
    expect(String(loop.error.peek()?.cause)).toContain("RUN_STORE_UNAVAILABLE");
    expect(errors.map((e) => e.code)).toContain("STOP_FAILED");
    expect(agent.cancelled).toBe(0);
  });

  it("refused once, then taken: the retried stop stops the run, and no error", async () => {
    const agent = scriptedAgent(answer, { gapMs: 20 });
    const served = await serve(createAgentHandler({ owner: "anonymous", agent, store: refusingStops(1), onError: () => undefined }));
    open.push(served);
    const { loop, thread, errors } = loopOn(served.url);
    const done = loop.run({ messages: [{ id: "u1", role: "user", content: "hi" }] });
    await expect.poll(() => text(thread.toMessages())?.includes("tök2") ?? false).toBe(true);
    loop.stop();
    expect((await done).status).toBe("cancelled");
    await expect.poll(() => agent.cancelled, { timeout: 5_000 }).toBe(1);
    expect(loop.status.peek()).toBe("idle");
    expect(errors).toEqual([]);
  });

  it("a stop that lands on another instance reaches the one producing the run: stopped, no error", async () => {
    const agent = scriptedAgent(answer, { gapMs: 20 });
    const store = memoryRunStore();
    const a = await serve(createAgentHandler({ owner: "anonymous", agent, store }));
    const b = await serve(createAgentHandler({ owner: "anonymous", agent: scriptedAgent(answer), store }));
    open.push(a, b);
    // Runs go to instance a; stops to b.
    const routed = ((url: RequestInfo | URL, init?: RequestInit) => {
      const target = new URL(String(url));
      if (init?.method === "DELETE") target.host = new URL(b.url).host;
      return fetch(target, init);
    }) as typeof fetch;
    const { loop, thread, errors } = loopOn(a.url, { fetch: routed });
    const done = loop.run({ messages: [{ id: "u1", role: "user", content: "hi" }] });
    await expect.poll(() => text(thread.toMessages())?.includes("tök2") ?? false).toBe(true);
    loop.stop();
    expect((await done).status).toBe("cancelled");
    await expect.poll(() => agent.cancelled, { timeout: 5_000 }).toBe(1);
    expect(loop.status.peek()).toBe("idle");
    expect(errors).toEqual([]);
  });
});
