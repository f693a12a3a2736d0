// `*_CHUNK` expansion is loaded with import() by the first run that meets a chunk event: a chat that
// sends a message and streams a text answer never loads it. Each test starts from fresh modules (so
// no earlier run has loaded it) and runs a RunLoop over HttpAgent against a real AG-UI server
// (@ag-ui/encoder). While the expansion loads, the chunk and every later event are held in order
// and folded once it arrives; the stream's end waits for them; a stop during the load ends the run
// at once and folds what was held when the expansion arrives; a failed load fails the run with the
// typed LazyLoadError, what came before stays, and the next run loads it again.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RunAgentInput } from "@ag-ui/core";
import type { RunLoop as RunLoopClass } from "../../src/run/loop.js";
import type { HttpAgent as HttpAgentClass } from "../../src/transport/http-agent.js";
import type { LazyLoadError } from "../../src/transport/lazy-load-error.js";
import { finished, ids, respond, serverPerTest, sleep, started, textRun, until, warnings, type Exchange } from "./support.js";

const servers = serverPerTest();
const EXPAND = "../../src/pipeline/expand-chunks.js";

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/**
 * RunLoop and HttpAgent from fresh modules. `expansion`: "gated" — the real expansion module
 * arrives when the returned gate is opened; "broken" — its chunk fails to load, as a network
 * failure or a replaced deploy would.
 */
async function freshModules(expansion: "gated" | "broken" | "gated-broken" | "normal" = "normal"): Promise<{
  RunLoop: typeof RunLoopClass;
  HttpAgent: typeof HttpAgentClass;
  loads: { count: number };
  expansionGate: { opened: Promise<void>; open(): void };
}> {
  vi.resetModules();
  const expansionGate = gate();
  const loads = { count: 0 };
  if (expansion === "gated") {
    vi.doMock(EXPAND, async () => {
      loads.count++;
      await expansionGate.opened;
      return await vi.importActual(EXPAND);
    });
  } else if (expansion === "broken" || expansion === "gated-broken") {
    vi.doMock(EXPAND, async () => {
      loads.count++;
      if (expansion === "gated-broken") await expansionGate.opened;
      throw new TypeError("Failed to fetch dynamically imported module: /assets/expand-chunks.js");
    });
  }
  const { RunLoop } = await import("../../src/run/loop.js");
  const { HttpAgent } = await import("../../src/transport/http-agent.js");
  return { RunLoop, HttpAgent, loads, expansionGate };
}

afterEach(() => {
  vi.doUnmock(EXPAND);
  vi.resetModules();
});

const chunk = (messageId: string | undefined, delta: string): object => ({
  type: "TEXT_MESSAGE_CHUNK",
  ...(messageId === undefined ? {} : { messageId, role: "assistant" }),
  delta,
});

/** A run with a plain text message, then a chunked one, a state snapshot and a second plain message; a later run's ids end in its number. */
function mixedRun(input: RunAgentInput, index = 0): object[] {
  const [a1, c1, a2] = index === 0 ? ["a1", "c1", "a2"] : [`a1-${index}`, `c1-${index}`, `a2-${index}`];
  return [
    started(input),
    { type: "TEXT_MESSAGE_START", messageId: a1, role: "assistant" },
    { type: "TEXT_MESSAGE_CONTENT", messageId: a1, delta: "plain" },
    { type: "TEXT_MESSAGE_END", messageId: a1 },
    chunk(c1, "Hel"),
    chunk(undefined, "lo"),
    { type: "STATE_SNAPSHOT", snapshot: { step: 2 } },
    { type: "TEXT_MESSAGE_START", messageId: a2, role: "assistant" },
    { type: "TEXT_MESSAGE_CONTENT", messageId: a2, delta: "after" },
    { type: "TEXT_MESSAGE_END", messageId: a2 },
    finished(input),
  ];
}

/** Sends `events`, ends the response, and resolves `sent` once it has. */
function sendAll(events: (input: RunAgentInput, index: number) => object[], sent?: () => void): (exchange: Exchange) => Promise<void> {
  return async (exchange) => {
    const { send } = respond(exchange);
    for (const event of events(exchange.input, exchange.index)) await send(event);
    exchange.res.end();
    sent?.();
  };
}

/**
 * A loop (fresh modules, gated expansion) whose run has received `events` on a response that stays
 * open until the client goes away, with the expansion still loading.
 */
