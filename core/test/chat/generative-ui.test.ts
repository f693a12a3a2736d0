// Generative UI through a ChatClient (issues 6 + 7 joined): one real HTTP server, speaking AG-UI
// through the official encoder, streams the three sources of components — Tambo CUSTOM events,
// an activity snapshot and its deltas, a call to a renderable tool — and the chat's thread turns
// each into a ComponentNode; the registry's components reach the agent as tools.
import { describe, expect, it } from "vitest";
import {
  ChatInputError,
  createComponentRegistry,
  type AssistantMessageNode,
  type ComponentNode,
  type ComponentRegistry,
  type Thread,
  type ThreadlineWarning, generativeUi } from "../../src/index.js";
import { chatFor, gate, runFinished, runStarted, scriptedServer, textMessage, toolResults } from "./support.js";

const custom = (name: string, value: unknown) => ({ type: "CUSTOM", name, value });
const add = (path: string, value: unknown) => ({ op: "add", path, value });

const WEATHER_SCHEMA = {
  type: "object",
  properties: { city: { type: "string" }, temperature: { type: "number" }, condition: { type: "string" } },
} as const;

function weatherRegistry(): ComponentRegistry {
  return createComponentRegistry({
    WeatherCard: { description: "A weather card", propsSchema: WEATHER_SCHEMA },
    show_weather: { description: "Shows the weather as a card", propsSchema: WEATHER_SCHEMA, followUp: false },
  });
}

function parts(thread: Thread, messageId: string): string[] {
  const node = thread.message(messageId) as AssistantMessageNode | undefined;
  return (node?.parts.value ?? []).map((part) => (part.type === "component" ? `component:${part.component.id}` : part.type));
}

function component(thread: Thread, id: string): ComponentNode {
  const node = thread.component(id);
  if (node === undefined) throw new Error(`no component '${id}'`);
  return node;
}

