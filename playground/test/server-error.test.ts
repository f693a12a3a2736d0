import { EventType } from "@ag-ui/core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startServer, type PlaygroundServer } from "../server/server.js";
import type { RunReport } from "../server/run-stream.js";
import { ERROR_MESSAGE, PARTIAL, RECOVERED } from "../server/scenarios/server-error.js";
import { decodeSse, makeInput, ofType, post, runScenario, textOf, user } from "./support/http.js";
import { pipelineProblems } from "./support/pipeline.js";
import { runProblems } from "./support/well-formed.js";

let server: PlaygroundServer;
const reports: RunReport[] = [];
beforeAll(async () => {
  server = await startServer({ delayMs: 0, onRunEnd: (report) => reports.push(report) });
});
afterAll(() => server.close());

const turn = (threadId: string, runId: string) =>
  makeInput({ threadId, runId, messages: [user("u1", "What's the euro exchange rate?")] });

test("mid-stream: some text, then RUN_ERROR with the message still open; the retry of the turn succeeds", async () => {
  const input = turn("se-1", "r1");
  const events = await runScenario(server.url, "server-error", input, "mid-stream");
  expect(runProblems(events, input)).toEqual([]);
  expect(textOf(events, "r1-msg-1")).toBe(PARTIAL);
  expect(ofType(events, EventType.TEXT_MESSAGE_END)).toEqual([]);
  expect(events.at(-1)).toEqual({ type: "RUN_ERROR", message: ERROR_MESSAGE, code: "upstream_unavailable" });

  const retry = turn("se-1", "r2");
  const again = await runScenario(server.url, "server-error", retry, "mid-stream");
  expect(runProblems(again, retry)).toEqual([]);
  expect(textOf(again, "r2-msg-1")).toBe(RECOVERED);
  expect(again.at(-1)?.type).toBe("RUN_FINISHED");

  // A new turn (another user message) fails once again.
  const nextTurn = makeInput({ threadId: "se-1", runId: "r3", messages: [...retry.messages, user("u2", "And the pound?")] });
  expect((await runScenario(server.url, "server-error", nextTurn, "mid-stream")).at(-1)?.type).toBe("RUN_ERROR");
});

test("http-500: a 500 with a JSON error body instead of a stream, then the retry streams", async () => {
  const query = { scenario: "server-error", variant: "http-500", delay: "0" };
  const response = await post(server.url, turn("se-2", "r1"), { query });
  expect(response.status).toBe(500);
  expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(response.headers.get("access-control-allow-origin")).toBe("*");
  expect(await response.json()).toEqual({ error: { code: "internal", message: expect.stringMatching(/crashed/) } });
  expect(reports.find((r) => r.threadId === "se-2")).toMatchObject({ end: "http-error", events: 0 });

  const retry = await runScenario(server.url, "server-error", turn("se-2", "r2"), "http-500");
  expect(textOf(retry, "r2-msg-1")).toBe(RECOVERED);
});

test("disconnect: the connection drops after some text, with no terminal event", async () => {
  const response = await post(server.url, turn("se-3", "r1"), { query: { scenario: "server-error", variant: "disconnect", delay: "0" } });
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  let failure: unknown;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    failure = error;
  }
  // A chunked response cut short is an error for fetch: the client must not take it as a clean end.
  expect(failure).toBeInstanceOf(Error);
  const events = decodeSse(text);
  expect(textOf(events, "r1-msg-1")).toBe(PARTIAL);
  expect(events.some((e) => e.type === EventType.RUN_FINISHED || e.type === EventType.RUN_ERROR)).toBe(false);
  expect(pipelineProblems(events).join()).toMatch(/TRUNCATED_RUN/);
  expect(reports.find((r) => r.threadId === "se-3")?.end).toBe("disconnected");
});
