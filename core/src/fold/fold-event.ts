import { DEV } from "esm-env";
import { batch } from "@preact/signals-core";
import type { AGUIEvent } from "@ag-ui/core";
import { ThreadImpl } from "../model/thread.js";
import { encryptedValueType } from "../model/messages/node-base.js";
import type { Thread } from "../model/types.js";
import { foldActivityDelta, foldActivitySnapshot } from "./activity.js";
import { dispatchEvent } from "./dispatch.js";
import { FoldError } from "./errors.js";
import { foldMessagesSnapshot } from "./messages-snapshot.js";
import { foldRunError, foldRunFinished, foldRunStarted, foldStepFinished, foldStepStarted } from "./run.js";
import { foldStateDelta, foldStateSnapshot } from "./state.js";
import { foldMessageContent, foldMessageEnd, foldMessageStart } from "./text.js";
import { foldToolCallArgs, foldToolCallEnd, foldToolCallResult, foldToolCallStart } from "./tool-calls.js";
import { isTamboEvent } from "./tambo-names.js";
import { tamboUnfolded } from "./tambo-unfolded.js";

/**
 * Folds one verified, chunk-expanded event into the thread, inside one `batch()`, writing only the
 * signals the event touches. Listeners (`onEvent`, `onCustom`, `onRaw`) hear about it afterwards.
 *
 * Throws a `FoldError` for an event it refuses (a forbidden patch path, a malformed
 * payload); the refused event writes nothing and everything folded before stays.
 */
export function foldEvent(thread: Thread, event: AGUIEvent): void {
  if (!(thread instanceof ThreadImpl)) {
    throw new FoldError("WRONG_THREAD", DEV ? "foldEvent needs a thread made by createThread()." : "");
  }
  const type = event.type;
  // A text delta (the hottest event) changes the messages: no set lookup for it.
  if (type === "TEXT_MESSAGE_CONTENT" || !LEAVES_MESSAGES.has(type)) thread.messagesRevision++;
  foldingThread = thread;
  foldingEvent = event;
  try {
    batch(foldHeld);
  } finally {
    // Not kept past the fold: a disposed thread must not stay reachable from here.
    foldingThread = foldingEvent = undefined;
  }
  // One comparison when nobody listens; two for a token when nobody listens to tokens (a chat's
  // own tool-call watch does not).
  const hub = thread.hub;
  if (hub.size !== 0 && (type !== "TEXT_MESSAGE_CONTENT" || hub.all.size !== hub.deafToTextDeltas.size)) dispatchEvent(hub, event);
}

// What `foldHeld` folds: handed over in these rather than in a closure made for every event (an
// allocation, and a first call through V8's lazy-compile stub, on every token). `batch` calls it at
// once and it reads them first, so a fold nested inside one (a CUSTOM claim folding) may set and
// clear them again.
let foldingThread: ThreadImpl | undefined;
let foldingEvent: AGUIEvent | undefined;

function foldHeld(): void {
  const thread = foldingThread!;
  const event = foldingEvent!;
  // Content attributed to a subagent: one lookup; a name no SUBAGENT_STARTED announced gets an
  // `unknown` lane (legal in AG-UI 1.1, so no warning).
  const owner = (event as { subagentRunId?: unknown }).subagentRunId;
  if (typeof owner === "string" && !SUBAGENT_LIFECYCLE.has(event.type)) thread.lanes.attributed(owner, event);
  applyEvent(thread, event);
}

/**
 * Events whose fold never changes what `toMessages()` returns, so they leave `messagesRevision`
 * alone (a reader's projection stays valid across them). Every other type counts as a change —
 * including CUSTOM, whose claims may write messages.
 */
const LEAVES_MESSAGES: ReadonlySet<string> = new Set([
  "STATE_SNAPSHOT",
  "STATE_DELTA",
  "STEP_STARTED",
  "STEP_FINISHED",
  "REASONING_START",
  "REASONING_END",
  "RAW",
  "SUBAGENT_STARTED",
  "SUBAGENT_FINISHED",
  "SUBAGENT_ERROR",
]);

