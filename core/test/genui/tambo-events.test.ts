import { describe, expect, it } from "vitest";
import { createComponentRegistry, createThread, generativeUi, type ThreadlineError, type ThreadlineWarning } from "../../src/index.js";
import { ComponentError, componentSnapshot } from "../../src/model/index.js";
import {
  assistant,
  cEnd,
  componentsOf,
  cProps,
  cStart,
  cState,
  custom,
  finished,
  fold,
  runError,
  set,
  started,
  tamboThread,
  timeline,
} from "./helpers.js";

describe("Tambo component events", () => {
  it("start → props_delta → end: a component part with streaming props and per-prop status", () => {
    const { thread, warnings } = tamboThread();
    fold(thread, started(), cStart("c1", "WeatherCard"));
    const [card] = componentsOf(thread, "m1");
    expect(card).toBeDefined();
    expect(card!.id).toBe("c1");
    expect(card!.name).toBe("WeatherCard");
    expect(card!.source).toBe("tambo");
    expect(card!.messageId).toBe("m1");
    expect(card!.props.value).toEqual({});
    expect(card!.state.value).toEqual({});
    expect(card!.streaming.value).toBe("pending");
    expect(card!.propStatus.value).toEqual({});
    expect(thread.component("c1")).toBe(card);

    fold(thread, cProps("c1", [set("/city", "Par")]));
    expect(card!.streaming.value).toBe("streaming");
    expect(card!.props.value).toEqual({ city: "Par" });
    expect(card!.propStatus.value).toEqual({ city: "streaming" });

    fold(thread, cProps("c1", [{ op: "replace", path: "/city", value: "Paris" }]));
    expect(card!.propStatus.value).toEqual({ city: "streaming" });

    // A later prop starts: the earlier one is done.
    fold(thread, cProps("c1", [set("/temperature", 2)]));
    expect(card!.propStatus.value).toEqual({ city: "complete", temperature: "streaming" });
    fold(thread, cProps("c1", [{ op: "replace", path: "/temperature", value: 23 }]));
    expect(card!.props.value).toEqual({ city: "Paris", temperature: 23 });

    fold(thread, cEnd("c1"));
    expect(card!.streaming.value).toBe("complete");
    expect(card!.propStatus.value).toEqual({ city: "complete", temperature: "complete" });
    expect(card!.error.value).toBeUndefined();
    expect(warnings).toEqual([]);
    expect(componentSnapshot(card!)).toEqual({
      id: "c1",
      name: "WeatherCard",
      source: "tambo",
      messageId: "m1",
      props: { city: "Paris", temperature: 23 },
      state: {},
      streaming: "complete",
      propStatus: { city: "complete", temperature: "complete" },
      error: undefined,
    });
  });

  it("nested paths count for their top-level prop; a removed prop loses its status; a root replace touches every prop", () => {
    const { thread } = tamboThread();
    fold(thread, started(), cStart("c1", "List"), cProps("c1", [set("/items", []), set("/title", "T")]));
    const [list] = componentsOf(thread, "m1");
    expect(list!.propStatus.value).toEqual({ items: "streaming", title: "streaming" });
    fold(thread, cProps("c1", [set("/items/-", { name: "a" })]));
    expect(list!.propStatus.value).toEqual({ items: "streaming", title: "complete" });
    fold(thread, cProps("c1", [{ op: "remove", path: "/title" }]));
    expect(list!.propStatus.value).toEqual({ items: "complete" });
    fold(thread, cProps("c1", [{ op: "move", from: "/items", path: "/rows" }]));
    expect(list!.props.value).toEqual({ rows: [{ name: "a" }] });
    expect(list!.propStatus.value).toEqual({ rows: "streaming" });
    fold(thread, cProps("c1", [{ op: "replace", path: "", value: { a: 1, b: 2 } }]));
    expect(list!.propStatus.value).toEqual({ a: "streaming", b: "streaming" });
    // A `test` operation reads only.
    fold(thread, cProps("c1", [{ op: "test", path: "/a", value: 1 }, set("/c", 3)]));
    expect(list!.propStatus.value).toEqual({ a: "complete", b: "complete", c: "streaming" });
  });

  it("props the registered schema declares are pending until they arrive, and a removed one is pending again", () => {
    const components = createComponentRegistry({
      WeatherCard: { propsSchema: { type: "object", properties: { city: { type: "string" }, temperature: { type: "number" } } } },
    });
    const { thread } = tamboThread({ components: generativeUi({ registry: components }) });
    fold(thread, started(), cStart("c1", "WeatherCard"));
    const [card] = componentsOf(thread, "m1");
    expect(card!.propStatus.value).toEqual({ city: "pending", temperature: "pending" });
    fold(thread, cProps("c1", [set("/city", "Oslo")]));
    expect(card!.propStatus.value).toEqual({ city: "streaming", temperature: "pending" });
    fold(thread, cProps("c1", [{ op: "remove", path: "/city" }]));
    expect(card!.propStatus.value).toEqual({ city: "pending", temperature: "pending" });
    fold(thread, cProps("c1", [set("/temperature", 3)]), cEnd("c1"));
    // After the end only what arrived is listed, all done.
    expect(card!.propStatus.value).toEqual({ temperature: "complete" });
  });

  it("state_delta patches the state; after end it never sets done back to streaming", () => {
    const { thread } = tamboThread();
    fold(thread, started(), cStart("c1", "Counter"));
    const [counter] = componentsOf(thread, "m1");
    const streaming = timeline(counter!.streaming);
    fold(thread, cState("c1", [set("/count", 0)]));
    expect(counter!.state.value).toEqual({ count: 0 });
    expect(counter!.streaming.value).toBe("streaming");
    // State does not touch prop status.
    expect(counter!.propStatus.value).toEqual({});
    fold(thread, cProps("c1", [set("/label", "n")]), cEnd("c1"));
    fold(thread, cState("c1", [{ op: "replace", path: "/count", value: 5 }]));
    expect(counter!.state.value).toEqual({ count: 5 });
    expect(counter!.streaming.value).toBe("complete");
    // A props delta after the end changes the props, not the status.
    fold(thread, cProps("c1", [set("/extra", true)]));
    expect(counter!.props.value).toEqual({ label: "n", extra: true });
    expect(counter!.streaming.value).toBe("complete");
    expect(counter!.propStatus.value).toEqual({ label: "complete", extra: "complete" });
    expect(streaming.values).toEqual(["pending", "streaming", "complete"]);
    streaming.stop();
  });

  it("components join the message's parts in arrival order with text and tool calls", () => {
    const { thread } = tamboThread();
    fold(
      thread,
      started(),
      cStart("c1", "Header"),
      { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "Here" },
      { type: "TOOL_CALL_START", toolCallId: "t1", toolCallName: "lookup", parentMessageId: "m1" },
      { type: "TOOL_CALL_END", toolCallId: "t1" },
      cStart("c2", "Footer"),
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: " it is" },
      { type: "TEXT_MESSAGE_END", messageId: "m1" },
    );
    const kinds = assistant(thread, "m1").parts.value.map((part) =>
      part.type === "text" ? "text" : part.type === "tool-call" ? `tool:${part.toolCall.id}` : `component:${part.component.id}`,
    );
    expect(kinds).toEqual(["component:c1", "text", "tool:t1", "component:c2"]);
    expect(assistant(thread, "m1").toolCalls.value.map((c) => c.id)).toEqual(["t1"]);
    // AG-UI messages know nothing of Tambo components.
    expect(thread.toMessages()).toEqual([
      {
        id: "m1",
        role: "assistant",
        content: "Here it is",
        toolCalls: [{ id: "t1", type: "function", function: { name: "lookup", arguments: "" } }],
      },
    ]);
  });

  it("a MESSAGES_SNAPSHOT that updates the message keeps its Tambo components", () => {
    const { thread } = tamboThread();
    fold(thread, started(), cStart("c1", "Card"), { type: "TEXT_MESSAGE_START", messageId: "m1" }, { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "a" });
    const before = componentsOf(thread, "m1");
    fold(thread, { type: "MESSAGES_SNAPSHOT", messages: [{ id: "m1", role: "assistant", content: "ab" }] });
    expect(componentsOf(thread, "m1")).toEqual(before);
    expect(assistant(thread, "m1").content.value).toBe("ab");
  });

  it("an error in a later run never marks earlier components errored; a component the failing run was streaming is cut off", () => {
    const { thread } = tamboThread();
    fold(thread, started("r1"), cStart("c1", "Done"), cProps("c1", [set("/a", 1)]), cEnd("c1"), finished("r1"));
    fold(thread, started("r2"), cStart("c2", "Open", "m2"), cProps("c2", [set("/b", 1)]), runError("model crashed"));
    const [first] = componentsOf(thread, "m1");
    const [second] = componentsOf(thread, "m2");
    expect(thread.status.value).toBe("failed");
    expect(first!.error.value).toBeUndefined();
    expect(first!.streaming.value).toBe("complete");
    expect(second!.error.value).toBeInstanceOf(ComponentError);
    expect(second!.error.value?.code).toBe("COMPONENT_CUT_OFF");
    // What arrived is kept.
    expect(second!.props.value).toEqual({ b: 1 });
    // A later run that fails leaves both as they are.
    fold(thread, started("r3"), runError("again"));
    expect(first!.error.value).toBeUndefined();
    expect(second!.error.value?.code).toBe("COMPONENT_CUT_OFF");
  });

  it("a client-rejected stream (thread.fail) cuts off open components too", () => {
    const { thread } = tamboThread();
    fold(thread, started(), cStart("c1", "Card"));
    thread.fail(new Error("socket closed"));
    expect(componentsOf(thread, "m1")[0]!.error.value?.code).toBe("COMPONENT_CUT_OFF");
  });

  it("RUN_FINISHED ends a component that never got its end, with a warning", () => {
    const { thread, warnings } = tamboThread();
    fold(thread, started(), cStart("c1", "Card"), cProps("c1", [set("/x", 1)]), finished());
    const [card] = componentsOf(thread, "m1");
    expect(card!.streaming.value).toBe("complete");
    expect(card!.propStatus.value).toEqual({ x: "complete" });
    expect(card!.error.value).toBeUndefined();
    expect(warnings.map((w) => w.code)).toEqual(["COMPONENT_NOT_ENDED"]);
  });

  it("a component may start in a message that TEXT_MESSAGE_START then fills", () => {
    const { thread } = tamboThread();
    fold(thread, started(), cStart("c1", "Card", "m9"));
    const node = assistant(thread, "m9");
    fold(thread, { type: "TEXT_MESSAGE_START", messageId: "m9" }, { type: "TEXT_MESSAGE_CONTENT", messageId: "m9", delta: "hi" });
    expect(thread.message("m9")).toBe(node);
    expect(node.parts.value.map((p) => p.type)).toEqual(["component", "text"]);
  });
});

