// Differential: the same conversation with the official client (@ag-ui/client 1.0.0's HttpAgent)
// and with Threadline's run loop, each on a thread of its own against the same Mastra server. The
// model is scripted, so the two conversations differ only in the UUIDs Mastra draws: with those
// numbered by first appearance, the folded messages and state must be equal.
import { HttpAgent as ReferenceHttpAgent } from "@ag-ui/client";
import { HttpAgent, type Message } from "@threadline/core";
import { RunLoop } from "@threadline/core/run";
import { expect, test } from "vitest";
import { newThreadId, useMastraServer, userMessage, weatherTool, withStableIds } from "./support/mastra.js";

const server = useMastraServer();

/** A turn: messages the user side adds, then a run. */
type Turn = (previous: readonly Message[]) => Message[];

interface Folded {
  messages: unknown;
  state: unknown;
  failed: boolean;
}

async function withReference(turns: readonly Turn[]): Promise<Folded> {
  const agent = new ReferenceHttpAgent({ url: server().url, threadId: newThreadId() });
  let failed = false;
  for (const turn of turns) {
    agent.addMessages(turn(agent.messages));
    // 1.0.0 resolves after RUN_ERROR; its subscriber hook tells.
    await agent.runAgent({ tools: [weatherTool] }, { onRunErrorEvent: () => void (failed = true) });
  }
  return { messages: withStableIds(agent.messages), state: agent.state, failed };
}

async function withThreadline(turns: readonly Turn[]): Promise<Folded> {
  const loop = new RunLoop({ source: new HttpAgent({ url: server().url }), threadId: newThreadId(), tools: [weatherTool] });
  let failed = false;
  for (const turn of turns) {
    const result = await loop.run({ messages: turn(loop.thread.toMessages()) });
    failed ||= result.status === "failed";
  }
  return { messages: withStableIds(loop.thread.toMessages()), state: loop.thread.state.value, failed };
}

async function expectSameFold(turns: readonly Turn[]): Promise<Folded> {
  const reference = await withReference(turns);
  const ours = await withThreadline(turns);
  expect(ours).toEqual(reference);
  return ours;
}

const say =
  (text: string): Turn =>
  () => [userMessage(text)];

/** Answers the last unanswered get_weather call, as a client tool would. */
const answerWeather: Turn = (previous) => {
  const answered = new Set(previous.flatMap((m) => (m.role === "tool" ? [m.toolCallId] : [])));
  const call = previous
    .flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []))
    .find((c) => c.function.name === "get_weather" && !answered.has(c.id));
  if (!call) throw new Error("no unanswered get_weather call");
  return [{ id: `answer-${call.id}`, role: "tool", toolCallId: call.id, content: '{"sky":"cloudy","celsius":12}' }];
};

test("a text-only turn", async () => {
  const folded = await expectSameFold([say("hello reference")]);
  expect(folded.messages).toHaveLength(2);
});

test("a client tool over two turns, then a third plain turn on the same thread", async () => {
  const folded = await expectSameFold([say("weather in Lisbon?"), answerWeather, say("thanks")]);
  expect((folded.messages as Message[]).map((m) => m.role)).toEqual([
    "user",
    "assistant",
    "tool",
    "assistant",
    "tool",
    "assistant",
    "user",
    "assistant",
  ]);
  expect(folded.state).toEqual({ city: "Lisbon", step: "asking the client" });
});

test("a reasoning turn", async () => {
  const folded = await expectSameFold([say("think it through")]);
  expect((folded.messages as Message[]).map((m) => m.role)).toEqual(["user", "reasoning", "assistant"]);
});

test("a failed turn keeps the same partial text, and the next turn goes on", async () => {
  const folded = await expectSameFold([say("this will fail"), say("and now?")]);
  expect(folded.failed).toBe(true);
  expect((folded.messages as Message[]).map((m) => m.content)).toEqual([
    "this will fail",
    "Here is a partial answer",
    "and now?",
    "You said: and now?",
  ]);
});
