// Generative components as the core builds them (ComponentNode), rendered by ThreadComponent:
// Tambo-style CUSTOM events on a core thread, and activity messages through a ChatClient.
import { render, screen } from "@testing-library/svelte";
import { createComponentRegistry, generativeUi, createThread } from "@threadline/core";
import { createPipeline } from "@threadline/core/pipeline";
import { foldEvent } from "@threadline/core/fold";
import { flushSync } from "svelte";
import { afterEach, beforeEach, expect, test } from "vitest";
import GenUiApp from "./components/GenUiApp.svelte";
import GenUiThread from "./components/GenUiThread.svelte";
import type { UseChatReturn } from "../src/index.js";
import { Renders } from "./support/renders.js";
import { scriptedAgent, text, tool } from "./support/scripted-agent.js";
import { countSubscriptions, watchedSignals } from "./support/watchers.js";

let subscriptions: ReturnType<typeof countSubscriptions>;
beforeEach(() => {
  subscriptions = countSubscriptions();
});
afterEach(() => {
  subscriptions.restore();
});

const custom = (name: string, value: object) => ({ type: "CUSTOM", name, value });
const start = (messageId: string, componentId: string, componentName: string) =>
  custom("tambo.component.start", { messageId, componentId, componentName });
const props = (componentId: string, ...operations: object[]) => custom("tambo.component.props_delta", { componentId, operations });
const state = (componentId: string, ...operations: object[]) => custom("tambo.component.state_delta", { componentId, operations });
const end = (componentId: string) => custom("tambo.component.end", { componentId });

test("Tambo components: streamed props re-render only their own component; unknown names fall back", () => {
  const warnings: unknown[] = [];
  const thread = createThread({ threadId: "t1", components: generativeUi(), onWarning: (w) => warnings.push(w) });
  const pipeline = createPipeline((event) => foldEvent(thread, event));
  const push = (...events: object[]) => {
    for (const event of events) pipeline.push(event);
    flushSync();
  };
  const renders = new Renders();
  const { unmount, container } = render(GenUiThread, { thread, renders });

  push({ type: "RUN_STARTED", threadId: "t1", runId: "r1" }, text.start("a1"), text.delta("a1", "Here:"));
  push(start("a1", "w1", "weather"), start("a1", "w2", "weather"), props("w2", { op: "add", path: "/city", value: "Oslo" }));
  push(start("a1", "m1", "map"));
  expect(screen.getByTestId("city-w1").textContent).toBe("…");
  expect(screen.getByTestId("city-w2").textContent).toBe("Oslo");
  expect(container.querySelector('.threadline-unknown-component[data-component-name="map"]')?.textContent).toBe(
    "No component is registered for “map”.",
  );

  const before = renders.snapshot();
  for (const city of ["P", "Pa", "Par", "Pari", "Paris"]) push(props("w1", { op: "add", path: "/city", value: city }));
  expect(screen.getByTestId("city-w1").textContent).toBe("Paris");
  expect(renders.count("city:w1") - (before["city:w1"] ?? 0)).toBe(5);
  expect(renders.count("city:w2")).toBe(before["city:w2"]);
  expect(renders.count("temperature:w2")).toBe(before["temperature:w2"]);

  push(props("w1", { op: "add", path: "/temperature", value: 21 }), state("w1", { op: "add", path: "/unit", value: "°C" }), end("w1"));
  expect(screen.getByTestId("temperature-w1").textContent).toBe("21°C");
  expect(renders.count("city:w2")).toBe(before["city:w2"]);
  expect(warnings).toEqual([]);

  expect(subscriptions.live).toBeGreaterThan(0);
  unmount();
  expect(subscriptions.live).toBe(0);
  expect(watchedSignals(thread)).toEqual([]);
});

