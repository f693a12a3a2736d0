import { EventType, type BaseEvent, type RunAgentInput } from "@ag-ui/core";

export type ScenarioName = "text";
type Scenario = (input: RunAgentInput) => Iterable<BaseEvent>;

/** Splits text into small deltas the way a model streams tokens. */
function* tokens(text: string, size = 4): Generator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

function* text(input: RunAgentInput): Generator<BaseEvent> {
  const messageId = `${input.runId}-m1`;
  yield { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as BaseEvent;
  yield { type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" } as BaseEvent;
  const reply =
    "**Hello from Threadline.** This reply streams in small deltas, one signal write each.";
  for (const delta of tokens(reply)) {
    yield { type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta } as BaseEvent;
  }
  yield { type: EventType.TEXT_MESSAGE_END, messageId } as BaseEvent;
  yield { type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId } as BaseEvent;
}

export const scenarios: Record<ScenarioName, Scenario> = { text };