describe("tambo.run.awaiting_input and tambo.message.parent", () => {
  it("awaiting_input sets thread.awaitingInput for the run; the next RUN_STARTED clears it", () => {
    const { thread } = tamboThread();
    fold(thread, started("r1"));
    expect(thread.awaitingInput.value).toBeUndefined();
    fold(
      thread,
      custom("tambo.run.awaiting_input", { pendingToolCalls: [{ toolCallId: "t1", toolName: "getWeather", arguments: '{"city":"Oslo"}' }] }),
      finished("r1"),
    );
    expect(thread.awaitingInput.value).toEqual({
      runId: "r1",
      pendingToolCalls: [{ toolCallId: "t1", toolName: "getWeather", arguments: '{"city":"Oslo"}' }],
    });
    expect(Object.isFrozen(thread.awaitingInput.value)).toBe(true);
    fold(thread, started("r2"));
    expect(thread.awaitingInput.value).toBeUndefined();
  });

  it("a malformed awaiting_input still pauses the run, skipping the bad entries, with warnings", () => {
    const { thread, warnings } = tamboThread();
    fold(thread, started(), custom("tambo.run.awaiting_input", { pendingToolCalls: [{ toolName: "x" }, { toolCallId: "ok" }] }));
    expect(thread.awaitingInput.value?.pendingToolCalls).toEqual([{ toolCallId: "ok", toolName: "", arguments: "" }]);
    fold(thread, custom("tambo.run.awaiting_input", null));
    expect(thread.awaitingInput.value?.pendingToolCalls).toEqual([]);
    expect(warnings.map((w) => w.code)).toEqual(["MALFORMED_TAMBO_EVENT", "MALFORMED_TAMBO_EVENT"]);
  });

  it("message.parent links an existing message, or creates the message ahead of its START", () => {
    const { thread } = tamboThread();
    fold(thread, started(), { type: "TEXT_MESSAGE_START", messageId: "m1" }, { type: "TEXT_MESSAGE_END", messageId: "m1" });
    const parent = timeline(thread.message("m1")!.parentMessageId);
    fold(thread, custom("tambo.message.parent", { messageId: "m1", parentMessageId: "p0" }));
    expect(parent.values).toEqual([undefined, "p0"]);
    fold(thread, custom("tambo.message.parent", { messageId: "m2", parentMessageId: "m1" }));
    const child = assistant(thread, "m2");
    expect(child.parentMessageId.value).toBe("m1");
    fold(thread, { type: "TEXT_MESSAGE_START", messageId: "m2" }, { type: "TEXT_MESSAGE_CONTENT", messageId: "m2", delta: "sampled" });
    expect(thread.message("m2")).toBe(child);
    expect(child.content.value).toBe("sampled");
    expect(thread.messages.value.map((m) => m.id)).toEqual(["m1", "m2"]);
    parent.stop();
  });
});

