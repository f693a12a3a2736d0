// A small, independent check of AG-UI run discipline, written for these tests (the core
// pipeline is tested on its own): every event passes @ag-ui/core's schema, the run opens with
// RUN_STARTED and ends with RUN_FINISHED or RUN_ERROR, content only goes to open ids, and
// nothing is left open at RUN_FINISHED. Then the same events go through Threadline's pipeline.
// Returns the problems found; [] means well-formed.
import { EventType, type AGUIEvent, type RunAgentInput } from "@ag-ui/core";
import { EventSchemas } from "@ag-ui/core/schemas";
import { pipelineProblems } from "./pipeline.js";

type Kind = "text" | "tool" | "reasoning message" | "reasoning span" | "step";

export function runProblems(events: readonly AGUIEvent[], input?: RunAgentInput): string[] {
  const problems: string[] = [];
  const open = new Map<Kind, Set<string>>(
    (["text", "tool", "reasoning message", "reasoning span", "step"] as const).map((k) => [k, new Set()]),
  );
  const openIds = (kind: Kind) => open.get(kind) as Set<string>;
  const start = (kind: Kind, id: string, at: number) => {
    if (openIds(kind).has(id)) problems.push(`#${at}: ${kind} ${id} started twice`);
    openIds(kind).add(id);
  };
  const touch = (kind: Kind, id: string, at: number, end = false) => {
    if (!openIds(kind).has(id)) problems.push(`#${at}: ${kind} ${id} is not open`);
    if (end) openIds(kind).delete(id);
  };

  if (events.length === 0) return ["no events"];
  if (events[0]?.type !== EventType.RUN_STARTED) problems.push(`#0: first event is ${events[0]?.type}, not RUN_STARTED`);
  const last = events.at(-1)?.type;
  if (last !== EventType.RUN_FINISHED && last !== EventType.RUN_ERROR) problems.push(`last event is ${last}, not RUN_FINISHED/RUN_ERROR`);

  events.forEach((event, at) => {
    const parsed = EventSchemas.safeParse(event);
    if (!parsed.success) problems.push(`#${at}: ${event.type} fails the AG-UI schema: ${parsed.error.issues[0]?.message}`);
    if (at > 0 && at < events.length - 1 && (event.type === EventType.RUN_STARTED || event.type === EventType.RUN_FINISHED || event.type === EventType.RUN_ERROR)) {
      problems.push(`#${at}: ${event.type} in the middle of the run`);
    }
    switch (event.type) {
      case EventType.RUN_STARTED:
      case EventType.RUN_FINISHED:
        if (input && (event.threadId !== input.threadId || event.runId !== input.runId)) {
          problems.push(`#${at}: ${event.type} names ${event.threadId}/${event.runId}, input was ${input.threadId}/${input.runId}`);
        }
        if (event.type === EventType.RUN_FINISHED) {
          for (const [kind, ids] of open) if (ids.size > 0) problems.push(`#${at}: RUN_FINISHED with ${kind} still open: ${[...ids].join(", ")}`);
        }
        break;
      case EventType.TEXT_MESSAGE_START: start("text", event.messageId, at); break;
      case EventType.TEXT_MESSAGE_CONTENT: touch("text", event.messageId, at); break;
      case EventType.TEXT_MESSAGE_END: touch("text", event.messageId, at, true); break;
      case EventType.TOOL_CALL_START: start("tool", event.toolCallId, at); break;
      case EventType.TOOL_CALL_ARGS: touch("tool", event.toolCallId, at); break;
      case EventType.TOOL_CALL_END: touch("tool", event.toolCallId, at, true); break;
      case EventType.REASONING_START: start("reasoning span", event.messageId, at); break;
      case EventType.REASONING_END: touch("reasoning span", event.messageId, at, true); break;
      case EventType.REASONING_MESSAGE_START: start("reasoning message", event.messageId, at); break;
      case EventType.REASONING_MESSAGE_CONTENT: touch("reasoning message", event.messageId, at); break;
      case EventType.REASONING_MESSAGE_END: touch("reasoning message", event.messageId, at, true); break;
      case EventType.STEP_STARTED: start("step", event.stepName, at); break;
      case EventType.STEP_FINISHED: touch("step", event.stepName, at, true); break;
      default: break;
    }
  });
  return problems.length > 0 ? problems : pipelineProblems(events);
}