test("an activity message through a ChatClient renders as its component, props live", async () => {
  const agent = scriptedAgent();
  const renders = new Renders();
  let chat!: UseChatReturn;
  const { unmount } = render(GenUiApp, {
    options: { agent, threadId: "t-act", presence: false, onWarning: () => {} },
    renders,
    onchat: (c: UseChatReturn) => (chat = c),
  });
  void chat.sendMessage("Weather?");
  const run = await agent.nextRun();
  run.started();
  run.push({ type: "ACTIVITY_SNAPSHOT", messageId: "act1", activityType: "weather", content: { city: "Lyon" } });
  flushSync();
  expect(screen.getByTestId("city-act1").textContent).toBe("Lyon");
  run.push({ type: "ACTIVITY_DELTA", messageId: "act1", activityType: "weather", patch: [{ op: "add", path: "/temperature", value: 18 }] });
  flushSync();
  expect(screen.getByTestId("temperature-act1").textContent).toBe("18");
  expect(renders.count("city:act1")).toBe(2);

  // The activity changes type: the node stays, the renderer follows its new name.
  run.push({ type: "ACTIVITY_SNAPSHOT", messageId: "act1", activityType: "map", content: { zoom: 3 } });
  flushSync();
  expect(screen.queryByTestId("city-act1")).toBeNull();
  expect(document.querySelector('.threadline-unknown-component[data-component-name="map"]')).not.toBeNull();

  unmount();
  expect(run.aborted).toBe(true);
  expect(subscriptions.live).toBe(0);
  expect(watchedSignals(chat.chat.thread)).toEqual([]);
});

test("useChat with core's registry: Tambo events and a renderable tool call render through the Svelte map", async () => {
  const agent = scriptedAgent();
  const renders = new Renders();
  let chat!: UseChatReturn;
  // `components` here is core's generative-UI plug-in with its framework-agnostic ComponentRegistry; GenUiMessage maps the same
  // name to a Svelte component (its `ComponentMap`).
  const { unmount } = render(GenUiApp, {
    options: { agent, threadId: "t-reg", presence: false, components: generativeUi({ registry: createComponentRegistry({ weather: { followUp: false } }) }) },
    renders,
    onchat: (c: UseChatReturn) => (chat = c),
  });
  const turn = chat.sendMessage("Weather twice?");
  const run = await agent.nextRun();
  expect(run.input.tools.map((t) => t.name)).toEqual(["weather"]);
  run.started();
  run.push(text.start("a1"), text.delta("a1", "Here:"), text.end("a1"));
  run.push(start("a1", "w1", "weather"), props("w1", { op: "add", path: "/city", value: "Oslo" }), end("w1"));
  run.push(tool.start("tc1", "weather", "a2"), tool.args("tc1", '{"city":"Ri'));
  flushSync();
  expect(screen.getByTestId("city-w1").textContent).toBe("Oslo");
  expect(screen.getByTestId("city-tc1").textContent).toBe("Ri");
  run.push(tool.args("tc1", 'ga","temperature":9}'), tool.end("tc1"));
  run.finished();
  expect(await turn).toEqual({ status: "idle" });
  flushSync();
  expect(screen.getByTestId("city-tc1").textContent).toBe("Riga");
  expect(screen.getByTestId("temperature-tc1").textContent).toBe("9");
  expect(chat.chat.thread.toolCall("tc1")?.result.value?.content.value).toBe('{"rendered":true}');
  unmount();
});

test("useChat without generativeUi(): Tambo events draw nothing, warn GENERATIVE_UI_MISSING once, and the text still renders", async () => {
  const agent = scriptedAgent();
  const renders = new Renders();
  const warnings: string[] = [];
  let chat!: UseChatReturn;
  const { unmount } = render(GenUiApp, {
    options: { agent, threadId: "t-bare", presence: false, onWarning: (w: { code: string }) => warnings.push(w.code) },
    renders,
    onchat: (c: UseChatReturn) => (chat = c),
  });
  const turn = chat.sendMessage("Weather?");
  const run = await agent.nextRun();
  expect(run.input.tools).toEqual([]);
  run.started();
  run.push(text.start("a1"), text.delta("a1", "Here:"), text.end("a1"));
  run.push(start("a1", "w1", "weather"), props("w1", { op: "add", path: "/city", value: "Oslo" }), end("w1"));
  run.finished();
  expect(await turn).toEqual({ status: "idle" });
  flushSync();
  expect(screen.getByText("Here:")).toBeTruthy();
  expect(screen.queryByTestId("city-w1")).toBeNull();
  expect(chat.chat.thread.component("w1")).toBeUndefined();
  expect(warnings).toEqual(["GENERATIVE_UI_MISSING"]);
  unmount();
});
