import { describe, expect, it } from "vitest";
import { createComponentRegistry, createThread, type ComponentNode, generativeUi } from "../../src/index.js";
import { ToolArgsError } from "../../src/model/index.js";
import { assistant, countWrites, fold, runError, started, timeline } from "./helpers.js";

const weatherSchema = {
  type: "object",
  properties: {
    city: { type: "string" },
    temperature: { type: "number" },
    unit: { type: "string" },
  },
  required: ["city", "temperature"],
};
const registry = () => createComponentRegistry({ WeatherCard: { description: "Shows the weather", propsSchema: weatherSchema } });
const call = (toolCallId: string, toolCallName: string, parentMessageId = "m1") => ({ type: "TOOL_CALL_START", toolCallId, toolCallName, parentMessageId });
const args = (toolCallId: string, delta: string) => ({ type: "TOOL_CALL_ARGS", toolCallId, delta });
const end = (toolCallId: string) => ({ type: "TOOL_CALL_END", toolCallId });

describe("tool calls registered as renderable", () => {
  it("stream as a component part: partialArgs are the props, then the strict args; per-prop status follows the parser", () => {
    const thread = createThread({ components: generativeUi({ registry: registry() }) });
    fold(thread, started(), { type: "TEXT_MESSAGE_START", messageId: "m1" }, { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "Look:" });
    fold(thread, call("t1", "WeatherCard"), call("t2", "lookup"));
    const message = assistant(thread, "m1");
    const parts = message.parts.value;
    expect(parts.map((p) => p.type)).toEqual(["text", "component", "tool-call"]);
    const part = parts[1]!;
    if (part.type !== "component") throw new Error("expected a component part");
    const card: ComponentNode = part.component;
    expect(part.toolCall).toBe(thread.toolCall("t1"));
    expect(card.toolCall).toBe(thread.toolCall("t1"));
    expect(thread.component("t1")).toBe(card);
    expect(thread.component("t2")).toBeUndefined();
    expect(card.source).toBe("tool-call");
    expect(card.name).toBe("WeatherCard");
    expect(card.id).toBe("t1");
    expect(card.messageId).toBe("m1");
    // Both calls are still the message's tool calls.
    expect(message.toolCalls.value.map((c) => c.id)).toEqual(["t1", "t2"]);

    const streaming = timeline(card.streaming);
    const status = timeline(card.propStatus);
    expect(card.props.value).toEqual({});
    expect(card.propStatus.value).toEqual({ city: "pending", temperature: "pending", unit: "pending" });
    const partsWrites = countWrites(message.parts);

    fold(thread, args("t1", '{"city":"Os'));
    expect(card.props.value).toEqual({ city: "Os" });
    expect(card.propStatus.value).toEqual({ city: "streaming", temperature: "pending", unit: "pending" });
    fold(thread, args("t1", 'lo","temperature":2'));
    expect(card.props.value).toEqual({ city: "Oslo", temperature: 2 });
    expect(card.propStatus.value.city).toBe("complete");
    fold(thread, args("t1", '3,"unit":null}'));
    // Strict-mode null for an optional prop that does not allow null is undone.
    expect(card.props.value).toEqual({ city: "Oslo", temperature: 23 });
    fold(thread, end("t1"));
    expect(card.props.value).toEqual({ city: "Oslo", temperature: 23 });
    expect(thread.toolCall("t1")!.args.value).toEqual({ city: "Oslo", temperature: 23, unit: null });
    expect(card.streaming.value).toBe("complete");
    expect(card.propStatus.value).toEqual({ city: "complete", temperature: "complete", unit: "complete" });
    expect(streaming.values).toEqual(["pending", "streaming", "complete"]);
    expect(status.values[0]).toEqual({ city: "pending", temperature: "pending", unit: "pending" });
    expect(status.values.at(-1)).toEqual({ city: "complete", temperature: "complete", unit: "complete" });
    // Arguments never rewrite the parts list.
    expect(partsWrites.count).toBe(0);
    // The AG-UI projection still carries the call as a tool call.
    expect(thread.toMessages()[0]).toMatchObject({ toolCalls: [{ id: "t1", function: { name: "WeatherCard" } }, { id: "t2" }] });
    streaming.stop();
    status.stop();
    partsWrites.stop();
  });

  it("whole messages (initial messages, RUN_STARTED input, MESSAGES_SNAPSHOT) render their renderable calls too", () => {
    const toolCall = (id: string, name: string, argsText: string) => ({ id, type: "function" as const, function: { name, arguments: argsText } });
    const thread = createThread({
      components: generativeUi({ registry: registry() }),
      messages: [{ id: "m0", role: "assistant", toolCalls: [toolCall("h1", "WeatherCard", '{"city":"Rome","temperature":30}')] }],
    });
    const old = thread.component("h1")!;
    expect(old.streaming.value).toBe("complete");
    expect(old.props.value).toEqual({ city: "Rome", temperature: 30 });
    expect(old.propStatus.value).toEqual({ city: "complete", temperature: "complete" });
    expect(assistant(thread, "m0").parts.value.map((p) => p.type)).toEqual(["component"]);

    fold(thread, {
      type: "MESSAGES_SNAPSHOT",
      messages: [
        { id: "m0", role: "assistant", toolCalls: [toolCall("h1", "WeatherCard", '{"city":"Rome","temperature":30}'), toolCall("h2", "WeatherCard", '{"city":"Bern","temperature":1}')] },
        { id: "m1", role: "assistant", toolCalls: [toolCall("h3", "other", "{}")] },
      ],
    });
    expect(thread.component("h1")).toBe(old);
    expect(assistant(thread, "m0").parts.value.map((p) => (p.type === "component" ? p.component.id : p.type))).toEqual(["h1", "h2"]);
    expect(thread.component("h2")!.props.value).toEqual({ city: "Bern", temperature: 1 });
    expect(assistant(thread, "m1").parts.value.map((p) => p.type)).toEqual(["tool-call"]);
  });

  it("arguments that are not JSON: the component keeps its partial props and shows the call's error", () => {
    const thread = createThread({ components: generativeUi({ registry: registry() }) });
    fold(thread, started(), call("t1", "WeatherCard"), args("t1", '{"city":"Oslo",}'), end("t1"));
    const card = thread.component("t1")!;
    expect(card.error.value).toBeInstanceOf(ToolArgsError);
    expect(card.error.value?.code).toBe("INVALID_TOOL_ARGS");
    expect(card.props.value).toEqual({ city: "Oslo" });
    expect(card.streaming.value).toBe("complete");
  });

  it("a run that fails mid-arguments leaves the component streaming where it stopped, with the cut-off error", () => {
    const thread = createThread({ components: generativeUi({ registry: registry() }) });
    fold(thread, started(), call("t1", "WeatherCard"), args("t1", '{"city":"Os'), runError());
    const card = thread.component("t1")!;
    expect(card.error.value?.code).toBe("INCOMPLETE_TOOL_ARGS");
    expect(card.streaming.value).toBe("streaming");
    expect(card.props.value).toEqual({ city: "Os" });
  });

  it("without a registry (or for unregistered names) calls stay tool-call parts; registering later affects later calls", () => {
    const plain = createThread();
    fold(plain, started(), call("t1", "WeatherCard"));
    expect(assistant(plain, "m1").parts.value.map((p) => p.type)).toEqual(["tool-call"]);

    const components = createComponentRegistry();
    const thread = createThread({ components: generativeUi({ registry: components }) });
    fold(thread, started(), call("t1", "Chart"));
    components.register("Chart");
    fold(thread, call("t2", "Chart"));
    expect(assistant(thread, "m1").parts.value.map((p) => p.type)).toEqual(["tool-call", "component"]);
    // No schema: the status is the call's own argument status, same object.
    expect(thread.component("t2")!.propStatus).toBe(thread.toolCall("t2")!.argumentStatus);
  });
});
