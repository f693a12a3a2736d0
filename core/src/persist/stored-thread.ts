import { DEV } from "esm-env";
import { MAX_JSON_DEPTH } from "../json/json-depth.js";
import { deeperThan } from "../json/deeper-than.js";
import { shortPointer } from "../json/short-pointer.js";
import type { Message } from "../protocol/events.js";

/** The format version this code writes. */
export const STORED_THREAD_VERSION = 1;

/** One thread as it sits in storage, under the key `threadId`. */
export interface StoredThread {
  readonly version: typeof STORED_THREAD_VERSION;
  readonly threadId: string;
  /** The thread projected to AG-UI messages, exactly what would be sent back to the agent. */
  readonly messages: readonly Message[];
  /** The agent's shared state (`STATE_SNAPSHOT` / `STATE_DELTA`), `undefined` when none. */
  readonly state: unknown;
  /** Milliseconds since the epoch when this record was written. */
  readonly savedAt: number;
  /**
   * Generative-UI components that AG-UI messages cannot carry (Tambo components), absent when
   * there are none. Optional, so records written before it existed still read as version 1.
   */
  readonly components?: readonly StoredComponent[];
  /**
   * The conversation tree (edited messages, regenerated answers): every branch but the active
   * path, which is `messages`. Absent when the conversation never forked; optional, so older
   * records still read as version 1. Its entries are checked one by one when applied.
   */
  readonly branches?: StoredBranches;
  /**
   * Set while a run was streaming from a server that logs it: a reload rejoins that run (rolled
   * back to the thread as it was when the run started, then replayed). Optional, like `components`.
   */
  readonly resume?: StoredResumePoint;
  /**
   * The thread's send queue (the `sendQueue` plug-in): user messages waiting to be sent, in order,
   * written in the same record as the messages, so a message moves from the one to the other in
   * one write. Optional, like `components`; its entries are checked one by one when read.
   */
  readonly queue?: readonly StoredQueuedMessage[];
}

/** A message of the send queue as stored (see `QueuedMessage`). */
export interface StoredQueuedMessage {
  /** The user message, as it will be sent (its id is the entry's). */
  readonly message: Message;
  /** `sending`: its run was started (the message is in `messages`); `failed`: that run failed, or it needs the user (see `error`). */
  readonly status: "queued" | "sending" | "failed";
  /** Why it failed: the error's code and message. */
  readonly error?: { readonly code: string; readonly message: string };
  /** It was sent once: a retry asks again for its answer rather than sending it twice. */
  readonly sent?: boolean;
  /** Files of the message too large to store (their names): after a reload they are gone. */
  readonly lostAttachments?: readonly string[];
  /** When it was queued (epoch ms). */
  readonly queuedAt: number;
}

/** The run a reload can rejoin, and the thread as it was when that run started. */
export interface StoredResumePoint {
  readonly runId: string;
  readonly messageCount: number;
  readonly state: unknown;
}

/** The conversation tree as stored (see the model's `MessageTree`). */
export interface StoredBranches {
  readonly forks: readonly {
    readonly position: number;
    readonly parentId: string | null;
    readonly active: number;
    /** Every alternative's messages; the active one is `null` (it is the record's `messages`). */
    readonly paths: readonly (readonly Message[] | null)[];
  }[];
  /** `[messageId, runId]`: the run that ended on that message. */
  readonly runEnds: readonly (readonly [string, string])[];
}

/**
 * A Tambo component as stored: enough to show it again after a reload. Components from activity
 * messages and renderable tool calls need no entry: the messages rebuild them.
 */
export interface StoredComponent {
  readonly id: string;
  readonly name: string;
  /** The assistant message whose parts hold it. */
  readonly messageId: string;
  /** Its position among that message's parts when stored. */
  readonly index: number;
  readonly props: Readonly<Record<string, unknown>>;
  readonly state: Readonly<Record<string, unknown>>;
  /** False when it was stored before its end arrived (a run cut short, a tab closed mid-stream). */
  readonly ended: boolean;
  readonly error?: { readonly code: string; readonly message: string };
}

/** What the caller hands over to be stored: the thread's messages and state at this moment. */
export interface ThreadContent {
  readonly messages: readonly Message[];
  readonly state?: unknown;
  readonly components?: readonly StoredComponent[];
  readonly branches?: StoredBranches;
  readonly resume?: StoredResumePoint;
  readonly queue?: readonly StoredQueuedMessage[];
}

/**
 * Upgrades a record this code cannot read as version 1: an older version, a record from before
 * versions existed (any JSON value, e.g. a bare message array), or a newer one you know how to
 * downgrade. Return a version-1 record, or `null` to declare it unreadable (it is then set aside).
 * A throw counts as `null`, with the thrown value kept as the error's cause.
 */
export type MigrateStoredThread = (stored: unknown, key: string) => StoredThread | null | undefined;

