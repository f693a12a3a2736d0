import { EventType, type RunAgentInput } from "@ag-ui/core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startServer, type PlaygroundServer } from "../server/server.js";
import { makeInput, ofType, runScenario, textOf, user } from "./support/http.js";
import { runProblems } from "./support/well-formed.js";

let server: PlaygroundServer;
beforeAll(async () => {
  server = await startServer({ delayMs: 0 });
});
afterAll(() => server.close());

const messages = [user("u1", "Plan my trip to Lisbon.")];

async function run(input: RunAgentInput) {
  const events = await runScenario(server.url, "interrupt", input);
  expect(runProblems(events, input)).toEqual([]);
  return events;
}

test("asks a question with a responseSchema, then echoes the answer given on resume", async () => {
  const events = await run(makeInput({ runId: "iq-1", messages }));
  const outcome = ofType(events, EventType.RUN_FINISHED)[0]?.outcome;
  expect(outcome).toEqual({
    type: "interrupt",
    interrupts: [
      {
        id: "ask-iq-1",
        reason: "input_required",
        message: "Which city are you travelling from, and for how many nights?",
        responseSchema: expect.objectContaining({ required: ["city"] }),
      },
    ],
  });

  const resumed = await run(
    makeInput({ runId: "iq-2", messages, resume: [{ interruptId: "ask-iq-1", status: "resolved", payload: { city: "Porto", nights: 4 } }] }),
  );
  const text = textOf(resumed, "iq-2-msg-1");
  expect(text).toContain("from **Porto**, for **4 nights**");
  expect(ofType(resumed, EventType.RUN_FINISHED)[0]?.outcome).toBeUndefined();
});

test("nights defaults to 3 and one night is singular", async () => {
  const three = await run(makeInput({ runId: "iq-3", resume: [{ interruptId: "ask-x", status: "resolved", payload: { city: "Faro" } }] }));
  expect(textOf(three, "iq-3-msg-1")).toContain("**3 nights**");
  const one = await run(makeInput({ runId: "iq-4", resume: [{ interruptId: "ask-x", status: "resolved", payload: { city: "Faro", nights: 1 } }] }));
  expect(textOf(one, "iq-4-msg-1")).toContain("**1 night**");
});

test("an answer without a city asks again with a new interrupt", async () => {
  const events = await run(makeInput({ runId: "iq-5", resume: [{ interruptId: "ask-iq-1", status: "resolved", payload: { city: "  " } }] }));
  const outcome = ofType(events, EventType.RUN_FINISHED)[0]?.outcome;
  expect(outcome).toMatchObject({ type: "interrupt", interrupts: [{ id: "ask-iq-5", message: "Which city are you travelling from?" }] });
});

test("a cancelled interrupt ends politely, without a plan", async () => {
  const events = await run(makeInput({ runId: "iq-6", resume: [{ interruptId: "ask-iq-1", status: "cancelled" }] }));
  expect(textOf(events, "iq-6-msg-1")).toBe("No problem, I won't plan the trip for now.");
});

test("a resume for an unknown interrupt is refused", async () => {
  const events = await run(makeInput({ runId: "iq-7", resume: [{ interruptId: "approve-zzz", status: "resolved" }] }));
  expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "unknown_interrupt" });
});
