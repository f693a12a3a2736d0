// Defect: a server that leaves the connection open after RUN_FINISHED (a proxy, `: ping` forever)
// held the turn: chat.status stayed "streaming" and sendMessage never resolved. The run's terminal
// event now settles the turn after `terminalGraceMs` of nothing but that, and releases the
// connection; AG-UI's own continuations (a late RUN_ERROR, a new RUN_STARTED) still count within it.
import { describe, expect, it } from "vitest";
import {
  ChatClient,
  HttpAgent,
  memoryStorage,
  type AgentSource,
  type ChatClientOptions,
} from "../../src/index.js";
import { RunLoop } from "../../src/run/index.js";
import { finished, serverPerTest, started, textRun, warnings, write, type Exchange } from "../run/support.js";
import { sseText } from "../support/agui-server.js";
import { chatPersistence } from "../../src/chat/storage/persistence.js";

const servers = serverPerTest();

/** Writes `events` as SSE, then keeps the response open, sending a `: ping` comment every 10 ms until the client leaves. */
async function holdOpen({ res, seen }: Exchange, events: readonly object[]): Promise<void> {
  res.writeHead(200, { "Content-Type": "text/event-stream" });
  await write(res, sseText(events));
  const ping = setInterval(() => res.write(": ping\n\n"), 10);
  await seen.closed;
  clearInterval(ping);
}

function chatOn(url: string, options: Partial<ChatClientOptions> = {}): ChatClient {
  return new ChatClient({ agent: new HttpAgent({ url }), presence: false, ...options });
}

describe("a connection left open after the run's terminal event", () => {
  it("settles the turn at the default grace and releases the connection", async () => {
    const server = await servers.startAgent((exchange) => holdOpen(exchange, textRun(exchange.input, ["done"])));
    const log = warnings();
    const chat = chatOn(server.url, { onWarning: log.onWarning });
    const result = await chat.sendMessage("hi");
    expect(result.status).toBe("idle");
    expect(chat.status.peek()).toBe("idle");
    expect(chat.isRunning.peek()).toBe(false);
    expect(chat.thread.toMessages().map((m) => m.content)).toEqual(["hi", "done"]);
    expect(log.codes).toEqual(["STREAM_LEFT_OPEN"]);
    // The client hung up: the server's response closed before it ended it.
    await expect(server.requests[0]!.closed).resolves.toEqual({ finished: false });
    chat.dispose();
  });

  it("runs the turn's client tools, continues the agent and stores the thread, all while the first answer is still open", async () => {
    const server = await servers.startAgent(async (exchange) => {
      const { input, index } = exchange;
      if (index === 0) {
        await holdOpen(exchange, [
          started(input),
          { type: "TOOL_CALL_START", toolCallId: "tc1", toolCallName: "add" },
          { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: '{"a":2,"b":3}' },
          { type: "TOOL_CALL_END", toolCallId: "tc1" },
          finished(input),
        ]);
      } else {
        await holdOpen(exchange, textRun(input, ["five"], "m2"));
      }
    });
    const adapter = memoryStorage();
    const chat = chatOn(server.url, {
      threadId: "t-open",
      terminalGraceMs: 30,
      onWarning: () => undefined,
      persistence: chatPersistence({ adapter, index: false }),
      tools: [{ name: "add", execute: (args: { a: number; b: number }) => String(args.a + args.b) }],
    });
    const result = await chat.sendMessage("2+3?");
    expect(result.status).toBe("idle");
    expect(server.requests).toHaveLength(2);
    const second = JSON.parse(server.requests[1]!.body) as { messages: { role: string; content?: unknown }[] };
    expect(second.messages.find((m) => m.role === "tool")?.content).toBe("5");
    await chat.whenSaved();
    const stored = adapter.entries.get("t-open") as { messages: { content?: unknown }[] };
    expect(stored.messages.at(-1)?.content).toBe("five");
    for (const request of server.requests) await expect(request.closed).resolves.toEqual({ finished: false });
    chat.dispose();
  });

  it("still reads what AG-UI lets follow within the grace: a late RUN_ERROR fails the run with the agent's error", async () => {
    const server = await servers.startAgent(async (exchange) => {
      const { res, input, seen } = exchange;
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      await write(res, sseText(textRun(input, ["partial"])));
      await write(res, sseText([{ type: "RUN_ERROR", message: "flush failed", code: "FLUSH" }]));
      await seen.closed;
    });
    const chat = chatOn(server.url, { terminalGraceMs: 200, onWarning: () => undefined });
    const result = await chat.sendMessage("hi");
    expect(result.status).toBe("failed");
    expect(chat.error.peek()).toMatchObject({ code: "AGENT_RUN_ERROR", message: "flush failed", agentCode: "FLUSH" });
    chat.dispose();
  });

  it("a RunLoop reads a second run after RUN_ERROR on the same open connection, then settles on its RUN_FINISHED", async () => {
    const server = await servers.startAgent((exchange) => {
      const { input } = exchange;
      return holdOpen(exchange, [
        started(input),
        { type: "RUN_ERROR", message: "first attempt failed" },
        { type: "RUN_STARTED", threadId: input.threadId, runId: `${input.runId}-retry` },
        { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
        { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "second run" },
        { type: "TEXT_MESSAGE_END", messageId: "m1" },
        { type: "RUN_FINISHED", threadId: input.threadId, runId: `${input.runId}-retry` },
      ]);
    });
    const loop = new RunLoop({ source: new HttpAgent({ url: server.url }), terminalGraceMs: 30, onWarning: () => undefined });
    const result = await loop.run();
    expect(result.status).toBe("succeeded");
    expect(loop.thread.toMessages().map((m) => m.content)).toEqual(["second run"]);
    loop.dispose();
  });

  it("drops, with a warning, what a source that will not stop sends after the run settled; nothing is folded", async () => {
    let emit: ((event: object) => void) | undefined;
    // A source that ignores the abort: it keeps its sink and resolves only when the test says so.
    const source: AgentSource = {
      run: (input, sink) =>
        new Promise(() => {
          emit = (event) => sink.onEvent(event);
          for (const event of textRun(input, ["kept"])) sink.onEvent(event);
        }),
    };
    const log = warnings();
    const loop = new RunLoop({ source, terminalGraceMs: 20, onWarning: log.onWarning });
    const result = await loop.run();
    expect(result.status).toBe("succeeded");
    emit!({ type: "RUN_STARTED", threadId: loop.thread.threadId.peek(), runId: "sneaky" });
    emit!({ type: "TEXT_MESSAGE_START", messageId: "late", role: "assistant" });
    expect(log.codes).toEqual(["STREAM_LEFT_OPEN", "EVENT_AFTER_RUN_SETTLED", "EVENT_AFTER_RUN_SETTLED"]);
    expect(loop.thread.toMessages().map((m) => m.id)).toEqual(["a1"]);
    expect(loop.status.peek()).toBe("idle");
    loop.dispose();
  });

  it("refuses a terminalGraceMs that is not a duration", () => {
    expect(() => new RunLoop({ source: { run: async () => "completed" }, terminalGraceMs: -1 })).toThrow(
      expect.objectContaining({ code: "INVALID_TERMINAL_GRACE" }),
    );
  });
});
