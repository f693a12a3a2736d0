import { EventType, type Message } from "@ag-ui/core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { HISTORY_LENGTH } from "../server/scenarios/long-thread.js";
import { startServer, type PlaygroundServer } from "../server/server.js";
import { decodeSse, makeInput, ofType, post, runScenario, textOf, user } from "./support/http.js";
import { runProblems } from "./support/well-formed.js";

let server: PlaygroundServer;
beforeAll(async () => {
  server = await startServer({ delayMs: 0 });
});
afterAll(() => server.close());

const text = (m: Message) => (typeof m.content === "string" ? m.content : "");

/** POST /agent/connect for the long thread. */
async function connect(input: ReturnType<typeof makeInput>) {
  const response = await post(`${server.url}/connect`, input, { query: { scenario: "long-thread", delay: "0" } });
  expect(response.status).toBe(200);
  return decodeSse(await response.text());
}

test("connect replays the history: one MESSAGES_SNAPSHOT of 100,000 alternating messages, nothing else", async () => {
  const input = makeInput({ threadId: "lt", runId: "lt-connect" });
  const events = await connect(input);
  expect(runProblems(events, input)).toEqual([]);
  expect(events.map((e) => e.type)).toEqual([EventType.RUN_STARTED, EventType.MESSAGES_SNAPSHOT, EventType.RUN_FINISHED]);
  const history = ofType(events, EventType.MESSAGES_SNAPSHOT)[0]?.messages ?? [];
  expect(HISTORY_LENGTH).toBe(100_000);
  expect(history).toHaveLength(HISTORY_LENGTH);
  expect(history.every((m, i) => m.role === (i % 2 === 0 ? "user" : "assistant"))).toBe(true);
  expect(new Set(history.map((m) => m.id)).size).toBe(HISTORY_LENGTH);
  expect(history[0]?.id).toBe("lt-history-00000");
  expect(history.at(-1)?.id).toBe("lt-history-99999");

  // Realistic lengths: short questions, answers from a sentence to a few paragraphs.
  const lengths = (role: string) => history.filter((m) => m.role === role).map((m) => text(m).length);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  expect(mean(lengths("user"))).toBeGreaterThan(15);
  expect(mean(lengths("user"))).toBeLessThan(80);
  expect(lengths("assistant").reduce((a, b) => Math.min(a, b), Infinity)).toBeGreaterThan(40);
  expect(lengths("assistant").reduce((a, b) => Math.max(a, b), 0)).toBeGreaterThan(600);
  expect(history.some((m) => text(m).includes("\n- "))).toBe(true);

  // The same every time; what the client sent beyond the history comes after it.
  const again = await connect(makeInput({ threadId: "lt", runId: "lt-connect-2", messages: [...history, user("u9", "later")] }));
  expect(ofType(again, EventType.MESSAGES_SNAPSHOT)[0]?.messages).toEqual([...history, user("u9", "later")]);
});

test("a run after the connect streams a reply counting the thread; without the history it says to load it", async () => {
  const history = ofType(await connect(makeInput({ threadId: "lt2", runId: "c" })), EventType.MESSAGES_SNAPSHOT)[0]?.messages ?? [];
  const ask = makeInput({ threadId: "lt2", runId: "r1", messages: [...history, user("u1", "How long is this thread?")] });
  const reply = await runScenario(server.url, "long-thread", ask);
  expect(runProblems(reply, ask)).toEqual([]);
  expect(ofType(reply, EventType.MESSAGES_SNAPSHOT)).toEqual([]);
  expect(textOf(reply, "r1-msg-1")).toContain(`${(HISTORY_LENGTH + 1).toLocaleString("en-US")} messages`);

  const cold = makeInput({ threadId: "lt3", runId: "r2", messages: [user("u1", "How long is this thread?")] });
  const refused = await runScenario(server.url, "long-thread", cold);
  expect(runProblems(refused, cold)).toEqual([]);
  expect(ofType(refused, EventType.MESSAGES_SNAPSHOT)).toEqual([]);
  expect(textOf(refused, "r2-msg-1")).toContain("not loaded yet");
});

test("a connect to a scenario with nothing to replay is an empty run", async () => {
  const input = makeInput({ threadId: "m", runId: "m-connect", messages: [user("u1", "hi")] });
  const response = await post(`${server.url}/connect`, input, { query: { scenario: "markdown", delay: "0" } });
  const events = decodeSse(await response.text());
  expect(runProblems(events, input)).toEqual([]);
  expect(events.map((e) => e.type)).toEqual([EventType.RUN_STARTED, EventType.RUN_FINISHED]);
});

test("the apps' route (createAgentHandler) takes a run that carries the 100,000 messages back", async () => {
  // Its default limits (10,000 messages, 4 MiB) would refuse it with 413: the playground raises them.
  const history = ofType(await connect(makeInput({ threadId: "lt4", runId: "c4" })), EventType.MESSAGES_SNAPSHOT)[0]?.messages ?? [];
  const ask = makeInput({ threadId: "lt4", runId: "r4", messages: [...history, user("u4", "How long is this thread?")] });
  const response = await post(`${server.origin}/resumable/agent`, ask, { query: { scenario: "long-thread", delay: "0" } });
  const body = await response.text();
  expect(response.status, body.slice(0, 200)).toBe(200);
  const reply = decodeSse(body);
  expect(reply.filter((e) => e.type === EventType.RUN_ERROR)).toEqual([]);
  expect(runProblems(reply, ask)).toEqual([]);
  expect(textOf(reply, "r4-msg-1")).toContain(`${(HISTORY_LENGTH + 1).toLocaleString("en-US")} messages`);
});
