// An interrupt that asks the user a question with a responseSchema; the answer comes back in
// input.resume and the agent echoes it. An answer missing the required field is asked again.
import type { Interrupt, ResumeEntry, RunAgentInput } from "@ag-ui/core";
import { foreignResumes, resumeEntry } from "../conversation.js";
import { RunIds, runFinished, runStarted, textMessage, unknownInterruptRun } from "../events.js";
import type { Scenario, Step } from "../scenario.js";

const INTERRUPT_PREFIX = "ask-";

export const QUESTION_SCHEMA = {
  type: "object",
  properties: {
    city: { type: "string", title: "Travelling from", minLength: 1 },
    nights: { type: "integer", title: "Nights", minimum: 1, maximum: 14, default: 3 },
  },
  required: ["city"],
};

function question(input: RunAgentInput, message: string): Interrupt {
  return {
    id: `${INTERRUPT_PREFIX}${input.runId}`,
    reason: "input_required",
    message,
    responseSchema: QUESTION_SCHEMA,
  };
}

function* ask(input: RunAgentInput, lead: string, message: string): Generator<Step> {
  const ids = new RunIds(input.runId);
  yield runStarted(input);
  yield* textMessage(ids.next("msg"), lead);
  yield runFinished(input, { type: "interrupt", interrupts: [question(input, message)] });
}

function* answer(input: RunAgentInput, entry: ResumeEntry): Generator<Step> {
  if (entry.status === "cancelled") {
    const ids = new RunIds(input.runId);
    yield runStarted(input);
    yield* textMessage(ids.next("msg"), "No problem, I won't plan the trip for now.");
    yield runFinished(input);
    return;
  }
  const payload = (entry.payload ?? {}) as { city?: unknown; nights?: unknown };
  const city = typeof payload.city === "string" ? payload.city.trim() : "";
  if (city === "") {
    yield* ask(input, "I still need to know where you are starting from.", "Which city are you travelling from?");
    return;
  }
  const nights = Number.isInteger(payload.nights) ? (payload.nights as number) : 3;
  const ids = new RunIds(input.runId);
  yield runStarted(input);
  yield* textMessage(
    ids.next("msg"),
    `You answered: from **${city}**, for **${nights} ${nights === 1 ? "night" : "nights"}**. ` +
      `I'll look for trains and flights from ${city} to Lisbon and a place to stay for ${nights} ${nights === 1 ? "night" : "nights"}.`,
  );
  yield runFinished(input);
}

export const interrupt: Scenario = {
  name: "interrupt",
  title: "Question for the user",
  description:
    "The agent pauses to ask you for details (a city and a number of nights) in a small form, then carries on with your answer.",
  prompt: "Plan my trip to Lisbon.",
  variants: [],
  run(input) {
    const entry = resumeEntry(input, INTERRUPT_PREFIX);
    if (entry) return answer(input, entry);
    const foreign = foreignResumes(input, INTERRUPT_PREFIX);
    if (foreign.length > 0) return unknownInterruptRun(input, foreign);
    return ask(input, "Happy to plan it. First, a question:", "Which city are you travelling from, and for how many nights?");
  },
};
