import { EventType, type AGUIEvent, type JsonPatchOperation } from "@ag-ui/core";
import jsonPatch, { type Operation } from "fast-json-patch";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServer, type PlaygroundServer } from "../server/server.js";
import { weatherFor } from "../server/scenarios/weather-card.js";
import { makeInput, ofType, runScenario, textOf, user } from "./support/http.js";
import { runProblems } from "./support/well-formed.js";

let server: PlaygroundServer;
beforeAll(async () => {
  server = await startServer({ delayMs: 0 });
});
afterAll(() => server.close());

const ask = (runId: string, text = "What's the weather in Lisbon?") =>
  makeInput({ runId, messages: [user("u1", text)] });

function customs(events: AGUIEvent[], name: string) {
  return ofType(events, EventType.CUSTOM)
    .filter((e) => e.name === name)
    .map((e) => e.value as Record<string, unknown>);
}

/** Applies patches one by one, as a client would, checking each batch is valid where it lands. */
function grow(patches: JsonPatchOperation[][]) {
  const steps: unknown[] = [];
  let doc: unknown = {};
  for (const ops of patches) {
    doc = jsonPatch.applyPatch(doc, ops as Operation[], true, false).newDocument;
    steps.push(doc);
  }
  return steps;
}

describe("Tambo component events", () => {
  test("start, props_delta growing field by field to the full props, state_delta, end", async () => {
    const events = await runScenario(server.url, "weather-card", ask("wc-1"), "tambo");
    const [start, ...rest] = customs(events, "tambo.component.start");
    expect(rest).toEqual([]);
    expect(start).toEqual({ messageId: "wc-1-msg-1", componentId: "wc-1-component-1", componentName: "WeatherCard" });
    expect(textOf(events, "wc-1-msg-1")).toContain("Lisbon");

    const deltas = customs(events, "tambo.component.props_delta");
    expect(deltas.every((d) => d.componentId === "wc-1-component-1")).toBe(true);
    const steps = grow(deltas.map((d) => d.operations as JsonPatchOperation[]));
    const props = weatherFor("Lisbon");
    expect(steps.at(-1)).toEqual(props);
    // Field by field: more batches than fields, and the props grow monotonically in size.
    expect(deltas.length).toBeGreaterThan(Object.keys(props).length);
    const sizes = steps.map((s) => JSON.stringify(s).length);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    expect(Object.keys(steps[0] as object)).toEqual(["city"]);

    const state = customs(events, "tambo.component.state_delta");
    expect(grow(state.map((d) => d.operations as JsonPatchOperation[])).at(-1)).toEqual({ selectedDay: 0 });
    expect(customs(events, "tambo.component.end")).toEqual([{ componentId: "wc-1-component-1" }]);

    const order = events.map((e) => (e.type === EventType.CUSTOM ? e.name : e.type));
    expect(order.indexOf("tambo.component.end")).toBeGreaterThan(order.lastIndexOf("tambo.component.props_delta"));
    expect(order.indexOf("STEP_FINISHED")).toBeLessThan(order.indexOf("tambo.component.start"));
  });

  test("the city comes from the user's message, and a multi-word string grows word by word", async () => {
    const events = await runScenario(server.url, "weather-card", ask("wc-3", "weather in New York please"), "tambo");
    const deltas = customs(events, "tambo.component.props_delta").map((d) => d.operations as JsonPatchOperation[]);
    expect(deltas.flat().filter((op) => op.path === "/city")).toEqual([
      { op: "add", path: "/city", value: "New" },
      { op: "replace", path: "/city", value: "New York" },
    ]);
    expect(grow(deltas).at(-1)).toEqual(weatherFor("New York"));
    expect(weatherFor("New York")).not.toEqual(weatherFor("Lisbon"));
  });
});

describe("renderable tool call", () => {
  test("show_weather's arguments stream in small deltas and parse to the full props", async () => {
    const events = await runScenario(server.url, "weather-card", ask("wc-4", "Weather for Porto?"), "tool");
    const [start] = ofType(events, EventType.TOOL_CALL_START);
    expect(start).toMatchObject({ toolCallId: "wc-4-tool-1", toolCallName: "show_weather", parentMessageId: "wc-4-msg-1" });
    const args = ofType(events, EventType.TOOL_CALL_ARGS);
    expect(args.length).toBeGreaterThan(15);
    expect(Math.max(...args.map((a) => a.delta.length))).toBeLessThanOrEqual(12);
    expect(JSON.parse(args.map((a) => a.delta).join(""))).toEqual(weatherFor("Porto"));
    const [result] = ofType(events, EventType.TOOL_CALL_RESULT);
    expect(result).toMatchObject({ toolCallId: "wc-4-tool-1", role: "tool" });
    expect(customs(events, "tambo.component.start")).toEqual([]);
  });
});

test("the default variant sends the card both ways, with the same props", async () => {
  const input = ask("wc-5");
  const events = await runScenario(server.url, "weather-card", input);
  expect(runProblems(events, input)).toEqual([]);
  const viaComponent = grow(customs(events, "tambo.component.props_delta").map((d) => d.operations as JsonPatchOperation[])).at(-1);
  const viaTool: unknown = JSON.parse(ofType(events, EventType.TOOL_CALL_ARGS).map((a) => a.delta).join(""));
  expect(viaComponent).toEqual(weatherFor("Lisbon"));
  expect(viaTool).toEqual(viaComponent);
  expect(ofType(events, EventType.TOOL_CALL_START)[0]?.parentMessageId).toBe("wc-5-msg-2");
});

test("the activity variant grows the same props with ACTIVITY_SNAPSHOT and ACTIVITY_DELTA", async () => {
  const events = await runScenario(server.url, "weather-card", ask("wc-6"), "activity");
  const [snapshot] = ofType(events, EventType.ACTIVITY_SNAPSHOT);
  expect(snapshot).toMatchObject({ messageId: "wc-6-activity-1", activityType: "WeatherCard", content: {} });
  const patches = ofType(events, EventType.ACTIVITY_DELTA);
  expect(patches.every((p) => p.messageId === "wc-6-activity-1" && p.activityType === "WeatherCard")).toBe(true);
  expect(grow(patches.map((p) => p.patch)).at(-1)).toEqual(weatherFor("Lisbon"));
});
