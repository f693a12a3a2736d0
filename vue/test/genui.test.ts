// Core's own ComponentNodes (Tambo CUSTOM events, activity messages) rendered through the message
// parts and <ThreadComponent>: live props, per-prop status, state, and who re-renders.
import { ChatClient, createComponentRegistry, createThread, generativeUi, type Thread } from "@threadline/core";
import { createThreadStore, foldEvent } from "@threadline/core/fold";
import { cleanup, render, screen } from "@testing-library/vue";
import { flushPromises } from "@vue/test-utils";
import { defineComponent, h, nextTick, shallowRef } from "vue";
import { afterEach, beforeEach, expect, test } from "vitest";
import { provideComponents, useChat, type ComponentNodeLike } from "../src/index.js";
import GenUiView from "./GenUiView.vue";
import { runFinished, runStarted, textContent, textEnd, textStart, toolArgs, toolEnd, toolStart } from "./support/events.js";
import { queuedAgent } from "./support/sources.js";
import ThreadView from "./ThreadView.vue";
import WeatherCard from "./WeatherCard.vue";
import { resetRenders, updatesOf } from "./support/renders.js";

beforeEach(resetRenders);
afterEach(cleanup);

const custom = (name: string, value: unknown): object => ({ type: "CUSTOM", name, value });
const add = (path: string, value: unknown): object => ({ op: "add", path, value });

const shown = (testId: string): string | undefined => screen.getByTestId(testId).textContent?.replace(/\s+/g, " ").trim();

async function fold(thread: Thread, ...events: object[]): Promise<void> {
  for (const event of events) {
    foldEvent(thread, event as never);
    await nextTick();
  }
}

test("a Tambo component streams its props into the registered component; only that component re-renders per delta", async () => {
  const thread = createThread({ threadId: "t1", components: generativeUi() });
  render(GenUiView, { props: { thread } });
  await fold(thread, runStarted("t1", "r1"), textStart("m1"), textContent("m1", "Here is the weather:"));
  await fold(thread, custom("tambo.component.start", { messageId: "m1", componentId: "c1", componentName: "Weather" }));
  expect(shown("weather-c1")).toBe("[-]");
  // Core's own node is what the bindings render: it satisfies their structural type (checked by vue-tsc).
  const node: ComponentNodeLike | undefined = thread.component("c1");
  expect(node?.name).toBe("Weather");
  const before = { message: updatesOf("message:m1"), list: updatesOf("list") };

  const cities = ["P", "Pa", "Par", "Pari", "Paris"];
  for (const city of cities) {
    await fold(thread, custom("tambo.component.props_delta", { componentId: "c1", operations: [add("/city", city)] }));
  }
  expect(shown("weather-c1")).toBe("Paris [streaming]");
  await fold(
    thread,
    custom("tambo.component.props_delta", { componentId: "c1", operations: [add("/temp", 21)] }),
    custom("tambo.component.state_delta", { componentId: "c1", operations: [add("/unit", "°C")] }),
    custom("tambo.component.end", { componentId: "c1" }),
  );
  expect(shown("weather-c1")).toBe("Paris 21°C [complete]");
  expect(screen.getByTestId("text-m1").textContent).toBe("Here is the weather:");
  expect(updatesOf("message:m1") - before.message).toBe(0);
  expect(updatesOf("list") - before.list).toBe(0);
  // One re-render per event that changed the component: 5 city deltas, temp, state, end.
  expect(updatesOf("weather:c1")).toBe(cities.length + 3);
});

test("an activity message renders as the component named by its activity type, following its deltas", async () => {
  const thread = createThread({ threadId: "t1" });
  render(GenUiView, { props: { thread } });
  await fold(
    thread,
    runStarted("t1", "r1"),
    { type: "ACTIVITY_SNAPSHOT", messageId: "act1", activityType: "Note", content: { text: "first" } },
  );
  expect(screen.getByText("first").tagName).toBe("P");
  await fold(thread, { type: "ACTIVITY_DELTA", messageId: "act1", activityType: "Note", patch: [{ op: "replace", path: "/text", value: "second" }] });
  expect(screen.getByText("second").tagName).toBe("P");
  expect(updatesOf("message:act1")).toBe(0);
});

