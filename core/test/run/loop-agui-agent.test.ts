// A real @ag-ui/client 1.0.0 HttpAgent plugged into the run loop with fromAgent, against a real
// server: the run folds, stop() reaches the network, resume travels, and the thread agrees with
// what @ag-ui/client's own runAgent builds from the same stream.
import { HttpAgent as AgUiHttpAgent } from "@ag-ui/client";
import { describe, expect, it } from "vitest";
import { fromAgent } from "../../src/index.js";
import { RunLoop } from "../../src/run/index.js";
import type { AssistantMessageNode } from "../../src/model/types.js";
import { finished, ids, respond, serverPerTest, started, textRun, until, type Exchange } from "./support.js";

const servers = serverPerTest();

/** A run with reasoning-free text, a tool call and its result, a state delta: enough to compare. */
async function richRun(exchange: Exchange): Promise<void> {
  const { send } = respond(exchange);
  const input = exchange.input;
  await send(started(input));
  await send({ type: "STATE_SNAPSHOT", snapshot: { step: 0, todos: [] } });
  await send({ type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" });
  await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: "Let me " });
  await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: "check." });
  await send({ type: "TEXT_MESSAGE_END", messageId: "a1" });
  await send({ type: "TOOL_CALL_START", toolCallId: "tc1", toolCallName: "weather", parentMessageId: "a1" });
  await send({ type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: '{"city":' });
  await send({ type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: '"Paris"}' });
  await send({ type: "TOOL_CALL_END", toolCallId: "tc1" });
  await send({ type: "TOOL_CALL_RESULT", messageId: "r1", toolCallId: "tc1", content: "sunny" });
  await send({ type: "STATE_DELTA", delta: [{ op: "replace", path: "/step", value: 1 }, { op: "add", path: "/todos/-", value: "pack" }] });
  await send({ type: "TEXT_MESSAGE_START", messageId: "a2", role: "assistant" });
  await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "a2", delta: "Sunny in Paris." });
  await send({ type: "TEXT_MESSAGE_END", messageId: "a2" });
  await send(finished(input));
  exchange.res.end();
}

describe("RunLoop with a real @ag-ui/client HttpAgent (fromAgent)", () => {
  it("folds the run and sends Threadline's input through the AG-UI agent", async () => {
    const server = await servers.startAgent(richRun);
    const agent = new AgUiHttpAgent({ url: server.url });
    const loop = new RunLoop({ source: fromAgent(agent), threadId: "t-agui", createId: ids() });

    const result = await loop.run({ messages: [{ id: "u1", role: "user", content: "Weather?" }] });

    expect(result.status).toBe("succeeded");
    expect(loop.thread.toMessages().map((m) => m.id)).toEqual(["u1", "a1", "r1", "a2"]);
    expect(loop.thread.state.value).toEqual({ step: 1, todos: ["pack"] });
    expect(loop.thread.toolCall("tc1")?.args.value).toEqual({ city: "Paris" });
    const body = JSON.parse(server.requests[0]?.body ?? "");
    expect(body).toMatchObject({ threadId: "t-agui", runId: "run-1", messages: [{ id: "u1", role: "user", content: "Weather?" }] });
  });

  it("agrees with @ag-ui/client's own runAgent on the same stream (messages and state)", async () => {
    const server = await servers.startAgent(richRun);
    const reference = new AgUiHttpAgent({
      url: server.url,
      threadId: "t-agui",
      initialMessages: [{ id: "u1", role: "user", content: "Weather?" }],
    });
    await reference.runAgent({ runId: "run-1" });

    const loop = new RunLoop({ source: fromAgent(new AgUiHttpAgent({ url: server.url })), threadId: "t-agui", createId: ids() });
    await loop.run({ messages: [{ id: "u1", role: "user", content: "Weather?" }] });

    expect(loop.thread.toMessages()).toEqual(reference.messages);
    expect(loop.thread.state.value).toEqual(reference.state);
  });

  it("stop() mid-stream closes the AG-UI agent's connection, keeps the partial text, and the next run works", async () => {
    const server = await servers.startAgent(async (exchange) => {
      const { send } = respond(exchange);
      if (exchange.index === 0) {
        await send(started(exchange.input));
        await send({ type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" });
        await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: "going on and" });
        await exchange.seen.closed;
        return;
      }
      for (const event of textRun(exchange.input, ["again"], "a2")) await send(event);
      exchange.res.end();
    });
    const loop = new RunLoop({ source: fromAgent(new AgUiHttpAgent({ url: server.url })), createId: ids() });
    const running = loop.run();
    await until(() => (loop.thread.message("a1") as AssistantMessageNode | undefined)?.content.value === "going on and");

    loop.stop();

    expect(await running).toMatchObject({ status: "cancelled", by: "client" });
    expect(loop.status.value).toBe("idle");
    expect(loop.error.value).toBeUndefined();
    expect(await server.requests[0]?.closed).toEqual({ finished: false });
    expect((loop.thread.message("a1") as AssistantMessageNode).content.value).toBe("going on and");

    const next = await loop.run();
    expect(next.status).toBe("succeeded");
    expect((loop.thread.message("a2") as AssistantMessageNode).content.value).toBe("again");
  });

  it("carries resume through the AG-UI agent after an interrupt", async () => {
    const server = await servers.startAgent(async (exchange) => {
      const { send } = respond(exchange);
      if (exchange.index === 0) {
        await send(started(exchange.input));
        await send(finished(exchange.input, { outcome: { type: "interrupt", interrupts: [{ id: "ask", reason: "confirm" }] } }));
      } else {
        for (const event of textRun(exchange.input, ["confirmed"])) await send(event);
      }
      exchange.res.end();
    });
    const loop = new RunLoop({ source: fromAgent(new AgUiHttpAgent({ url: server.url })), createId: ids() });

    expect((await loop.run()).status).toBe("interrupted");
    expect(loop.status.value).toBe("awaiting-input");
    const result = await loop.run({ resume: [{ interruptId: "ask", status: "resolved", payload: "yes" }] });

    expect(result.status).toBe("succeeded");
    expect(JSON.parse(server.requests[1]?.body ?? "").resume).toEqual([{ interruptId: "ask", status: "resolved", payload: "yes" }]);
  });
});
