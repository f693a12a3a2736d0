import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { EventType } from "@ag-ui/core";
import { startServer, type PlaygroundServer } from "../server/server.js";
import { MARKDOWN_REPLY } from "../server/scenarios/markdown.js";
import { deltas, jsonFragments } from "../server/tokens.js";
import { makeInput, ofType, runScenario, textOf } from "./support/http.js";

let server: PlaygroundServer;
beforeAll(async () => {
  server = await startServer({ delayMs: 0 });
});
afterAll(() => server.close());

test("streams the whole markdown document, with every block kind, in model-sized deltas", async () => {
  const events = await runScenario(server.url, "markdown", makeInput({ runId: "md-1" }));
  const [start] = ofType(events, EventType.TEXT_MESSAGE_START);
  expect(start?.messageId).toBe("md-1-msg-1");
  const text = textOf(events, "md-1-msg-1");
  expect(text).toBe(MARKDOWN_REPLY);
  for (const block of [/^## /m, /^### /m, /^1\. /m, /^- /m, /^> /m, /^\| --- \|/m, /^```ts$/m, /\*\*[^*]+\*\*/]) {
    expect(text).toMatch(block);
  }
  const sizes = ofType(events, EventType.TEXT_MESSAGE_CONTENT).map((e) => e.delta.length);
  expect(sizes.length).toBeGreaterThan(250);
  const mean = sizes.reduce((a, b) => a + b, 0) / sizes.length;
  expect(mean).toBeGreaterThan(3);
  expect(mean).toBeLessThan(12);
  expect(Math.max(...sizes)).toBeLessThanOrEqual(3 * 7 + 3 * 8); // ≤ 3 tokens, each ≤ 7 chars plus leading space runs
});

test("reports its token usage on RUN_FINISHED: one output token per delta", async () => {
  const events = await runScenario(server.url, "markdown", makeInput({ runId: "md-usage" }));
  const [finished] = ofType(events, EventType.RUN_FINISHED);
  const deltaCount = ofType(events, EventType.TEXT_MESSAGE_CONTENT).length;
  const [usage] = finished?.usage ?? [];
  expect(usage).toMatchObject({ provider: "playground", model: "scripted-writer", outputTokens: deltaCount });
  expect(usage!.totalTokens).toBe(usage!.inputTokens! + deltaCount);
});

test("the same request streams the same bytes", async () => {
  const input = makeInput({ runId: "md-same" });
  const bodies = await Promise.all(
    [1, 2].map(async () => {
      const response = await fetch(`${server.url}?scenario=markdown&delay=0`, { method: "POST", body: JSON.stringify(input) });
      return response.text();
    }),
  );
  expect(bodies[0]).toBe(bodies[1]);
});

test("deltas and JSON fragments always concatenate back to the input", () => {
  fc.assert(
    fc.property(fc.string({ unit: "grapheme", maxLength: 400 }), fc.string(), (text, seed) => {
      expect([...deltas(text, seed)].join("")).toBe(text);
      expect([...jsonFragments(text, seed)].join("")).toBe(text);
      expect([...deltas(text, seed)].every((d) => d.length > 0)).toBe(true);
    }),
  );
});