async function runHeldOpen(events: (input: RunAgentInput) => object[], expansion: "gated" | "gated-broken" = "gated") {
  const modules = await freshModules(expansion);
  const sent = gate();
  const server = await servers.startAgent(async (exchange) => {
    const { send } = respond(exchange);
    for (const event of events(exchange.input)) await send(event);
    sent.open();
    await exchange.seen.closed;
  });
  const log = warnings();
  const errors: unknown[] = [];
  const loop = new modules.RunLoop({
    source: new modules.HttpAgent({ url: server.url }),
    threadId: "t",
    createId: ids(),
    onWarning: log.onWarning,
    onError: (error) => errors.push(error),
  });
  const result = loop.run();
  await sent.opened;
  await sleep(20);
  return { loop, log, errors, result, server, expansionGate: modules.expansionGate };
}

describe("chunk expansion, loaded by the first run that meets a chunk", () => {
  it("a run without chunks never loads it", async () => {
    const { RunLoop, HttpAgent, loads } = await freshModules("gated");
    const server = await servers.startAgent(sendAll((input) => textRun(input, ["Hel", "lo"])));
    const loop = new RunLoop({ source: new HttpAgent({ url: server.url }), threadId: "t", createId: ids() });

    await expect(loop.run()).resolves.toMatchObject({ status: "succeeded" });
    expect(loop.thread.toMessages()).toEqual([{ id: "a1", role: "assistant", content: "Hello" }]);
    expect(loads.count).toBe(0);
  });

  it("events after a chunk are held in order while it loads, the stream's end waits, and all are folded as if it had been there", async () => {
    const { RunLoop, HttpAgent, loads, expansionGate } = await freshModules("gated");
    const responded = gate();
    const server = await servers.startAgent(sendAll(mixedRun, responded.open));
    const loop = new RunLoop({ source: new HttpAgent({ url: server.url }), threadId: "t", createId: ids() });
    const heard: string[] = [];
    loop.subscribe({ onEvent: ({ event }) => void heard.push(event.type) });

    const result = loop.run();
    await responded.opened;
    await sleep(20);
    // The whole response has arrived; what came before the chunk is folded, the rest is held.
    expect(loads.count).toBe(1);
    expect(loop.thread.toMessages()).toEqual([{ id: "a1", role: "assistant", content: "plain" }]);
    expect(loop.thread.state.value).toEqual({});
    expect(loop.status.value).toBe("streaming");
    expect(heard).toEqual(["RUN_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END"]);

    expansionGate.open();
    await expect(result).resolves.toMatchObject({ status: "succeeded" });
    expect(loop.thread.toMessages()).toEqual([
      { id: "a1", role: "assistant", content: "plain" },
      { id: "c1", role: "assistant", content: "Hello" },
      { id: "a2", role: "assistant", content: "after" },
    ]);
    expect(loop.thread.state.value).toEqual({ step: 2 });
    expect(heard).toEqual([
      "RUN_STARTED",
      "TEXT_MESSAGE_START",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_END",
      // The chunks, expanded: START, a CONTENT each, and the END the snapshot's arrival closes them with.
      "TEXT_MESSAGE_START",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_END",
      "STATE_SNAPSHOT",
      "TEXT_MESSAGE_START",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_END",
      "RUN_FINISHED",
    ]);

    // Loaded once for the page: the next run expands at once.
    const again = await loop.run();
    expect(again.status).toBe("succeeded");
    expect(loads.count).toBe(1);
    expect(loop.thread.toMessages().map((m) => m.id)).toEqual(["a1", "c1", "a2", "a1-1", "c1-1", "a2-1"]);
    expect(loop.thread.message("c1-1")).toBeDefined();
  });

  it("a protocol violation among the held events fails the run with it, as it would have at once", async () => {
    const { RunLoop, HttpAgent, expansionGate } = await freshModules("gated");
    const server = await servers.startAgent(
      sendAll((input) => [started(input), chunk("c1", "Hel"), chunk("c2", "x"), { type: "TEXT_MESSAGE_CONTENT", messageId: "nope", delta: "?" }, finished(input)]),
    );
    const loop = new RunLoop({ source: new HttpAgent({ url: server.url }), threadId: "t", createId: ids() });
    const result = loop.run();
    await until(() => server.requests.length === 1);
    await sleep(20);
    expansionGate.open();
    const ended = await result;
    expect(ended).toMatchObject({ status: "failed", error: { name: "ProtocolError" } });
    // The chunks before the violation were folded.
    expect(loop.thread.toMessages().map((m) => m.id)).toEqual(["c1", "c2"]);
  });

  it("stop() during the load ends the run at once; what was held is folded when the expansion arrives, its message closed", async () => {
    const { loop, log, result, server, expansionGate } = await runHeldOpen((input) => [started(input), chunk("c1", "Hel"), chunk(undefined, "lo")]);
    expect(loop.thread.toMessages()).toEqual([]);

    loop.stop();
    // A stop ends the run now, as it always does: the loop is idle, the request aborted.
    await expect(result).resolves.toMatchObject({ status: "cancelled", by: "client" });
    expect(loop.status.value).toBe("idle");
    await expect(server.requests[0]!.closed).resolves.toEqual({ finished: false });

    expansionGate.open();
    await until(() => loop.thread.toMessages().length === 1);
    // The chunks that arrived before the stop are in the thread, and the stop closed their message.
    expect(loop.thread.toMessages()).toEqual([{ id: "c1", role: "assistant", content: "Hello" }]);
    const node = loop.thread.message("c1");
    expect(node?.role === "assistant" && node.streaming.value).toBe(false);
    expect(log.codes).toEqual([]);
  });

  it("stop() during the load, then the thread is replaced: the held events are dropped with a warning, not folded into it", async () => {
    const { loop, log, result, expansionGate } = await runHeldOpen((input) => [started(input), chunk("c1", "Hel")]);
    loop.stop();
    await expect(result).resolves.toMatchObject({ status: "cancelled" });
    loop.setMessages([{ id: "u9", role: "user", content: "fresh start" }]);

    expansionGate.open();
    await until(() => log.codes.length > 0);
    expect(log.codes).toEqual(["HELD_EVENTS_DROPPED"]);
    expect(loop.thread.toMessages()).toEqual([{ id: "u9", role: "user", content: "fresh start" }]);
  });

  it("stop() during a load that then fails: the run stays cancelled, the held events are lost and the LazyLoadError goes to onError", async () => {
    const { loop, log, errors, result, expansionGate } = await runHeldOpen((input) => [started(input), chunk("c1", "Hel")], "gated-broken");
    loop.stop();
    await expect(result).resolves.toMatchObject({ status: "cancelled", by: "client" });
    expansionGate.open();
    await until(() => errors.length > 0);
    expect(errors).toEqual([expect.objectContaining({ code: "LAZY_LOAD_FAILED", part: expect.stringMatching(/chunk expansion/) })]);
    expect(loop.status.value).toBe("idle");
    expect(loop.error.value).toBeUndefined();
    expect(loop.thread.toMessages()).toEqual([]);
    expect(log.codes).toEqual([]);
  });

  it("a failed load fails the run with LAZY_LOAD_FAILED, keeps what came before, closes the request; the next run loads it", async () => {
    const { RunLoop, HttpAgent, loads } = await freshModules("broken");
    const server = await servers.startAgent(async (exchange) => {
      const { send } = respond(exchange);
      for (const event of mixedRun(exchange.input, exchange.index)) await send(event);
      // The first response stays open: the failed load must close it, not wait for it.
      if (exchange.index === 0) await exchange.seen.closed;
      exchange.res.end();
    });
    const errors: unknown[] = [];
    const loop = new RunLoop({ source: new HttpAgent({ url: server.url }), threadId: "t", createId: ids(), onError: (error) => errors.push(error) });

    const result = await loop.run();
    if (result.status !== "failed") throw new Error(`the run ${result.status}`);
    const error = result.error as LazyLoadError;
    expect(error.code).toBe("LAZY_LOAD_FAILED");
    expect(error.part).toMatch(/chunk expansion/);
    expect(error.message).toMatch(/could not be loaded: .*Failed to fetch dynamically imported module/);
    expect(loop.error.value).toBe(error);
    expect(loop.status.value).toBe("failed");
    // The message before the chunk stays; nothing after it was folded.
    expect(loop.thread.toMessages()).toEqual([{ id: "a1", role: "assistant", content: "plain" }]);
    expect(loop.thread.state.value).toEqual({});
    await expect(server.requests[0]!.closed).resolves.toEqual({ finished: false });
    expect(loads.count).toBe(1);

    vi.doUnmock(EXPAND);
    const again = await loop.run();
    expect(again.status).toBe("succeeded");
    expect(loop.thread.toMessages()).toEqual([
      { id: "a1", role: "assistant", content: "plain" },
      { id: "a1-1", role: "assistant", content: "plain" },
      { id: "c1-1", role: "assistant", content: "Hello" },
      { id: "a2-1", role: "assistant", content: "after" },
    ]);
  });
});
