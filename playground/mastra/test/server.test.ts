// The Mastra backend's own HTTP surface: what it refuses, CORS for the playground apps, and a
// client that stops mid-run.
import { HttpAgent } from "@threadline/core";
import { RunLoop } from "@threadline/core/run";
import { HttpError } from "@threadline/core/transport";
import { expect, test } from "vitest";
import type { MastraRunReport } from "../src/server.js";
import { newThreadId, runInput, useMastraServer, userMessage } from "./support/mastra.js";

const reports: MastraRunReport[] = [];
// Paced so a run is still streaming when the test stops it.
const server = useMastraServer({ chunkDelayMs: 25, onRunEnd: (report) => reports.push(report) });

const post = (body: string) => fetch(server().url, { method: "POST", headers: { "content-type": "application/json" }, body });

test("a body that is not a RunAgentInput is refused with 400 and a JSON error", async () => {
  const notJson = await post("{oops");
  expect(notJson.status).toBe(400);
  expect(await notJson.json()).toEqual({ error: { code: "bad_request", message: "the request body is not JSON" } });

  const noIds = await post(JSON.stringify({ messages: [] }));
  expect(noIds.status).toBe(400);
  expect(await noIds.json()).toMatchObject({ error: { message: "RunAgentInput needs string threadId and runId" } });
});

test("only POST /agent runs the agent; other routes answer 405 / 404", async () => {
  const get = await fetch(server().url);
  expect(get.status).toBe(405);
  expect(get.headers.get("allow")).toBe("POST, OPTIONS");
  expect((await fetch(`${server().origin}/nowhere`)).status).toBe(404);
  expect(await (await fetch(server().origin)).json()).toMatchObject({ endpoints: { agent: "POST /agent" } });
});

test("Threadline's HttpAgent reports a refused request as HttpError with the body's excerpt", async () => {
  const loop = new RunLoop({
    source: new HttpAgent({ url: server().url, fetch: (url, init) => fetch(url, { ...init, body: "[]" }) }),
    threadId: newThreadId(),
  });
  const result = await loop.run({ messages: [userMessage("hi")] });
  expect(result.status).toBe("failed");
  const error = result.status === "failed" ? result.error : undefined;
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).status).toBe(400);
});

test("CORS: a preflight from a playground app on another port is answered", async () => {
  const response = await fetch(server().url, {
    method: "OPTIONS",
    headers: { origin: "http://127.0.0.1:5173", "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
  });
  expect(response.status).toBe(204);
  expect(response.headers.get("access-control-allow-origin")).toBe("*");
  expect(response.headers.get("access-control-allow-headers")).toBe("content-type");
});

test("stop() mid-run: the partial text stays, and the server sees the client leave", async () => {
  const loop = new RunLoop({ source: new HttpAgent({ url: server().url }), threadId: newThreadId() });
  const threadId = loop.thread.threadId.value;
  const running = loop.run({ messages: [userMessage("one two three four five six seven eight nine ten")] });
  // Stop once the first words have been folded.
  await new Promise<void>((resolve) => {
    const off = loop.thread.onEvent((event) => {
      if (event.type === "TEXT_MESSAGE_CONTENT") {
        off();
        resolve();
      }
    });
  });
  loop.stop();
  const result = await running;

  expect(result.status === "cancelled" && result.by).toBe("client");
  const text = loop.thread.toMessages()[1]?.content;
  expect(text).toMatch(/^You said: /);
  expect(String(text).length).toBeLessThan("You said: one two three four five six seven eight nine ten".length);
  await expect.poll(() => reports.find((report) => report.threadId === threadId)?.end).toBe("client-closed");

  // The thread carries on with the partial answer in it.
  const next = await loop.run({ messages: [userMessage("and after that?")] });
  expect(next.status).toBe("succeeded");
  expect(loop.thread.toMessages().slice(1).map((m) => m.content)).toEqual([text, "and after that?", "You said: and after that?"]);
});

test("the raw stream is SSE with LF-only lines (what the playground apps receive)", async () => {
  const response = await post(JSON.stringify(runInput({ threadId: newThreadId(), messages: [userMessage("hi")] })));
  // A bare fetch sends `Accept: */*`: still SSE, not protobuf.
  expect(response.headers.get("content-type")).toBe("text/event-stream");
  const body = await response.text();
  expect(body).not.toContain("\r");
  expect(body.split("\n\n").filter(Boolean).every((frame) => frame.startsWith("data: {"))).toBe(true);
});