describe("unknown names and bad payloads", () => {
  it("unknown CUSTOM names (Tambo's or not) go to listeners and never fail", () => {
    const { thread, warnings } = tamboThread();
    const heard: string[] = [];
    thread.onCustom("*", (event) => heard.push(event.name));
    fold(thread, started(), custom("tambo.future.thing", { x: 1 }), custom("progress", 5), cStart("c1", "Card"));
    expect(heard).toEqual(["tambo.future.thing", "progress", "tambo.component.start"]);
    expect(warnings).toEqual([]);
    expect(thread.status.value).toBe("running");
  });

  it("bad payloads are typed warnings; what was folded stays", () => {
    const { thread, warnings } = tamboThread();
    fold(thread, started(), cStart("c1", "Card"), cProps("c1", [set("/a", 1)]));
    const [card] = componentsOf(thread, "m1");
    fold(
      thread,
      custom("tambo.component.start", { messageId: "m1", componentName: "NoId" }),
      custom("tambo.component.start", "not an object"),
      custom("tambo.component.props_delta", { operations: [] }),
      cProps("ghost", [set("/x", 1)]),
      cEnd("ghost"),
      cStart("c1", "Again"),
      custom("tambo.message.parent", { messageId: "m1" }),
    );
    expect(warnings.map((w) => w.code)).toEqual([
      "MALFORMED_TAMBO_EVENT",
      "MALFORMED_TAMBO_EVENT",
      "MALFORMED_TAMBO_EVENT",
      "UNKNOWN_COMPONENT",
      "UNKNOWN_COMPONENT",
      "DUPLICATE_COMPONENT",
      "MALFORMED_TAMBO_EVENT",
    ]);
    expect(warnings[0]!.message).toContain("`componentId`");
    expect(componentsOf(thread, "m1")).toEqual([card]);
    expect(card!.props.value).toEqual({ a: 1 });
    expect(card!.error.value).toBeUndefined();
    expect(thread.status.value).toBe("running");
  });

  it("a patch that cannot apply, or is not an array, leaves the props and sets the component's error", () => {
    const { thread, warnings } = tamboThread();
    fold(thread, started(), cStart("c1", "Card"), cProps("c1", [set("/a", 1)]));
    const [card] = componentsOf(thread, "m1");
    const props = card!.props.value;
    fold(thread, cProps("c1", [set("/b", 2), { op: "replace", path: "/missing", value: 1 }]));
    expect(card!.props.value).toBe(props);
    expect(card!.error.value).toBeInstanceOf(ComponentError);
    expect(card!.error.value?.code).toBe("COMPONENT_PATCH_FAILED");
    expect(card!.error.value?.message).toContain("/missing");
    fold(thread, cState("c1", "nope"));
    expect(warnings.map((w) => w.code)).toEqual(["COMPONENT_PATCH_FAILED", "COMPONENT_PATCH_FAILED"]);
    // Later good deltas still apply.
    fold(thread, cProps("c1", [set("/c", 3)]));
    expect(card!.props.value).toEqual({ a: 1, c: 3 });
  });

  it("hostile patch paths are refused: COMPONENT_PATCH_FORBIDDEN, nothing reaches a prototype", () => {
    const { thread, warnings } = tamboThread();
    fold(thread, started(), cStart("c1", "Card"), cProps("c1", [set("/a", 1)]));
    const [card] = componentsOf(thread, "m1");
    fold(
      thread,
      cProps("c1", [set("/__proto__/polluted", true)]),
      cState("c1", [{ op: "add", path: "/constructor/prototype/polluted", value: true }]),
      cProps("c1", [{ op: "copy", from: "/__proto__", path: "/x" }]),
    );
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(card!.props.value).toEqual({ a: 1 });
    expect(card!.state.value).toEqual({});
    expect(card!.error.value?.code).toBe("COMPONENT_PATCH_FORBIDDEN");
    expect(warnings.map((w) => w.code)).toEqual(["COMPONENT_PATCH_FORBIDDEN", "COMPONENT_PATCH_FORBIDDEN", "COMPONENT_PATCH_FORBIDDEN"]);
  });

  it("a component for a message of another role is dropped with a warning", () => {
    const { thread, warnings } = tamboThread();
    fold(thread, started(), { type: "TEXT_MESSAGE_START", messageId: "u1", role: "user" }, cStart("c1", "Card", "u1"));
    expect(thread.component("c1")).toBeUndefined();
    expect(warnings.map((w) => w.code)).toEqual(["COMPONENT_MESSAGE_NOT_ASSISTANT"]);
  });

  it("without generative UI the names are not claimed: they reach listeners, warn once (GENERATIVE_UI_MISSING), and can be claimed by the app", () => {
    const warnings: ThreadlineWarning[] = [];
    const thread = createThread({ onWarning: (w) => warnings.push(w) });
    const heard: unknown[] = [];
    thread.onCustom("tambo.component.start", (event) => heard.push(event.value));
    fold(thread, started(), cStart("c1", "Card"), cEnd("c1"), cStart("c2", "Card"), custom("tambo.other", {}));
    expect(thread.messages.value).toEqual([]);
    expect(heard).toHaveLength(2);
    expect(warnings.map((w) => w.code)).toEqual(["GENERATIVE_UI_MISSING"]);
    expect(warnings[0]!.message).toContain("generativeUi(");
    expect(() => thread.claimCustom("tambo.component.start", () => {})).not.toThrow();
  });

  it("with generativeUi({ tambo: false }) the names are not claimed and nothing is warned", () => {
    const warnings: ThreadlineWarning[] = [];
    const thread = createThread({ components: generativeUi({ tambo: false }), onWarning: (w) => warnings.push(w) });
    fold(thread, started(), cStart("c1", "Card"));
    expect(thread.component("c1")).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it("the old thread options are refused with INVALID_THREAD_OPTION naming them", () => {
    const code = (options: object) => {
      try {
        createThread(options);
      } catch (error) {
        return `${(error as ThreadlineError).code}: ${(error as Error).message}`;
      }
      return "accepted";
    };
    expect(code({ tamboEvents: true })).toMatch(/^INVALID_THREAD_OPTION: `tamboEvents`/);
    expect(code({ components: createComponentRegistry() })).toMatch(/^INVALID_THREAD_OPTION: `components` must be generativeUi/);
    expect(() => generativeUi({ tambo: "yes" } as unknown as { tambo: boolean })).toThrow(/tambo/);
    expect(() => generativeUi({ registry: {} } as never)).toThrow(/registry/);
  });
});
