import type { WarningHandler } from "../errors.js";
import { ownJson } from "../json/json-value.js";
import type { ThreadImpl } from "../model/thread.js";
import type { Context, Message, ResumeEntry, RunAgentInput, Tool } from "../protocol/events.js";
import { PROTOCOL_VERSION } from "../protocol/version.js";
import { outgoingMessage, type PeerProfile } from "./outgoing-compat.js";

/** What the caller gives a run (from `RunParams` or the loop's options). */
export interface RunInputParts {
  readonly tools: readonly Tool[];
  readonly context: readonly Context[];
  readonly forwardedProps: unknown;
  readonly resume: readonly ResumeEntry[] | undefined;
}

/** The caller's parts of a run's input, copied and frozen. */
export interface OwnedRunParts {
  readonly tools: Tool[];
  readonly context: Context[];
  readonly forwardedProps: unknown;
  readonly resume: ResumeEntry[] | undefined;
}

/**
 * Copies the caller's tools, context, forwardedProps and resume, so later changes cannot reach a
 * run already under way. Done before anything is written to the thread: a value that cannot be
 * copied (a circular one throws `CircularValueError`, naming its path) refuses the run unchanged.
 */
export function ownRunParts(parts: RunInputParts): OwnedRunParts {
  return {
    tools: ownJson(parts.tools, "tools") as Tool[],
    context: ownJson(parts.context, "context") as Context[],
    forwardedProps: ownJson(parts.forwardedProps === undefined ? {} : parts.forwardedProps, "forwardedProps"),
    resume: parts.resume === undefined ? undefined : (ownJson(parts.resume, "resume") as ResumeEntry[]),
  };
}

/**
 * The `RunAgentInput` of one run, a deep-frozen copy: it is what subscribers and middleware see,
 * and what the source sends. Messages are the thread's AG-UI projection without activity messages
 * (they are the client's own UI, as in the reference), adapted to the peer's version. The thread's
 * state is copied too (the model keeps it unfrozen for fast patching, so it must not be frozen in
 * place); the caller's parts come already copied. O(thread + state) once per run — never per event.
 */
export function buildRunInput(
  thread: ThreadImpl,
  ids: { readonly threadId: string; readonly runId: string; readonly parentRunId: string | undefined },
  owned: OwnedRunParts,
  profile: PeerProfile,
  warn: WarningHandler,
): RunAgentInput {
  return Object.freeze({
    threadId: ids.threadId,
    runId: ids.runId,
    ...(profile.declaresVersion ? { protocolVersion: PROTOCOL_VERSION } : {}),
    ...(ids.parentRunId !== undefined && !profile.flattensContent ? { parentRunId: ids.parentRunId } : {}),
    state: ownJson(thread.state.peek()),
    messages: outgoingMessages(thread, profile, warn),
    tools: owned.tools,
    context: owned.context,
    forwardedProps: owned.forwardedProps,
    ...(owned.resume !== undefined ? { resume: owned.resume } : {}),
  });
}

/** The same input with other messages and state (a subscriber's `onRunInitialized` mutation). */
export function withThreadContent(
  input: RunAgentInput,
  thread: ThreadImpl,
  profile: PeerProfile,
  warn: WarningHandler,
): RunAgentInput {
  return Object.freeze({
    ...input,
    state: ownJson(thread.state.peek()),
    messages: outgoingMessages(thread, profile, warn),
  });
}

/**
 * A frozen copy: message projections may share values with the graph that it keeps unfrozen.
 * Projected straight from the nodes into one array of the thread's length (no list of every
 * projection first, no growing copies): the one O(thread) copy a run makes.
 */
function outgoingMessages(thread: ThreadImpl, profile: PeerProfile, warn: WarningHandler): Message[] {
  const nodes = thread.list.peek();
  const out = new Array<Message>(nodes.length);
  let count = 0;
  // Indexed: once per message of the thread, often before the engine has compiled this.
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (node.role === "activity") continue;
    out[count++] = frozenProjection(outgoingMessage(node.toMessage(), profile, warn));
  }
  out.length = count;
  return Object.freeze(out) as Message[];
}

/**
 * `message`, a projection made for this input (nobody else holds it), frozen: in place when every
 * field is a primitive — most messages: an id, a role and a string — since a copy of it would be
 * the same; else copied with `ownJson`, as its nested values may be the graph's own.
 */
function frozenProjection(message: Message): Message {
  if (Object.getPrototypeOf(message) !== Object.prototype) return ownJson(message);
  for (const key in message) {
    const value = (message as unknown as Record<string, unknown>)[key];
    if (typeof value === "object" && value !== null) return ownJson(message);
  }
  return Object.freeze(message);
}
