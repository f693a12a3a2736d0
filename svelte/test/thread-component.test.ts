import { render, screen } from "@testing-library/svelte";
import { flushSync } from "svelte";
import { expect, test } from "vitest";
import Components from "./components/Components.svelte";
import Lost from "./components/Lost.svelte";
import Provided from "./components/Provided.svelte";
import RestCard from "./components/RestCard.svelte";
import SnippetFallback from "./components/SnippetFallback.svelte";
import Weather from "./components/Weather.svelte";
import { BindingError, useComponentProps, useComponentState } from "../src/index.js";
import { componentNode } from "./support/component-node.js";
import { Renders } from "./support/renders.js";
import { isWatched } from "./support/watchers.js";

test("renders the registered component with live props; another node's props leave it alone", () => {
  const renders = new Renders();
  const one = componentNode("w1", "weather");
  const two = componentNode("w2", "weather");
  const { unmount } = render(Components, { nodes: [one, two], components: { weather: Weather }, renders });
  expect(screen.getByTestId("city-w1").textContent).toBe("…");

  for (const [i, city] of ["P", "Pa", "Par", "Pari", "Paris"].entries()) {
    one.props.value = { city, ...(i > 2 ? { temperature: 21 } : {}) };
    flushSync();
  }
  expect(screen.getByTestId("city-w1").textContent).toBe("Paris");
  expect(screen.getByTestId("temperature-w1").textContent).toBe("21");
  // Initial render + one per props delta. Spread props are one object, so every prop read of
  // this component re-evaluates per delta (Svelte only writes the DOM text that changed).
  expect(renders.count("city:w1")).toBe(6);
  expect(renders.count("temperature:w1")).toBe(6);
  expect(renders.count("city:w2")).toBe(1);
  expect(renders.count("temperature:w2")).toBe(1);

  two.state.value = { unit: "°C" };
  flushSync();
  expect(screen.getByTestId("temperature-w2").textContent).toBe("?°C");
  expect(renders.count("city:w1")).toBe(6);

  unmount();
  for (const node of [one, two]) {
    expect(isWatched(node.props)).toBe(false);
    expect(isWatched(node.state)).toBe(false);
  }
});

test("an unregistered name renders a notice, or the fallback snippet, instead of crashing", () => {
  const nodes = [componentNode("x1", "chart"), componentNode("w1", "weather", { city: "Oslo" })];
  const first = render(Components, { nodes, components: { weather: Weather } });
  expect(first.container.querySelector('.threadline-unknown-component[data-component-name="chart"]')?.textContent).toBe(
    "No component is registered for “chart”.",
  );
  expect(screen.getByTestId("city-w1").textContent).toBe("Oslo");
  first.unmount();

  render(Components, { nodes, components: { weather: Weather }, withFallback: true });
  expect(screen.getByTestId("fallback-x1").textContent).toBe("can't show chart");
});

test("the fallback can be written as a child snippet", () => {
  render(SnippetFallback, { node: componentNode("m1", "map", {}) });
  expect(screen.getByTestId("child-fallback").textContent).toBe("Cannot show “map”.");
});

test("streamed keys Svelte reserves (children, $$slots) are not passed to the component", () => {
  const node = componentNode("w1", "weather", { city: "Rome", children: "not a snippet", $$slots: "nope" });
  render(Components, { nodes: [node], components: { weather: Weather } });
  expect(screen.getByTestId("city-w1").textContent).toBe("Rome");
  node.props.value = { city: "Roma", children: 42 };
  flushSync();
  expect(screen.getByTestId("city-w1").textContent).toBe("Roma");
});

test("names inherited from Object.prototype are not registered components", () => {
  const nodes = [componentNode("x", "toString", {})];
  const { container } = render(Components, { nodes, components: {} });
  expect(container.querySelector('.threadline-unknown-component[data-component-name="toString"]')).not.toBeNull();
});

test("useComponentProps and useComponentState are cached per node", () => {
  const node = componentNode("c", "weather", {});
  expect(useComponentProps(node)).toBe(useComponentProps(node));
  expect(useComponentState(node)).toBe(useComponentState(node));
  expect(useComponentProps(node)).not.toBe(useComponentState(node));
});

test("only declared props reach the component: a ...rest spread gets no agent-supplied key", () => {
  const node = componentNode("r1", "card", { label: "Hi", onclick: "alert(1)", style: "color:red", title: "x" });
  render(Components, { nodes: [node], components: { card: RestCard } });
  const card = screen.getByTestId("rest-card");
  expect(card.textContent).toBe("Hi");
  expect(card.getAttributeNames().sort()).toEqual(["data-testid"]);
  node.props.value = { label: "Hello", onclick: "alert(2)" };
  flushSync();
  expect(card.textContent).toBe("Hello");
  expect(card.getAttributeNames().sort()).toEqual(["data-testid"]);
});

test("provideComponents registers the map for every ThreadComponent below", () => {
  render(Provided, { node: componentNode("w1", "weather", { city: "Bern" }), components: { weather: Weather } });
  expect(screen.getByTestId("city-w1").textContent).toBe("Bern");
});

test("injectComponentNode outside a component ThreadComponent renders throws BindingError COMPONENT_NODE_MISSING", () => {
  let thrown: unknown;
  try {
    render(Lost);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(BindingError);
  expect((thrown as BindingError).code).toBe("COMPONENT_NODE_MISSING");
});
