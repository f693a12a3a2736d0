import { render, screen } from "@testing-library/svelte";
import { flushSync } from "svelte";
import { expect, test } from "vitest";
import Components from "./components/Components.svelte";
import SnippetFallback from "./components/SnippetFallback.svelte";
import Weather from "./components/Weather.svelte";
import { componentProps, componentState } from "../src/index.js";
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
  expect(first.container.querySelector('[data-threadline-unknown-component="chart"]')?.textContent).toBe(
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
  expect(container.querySelector('[data-threadline-unknown-component="toString"]')).not.toBeNull();
});

test("componentProps and componentState are cached per node", () => {
  const node = componentNode("c", "weather", {});
  expect(componentProps(node)).toBe(componentProps(node));
  expect(componentState(node)).toBe(componentState(node));
  expect(componentProps(node)).not.toBe(componentState(node));
});
