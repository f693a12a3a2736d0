// Core's own ComponentNodes (Tambo CUSTOM events, activity messages) rendered through the message
// parts and <ThreadComponent>: live props, per-prop status, state, and who re-renders.
import { createThread, foldEvent, type Thread } from "@threadline/core";
import { cleanup, render, screen } from "@testing-library/vue";
import { nextTick } from "vue";
import { afterEach, beforeEach, expect, test } from "vitest";
import type { ComponentNodeLike } from "../src/index.js";
import GenUiView from "./GenUiView.vue";
import { runStarted, textContent, textStart } from "./support/events.js";
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
  const thread = createThread({ threadId: "t1", tamboEvents: true });
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
  expect(shown("weather-c1")).toBe("Paris 21°C [done]");
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