export type DecodedStoredThread =
  | { readonly kind: "record"; readonly record: StoredThread; readonly migrated: boolean }
  | { readonly kind: "corrupt"; readonly reason: string; readonly cause?: unknown }
  | { readonly kind: "unsupported-version"; readonly version: unknown; readonly cause?: unknown };

export function encodeStoredThread(threadId: string, snapshot: ThreadContent, savedAt: number): StoredThread {
  return {
    version: STORED_THREAD_VERSION,
    threadId,
    messages: snapshot.messages,
    state: snapshot.state,
    savedAt,
    ...(snapshot.components !== undefined && snapshot.components.length > 0 ? { components: snapshot.components } : {}),
    ...(snapshot.branches !== undefined ? { branches: snapshot.branches } : {}),
    ...(snapshot.resume !== undefined ? { resume: snapshot.resume } : {}),
    ...(snapshot.queue !== undefined && snapshot.queue.length > 0 ? { queue: snapshot.queue } : {}),
  };
}

/** A snapshot with nothing in it is stored as "no record" rather than as an empty record. */
export function isEmptySnapshot(snapshot: ThreadContent): boolean {
  return snapshot.messages.length === 0 && (snapshot.state === undefined || snapshot.state === null) && (snapshot.queue === undefined || snapshot.queue.length === 0);
}

/**
 * Reads a stored value: a valid version-1 record passes, anything with another version goes through
 * `migrate`, everything else is corrupt. Never throws.
 */
export function decodeStoredThread(value: unknown, key: string, migrate?: MigrateStoredThread): DecodedStoredThread {
  const version = isObject(value) ? value.version : undefined;
  if (version === STORED_THREAD_VERSION) {
    const problem = recordProblem(value, key);
    return problem === null
      ? { kind: "record", record: value as unknown as StoredThread, migrated: false }
      : { kind: "corrupt", reason: problem };
  }
  if (migrate === undefined) {
    return isObject(value) && typeof version === "number"
      ? { kind: "unsupported-version", version }
      : { kind: "corrupt", reason: DEV ? "not a thread record (no format version)" : "version" };
  }
  let migrated: StoredThread | null | undefined;
  try {
    migrated = migrate(value, key);
  } catch (cause) {
    return { kind: "unsupported-version", version, cause };
  }
  if (migrated === null || migrated === undefined) return { kind: "unsupported-version", version };
  const problem = recordProblem(migrated, key);
  return problem === null
    ? { kind: "record", record: migrated, migrated: true }
    : { kind: "corrupt", reason: DEV ? `migrate returned an invalid record: ${problem}` : problem };
}

/**
 * The levels a record puts around the values it holds (the record, a list, its entry: an activity
 * message's content sits at record.messages[i].content), so a record Threadline wrote from values
 * within MAX_JSON_DEPTH always reads back.
 */
const RECORD_LEVELS = 3;

/** What is wrong with a record, or null. Never "" on a problem: a production build says which field. */
function recordProblem(value: unknown, key: string): string | null {
  if (!isObject(value)) return DEV ? "not an object" : "record";
  // Before anything walks it: a record edited (or written by other code) to nest absurdly deep
  // is set aside like any other unreadable one, not a stack overflow.
  const deep = deeperThan(value, MAX_JSON_DEPTH + RECORD_LEVELS);
  if (deep !== undefined) return DEV ? `${shortPointer(deep)} nests more than ${MAX_JSON_DEPTH + RECORD_LEVELS} objects/arrays deep (MAX_JSON_DEPTH is ${MAX_JSON_DEPTH})` : shortPointer(deep);
  if (value.version !== STORED_THREAD_VERSION) return DEV ? `version is ${String(value.version)}, expected ${STORED_THREAD_VERSION}` : "version";
  if (value.threadId !== key) return DEV ? `threadId ${JSON.stringify(value.threadId)} does not match key "${key}"` : "threadId";
  if (typeof value.savedAt !== "number") return DEV ? "savedAt is not a number" : "savedAt";
  const messages = value.messages;
  if (!Array.isArray(messages)) return DEV ? "messages is not an array" : "messages";
  for (let i = 0; i < messages.length; i++) {
    const message: unknown = messages[i];
    if (!isObject(message) || typeof message.id !== "string" || typeof message.role !== "string") {
      return DEV ? `messages[${i}] has no string id and role` : `messages[${i}]`;
    }
  }
  // Entries are checked one by one when applied (a bad one is skipped); only the shape is judged here.
  if (value.components !== undefined && !Array.isArray(value.components)) return DEV ? "components is not an array" : "components";
  if (value.branches !== undefined && !isObject(value.branches)) return DEV ? "branches is not an object" : "branches";
  const resume = value.resume;
  if (resume !== undefined && (!isObject(resume) || typeof resume.runId !== "string" || !Number.isInteger(resume.messageCount) || (resume.messageCount as number) < 0)) {
    return DEV ? "resume has no string runId and whole messageCount" : "resume";
  }
  if (value.queue !== undefined && !Array.isArray(value.queue)) return DEV ? "queue is not an array" : "queue";
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
