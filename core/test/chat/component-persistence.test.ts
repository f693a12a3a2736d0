// Components survive a reload: Tambo components are stored beside the messages (the record stays
// version 1, with an optional `components` list); activity and tool-call components come back
// with the messages and the registry. Bad or cut-off entries are handled without losing the rest.
import { describe, expect, it } from "vitest";
import {
  createComponentRegistry,
  memoryStorage,
  type AssistantMessageNode,
  type Thread,
  type ThreadlineWarning, generativeUi } from "../../src/index.js";
import { STORED_THREAD_VERSION, type StoredThread } from "../../src/persist/index.js";
import { chatFor, runFinished, runStarted, scriptedServer, textMessage } from "./support.js";
import { chatPersistence } from "../../src/chat/storage/persistence.js";

const custom = (name: string, value: unknown) => ({ type: "CUSTOM", name, value });
const add = (path: string, value: unknown) => ({ op: "add", path, value });
const registry = () => createComponentRegistry({ WeatherCard: {}, show_weather: { followUp: false } });

function partsOf(thread: Thread, id: string): string[] {
  return ((thread.message(id) as AssistantMessageNode | undefined)?.parts.value ?? []).map((p) => (p.type === "component" ? `component:${p.component.id}` : p.type));
}

describe("components in the stored thread", () => {
  it("a reload shows every component again: Tambo ones from the record, the others from the messages", async () => {
    const server = await scriptedServer(async (input, send) =>
      send(
        runStarted(input),
        // The component comes before the message's text, and the second after it.
        custom("tambo.component.start", { messageId: "m1", componentId: "c1", componentName: "WeatherCard" }),
        custom("tambo.component.props_delta", { componentId: "c1", operations: [add("/city", "Oslo"), add("/temperature", 4)] }),
        custom("tambo.component.state_delta", { componentId: "c1", operations: [add("/selectedDay", 1)] }),
        custom("tambo.component.end", { componentId: "c1" }),
        ...textMessage("m1", "Two cards:"),
        custom("tambo.component.start", { messageId: "m1", componentId: "c2", componentName: "WeatherCard" }),
        custom("tambo.component.props_delta", { componentId: "c2", operations: [add("/city", "Rome")] }),
        custom("tambo.component.end", { componentId: "c2" }),
        { type: "ACTIVITY_SNAPSHOT", messageId: "act1", activityType: "WeatherCard", content: { city: "Bergen" } },
        { type: "TOOL_CALL_START", toolCallId: "tc1", toolCallName: "show_weather", parentMessageId: "m2" },
        { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: '{"city":"Lima"}' },
        { type: "TOOL_CALL_END", toolCallId: "tc1" },
        runFinished(input),
      ),
    );
    const adapter = memoryStorage();
    const first = chatFor(server.url, { components: generativeUi({ registry: registry() }), persistence: chatPersistence({ adapter }) });
    await first.sendMessage("Weather?");
    await first.whenSaved();
    const before = first.thread.snapshot().components;
    first.dispose();

    const record = adapter.entries.get("thread-1") as StoredThread;
    expect(record.version).toBe(STORED_THREAD_VERSION);
    expect(record.components).toEqual([
      { id: "c1", name: "WeatherCard", messageId: "m1", index: 0, props: { city: "Oslo", temperature: 4 }, state: { selectedDay: 1 }, ended: true },
      { id: "c2", name: "WeatherCard", messageId: "m1", index: 2, props: { city: "Rome" }, state: {}, ended: true },
    ]);

    const second = chatFor(server.url, { components: generativeUi({ registry: registry() }), persistence: chatPersistence({ adapter }) });
    await second.ready;
    const after = second.thread.snapshot().components;
    expect(after).toEqual(before);
    expect(partsOf(second.thread, "m1")).toEqual(["component:c1", "text", "component:c2"]);
    expect(second.thread.component("c1")?.state.value).toEqual({ selectedDay: 1 });
    expect(second.thread.component("c1")?.propStatus.value).toEqual({ city: "complete", temperature: "complete" });
    expect(second.thread.component("tc1")?.props.value).toEqual({ city: "Lima" });
    expect(second.thread.component("act1")?.props.value).toEqual({ city: "Bergen" });
  });

  it("a component stored before its end comes back cut off; bad entries are skipped with a warning", async () => {
    const messages = [
      { id: "u1", role: "user", content: "hi" },
      { id: "m1", role: "assistant", content: "Here:" },
    ];
    const adapter = memoryStorage([
      [
        "thread-1",
        {
          version: 1,
          threadId: "thread-1",
          messages,
          state: undefined,
          savedAt: 1,
          components: [
            { id: "c1", name: "WeatherCard", messageId: "m1", index: 1, props: { city: "Os" }, state: {}, ended: false },
            { id: "c2", name: "WeatherCard", messageId: "nope", index: 0, props: {}, state: {}, ended: true },
            { id: "c3", name: "WeatherCard", messageId: "u1", index: 0, props: {}, state: {}, ended: true },
            { id: "c4", name: "WeatherCard", messageId: "m1", index: 2, props: "broken", state: {}, ended: true },
            "junk",
            { id: "c5", name: "WeatherCard", messageId: "m1", index: 9, props: { city: "Rome" }, state: {}, ended: true, error: { code: "COMPONENT_PATCH_FAILED", message: "bad patch" } },
          ],
        },
      ],
    ]);
    const warnings: ThreadlineWarning[] = [];
    const chat = chatFor("http://127.0.0.1:9/", { components: generativeUi({ registry: registry() }), persistence: chatPersistence({ adapter }), onWarning: (w) => warnings.push(w) });
    await chat.ready;

    const cut = chat.thread.component("c1");
    expect(cut?.props.value).toEqual({ city: "Os" });
    expect(cut?.streaming.value).toBe("complete");
    expect(cut?.error.value?.code).toBe("COMPONENT_CUT_OFF");
    expect(chat.thread.component("c5")?.error.value).toMatchObject({ code: "COMPONENT_PATCH_FAILED", message: "bad patch" });
    expect(partsOf(chat.thread, "m1")).toEqual(["text", "component:c1", "component:c5"]);
    expect(warnings.map((w) => w.code)).toEqual(Array(4).fill("STORED_COMPONENT_SKIPPED"));
    expect(warnings.map((w) => w.message)).toEqual([
      expect.stringContaining("components[1]"),
      expect.stringContaining("components[2]"),
      expect.stringContaining("components[3]"),
      expect.stringContaining("components[4]"),
    ]);
  });

  it("a record whose components is not a list is corrupt and set aside; one without components loads", async () => {
    const base = { version: 1, threadId: "thread-1", messages: [{ id: "u1", role: "user", content: "hi" }], state: undefined, savedAt: 1 };
    const errors: string[] = [];
    const bad = memoryStorage([["thread-1", { ...base, components: { c1: {} } }]]);
    const chat = chatFor("http://127.0.0.1:9/", { persistence: chatPersistence({ adapter: bad }), onError: (e) => errors.push(e.code) });
    await chat.ready;
    expect(errors).toEqual(["PERSIST_CORRUPT"]);
    expect(chat.thread.messages.value).toEqual([]);

    const old = memoryStorage([["thread-1", base]]);
    const other = chatFor("http://127.0.0.1:9/", { persistence: chatPersistence({ adapter: old }) });
    await other.ready;
    expect(other.thread.toMessages()).toEqual(base.messages);
  });

  it("a thread without Tambo components writes no components field", async () => {
    const server = await scriptedServer(async (input, send) => send(runStarted(input), ...textMessage("m1", "plain"), runFinished(input)));
    const adapter = memoryStorage();
    const chat = chatFor(server.url, { persistence: chatPersistence({ adapter }) });
    await chat.sendMessage("hi");
    await chat.whenSaved();
    expect(Object.keys(adapter.entries.get("thread-1") as object)).not.toContain("components");
  });

  it("after clear(), a component id of the cleared conversation can start again", async () => {
    const server = await scriptedServer(async (input, send) =>
      send(
        runStarted(input),
        custom("tambo.component.start", { messageId: "m1", componentId: "c1", componentName: "WeatherCard" }),
        custom("tambo.component.end", { componentId: "c1" }),
        runFinished(input),
      ),
    );
    const warnings: string[] = [];
    const chat = chatFor(server.url, { components: generativeUi(), onWarning: (w) => warnings.push(w.code) });
    await chat.sendMessage("one");
    const old = chat.thread.component("c1");
    chat.clear();
    expect(chat.thread.component("c1")).toBeUndefined();
    await chat.sendMessage("two");
    expect(chat.thread.component("c1")).toBeDefined();
    expect(chat.thread.component("c1")).not.toBe(old);
    expect(warnings).toEqual([]);
  });
});
