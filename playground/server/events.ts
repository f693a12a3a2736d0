// Builders for the event sequences scenarios are made of. Every sequence they yield is closed
// (START … END), so a scenario that composes them cannot leave anything open by accident.
import {
  EventType,
  type AGUIEvent,
  type RunAgentInput,
  type RunFinishedOutcome,
  type TokenUsage,
} from "@ag-ui/core";
import { deltas, jsonFragments } from "./tokens.js";

/** Deterministic ids for one run: `<runId>-<kind>-<n>`, counted per kind. */
export class RunIds {
  private readonly counts = new Map<string, number>();

  constructor(private readonly runId: string) {}

  next(kind: string): string {
    const n = (this.counts.get(kind) ?? 0) + 1;
    this.counts.set(kind, n);
    return `${this.runId}-${kind}-${n}`;
  }
}

export function runStarted(input: RunAgentInput): AGUIEvent {
  return { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId };
}

export function runFinished(input: RunAgentInput, outcome?: RunFinishedOutcome, usage?: TokenUsage[]): AGUIEvent {
  const event: AGUIEvent = {
    type: EventType.RUN_FINISHED,
    threadId: input.threadId,
    runId: input.runId,
  };
  if (outcome) event.outcome = outcome;
  if (usage) event.usage = usage;
  return event;
}

export function runError(message: string, code: string): AGUIEvent {
  return { type: EventType.RUN_ERROR, message, code };
}

/** TEXT_MESSAGE_START, the text in model-sized deltas, TEXT_MESSAGE_END. */
export function* textMessage(messageId: string, text: string): Generator<AGUIEvent> {
  yield { type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" };
  yield* textDeltas(messageId, text);
  yield { type: EventType.TEXT_MESSAGE_END, messageId };
}

/** Only the TEXT_MESSAGE_CONTENT events, for scenarios that interrupt a message midway. */
export function* textDeltas(messageId: string, text: string): Generator<AGUIEvent> {
  for (const delta of deltas(text, messageId)) {
    yield { type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta };
  }
}

/** TOOL_CALL_START, the JSON arguments in small fragments, TOOL_CALL_END. */
export function* toolCall(
  toolCallId: string,
  toolCallName: string,
  args: unknown,
  parentMessageId?: string,
): Generator<AGUIEvent> {
  const start: AGUIEvent = { type: EventType.TOOL_CALL_START, toolCallId, toolCallName };
  if (parentMessageId !== undefined) start.parentMessageId = parentMessageId;
  yield start;
  for (const delta of jsonFragments(JSON.stringify(args), toolCallId)) {
    yield { type: EventType.TOOL_CALL_ARGS, toolCallId, delta };
  }
  yield { type: EventType.TOOL_CALL_END, toolCallId };
}

/** A tool result produced on the server, as its own `tool` message. */
export function toolResult(messageId: string, toolCallId: string, content: string): AGUIEvent {
  return { type: EventType.TOOL_CALL_RESULT, messageId, toolCallId, content, role: "tool" };
}

/** A reasoning span holding one reasoning message (both under the same id, as AG-UI allows). */
export function* reasoning(messageId: string, text: string): Generator<AGUIEvent> {
  yield { type: EventType.REASONING_START, messageId };
  yield { type: EventType.REASONING_MESSAGE_START, messageId, role: "reasoning" };
  for (const delta of deltas(text, messageId)) {
    yield { type: EventType.REASONING_MESSAGE_CONTENT, messageId, delta };
  }
  yield { type: EventType.REASONING_MESSAGE_END, messageId };
  yield { type: EventType.REASONING_END, messageId };
}

export function custom(name: string, value: unknown): AGUIEvent {
  return { type: EventType.CUSTOM, name, value };
}

/** A whole run that refuses a resume naming interrupts the agent never raised. */
export function* unknownInterruptRun(input: RunAgentInput, interruptIds: string[]): Generator<AGUIEvent> {
  yield runStarted(input);
  yield runError(`no pending interrupt with id ${interruptIds.map((id) => `'${id}'`).join(", ")}`, "unknown_interrupt");
}
