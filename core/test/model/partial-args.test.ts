// The partialArgs plug-in: without it a streaming call's arguments are text until TOOL_CALL_END;
// with it, the calls of the tools it covers are parsed delta by delta. Generative UI parses the
// tools it renders whatever the option says.
import { describe, expect, it } from "vitest";
import {
  createComponentRegistry,
  createThread,
  generativeUi,
  partialArgsParser,
  type AGUIEvent,
  type Thread,
  type ThreadlineWarning,
} from "../../src/index.js";
import { createThreadStore, foldEvent } from "../../src/fold/index.js";
import { ModelError } from "../../src/model/index.js";
import { RunLoop } from "../../src/run/index.js";
import { fromEvents } from "../../src/transport/index.js";

const fold = (thread: Thread, ...events: object[]) => {
  for (const event of events) foldEvent(thread, event as AGUIEvent);
};
const start = { type: "RUN_STARTED", threadId: "t", runId: "r" };
const open = (toolCallId: string, toolCallName: string) => ({ type: "TOOL_CALL_START", toolCallId, toolCallName, parentMessageId: "m1" });
const args = (toolCallId: string, delta: string) => ({ type: "TOOL_CALL_ARGS", toolCallId, delta });
const end = (toolCallId: string) => ({ type: "TOOL_CALL_END", toolCallId });

/** Streams `{"city":"Paris","days":3}` into call `id` of `tool`; what partialArgs held after each delta. */
function stream(thread: Thread, id: string, tool: string): unknown[] {
  fold(thread, open(id, tool));
  const call = thread.toolCall(id)!;
  const seen: unknown[] = [];
  for (const delta of ['{"city":"Pa', 'ris","da', 'ys":3}']) {
    fold(thread, args(id, delta));
    seen.push(call.partialArgs.value);
  }
  return seen;
}

describe("partialArgs: off by default", () => {
  it("without the plug-in, argsText streams, partialArgs and argumentStatus wait, and the END parse is unchanged", () => {
    const warnings: ThreadlineWarning[] = [];
    const thread = createThread({ onWarning: (w) => warnings.push(w) });
    fold(thread, start);
    expect(stream(thread, "tc", "weather")).toEqual([undefined, undefined, undefined]);
    const call = thread.toolCall("tc")!;
    expect(call.argsText.value).toBe('{"city":"Paris","days":3}');
    expect(call.argumentStatus.value).toEqual({});
    expect(call.status.value).toBe("streaming");
    fold(thread, end("tc"));
    expect(call.status.value).toBe("complete");
    expect(call.args.value).toEqual({ city: "Paris", days: 3 });
    expect(call.partialArgs.value).toEqual({ city: "Paris", days: 3 }); // the arguments, once they are whole
    expect(call.argumentStatus.value).toEqual({ city: "complete", days: "complete" });
    expect(warnings).toEqual([]);
  });

  it("a call cut off mid-arguments still fails INCOMPLETE_TOOL_ARGS without a parser", () => {
    const thread = createThread();
    fold(thread, start, open("tc", "weather"), args("tc", '{"city":"Pa'), { type: "RUN_ERROR", message: "gone" });
    const call = thread.toolCall("tc")!;
    expect(call.status.value).toBe("failed");
    expect(call.error.value?.code).toBe("INCOMPLETE_TOOL_ARGS");
    expect(call.partialArgs.value).toBeUndefined();
  });
});