describe("a ChatClient with a component registry, over HTTP", () => {
  it("Tambo events, an activity and a renderable tool call all become component nodes", async () => {
    const midway = gate();
    const server = await scriptedServer(async (input, send) => {
      await send(
        runStarted(input),
        ...textMessage("m1", "Here is Oslo:"),
        custom("tambo.component.start", { messageId: "m1", componentId: "c1", componentName: "WeatherCard" }),
        custom("tambo.component.props_delta", { componentId: "c1", operations: [add("/city", "Oslo")] }),
        custom("tambo.component.props_delta", { componentId: "c1", operations: [add("/temperature", 4)] }),
      );
      await midway.promise;
      await send(
        custom("tambo.component.state_delta", { componentId: "c1", operations: [add("/selectedDay", 2)] }),
        custom("tambo.component.end", { componentId: "c1" }),
        { type: "ACTIVITY_SNAPSHOT", messageId: "act1", activityType: "WeatherCard", content: { city: "Bergen" } },
        { type: "ACTIVITY_DELTA", messageId: "act1", activityType: "WeatherCard", patch: [add("/temperature", 7)] },
        { type: "TOOL_CALL_START", toolCallId: "tc1", toolCallName: "show_weather", parentMessageId: "m2" },
        { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: '{"city":"Tro' },
        { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: 'msø","temperature":-3}' },
        { type: "TOOL_CALL_END", toolCallId: "tc1" },
        runFinished(input),
      );
    });
    const warnings: ThreadlineWarning[] = [];
    const chat = chatFor(server.url, { components: generativeUi({ registry: weatherRegistry() }), onWarning: (w) => warnings.push(w) });

    const turn = chat.sendMessage("Weather?");
    const thread = chat.thread;
    await new Promise<void>((resolve) => {
      const stop = thread.onCustom("tambo.component.props_delta", (event) => {
        if ((event.value as { operations: { path: string }[] }).operations[0]?.path === "/temperature") {
          stop();
          resolve();
        }
      });
    });
    // Mid-stream: the Tambo component streams, the prop the last delta touched is `streaming`,
    // the one before it `done`, the declared one not seen yet `pending`.
    const card = component(thread, "c1");
    expect(card.streaming.value).toBe("streaming");
    expect(card.propStatus.value).toEqual({ city: "complete", temperature: "streaming", condition: "pending" });
    midway.open();

    expect(await turn).toEqual({ status: "idle" });

    expect(card).toMatchObject({ id: "c1", name: "WeatherCard", source: "tambo", messageId: "m1" });
    expect(card.props.value).toEqual({ city: "Oslo", temperature: 4 });
    expect(card.state.value).toEqual({ selectedDay: 2 });
    expect(card.streaming.value).toBe("complete");
    expect(card.propStatus.value).toEqual({ city: "complete", temperature: "complete" });
    expect(parts(thread, "m1")).toEqual(["text", "component:c1"]);

    const activity = component(thread, "act1");
    expect(activity).toMatchObject({ name: "WeatherCard", source: "activity", messageId: "act1" });
    expect(activity.props.value).toEqual({ city: "Bergen", temperature: 7 });
    expect(activity.streaming.value).toBe("complete");

    const drawn = component(thread, "tc1");
    expect(drawn).toMatchObject({ name: "show_weather", source: "tool-call", messageId: "m2" });
    expect(drawn.props.value).toEqual({ city: "Tromsø", temperature: -3 });
    expect(drawn.streaming.value).toBe("complete");
    expect(parts(thread, "m2")).toEqual(["component:tc1"]);
    // Nobody answered the call: the client did, once the run ended (followUp: false, so no second run).
    expect(drawn.toolCall?.status.value).toBe("succeeded");
    expect(drawn.toolCall?.result.value?.content.value).toBe('{"rendered":true}');
    expect(server.served).toHaveLength(1);

    // Every component, all three sources, in the snapshot.
    expect(thread.snapshot().components.map((c) => [c.id, c.source])).toEqual([
      ["c1", "tambo"],
      ["act1", "activity"],
      ["tc1", "tool-call"],
    ]);
    expect(warnings).toEqual([]);
  });

  it("registered components are advertised after the client tools in RunAgentInput.tools", async () => {
    const server = await scriptedServer(async (input, send) => send(runStarted(input), ...textMessage("m1", "ok"), runFinished(input)));
    const chat = chatFor(server.url, {
      components: generativeUi({ registry: weatherRegistry() }),
      tools: [{ name: "get_time", description: "The time", parameters: { type: "object", properties: {} }, execute: () => "noon" }],
    });

    await chat.sendMessage("hi");

    expect(server.inputs[0]!.tools).toEqual([
      { name: "get_time", description: "The time", parameters: { type: "object", properties: {} } },
      { name: "WeatherCard", description: "A weather card", parameters: WEATHER_SCHEMA },
      { name: "show_weather", description: "Shows the weather as a card", parameters: WEATHER_SCHEMA },
    ]);
  });

  it("a client tool named like a component is a TOOL_NAME_CLASH, at construction and in updateOptions", async () => {
    const server = await scriptedServer(async (input, send) => send(runStarted(input), ...textMessage("m1", "ok"), runFinished(input)));
    const components = weatherRegistry();
    const clash = (make: () => unknown) => {
      try {
        make();
      } catch (error) {
        expect(error).toBeInstanceOf(ChatInputError);
        return [(error as ChatInputError).code, (error as ChatInputError).option];
      }
      return "accepted";
    };
    expect(clash(() => chatFor(server.url, { components: generativeUi({ registry: components }), tools: [{ name: "a" }, { name: "show_weather" }] }))).toEqual(["TOOL_NAME_CLASH", "tools[1]"]);

    const chat = chatFor(server.url, { components: generativeUi({ registry: components }), tools: [{ name: "a" }] });
    expect(clash(() => chat.updateOptions({ tools: [{ name: "WeatherCard" }] }))).toEqual(["TOOL_NAME_CLASH", "tools[0]"]);
    // The tools in force did not change.
    await chat.sendMessage("hi");
    expect(server.inputs[0]!.tools.map((t) => t.name)).toEqual(["a", "WeatherCard", "show_weather"]);
  });

  it("a component registered later under a client tool's name is left out of the tools, with a warning", async () => {
    const server = await scriptedServer(async (input, send) => send(runStarted(input), ...textMessage("m1", "ok"), runFinished(input)));
    const components = createComponentRegistry();
    const warnings: string[] = [];
    const chat = chatFor(server.url, { components: generativeUi({ registry: components }), tools: [{ name: "chart", execute: () => "drawn" }], onWarning: (w) => warnings.push(w.code) });
    components.register("chart", { description: "late" });
    components.register("map");

    await chat.sendMessage("hi");

    expect(server.inputs[0]!.tools.map((t) => t.name)).toEqual(["chart", "map"]);
    expect(server.inputs[0]!.tools[0]!.description).toBe("");
    expect(warnings).toEqual(["TOOL_NAME_CLASH"]);
  });

  it("Tambo events fold with generativeUi(); without it they warn once and only reach listeners; tambo: false leaves them to listeners", async () => {
    const server = await scriptedServer(async (input, send) =>
      send(
        runStarted(input),
        custom("tambo.component.start", { messageId: "m1", componentId: "c1", componentName: "WeatherCard" }),
        custom("tambo.component.end", { componentId: "c1" }),
        runFinished(input),
      ),
    );
    const on = chatFor(server.url, { components: generativeUi() });
    await on.sendMessage("hi");
    expect(on.thread.component("c1")?.source).toBe("tambo");

    const warnings: string[] = [];
    const heardBare: string[] = [];
    const bare = chatFor(server.url, { onWarning: (w) => warnings.push(w.code) });
    bare.thread.onCustom("*", (event) => heardBare.push(event.name));
    await bare.sendMessage("hi");
    await bare.sendMessage("again");
    expect(bare.thread.component("c1")).toBeUndefined();
    expect(bare.thread.message("m1")).toBeUndefined();
    expect(heardBare).toEqual(["tambo.component.start", "tambo.component.end", "tambo.component.start", "tambo.component.end"]);
    expect(warnings).toEqual(["GENERATIVE_UI_MISSING"]);

    const heard: string[] = [];
    const off = chatFor(server.url, { components: generativeUi({ tambo: false }), onWarning: (w) => warnings.push(w.code) });
    off.thread.onCustom("*", (event) => heard.push(event.name));
    await off.sendMessage("hi");
    expect(off.thread.component("c1")).toBeUndefined();
    expect(off.thread.message("m1")).toBeUndefined();
    expect(heard).toEqual(["tambo.component.start", "tambo.component.end"]);
    expect(warnings).toEqual(["GENERATIVE_UI_MISSING"]);
  });

  it("bad generative-UI options are INVALID_OPTION errors naming the option", () => {
    const option = (extra: object) => {
      try {
        chatFor("http://127.0.0.1:9/", extra);
      } catch (error) {
        expect(error).toBeInstanceOf(ChatInputError);
        return `${(error as ChatInputError).code}:${(error as ChatInputError).option}`;
      }
      return "accepted";
    };
    expect(option({ components: { names: [] } })).toBe("INVALID_OPTION:components");
    // The old forms: a registry given directly, and the Tambo switch.
    expect(option({ components: weatherRegistry() })).toBe("INVALID_OPTION:components");
    expect(option({ tamboEvents: "yes" })).toBe("INVALID_OPTION:tamboEvents");
    expect(option({ tamboEvents: true, components: generativeUi() })).toBe("INVALID_OPTION:tamboEvents");
  });

  it("the rendered call's answer reaches the agent with the next message", async () => {
    const server = await scriptedServer(async (input, send, index) => {
      if (index === 0) {
        await send(
          runStarted(input),
          { type: "TOOL_CALL_START", toolCallId: "tc1", toolCallName: "show_weather", parentMessageId: "m1" },
          { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: '{"city":"Oslo"}' },
          { type: "TOOL_CALL_END", toolCallId: "tc1" },
          runFinished(input),
        );
      } else await send(runStarted(input), ...textMessage("m2", "Anything else?"), runFinished(input));
    });
    const chat = chatFor(server.url, { components: generativeUi({ registry: weatherRegistry() }) });
    await chat.sendMessage("Weather?");
    await chat.sendMessage("Thanks");

    expect(server.served).toHaveLength(2);
    expect(toolResults(server.inputs[1]!)).toEqual([expect.objectContaining({ role: "tool", toolCallId: "tc1", content: '{"rendered":true}' })]);
  });
});
