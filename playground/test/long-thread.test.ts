import { EventType, type Message } from "@ag-ui/core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startServer, type PlaygroundServer } from "../server/server.js";
import { makeInput, ofType, runScenario, textOf, user } from "./support/http.js";
import { runProblems } from "./support/well-formed.js";

let server: PlaygroundServer;
beforeAll(async () => {
  server = await startServer({ delayMs: 0 });
});
afterAll(() => server.close());

const ask = user("u1", "Load our trip-planning history.");
const text = (m: Message) => (typeof m.content === "string" ? m.content : "");

test("a MESSAGES_SNAPSHOT of 2,000 alternating messages plus the user's own, then a short streamed reply", async () => {
  const input = makeInput({ threadId: "lt", runId: "lt-1", messages: [ask] });
  const events = await runScenario(server.url, "long-thread", input);
  expect(runProblems(events, input)).toEqual([]);
  const [snapshot, ...more] = ofType(events, EventType.MESSAGES_SNAPSHOT);
  expect(more).toEqual([]);
  const messages = snapshot?.messages ?? [];
  expect(messages).toHaveLength(2001);
  expect(messages.at(-1)).toEqual(ask);
  const history = messages.slice(0, 2000);
  expect(history.every((m, i) => m.role === (i % 2 === 0 ? "user" : "assistant"))).toBe(true);
  expect(new Set(history.map((m) => m.id)).size).toBe(2000);
  expect(history[0]?.id).toBe("lt-history-0000");

  // Realistic lengths: short questions, answers from a sentence to a few paragraphs.
  const lengths = (role: string) => history.filter((m) => m.role === role).map((m) => text(m).length);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  expect(mean(lengths("user"))).toBeGreaterThan(15);
  expect(mean(lengths("user"))).toBeLessThan(80);
  expect(Math.min(...lengths("assistant"))).toBeGreaterThan(40);
  expect(Math.max(...lengths("assistant"))).toBeGreaterThan(600);
  expect(history.some((m) => text(m).includes("\n- "))).toBe(true);

  expect(textOf(events, "lt-1-msg-1")).toContain("2,001 messages");
});

test("the history is the same every time, and not sent again once the client holds it", async () => {
  const a = await runScenario(server.url, "long-thread", makeInput({ threadId: "lt2", runId: "a", messages: [ask] }));
  const b = await runScenario(server.url, "long-thread", makeInput({ threadId: "lt2", runId: "b", messages: [ask] }));
  const messages = ofType(a, EventType.MESSAGES_SNAPSHOT)[0]?.messages ?? [];
  expect(ofType(b, EventType.MESSAGES_SNAPSHOT)[0]?.messages).toEqual(messages);

  const followUp = makeInput({
    threadId: "lt2",
    runId: "c",
    messages: [...messages, { id: "a-msg-1", role: "assistant", content: textOf(a, "a-msg-1") }, user("u2", "Thanks")],
  });
  const c = await runScenario(server.url, "long-thread", followUp);
  expect(runProblems(c, followUp)).toEqual([]);
  expect(ofType(c, EventType.MESSAGES_SNAPSHOT)).toEqual([]);
  expect(textOf(c, "c-msg-1")).toContain("2,003 messages");
});