describe("partialArgsParser()", () => {
  it("parses every tool's calls delta by delta, with per-field status", () => {
    const thread = createThread({ partialArgs: partialArgsParser() });
    fold(thread, start);
    expect(stream(thread, "a", "weather")).toEqual([{ city: "Pa" }, { city: "Paris" }, { city: "Paris", days: 3 }]);
    expect(stream(thread, "b", "other")).toEqual([{ city: "Pa" }, { city: "Paris" }, { city: "Paris", days: 3 }]);
    expect(thread.toolCall("a")!.argumentStatus.value).toEqual({ city: "complete", days: "complete" });
  });

  it("{ tools } parses the named tools only; the others wait for TOOL_CALL_END", () => {
    const thread = createThread({ partialArgs: partialArgsParser({ tools: ["weather"] }) });
    fold(thread, start);
    expect(stream(thread, "a", "weather")).toEqual([{ city: "Pa" }, { city: "Paris" }, { city: "Paris", days: 3 }]);
    expect(stream(thread, "b", "lookup")).toEqual([undefined, undefined, undefined]);
    fold(thread, end("b"));
    expect(thread.toolCall("b")!.args.value).toEqual({ city: "Paris", days: 3 });
  });

  it("a reopened call (TOOL_CALL_START again) is parsed again from its whole text, by the tool's name", () => {
    const thread = createThread({ partialArgs: partialArgsParser({ tools: ["weather"] }) });
    fold(thread, start, open("tc", "weather"), args("tc", '{"city":'), end("tc"));
    const call = thread.toolCall("tc")!;
    expect(call.status.value).toBe("failed"); // `{"city":` does not parse
    fold(thread, open("tc", "weather"));
    expect(call.status.value).toBe("streaming");
    fold(thread, args("tc", '"Oslo"'));
    expect(call.partialArgs.value).toEqual({ city: "Oslo" });
  });

  it("reaches every thread of a store and a RunLoop's own thread", async () => {
    const store = createThreadStore({ partialArgs: partialArgsParser() });
    const thread = store.open("t");
    fold(thread, start);
    expect(stream(thread, "tc", "weather").at(-1)).toEqual({ city: "Paris", days: 3 });
    const loop = new RunLoop({
      source: fromEvents([start, open("tc", "weather"), args("tc", '{"city":"Ro'), end("tc"), { type: "RUN_FINISHED", threadId: "t", runId: "r" }] as AGUIEvent[]),
      threadId: "t",
      partialArgs: partialArgsParser({ tools: ["weather"] }),
    });
    const seen: unknown[] = [];
    loop.thread.onEvent((event) => {
      if (event.type === "TOOL_CALL_ARGS") seen.push(loop.thread.toolCall("tc")!.partialArgs.peek());
    });
    await loop.run();
    expect(seen).toEqual([{ city: "Ro" }]);
    loop.dispose();
  });

  it("refuses what is not a list of tool names, and a `partialArgs` that is not a plug-in", () => {
    expect(() => partialArgsParser({ tools: "weather" as never })).toThrow(ModelError);
    expect(() => partialArgsParser({ tools: [""] })).toThrow(/`tools` must be an array of tool names/);
    expect(() => partialArgsParser(null as never)).toThrow(expect.objectContaining({ code: "INVALID_THREAD_OPTION" }));
    expect(() => createThread({ partialArgs: (() => undefined) as never })).toThrow(/`partialArgs` must be partialArgsParser\(\)/);
  });
});

describe("generative UI without the plug-in", () => {
  const registry = () => createComponentRegistry({ WeatherCard: { description: "Shows the weather", propsSchema: { type: "object", properties: { city: { type: "string" }, days: { type: "number" } } } } });

  it("still parses the tools it renders, so their components get streaming props; other tools wait", () => {
    const thread = createThread({ components: generativeUi({ registry: registry() }) });
    fold(thread, start, { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" });
    expect(stream(thread, "card", "WeatherCard")).toEqual([{ city: "Pa" }, { city: "Paris" }, { city: "Paris", days: 3 }]);
    const card = thread.component("card")!;
    expect(card.props.value).toEqual({ city: "Paris", days: 3 });
    expect(card.streaming.value).toBe("streaming");
    expect(card.propStatus.value).toEqual({ city: "complete", days: "complete" });
    expect(stream(thread, "plain", "lookup")).toEqual([undefined, undefined, undefined]);
  });

  it("with the plug-in naming other tools, both are parsed", () => {
    const thread = createThread({ components: generativeUi({ registry: registry() }), partialArgs: partialArgsParser({ tools: ["lookup"] }) });
    fold(thread, start, { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" });
    expect(stream(thread, "card", "WeatherCard").at(-1)).toEqual({ city: "Paris", days: 3 });
    expect(stream(thread, "plain", "lookup").at(-1)).toEqual({ city: "Paris", days: 3 });
    expect(stream(thread, "other", "search").at(-1)).toBeUndefined();
  });
});
