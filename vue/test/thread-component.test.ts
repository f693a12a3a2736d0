// <ThreadComponent> with component nodes shaped like the design's ComponentNode (core's own
// ComponentNode is not built yet): registered components, live props, fallbacks, safety.
import { signal, type Signal } from "@preact/signals-core";
import type { ComponentStreaming, PropStatus } from "@threadline/core";
import { cleanup, render, screen } from "@testing-library/vue";
import { flushPromises } from "@vue/test-utils";
import { defineComponent, h } from "vue";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import {
  BindingError,
  ThreadComponent,
  useComponentProps,
  type ComponentNodeLike,
} from "../src/index.js";
import ComponentHost from "./ComponentHost.vue";
import NoteCard from "./NoteCard.vue";
import WeatherCard from "./WeatherCard.vue";
import { resetRenders, updatesOf } from "./support/renders.js";

interface TestNode extends ComponentNodeLike {
  readonly props: Signal<Record<string, unknown>>;
  readonly state: Signal<Record<string, unknown>>;
  readonly streaming: Signal<ComponentStreaming>;
  readonly propStatus: Signal<Readonly<Record<string, PropStatus>>>;
}

function componentNode(id: string, name: string | Signal<string>, props: Record<string, unknown> = {}): TestNode {
  return {
    id,
    name,
    props: signal(props),
    state: signal({}),
    streaming: signal<ComponentStreaming>("pending"),
    propStatus: signal({}),
  };
}

beforeEach(resetRenders);
afterEach(cleanup);

test("renders the registered component with live props; one node's stream re-renders only its component", async () => {
  const one = componentNode("c1", "Weather");
  const two = componentNode("c2", "Weather", { city: "Oslo", temp: 3 });
  render(ComponentHost, { props: { nodes: [one, two] } });
  expect(screen.getByTestId("weather-c2").textContent?.trim()).toBe("Oslo 3 [-]");

  const cities = ["P", "Pa", "Par", "Pari", "Paris"];
  for (const city of cities) {
    one.props.value = { city };
    one.propStatus.value = { city: "streaming" };
    await flushPromises();
  }
  one.props.value = { city: "Paris", temp: 21 };
  one.propStatus.value = { city: "complete", temp: "complete" };
  one.state.value = { unit: "°C" };
  await flushPromises();
  expect(screen.getByTestId("weather-c1").textContent?.trim()).toBe("Paris 21°C [complete]");
  expect(updatesOf("weather:c1")).toBe(cities.length + 1);
  expect(updatesOf("weather:c2")).toBe(0);
});

test("only declared props reach the component: agent keys never fall through to the DOM", async () => {
  const node = componentNode("c1", "Note", {
    text: "hello",
    innerHTML: "<img src=x data-injected>",
    onClick: "alert(1)",
    class: "pwned",
    style: "display:none",
  });
  const { container } = render(ComponentHost, { props: { nodes: [node] } });
  const note = container.querySelector("p.note");
  expect(note?.textContent).toBe("hello");
  expect(note?.getAttribute("class")).toBe("note");
  expect(note?.getAttribute("style")).toBeNull();
  expect(container.querySelector("[data-injected]")).toBeNull();
});

test("an unknown name renders the fallback slot, or a notice naming the component; a name signal switches component", async () => {
  const name = signal("Chart");
  const node = componentNode("c1", name, { text: "now a note" });
  render(ComponentHost, { props: { nodes: [node] } });
  expect(screen.getByTestId("unknown-c1").textContent).toBe("no renderer for Chart");

  name.value = "Note";
  await flushPromises();
  expect(screen.queryByTestId("unknown-c1")).toBeNull();
  expect(screen.getByText("now a note").tagName).toBe("P");

  // Without a slot and a registry: the built-in notice, no crash.
  const bare = render(ThreadComponent, { props: { node: componentNode("c9", "constructor") } });
  const notice = bare.container.querySelector(".threadline-unknown-component");
  expect(notice?.textContent).toBe("No component is registered for “constructor”.");
  expect(notice?.getAttribute("data-component-name")).toBe("constructor");
});

test("a components prop overrides the provided registry", () => {
  const node = componentNode("c1", "Weather", { city: "Rome" });
  render(ThreadComponent, { props: { node, components: { Weather: NoteCard } } });
  expect(screen.queryByTestId("weather-c1")).toBeNull();
  render(ThreadComponent, { props: { node, components: { Weather: WeatherCard } } });
  expect(screen.getByTestId("weather-c1").textContent?.trim()).toBe("Rome  [-]");
});

test("useComponentProps without a node outside <ThreadComponent> is a typed error", () => {
  const Lost = defineComponent({
    setup() {
      useComponentProps();
      return () => h("div");
    },
  });
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  let thrown: unknown;
  try {
    render(Lost);
  } catch (error) {
    thrown = error;
  }
  warn.mockRestore();
  expect(thrown).toBeInstanceOf(BindingError);
  expect((thrown as BindingError).code).toBe("COMPONENT_NODE_MISSING");
});

test("a plain name that changes along with the props (an activity whose type changed) is read again when the props re-render", async () => {
  let currentName = "Note";
  const props = signal<Record<string, unknown>>({ text: "a note" });
  const node: ComponentNodeLike = {
    id: "c1",
    get name() {
      return currentName;
    },
    props,
    state: signal({}),
  };
  render(ComponentHost, { props: { nodes: [node] } });
  expect(screen.getByText("a note").tagName).toBe("P");
  currentName = "Weather";
  props.value = { city: "Lyon" };
  await flushPromises();
  expect(screen.getByTestId("weather-c1").textContent?.trim()).toBe("Lyon  [-]");
});
