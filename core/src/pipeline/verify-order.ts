import { DEV } from "esm-env";
import type { WarningHandler } from "../errors.js";
import { PipelineError } from "./errors.js";
import { EventType, type AGUIEvent, type AGUIEventOf } from "../protocol/events.js";
import { protocolError, type StreamPosition } from "../protocol/protocol-error.js";
import { reportWarning } from "../protocol/protocol-warning.js";
import { judgeProducerVersion, PROTOCOL_VERSION } from "../protocol/version.js";
import { RunLedger } from "./run-ledger.js";
import type { Stage } from "./stage.js";
import { verifyStreaming } from "./verify-streaming.js";

/** Where the stream stands between runs (AG-UI 1.1 "Runs and Steps"). */
type Phase = "before-first-event" | "running" | "finished" | "errored";

/**
 * Order verification, the last stage before the application: the lifecycle rules here, the
 * open/close and ownership rules of messages, tool calls, reasoning, steps and subagents in
 * verify-streaming.ts. Every event is checked in O(1) against the run's open sets.
 */
export function createOrderVerifier(
  next: (event: AGUIEvent) => void,
  position: StreamPosition,
  onWarning: WarningHandler,
): Stage<AGUIEvent> {
  const ledger = new RunLedger();
  let phase: Phase = "before-first-event";
  let runId = "";
  let threadId: string | undefined;

  function runStarted(event: AGUIEventOf<EventType.RUN_STARTED>): void {
    if (phase === "running") {
      throw protocolError(
        "NESTED_RUN_STARTED",
        DEV ? `RUN_STARTED for run '${event.runId}' while run '${runId}' is still running: finish it with RUN_FINISHED or RUN_ERROR first.` : "",
        position,
      );
    }
    // Several runs may share a stream, but they are runs on one conversation.
    if (threadId !== undefined && event.threadId !== threadId) {
      throw protocolError(
        "THREAD_ID_MISMATCH",
        DEV ? `RUN_STARTED names thread '${event.threadId}', but this stream carries thread '${threadId}'.` : "",
        position,
      );
    }
    if (phase !== "before-first-event") ledger.clear();
    phase = "running";
    runId = event.runId;
    threadId = event.threadId;
    if (event.protocolVersion !== undefined) checkProducerVersion(event.protocolVersion);
    if (event.input !== undefined) ledger.seedOwners(event.input.messages, false);
  }

  function checkProducerVersion(declared: string): void {
    const verdict = judgeProducerVersion(declared);
    if (verdict === "newer") {
      reportWarning(
        onWarning,
        "PROTOCOL_VERSION_NEWER",
        DEV ? `The agent speaks AG-UI ${declared}, newer than the ${PROTOCOL_VERSION} Threadline implements; ` +
          "carrying on under the processing model (what this version does not describe is dropped with a warning)" : "",
        position,
      );
    } else if (verdict === "uninterpretable") {
      reportWarning(
        onWarning,
        "PROTOCOL_VERSION_UNINTERPRETABLE",
        DEV ? `Threadline cannot interpret the agent's protocol version ${JSON.stringify(declared)} (expected MAJOR.MINOR); ` +
          `treating it as newer than ${PROTOCOL_VERSION} and carrying on` : "",
        position,
      );
    }
  }

  function runFinished(event: AGUIEventOf<EventType.RUN_FINISHED>): void {
    if (event.runId !== runId) {
      throw protocolError(
        "RUN_ID_MISMATCH",
        DEV ? `RUN_FINISHED names run '${event.runId}', but the run in progress is '${runId}'.` : "",
        position,
      );
    }
    if (event.threadId !== threadId) {
      throw protocolError(
        "THREAD_ID_MISMATCH",
        DEV ? `RUN_FINISHED names thread '${event.threadId}', but run '${runId}' started on thread '${threadId ?? ""}'.` : "",
        position,
      );
    }
    const open = ledger.describeOpen();
    if (open !== undefined) {
      throw protocolError(
        "OPEN_AT_RUN_FINISHED",
        DEV ? `RUN_FINISHED while run '${runId}' still has open ${open}. Close everything a run opened before finishing it ` +
          "(a run that cannot end cleanly ends with RUN_ERROR)." : "",
        position,
      );
    }
    if (event.outcome?.type === "interrupt") {
      // A resume entry answers an interrupt by id, so two interrupts may not share one.
      const seen = new Set<string>();
      for (const interrupt of event.outcome.interrupts) {
        if (seen.has(interrupt.id)) {
          throw protocolError(
            "DUPLICATE_INTERRUPT_ID",
            DEV ? `RUN_FINISHED carries two interrupts with the id '${interrupt.id}'; interrupt ids must be unique.` : "",
            position,
          );
        }
        seen.add(interrupt.id);
      }
    }
    phase = "finished";
  }

  return {
    push(event) {
      const type = event.type;
      if (phase === "errored" && type !== EventType.RUN_STARTED) {
        throw protocolError(
          "EVENT_AFTER_RUN_ERROR",
          DEV ? `${type} after ${threadId === undefined ? "RUN_ERROR ended the stream before any run started" : `RUN_ERROR ended run '${runId}'`}: ` +
            "only a new RUN_STARTED may follow a RUN_ERROR." : "",
          position,
        );
      }
      if (phase === "finished" && type !== EventType.RUN_STARTED && type !== EventType.RUN_ERROR) {
        throw protocolError(
          "EVENT_AFTER_RUN_FINISHED",
          DEV ? `${type} after RUN_FINISHED closed run '${runId}': start a new run with RUN_STARTED first.` : "",
          position,
        );
      }
      if (phase === "before-first-event" && type !== EventType.RUN_STARTED && type !== EventType.RUN_ERROR) {
        throw protocolError(
          "FIRST_EVENT_NOT_RUN_STARTED",
          DEV ? `The stream opens with ${type}, but its first event must be RUN_STARTED (or RUN_ERROR).` : "",
          position,
        );
      }

      switch (event.type) {
        case EventType.RUN_STARTED:
          runStarted(event);
          break;
        case EventType.RUN_FINISHED:
          runFinished(event);
          break;
        case EventType.RUN_ERROR:
          // A producer reporting its own failure: well formed, accepted at any time, and it
          // ends whatever was still open along with the run. A late one after RUN_FINISHED
          // turns that run into a failed one.
          phase = "errored";
          break;
        case EventType.TEXT_MESSAGE_CHUNK:
        case EventType.TOOL_CALL_CHUNK:
        case EventType.REASONING_MESSAGE_CHUNK:
          throw new PipelineError(
            "CHUNK_NOT_EXPANDED",
            DEV ? `${type} reached order verification: chunks must be expanded first (createChunkExpander).` : "",
          );
        default:
          // An input echo's owners are written in before the first event that names a subagent.
          if (ledger.pendingSeed !== undefined && (event as { subagentRunId?: unknown }).subagentRunId !== undefined) ledger.settleSeed();
          verifyStreaming(event, ledger, position);
      }
      next(event);
    },
    end() {
      if (phase === "running") {
        throw protocolError(
          "TRUNCATED_RUN",
          DEV ? `The stream ended while run '${runId}' was still running: no RUN_FINISHED or RUN_ERROR arrived, ` +
            "so the run has no outcome (a truncated run is never reported as a success)." : "",
          position,
        );
      }
      if (phase === "before-first-event") {
        throw protocolError(
          "TRUNCATED_RUN",
          DEV ? "The stream ended before any event arrived: the run has no outcome." : "",
          position,
        );
      }
    },
  };
}
