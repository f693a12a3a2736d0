// Failures, each on the first attempt of a turn only, so the client's retry of the same turn
// (same thread, same last user message) succeeds.
import { EventType, type RunAgentInput } from "@ag-ui/core";
import { lastUserMessageId } from "../conversation.js";
import { RunIds, runError, runFinished, runStarted, textDeltas, textMessage } from "../events.js";
import type { Scenario, Step } from "../scenario.js";

export const PARTIAL = "Let me pull the latest exchange rates for your trip. The euro is currently trading at";
export const ERROR_MESSAGE = "The model provider closed the connection (simulated by the playground).";
export const RECOVERED = "Here it is again, complete this time: the euro is trading at about 1.08 US dollars, so budget accordingly.";

function* fail(input: RunAgentInput, variant: string): Generator<Step> {
  if (variant === "http-500") {
    yield { type: "http-reply", status: 500, body: { error: { code: "internal", message: "The agent crashed before it could answer (simulated by the playground)." } } };
    return;
  }
  const messageId = new RunIds(input.runId).next("msg");
  yield runStarted(input);
  yield { type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" };
  yield* textDeltas(messageId, PARTIAL);
  if (variant === "disconnect") {
    yield { type: "disconnect" };
    return;
  }
  // The message is still open: RUN_ERROR ends whatever was open, and the client keeps the text.
  yield runError(ERROR_MESSAGE, "upstream_unavailable");
}

function* recover(input: RunAgentInput): Generator<Step> {
  yield runStarted(input);
  yield* textMessage(new RunIds(input.runId).next("msg"), RECOVERED);
  yield runFinished(input);
}

export const serverError: Scenario = {
  name: "server-error",
  title: "Server error",
  description:
    "The first attempt of each turn fails partway through: the text streamed so far stays, an error is shown, and retrying the turn succeeds.",
  prompt: "What's the euro exchange rate?",
  variants: [
    { name: "mid-stream", title: "RUN_ERROR mid-stream", description: "The answer starts, then the agent reports an error halfway through." },
    { name: "http-500", title: "HTTP 500", description: "The agent's server fails outright with an error page instead of an answer." },
    { name: "disconnect", title: "Connection drop", description: "The answer starts, then the connection drops without a word." },
  ],
  run(input, context) {
    const turn = `${context.variant}:${input.threadId}:${lastUserMessageId(input) ?? "-"}`;
    return context.firstAttempt(turn) ? fail(input, context.variant) : recover(input);
  },
};
