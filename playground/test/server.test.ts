import { afterAll, beforeAll, expect, test } from "vitest";
import { startServer, type PlaygroundServer } from "../server/server.js";

let server: PlaygroundServer;
beforeAll(async () => {
  server = await startServer({ delayMs: 0 });
});
afterAll(() => server.close());

test("the text scenario streams a complete AG-UI run over SSE", async () => {
  const response = await fetch(`${server.url}?scenario=text`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify({ threadId: "t1", runId: "r1", messages: [], tools: [], context: [] }),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  const body = await response.text();
  const events = body
    .split("\n\n")
    .filter((frame) => frame.startsWith("data: "))
    .map((frame) => JSON.parse(frame.slice("data: ".length)) as { type: string });
  expect(events[0]?.type).toBe("RUN_STARTED");
  expect(events.at(-1)?.type).toBe("RUN_FINISHED");
  expect(events.filter((e) => e.type === "TEXT_MESSAGE_CONTENT").length).toBeGreaterThan(5);
});
