// The run loop against a real node:http server speaking AG-UI through @ag-ui/encoder (SSE and
// protobuf), through Threadline's HttpAgent: what the thread holds, what the status says, what the
// server saw.
import { effect } from "@preact/signals-core";
import { describe, expect, it } from "vitest";
import { HttpAgent } from "../../src/index.js";
import { ProtocolError } from "../../src/pipeline/index.js";
import { RunLoop, type RunStatus } from "../../src/run/index.js";
import { AGUI_PROTO_MEDIA_TYPE, HttpError, StreamTruncatedError } from "../../src/transport/index.js";
import { createThread } from "../../src/fold/make-thread.js";
import type { AssistantMessageNode } from "../../src/model/types.js";
import { drip, finished, ids, respond, serverPerTest, sleep, started, textRun, until, warnings, write } from "./support.js";

const servers = serverPerTest();

function statusLog(loop: RunLoop): RunStatus[] {
  const log: RunStatus[] = [];
  effect(() => {
    log.push(loop.status.value);
  });
  return log;
}

const user = (id: string, content: string) => ({ id, role: "user" as const, content });

describe("RunLoop over HTTP (SSE)", () => {
  it("folds a whole run: messages, state, status submitted → streaming → idle, and sends a full RunAgentInput", async () => {
    const server = await servers.startAgent(async (exchange) => {
      const { send } = respond(exchange);
      const [first, ...rest] = textRun(exchange.input, ["Hel", "lo ", "wörld 😀"]);
      await send(first as object);
      await send({ type: "STATE_SNAPSHOT", snapshot: { count: 2, items: ["a"] } });
      for (const event of rest) await send(event);
      exchange.res.end();
    });
    const loop = new RunLoop({
      source: new HttpAgent({ url: server.url }),
      threadId: "t-1",
      createId: ids(),
      tools: [{ name: "lookup", description: "Looks up", parameters: { type: "object" } }],
      context: [{ description: "page", value: "home" }],
      forwardedProps: { locale: "fr" },
    });
    const log = statusLog(loop);
    loop.setState({ count: 1 });

    const result = await loop.run({ messages: [user("u1", "Hi")] });

    expect(result.status).toBe("succeeded");
    expect(log).toEqual(["idle", "submitted", "streaming", "idle"]);
    expect(loop.error.value).toBeUndefined();
    expect(loop.isRunning.value).toBe(false);
    expect(loop.thread.toMessages()).toEqual([
      { id: "u1", role: "user", content: "Hi" },
      { id: "a1", role: "assistant", content: "Hello wörld 😀" },
    ]);
    expect(loop.thread.state.value).toEqual({ count: 2, items: ["a"] });
    expect(loop.thread.status.value).toBe("succeeded");
    if (result.status !== "succeeded") throw new Error("unreachable");
    // The user message was appended as the run started: only what the run produced is new.
    expect(result.newMessages.map((node) => node.id)).toEqual(["a1"]);

    const request = server.requests[0];
    expect(request?.headers.accept).toBe("text/event-stream");
    expect(JSON.parse(request?.body ?? "")).toEqual({
      threadId: "t-1",
      runId: "run-1",
      protocolVersion: "1.1",
      state: { count: 1 },
      messages: [{ id: "u1", role: "user", content: "Hi" }],
      tools: [{ name: "lookup", description: "Looks up", parameters: { type: "object" } }],
      context: [{ description: "page", value: "home" }],
      forwardedProps: { locale: "fr" },
    });
  });

  it("sends the thread's messages on the next run, without activity messages, with a fresh runId", async () => {
    const server = await servers.startAgent(async (exchange) => {
      const { send } = respond(exchange);
      for (const event of textRun(exchange.input, [`answer ${exchange.index}`], `a${exchange.index}`)) await send(event);
      exchange.res.end();
    });
    const thread = createThread({
      threadId: "t-2",
      messages: [
        user("u0", "earlier"),
        { id: "act", role: "activity", activityType: "card", content: { title: "x" } },
      ],
    });
    const loop = new RunLoop({ source: new HttpAgent({ url: server.url }), thread, createId: ids() });
    await loop.run({ messages: [user("u1", "one")] });
    await loop.run({ messages: [user("u2", "two")] });

    const second = JSON.parse(server.requests[1]?.body ?? "");
    expect(second.runId).toBe("run-2");
    expect(second.messages).toEqual([
      { id: "u0", role: "user", content: "earlier" },
      { id: "u1", role: "user", content: "one" },
      { id: "a0", role: "assistant", content: "answer 0" },
      { id: "u2", role: "user", content: "two" },
    ]);
  });

  it("surfaces a 500 with a JSON body as HttpError: status error, earlier thread kept", async () => {
    const server = await servers.startAgent(async (exchange) => {
      if (exchange.index === 0) {
        const { send } = respond(exchange);
        for (const event of textRun(exchange.input, ["first answer"])) await send(event);
        exchange.res.end();
        return;
      }
      exchange.res.writeHead(500, { "Content-Type": "application/json" });
      exchange.res.end(JSON.stringify({ error: "model overloaded", retryAfter: 3 }));
    });
    const loop = new RunLoop({ source: new HttpAgent({ url: server.url }), createId: ids() });
    await loop.run({ messages: [user("u1", "one")] });

    const result = await loop.run({ messages: [user("u2", "two")] });

    expect(result.status).toBe("failed");
    if (result.status !== "failed") throw new Error("unreachable");
    expect(result.error).toBeInstanceOf(HttpError);
    const error = result.error as HttpError;
    expect(error.status).toBe(500);
    expect(error.bodyExcerpt).toContain("model overloaded");
    expect(loop.status.value).toBe("failed");
    expect(loop.error.value).toBe(error);
    expect(loop.thread.error.value).toBe(error);
    expect(loop.thread.toMessages().map((m) => m.id)).toEqual(["u1", "a1", "u2"]);
    expect(loop.thread.toMessages()[1]).toEqual({ id: "a1", role: "assistant", content: "first answer" });
  });

  it("a server that dies mid-stream fails the run as truncated, keeping the partial text", async () => {
    const server = await servers.startAgent(async (exchange) => {
      const { send } = respond(exchange);
      await send(started(exchange.input));
      await send({ type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" });
      await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: "partial ans" });
      await sleep(20);
      exchange.res.socket?.destroy();
    });
    const loop = new RunLoop({ source: new HttpAgent({ url: server.url }), createId: ids() });

    const result = await loop.run({ messages: [user("u1", "q")] });

    expect(result.status).toBe("failed");
    if (result.status !== "failed") throw new Error("unreachable");
    expect(result.error).toBeInstanceOf(StreamTruncatedError);
    expect(result.error.code).toBe("STREAM_TRUNCATED");
    expect(loop.status.value).toBe("failed");
    expect(loop.thread.status.value).toBe("failed");
    const node = loop.thread.message("a1") as AssistantMessageNode;
    expect(node.content.value).toBe("partial ans");
    expect(node.streaming.value).toBe(false);
  });

  it("a stream that ends cleanly without RUN_FINISHED is TRUNCATED_RUN, never a success", async () => {
    const server = await servers.startAgent(async (exchange) => {
      const { send } = respond(exchange);
      await send(started(exchange.input));
      await send({ type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" });
      await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: "cut" });
      exchange.res.end();
    });
    const loop = new RunLoop({ source: new HttpAgent({ url: server.url }), createId: ids() });

    const result = await loop.run();

    expect(result.status).toBe("failed");
    if (result.status !== "failed") throw new Error("unreachable");
    expect(result.error).toBeInstanceOf(ProtocolError);
    expect(result.error.code).toBe("TRUNCATED_RUN");
    expect(loop.error.value?.code).toBe("TRUNCATED_RUN");
    expect((loop.thread.message("a1") as AssistantMessageNode).content.value).toBe("cut");
  });

  it("reads a slow drip (one byte per write) into the same thread", async () => {
    const server = await servers.startAgent(async (exchange) => {
      const { encoder } = respond(exchange);
      const body = textRun(exchange.input, ["Hé", "llo 😀"])
        .map((event) => encoder.encode(event as never))
        .join("");
      await drip(exchange.res, body, 0);
      exchange.res.end();
    });
    const loop = new RunLoop({ source: new HttpAgent({ url: server.url }), createId: ids() });

    const result = await loop.run();

    expect(result.status).toBe("succeeded");
    expect((loop.thread.message("a1") as AssistantMessageNode).content.value).toBe("Héllo 😀");
  }, 20_000);

  it("accepts CRLF framing and keep-alive comments between events", async () => {
    const server = await servers.startAgent(async (exchange) => {
      exchange.res.writeHead(200, { "Content-Type": "text/event-stream" });
      const events = textRun(exchange.input, ["crlf ", "ok"]);
      for (const event of events) {
        await write(exchange.res, `: keep-alive\r\n\r\n`);
        await write(exchange.res, `event: message\r\nid: 7\r\ndata: ${JSON.stringify(event)}\r\n\r\n`);
      }
      await write(exchange.res, `:\r\n\r\n`);
      exchange.res.end();
    });
    const log = warnings();
    const loop = new RunLoop({ source: new HttpAgent({ url: server.url }), createId: ids(), onWarning: log.onWarning });

    const result = await loop.run();

    expect(result.status).toBe("succeeded");
    expect((loop.thread.message("a1") as AssistantMessageNode).content.value).toBe("crlf ok");
    expect(log.codes).toEqual([]);
  });

  it("stop() mid-stream aborts the request: status idle at once, no error, partial text kept, server sees the close", async () => {
    const server = await servers.startAgent(async (exchange) => {
      const { send } = respond(exchange);
      await send(started(exchange.input));
      await send({ type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" });
      await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: "half an ans" });
      await exchange.seen.closed; // never finishes on its own
    });
    const loop = new RunLoop({ source: new HttpAgent({ url: server.url }), createId: ids() });
    const running = loop.run();
    await until(() => (loop.thread.message("a1") as AssistantMessageNode | undefined)?.content.value === "half an ans");
    expect(loop.status.value).toBe("streaming");
    const generation = loop.generation;

    loop.stop();

    expect(loop.status.value).toBe("idle");
    expect(loop.isRunning.value).toBe(false);
    expect(loop.generation).toBeGreaterThan(generation);
    const result = await running;
    expect(result).toMatchObject({ status: "cancelled", by: "client" });
    expect(loop.error.value).toBeUndefined();
    expect(loop.thread.status.value).toBe("cancelled");
    expect(loop.thread.error.value).toBeUndefined();
    const node = loop.thread.message("a1") as AssistantMessageNode;
    expect(node.content.value).toBe("half an ans");
    expect(node.streaming.value).toBe(false);
    expect(await server.requests[0]?.closed).toEqual({ finished: false });
  });

  it("calls a headers function once per request (fresh token each run)", async () => {
    const server = await servers.startAgent(async (exchange) => {
      const { send } = respond(exchange);
      for (const event of textRun(exchange.input, ["ok"], `a${exchange.index}`)) await send(event);
      exchange.res.end();
    });
    let calls = 0;
    const loop = new RunLoop({
      source: new HttpAgent({ url: server.url, headers: async () => ({ Authorization: `Bearer token-${++calls}` }) }),
      createId: ids(),
    });
    await loop.run();
    await loop.run();

    expect(calls).toBe(2);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(["Bearer token-1", "Bearer token-2"]);
  });

  it("interrupt then resume: the gate refuses an unanswered interrupt without a request; the answer travels in resume", async () => {
    const server = await servers.startAgent(async (exchange) => {
      const { send } = respond(exchange);
      if (exchange.index === 0) {
        await send(started(exchange.input));
        await send({ type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" });
        await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: "May I delete it?" });
        await send({ type: "TEXT_MESSAGE_END", messageId: "a1" });
        await send(
          finished(exchange.input, {
            outcome: { type: "interrupt", interrupts: [{ id: "int-1", reason: "approval", message: "Delete file?" }] },
          }),
        );
      } else {
        for (const event of textRun(exchange.input, ["Deleted."], "a2")) await send(event);
      }
      exchange.res.end();
    });
    const loop = new RunLoop({ source: new HttpAgent({ url: server.url }), createId: ids() });

    const first = await loop.run({ messages: [user("u1", "delete tmp.txt")] });
    expect(first.status).toBe("interrupted");
    if (first.status !== "interrupted") throw new Error("unreachable");
    expect(first.interrupts.map((i) => i.id)).toEqual(["int-1"]);
    expect(loop.status.value).toBe("awaiting-input");
    expect(loop.thread.pendingInterrupts.value.map((i) => i.id)).toEqual(["int-1"]);

    const refused = await loop.run({ messages: [user("u2", "hello?")] }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ name: "InterruptResumeError", code: "INTERRUPT_NOT_RESUMED", interruptIds: ["int-1"] });
    expect(server.requests).toHaveLength(1);
    expect(loop.status.value).toBe("awaiting-input");
    expect(loop.thread.message("u2")).toBeUndefined();

    const second = await loop.run({ resume: [{ interruptId: "int-1", status: "resolved", payload: { approved: true } }] });
    expect(second.status).toBe("succeeded");
    expect(JSON.parse(server.requests[1]?.body ?? "").resume).toEqual([
      { interruptId: "int-1", status: "resolved", payload: { approved: true } },
    ]);
    expect(loop.thread.pendingInterrupts.value).toEqual([]);
    expect(loop.status.value).toBe("idle");
    expect(loop.thread.toMessages().map((m) => m.id)).toEqual(["u1", "a1", "a2"]);
  });

  it("an expired interrupt must be resumed as cancelled", async () => {
    const server = await servers.startAgent(async (exchange) => {
      const { send } = respond(exchange);
      if (exchange.index === 0) {
        await send(started(exchange.input));
        await send(
          finished(exchange.input, {
            outcome: { type: "interrupt", interrupts: [{ id: "int-x", reason: "input", expiresAt: "2026-01-01T00:00:00Z" }] },
          }),
        );
      } else {
        for (const event of textRun(exchange.input, ["fine"])) await send(event);
      }
      exchange.res.end();
    });
    const loop = new RunLoop({
      source: new HttpAgent({ url: server.url }),
      createId: ids(),
      now: () => Date.parse("2026-06-01T00:00:00Z"),
    });
    await loop.run();

    const refused = await loop
      .run({ resume: [{ interruptId: "int-x", status: "resolved", payload: 1 }] })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "INTERRUPT_EXPIRED", interruptIds: ["int-x"] });
    expect(server.requests).toHaveLength(1);

    const result = await loop.run({ resume: [{ interruptId: "int-x", status: "cancelled" }] });
    expect(result.status).toBe("succeeded");
    expect(JSON.parse(server.requests[1]?.body ?? "").resume).toEqual([{ interruptId: "int-x", status: "cancelled" }]);
  });
});