/** Their `subagentRunId` names the lane itself rather than attributing the event to one. */
const SUBAGENT_LIFECYCLE: ReadonlySet<string> = new Set(["SUBAGENT_STARTED", "SUBAGENT_FINISHED", "SUBAGENT_ERROR"]);

function applyEvent(thread: ThreadImpl, event: AGUIEvent): void {
  switch (event.type) {
    case "TEXT_MESSAGE_START":
    case "REASONING_MESSAGE_START":
      return foldMessageStart(thread, event);
    case "TEXT_MESSAGE_CONTENT":
    case "REASONING_MESSAGE_CONTENT":
      return foldMessageContent(thread, event);
    case "TEXT_MESSAGE_END":
    case "REASONING_MESSAGE_END":
      return foldMessageEnd(thread, event);
    case "TOOL_CALL_START":
      return foldToolCallStart(thread, event);
    case "TOOL_CALL_ARGS":
      return foldToolCallArgs(thread, event);
    case "TOOL_CALL_END":
      return foldToolCallEnd(thread, event);
    case "TOOL_CALL_RESULT":
      return foldToolCallResult(thread, event);
    case "STATE_SNAPSHOT":
      return foldStateSnapshot(thread, event);
    case "STATE_DELTA":
      return foldStateDelta(thread, event);
    case "MESSAGES_SNAPSHOT":
      return foldMessagesSnapshot(thread, event);
    case "ACTIVITY_SNAPSHOT":
      return foldActivitySnapshot(thread, event);
    case "ACTIVITY_DELTA":
      return foldActivityDelta(thread, event);
    case "RUN_STARTED":
      return foldRunStarted(thread, event);
    case "RUN_FINISHED":
      return foldRunFinished(thread, event);
    case "RUN_ERROR":
      return foldRunError(thread, event);
    case "STEP_STARTED":
      return foldStepStarted(thread, event);
    case "STEP_FINISHED":
      return foldStepFinished(thread, event);
    case "REASONING_ENCRYPTED_VALUE": {
      // Attaches to an entity that exists; an unknown entity is tolerated silently (as the reference).
      // AG-UI 1.1: the value's type comes with it and is kept with it.
      const type = encryptedValueType(event);
      if (event.subtype === "tool-call") {
        const call = thread.call(event.entityId);
        if (call !== undefined) {
          call.encryptedValue.value = event.encryptedValue;
          call.encryptedValueType.value = type;
        }
      } else {
        const node = thread.node(event.entityId);
        if (node !== undefined && node.role !== "activity") node.setEncryptedValue(event.encryptedValue, type);
      }
      return;
    }
    case "CUSTOM": {
      const claims = thread.hub.claims;
      const claim = claims.size === 0 ? undefined : claims.get(event.name);
      if (claim === undefined) {
        if (isTamboEvent(event.name)) tamboUnfolded(thread, event);
        return;
      }
      try {
        claim(event, thread);
      } catch (error) {
        thread.warn({
          code: "CUSTOM_FOLD_FAILED",
          message: DEV ? `The handler claiming CUSTOM '${event.name}' threw: ${error instanceof Error ? error.message : String(error)}` : "",
          event,
        });
      }
      return;
    }
    case "SUBAGENT_STARTED":
      return thread.lanes.started(event);
    case "SUBAGENT_FINISHED":
      return thread.lanes.finished(event);
    case "SUBAGENT_ERROR":
      return thread.lanes.failed(event);
    // Span markers and pass-through events change nothing in the graph; they reach listeners
    // through `onEvent` / `onRaw`.
    case "REASONING_START":
    case "REASONING_END":
    case "RAW":
      return;
    case "TEXT_MESSAGE_CHUNK":
    case "TOOL_CALL_CHUNK":
    case "REASONING_MESSAGE_CHUNK":
      throw new FoldError(
        "MALFORMED_PAYLOAD",
        DEV ? `${event.type} must be expanded by the pipeline (createPipeline) before it is folded.` : "",
        event.type,
      );
    default: {
      const unknown: never = event;
      thread.warn({
        code: "UNKNOWN_EVENT",
        message: DEV ? `foldEvent: unknown event type '${String((unknown as { type?: unknown }).type)}' was dropped.` : "",
        event: unknown,
      });
    }
  }
}
