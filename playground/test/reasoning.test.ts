import { EventType } from "@ag-ui/core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startServer, type PlaygroundServer } from "../server/server.js";
import { ANSWER, THOUGHTS } from "../server/scenarios/reasoning.js";
import { makeInput, ofType, runScenario, textOf } from "./support/http.js";

let server: PlaygroundServer;
beforeAll(async () => {
  server = await startServer({ delayMs: 0 });
});
afterAll(() => server.close());

test("a reasoning span streams first, then the answer", async () => {
  const events = await runScenario(server.url, "reasoning", makeInput({ runId: "rs-1" }));
  const kinds = events.map((e) => e.type).filter((t, i, all) => t !== all[i - 1]);
  expect(kinds).toEqual([
    "RUN_STARTED",
    "REASONING_START",
    "REASONING_MESSAGE_START",
    "REASONING_MESSAGE_CONTENT",
    "REASONING_MESSAGE_END",
    "REASONING_END",
    "TEXT_MESSAGE_START",
    "TEXT_MESSAGE_CONTENT",
    "TEXT_MESSAGE_END",
    "RUN_FINISHED",
  ]);
  const thoughts = ofType(events, EventType.REASONING_MESSAGE_CONTENT);
  expect(thoughts.length).toBeGreaterThan(40);
  expect(thoughts.every((e) => e.messageId === "rs-1-reasoning-1")).toBe(true);
  expect(thoughts.map((e) => e.delta).join("")).toBe(THOUGHTS.replaceAll("\n", " "));
  expect(ofType(events, EventType.REASONING_MESSAGE_START)[0]?.role).toBe("reasoning");
  expect(textOf(events, "rs-1-msg-1")).toBe(ANSWER);
});