describe("RunLoop over HTTP (protobuf)", () => {
  it("folds a protobuf run the same way", async () => {
    const server = await servers.startAgent(async (exchange) => {
      const { send, encoder } = respond(exchange);
      expect(encoder.getContentType()).toBe(AGUI_PROTO_MEDIA_TYPE);
      const [first, ...rest] = textRun(exchange.input, ["pro", "to ", "😀"]);
      await send(first as object);
      await send({ type: "STATE_SNAPSHOT", snapshot: { mode: "proto" } });
      for (const event of rest) await send(event);
      exchange.res.end();
    });
    const loop = new RunLoop({ source: new HttpAgent({ url: server.url, protobuf: true }), createId: ids() });

    const result = await loop.run({ messages: [user("u1", "hi")] });

    expect(result.status).toBe("succeeded");
    expect(server.requests[0]?.headers.accept).toContain(AGUI_PROTO_MEDIA_TYPE);
    expect(loop.thread.toMessages()).toEqual([
      { id: "u1", role: "user", content: "hi" },
      { id: "a1", role: "assistant", content: "proto 😀" },
    ]);
    expect(loop.thread.state.value).toEqual({ mode: "proto" });
  });

  it("a protobuf stream cut mid-run is a truncated run with the partial text kept", async () => {
    const server = await servers.startAgent(async (exchange) => {
      const { send } = respond(exchange);
      await send(started(exchange.input));
      await send({ type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" });
      await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: "bits" });
      exchange.res.end();
    });
    const loop = new RunLoop({ source: new HttpAgent({ url: server.url, protobuf: true }), createId: ids() });

    const result = await loop.run();

    expect(result).toMatchObject({ status: "failed", error: { code: "TRUNCATED_RUN" } });
    expect((loop.thread.message("a1") as AssistantMessageNode).content.value).toBe("bits");
  });
});