test("useChat with core's registry: Tambo events and a renderable tool call render through provideComponents", async () => {
  const agent = queuedAgent();
  // `components` in the chat options is core's generative-UI plug-in (with its ComponentRegistry); provideComponents maps the same
  // names to Vue components (the binding's ComponentMap).
  let chat!: ChatClient;
  const App = defineComponent({
    setup() {
      const used = useChat({ agent, threadId: "t-reg", presence: false, components: generativeUi({ registry: createComponentRegistry({ Weather: { followUp: false } }) }) });
      chat = used.chat.value;
      provideComponents({ Weather: WeatherCard });
      return () => h(ThreadView, { thread: used.chat.value.thread });
    },
  });
  const { unmount } = render(App);
  const turn = chat.sendMessage("Weather?");
  expect((await agent.started(0)).tools.map((t) => t.name)).toEqual(["Weather"]);
  const push = async (...events: object[]) => {
    agent.runs[0]!.push(...events);
    await flushPromises();
  };
  await push(runStarted("t-reg", agent.inputs[0]!.runId), textStart("m1"), textContent("m1", "Here:"), textEnd("m1"));
  await push(
    custom("tambo.component.start", { messageId: "m1", componentId: "c1", componentName: "Weather" }),
    custom("tambo.component.props_delta", { componentId: "c1", operations: [add("/city", "Oslo")] }),
    custom("tambo.component.end", { componentId: "c1" }),
  );
  await push(toolStart("tc1", "Weather", "m2"), toolArgs("tc1", '{"city":"Ri'));
  expect(shown("weather-c1")).toBe("Oslo [complete]");
  expect(shown("weather-tc1")).toBe("Ri [streaming]");
  await push(toolArgs("tc1", 'ga","temp":9}'), toolEnd("tc1"), runFinished("t-reg", agent.inputs[0]!.runId));
  agent.runs[0]!.close();
  expect(await turn).toEqual({ status: "idle" });
  await nextTick();
  expect(shown("weather-tc1")).toBe("Riga 9 [complete]");
  expect(chat.thread.toolCall("tc1")?.result.value?.content.value).toBe('{"rendered":true}');
  unmount();
});

test("useChat re-keys when the `thread` it is given changes (a chat per ThreadStore thread)", async () => {
  const store = createThreadStore();
  const first = store.open("A");
  const second = store.open("B");
  const current = shallowRef<Thread>(first);
  let used!: ReturnType<typeof useChat>;
  const App = defineComponent({
    setup() {
      used = useChat(() => ({ agent: queuedAgent(), thread: current.value, presence: false as const }));
      return () => h("div");
    },
  });
  const { unmount } = render(App);
  const before = used.chat.value;
  expect(before.thread).toBe(first);
  current.value = second;
  await nextTick();
  expect(used.chat.value.thread).toBe(second);
  expect(used.chat.value).not.toBe(before);
  unmount();
});

test("useChat without generativeUi(): Tambo events draw nothing, warn GENERATIVE_UI_MISSING once, provideComponents still maps names", async () => {
  const agent = queuedAgent();
  const warnings: string[] = [];
  let chat!: ChatClient;
  const App = defineComponent({
    setup() {
      const used = useChat({ agent, threadId: "t-bare", presence: false, onWarning: (w) => warnings.push(w.code) });
      chat = used.chat.value;
      provideComponents({ Weather: WeatherCard });
      return () => h(ThreadView, { thread: used.chat.value.thread });
    },
  });
  const { unmount } = render(App);
  const turn = chat.sendMessage("Weather?");
  expect((await agent.started(0)).tools).toEqual([]);
  agent.runs[0]!.push(
    runStarted("t-bare", agent.inputs[0]!.runId),
    textStart("m1"),
    textContent("m1", "Here:"),
    textEnd("m1"),
    custom("tambo.component.start", { messageId: "m1", componentId: "c1", componentName: "Weather" }),
    custom("tambo.component.props_delta", { componentId: "c1", operations: [add("/city", "Oslo")] }),
    custom("tambo.component.end", { componentId: "c1" }),
    runFinished("t-bare", agent.inputs[0]!.runId),
  );
  agent.runs[0]!.close();
  expect(await turn).toEqual({ status: "idle" });
  await nextTick();
  expect(screen.queryByTestId("weather-c1")).toBeNull();
  expect(screen.getByText("Here:")).toBeTruthy();
  expect(chat.thread.component("c1")).toBeUndefined();
  expect(warnings).toEqual(["GENERATIVE_UI_MISSING"]);
  unmount();
});
