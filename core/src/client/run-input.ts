import type { WarningHandler } from "../errors.js";
import { ownJson } from "../model/frozen.js";
import type { Thread } from "../model/types.js";
import type { Context, Message, ResumeEntry, RunAgentInput, Tool } from "../protocol/events.js";
import { PROTOCOL_VERSION } from "../protocol/version.js";
import { outgoingMessage, type PeerProfile } from "./outgoing-compat.js";

export interface RunInputParts {
  readonly threadId: string;
  readonly runId: string;
  readonly tools: readonly Tool[];
  readonly context: readonly Context[];
  readonly forwardedProps: unknown;
  readonly resume: readonly ResumeEntry[] | undefined;
  readonly parentRunId: string | undefined;
}

/**
 * The `RunAgentInput` of one run, a deep-frozen copy: it is what subscribers and middleware see,
 * and what the source sends. Messages are the thread's AG-UI projection without activity messages
 * (they are the client's own UI, as in the reference), adapted to the peer's version. Everything
 * is copied — the thread's state (the model keeps it unfrozen for fast patching, so it must not
 * be frozen in place) and the caller's tools, context, forwardedProps and resume, so later changes
 * cannot reach a run already under way. O(thread + state) once per run — never per event.
 */
export function buildRunInput(
  thread: Thread,
  parts: RunInputParts,
  profile: PeerProfile,
  warn: WarningHandler,
): RunAgentInput {
  return Object.freeze({
    threadId: parts.threadId,
    runId: parts.runId,
    ...(profile.declaresVersion ? { protocolVersion: PROTOCOL_VERSION } : {}),
    ...(parts.parentRunId !== undefined && !profile.flattensContent ? { parentRunId: parts.parentRunId } : {}),
    state: ownJson(thread.state.peek()),
    messages: outgoingMessages(thread.toMessages(), profile, warn),
    tools: ownJson(parts.tools) as Tool[],
    context: ownJson(parts.context) as Context[],
    forwardedProps: ownJson(parts.forwardedProps === undefined ? {} : parts.forwardedProps),
    ...(parts.resume !== undefined ? { resume: ownJson(parts.resume) as ResumeEntry[] } : {}),
  });
}

/** The same input with other messages and state (a subscriber's `onRunInitialized` mutation). */
export function withThreadContent(
  input: RunAgentInput,
  thread: Thread,
  profile: PeerProfile,
  warn: WarningHandler,
): RunAgentInput {
  return Object.freeze({
    ...input,
    state: ownJson(thread.state.peek()),
    messages: outgoingMessages(thread.toMessages(), profile, warn),
  });
}

/** A frozen copy: message projections may share values with the graph that it keeps unfrozen. */
function outgoingMessages(messages: readonly Message[], profile: PeerProfile, warn: WarningHandler): Message[] {
  const out: Message[] = [];
  for (const message of messages) {
    if (message.role === "activity") continue;
    out.push(outgoingMessage(message, profile, warn));
  }
  return ownJson(out);
}
