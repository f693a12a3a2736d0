// The published build, run: @threadline/core from dist/ (tsc's output with the internal names of
// mangle.json shortened, scripts/mangle-props.mjs), not from src/ as every other test. A conversation
// through a real AG-UI server touches the renamed members (message nodes' rare fields and text log,
// tool calls' status and error, the thread's run signals and state document, the engine slot): a
// name renamed in one module and not in another fails here. Run after `pnpm build` (the test
// command's lint:pack builds first).
import { describe, expect, it } from "vitest";
import type { RunAgentInput } from "@ag-ui/core";
import { respond, serverPerTest } from "../support/agui-server.js";
import type * as Core from "../../src/index.js";
import type * as Model from "../../src/model/index.js";
import { until } from "../support/wait.js";
import { WEATHER_TOOL, weatherTurn } from "../support/weather-turns.js";

// The dist's types are src's (stripped of @internal members): typed as src, loaded from dist.
const core = (await import(new URL("../../dist/index.js", import.meta.url).href)) as typeof Core;
const model = (await import(new URL("../../dist/model/index.js", import.meta.url).href)) as typeof Model;
const { ChatClient, HttpAgent, defineTool, memoryStorage, chatPersistence } = core;

const servers = serverPerTest();

/** The assistant's text of a message node, read the way a view reads it. */
const text = (chat: Core.ChatClient, id: string): unknown => (chat.thread.message(id) as Model.AssistantMessageNode | undefined)?.content.value;

/** The weather conversation's server (support/weather-turns.ts); `inputs` are the requests it got. */
async function agent(): Promise<{ url: string; inputs: RunAgentInput[] }> {
  const inputs: RunAgentInput[] = [];
  const server = await servers.startAgent(async (exchange) => {
    inputs.push(exchange.input);
    const { send } = respond(exchange);
    for (const event of weatherTurn(exchange.input)) await send(event);
    exchange.res.end();
  });
  return { url: server.url, inputs };
}

const weather = defineTool(WEATHER_TOOL);

describe("@threadline/core from its built dist", () => {
  it("runs a conversation: initial messages, streamed text, a client tool call, state snapshot and delta", async () => {
    const { url, inputs } = await agent();
    const chat = new ChatClient({
      agent: new HttpAgent({ url }),
      threadId: "t1",
      messages: [{ id: "s1", role: "system", content: "Be brief.", name: "setup" }],
      tools: [weather],
    });
    // A text subscriber from the start (the waiter and the delta log the node keeps for it).
    const seen: string[] = [];
    let view: (() => void) | undefined;
    const stopTracking = chat.thread.messages.subscribe((list) => {
      const node = list.find((m) => m.id === "a1");
      if (node && view === undefined) view = model.subscribeText(node, { reset: (whole) => void seen.splice(0, seen.length, whole), append: (delta) => void seen.push(delta) });
    });

    expect(await chat.sendMessage("Weather in Oslo?")).toEqual({ status: "idle" });

    expect(inputs).toHaveLength(2);
    expect(inputs[0]!.messages.map((m) => [m.role, m.content])).toEqual([["system", "Be brief."], ["user", "Weather in Oslo?"]]);
    expect(inputs[0]!.tools.map((t) => t.name)).toEqual(["weather"]);
    const call = chat.thread.toolCall("c1")!;
    expect(call.status.value).toBe("succeeded");
    expect(call.error.value).toBeUndefined();
    expect(call.args.value).toEqual({ city: "Oslo" });
    const sent = inputs[1]!.messages;
    expect(sent.at(-2)).toMatchObject({ id: "a1", role: "assistant", content: "Let me look that up.", toolCalls: [{ id: "c1", function: { name: "weather", arguments: '{"city":"Oslo"}' } }] });
    expect(sent.at(-1)).toMatchObject({ role: "tool", toolCallId: "c1" });
    expect(JSON.parse(sent.at(-1)!.content as string)).toEqual({ city: "Oslo", sky: "sunny" });
    expect(text(chat, "a1")).toBe("Let me look that up.");
    expect(text(chat, "a2")).toBe("It is sunny.");
    expect(chat.state.value).toEqual({ city: "Oslo", steps: ["answered"] });
    expect(chat.thread.status.value).toBe("succeeded");
    // The rare fields round-trip (name on the system message) and the subscriber heard the text.
    expect(chat.thread.toMessages()[0]).toEqual({ id: "s1", role: "system", content: "Be brief.", name: "setup" });
    await until(() => seen.join("") === "Let me look that up.");
    view?.();
    stopTracking();
    chat.dispose();
  });

  it("setMessages replaces the thread, and a reload restores it from storage", async () => {
    const { url } = await agent();
    const adapter = memoryStorage();
    const first = new ChatClient({ agent: new HttpAgent({ url }), threadId: "t2", tools: [weather], persistence: chatPersistence({ adapter }) });
    await first.ready;
    await first.sendMessage("Weather in Oslo?");
    first.setMessages([
      { id: "u9", role: "user", content: "Only this", metadata: { pinned: true } },
      { id: "a9", role: "assistant", content: "and this", toolCalls: [{ id: "c9", type: "function", function: { name: "weather", arguments: '{"city":"Rome"}' } }] },
      { id: "r9", role: "tool", toolCallId: "c9", content: "rainy" },
    ]);
    expect(first.thread.toolCall("c9")?.status.value).toBe("succeeded");
    await first.whenSaved();
    first.dispose();

    const second = new ChatClient({ agent: new HttpAgent({ url }), threadId: "t2", tools: [weather], persistence: chatPersistence({ adapter }) });
    await second.ready;
    expect(second.thread.toMessages()).toEqual(first.thread.toMessages());
    expect(second.thread.toMessages().map((m) => m.id)).toEqual(["u9", "a9", "r9"]);
    expect(second.thread.message("u9")?.metadata.value).toEqual({ pinned: true });
    expect(second.state.value).toEqual({ city: "Oslo", steps: ["answered"] });
    second.dispose();
  });
});
