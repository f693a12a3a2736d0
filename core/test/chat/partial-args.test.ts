// The chat's `partialArgs` option: partial arguments over a real HTTP stream when the app opts
// in, none when it does not, and streaming client tools refused at construction without a parser.
import { describe, expect, it } from "vitest";
import { ChatInputError, createComponentRegistry, createThread, fromEvents, generativeUi, partialArgsParser, type ClientTool } from "../../src/index.js";
import { chatFor, gate, runFinished, runStarted, scriptedServer, until } from "./support.js";

const draw: ClientTool = { name: "draw", streaming: true, execute: () => "drawn" };

/** A server streaming one call of `tool` in three deltas, each sent once the test opens its gate. */
async function streamingServer(tool: string) {
  const gates = [gate(), gate(), gate()];
  const server = await scriptedServer(async (input, send) => {
    await send(runStarted(input), { type: "TOOL_CALL_START", toolCallId: "tc", toolCallName: tool, parentMessageId: "a1" });
    for (const [i, delta] of ['{"city":"Pa', 'ris","days"', ":3}"].entries()) {
      await send({ type: "TOOL_CALL_ARGS", toolCallId: "tc", delta });
      await gates[i]!.promise;
    }
    await send({ type: "TOOL_CALL_END", toolCallId: "tc" }, runFinished(input));
  });
  return { server, gates };
}

describe("the chat's partialArgs option", () => {
  it("with partialArgsParser(), a call streamed over HTTP shows its partial arguments delta by delta", async () => {
    const { server, gates } = await streamingServer("weather");
    const chat = chatFor(server.url, { partialArgs: partialArgsParser() });
    const turn = chat.sendMessage("weather?");
    await until(() => chat.thread.toolCall("tc")?.argsText.peek() === '{"city":"Pa');
    const call = chat.thread.toolCall("tc")!;
    expect(call.partialArgs.value).toEqual({ city: "Pa" });
    gates[0]!.open();
    await until(() => call.argsText.peek().endsWith('"days"'));
    expect(call.partialArgs.value).toEqual({ city: "Paris" });
    expect(call.argumentStatus.value).toEqual({ city: "complete", days: "streaming" });
    gates[1]!.open();
    gates[2]!.open();
    await turn;
    expect(call.args.value).toEqual({ city: "Paris", days: 3 });
  });

  it("without it, the same stream leaves partialArgs undefined until TOOL_CALL_END; args are the same", async () => {
    const { server, gates } = await streamingServer("weather");
    const chat = chatFor(server.url);
    const turn = chat.sendMessage("weather?");
    await until(() => chat.thread.toolCall("tc")?.argsText.peek() === '{"city":"Pa');
    const call = chat.thread.toolCall("tc")!;
    expect(call.partialArgs.value).toBeUndefined();
    gates[0]!.open();
    await until(() => call.argsText.peek().endsWith('"days"'));
    expect(call.partialArgs.value).toBeUndefined();
    gates[1]!.open();
    gates[2]!.open();
    await turn;
    expect(call.args.value).toEqual({ city: "Paris", days: 3 });
    expect(call.partialArgs.value).toEqual({ city: "Paris", days: 3 });
  });

  it("a streaming client tool no parser covers is refused at construction: PARTIAL_ARGS_MISSING, naming the tool", () => {
    let error: unknown;
    try {
      chatFor(fromEvents([]), { tools: [{ name: "lookup", execute: () => 1 }, draw] });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ChatInputError);
    expect(error).toMatchObject({ code: "PARTIAL_ARGS_MISSING", option: "tools[1]" });
    expect((error as Error).message).toContain("'draw'");
    expect((error as Error).message).toContain("partialArgs: partialArgsParser()");
    // Named, but not that tool: still refused.
    expect(() => chatFor(fromEvents([]), { tools: [draw], partialArgs: partialArgsParser({ tools: ["other"] }) })).toThrow(
      expect.objectContaining({ code: "PARTIAL_ARGS_MISSING" }),
    );
    // Covered, by name or by default: accepted. A `streaming` tool with no `execute` streams nothing, so it needs no parser.
    expect(() => chatFor(fromEvents([]), { tools: [draw], partialArgs: partialArgsParser({ tools: ["draw"] }) })).not.toThrow();
    expect(() => chatFor(fromEvents([]), { tools: [draw], partialArgs: partialArgsParser() })).not.toThrow();
    expect(() => chatFor(fromEvents([]), { tools: [{ name: "draw", streaming: true }] })).not.toThrow();
  });

  it("updateOptions({ tools }) is refused the same way, and the tools in force stay", () => {
    const chat = chatFor(fromEvents([]), { tools: [{ name: "lookup", execute: () => 1 }] });
    expect(() => chat.updateOptions({ tools: [draw] })).toThrow(expect.objectContaining({ code: "PARTIAL_ARGS_MISSING" }));
  });

  it("with `thread`, the thread's own plug-in counts, and `partialArgs` may not be given beside it", () => {
    expect(() => chatFor(fromEvents([]), { thread: createThread({ threadId: "thread-1", partialArgs: partialArgsParser() }), tools: [draw] })).not.toThrow();
    expect(() => chatFor(fromEvents([]), { thread: createThread({ threadId: "thread-1" }), tools: [draw] })).toThrow(
      expect.objectContaining({ code: "PARTIAL_ARGS_MISSING" }),
    );
    expect(() => chatFor(fromEvents([]), { thread: createThread({ threadId: "thread-1" }), partialArgs: partialArgsParser() })).toThrow(
      expect.objectContaining({ code: "INVALID_OPTION", option: "partialArgs" }),
    );
    expect(() => chatFor(fromEvents([]), { partialArgs: { parse: true } as never })).toThrow(expect.objectContaining({ code: "INVALID_OPTION", option: "partialArgs" }));
  });

  it("generative UI's rendered tools stream their props without the option", async () => {
    const { server, gates } = await streamingServer("WeatherCard");
    const registry = createComponentRegistry({ WeatherCard: { description: "Weather", propsSchema: { type: "object", properties: { city: { type: "string" }, days: { type: "number" } } } } });
    const chat = chatFor(server.url, { components: generativeUi({ registry }) });
    const turn = chat.sendMessage("weather?");
    await until(() => chat.thread.component("tc")?.props.peek().city === "Pa");
    expect(chat.thread.component("tc")!.streaming.value).toBe("streaming");
    for (const g of gates) g.open();
    await turn;
    expect(chat.thread.component("tc")!.props.value).toEqual({ city: "Paris", days: 3 });
  });
});
