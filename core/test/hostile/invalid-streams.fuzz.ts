// The invalid-stream fuzz, shared by the bounded run in the test command
// (invalid-streams.test.ts) and the campaign run by hand (scripts/fuzz-campaign.mjs, which sets
// FUZZ_RUNS). Valid streams come from the differential test's generator; these arbitraries break
// them: reorder, drop, duplicate and insert events, corrupt fields, cut the stream short, and at
// the byte level re-frame, split, truncate and litter the SSE body.
import fc from "fast-check";
import type { Message } from "@ag-ui/core";
import {
  createThread,
  fromEvents,
  ThreadlineError,
  type AgentSource,
  type AGUIEvent,
} from "../../src/index.js";
import { foldEvent } from "../../src/fold/index.js";
import { RunLoop, type RunResult } from "../../src/run/index.js";
import { streamArbitrary } from "../fold/stream-generator.js";

/** Cases per property: a few seconds' worth in the test command, more with FUZZ_RUNS. */
export const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
/** A seed to replay a campaign's failure (`FUZZ_SEED`). */
export const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
export const fuzzParameters = { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) };

type Raw = unknown;

function deepValue(levels: number): unknown {
  let value: unknown = 0;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

/** What a hostile backend puts where a field belongs. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, 0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, "", "x".repeat(300), [], {}),
  fc.constantFrom({ __proto__: { polluted: true } }, JSON.parse('{"__proto__":{"polluted":true}}'), { constructor: { prototype: 1 } }),
  // 12,000 levels: past what JSON.stringify can write back (about 4,000) and past MAX_JSON_DEPTH.
  fc.constantFrom(deepValue(12_000), deepValue(1200), deepValue(40), "/__proto__/x", "a\u0000b", "\ud800"),
  fc.string(),
  fc.integer(),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Events of every kind, shaped or not, to insert anywhere. */
const strayEvent: fc.Arbitrary<Raw> = fc.oneof(
  fc.record({
    type: fc.constantFrom(
      "RUN_STARTED",
      "RUN_FINISHED",
      "RUN_ERROR",
      "TEXT_MESSAGE_START",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_END",
      "TOOL_CALL_START",
      "TOOL_CALL_ARGS",
      "TOOL_CALL_END",
      "TOOL_CALL_RESULT",
      "STATE_DELTA",
      "STATE_SNAPSHOT",
      "MESSAGES_SNAPSHOT",
      "ACTIVITY_DELTA",
      "CUSTOM",
      "STEP_FINISHED",
      "NOT_AN_EVENT",
    ),
    threadId: fc.constantFrom("t", "other"),
    runId: fc.constantFrom("run-1", "run-2", "stray"),
    messageId: fc.constantFrom("m0", "m1", "u0", "a0", "ghost"),
    toolCallId: fc.constantFrom("tc0", "tc1", "tc-init", "ghost"),
    toolCallName: fc.constantFrom("lookup", "x"),
    delta: fc.oneof(fc.string(), fc.constant([{ op: "add", path: "/__proto__/p", value: 1 }]), hostileValue),
    message: fc.string(),
    role: fc.constantFrom("assistant", "user", "tool", "narrator"),
    snapshot: hostileValue,
    messages: hostileValue,
    content: hostileValue,
  }, { requiredKeys: ["type"] }),
  hostileValue,
);

type Mutation =
  | { kind: "drop"; at: number }
  | { kind: "duplicate"; at: number }
  | { kind: "swap"; at: number; with: number }
  | { kind: "insert"; at: number; event: Raw }
  | { kind: "corrupt"; at: number; key: number; value: unknown }
  | { kind: "unset"; at: number; key: number }
  | { kind: "truncate"; at: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("drop" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("duplicate" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("swap" as const), at: fc.nat(), with: fc.nat() }),
  fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), event: strayEvent }),
  fc.record({ kind: fc.constant("corrupt" as const), at: fc.nat(), key: fc.nat(), value: hostileValue }),
  fc.record({ kind: fc.constant("corrupt" as const), at: fc.nat(), key: fc.nat(), value: hostileValue }),
  fc.record({ kind: fc.constant("unset" as const), at: fc.nat(), key: fc.nat() }),
  fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
);

function mutate(events: readonly Raw[], mutations: readonly Mutation[]): Raw[] {
  const out = events.map((event) => (typeof event === "object" && event !== null ? { ...event } : event));
  for (const m of mutations) {
    if (out.length === 0) break;
    const at = m.at % out.length;
    switch (m.kind) {
      case "drop":
        out.splice(at, 1);
        break;
      case "duplicate":
        out.splice(at, 0, out[at]);
        break;
      case "swap": {
        const other = m.with % out.length;
        [out[at], out[other]] = [out[other], out[at]];
        break;
      }
      case "insert":
        out.splice(at, 0, m.event);
        break;
      case "corrupt":
      case "unset": {
        const event = out[at];
        if (typeof event !== "object" || event === null) break;
        const keys = Object.keys(event);
        const key = keys[m.key % keys.length]!;
        const copy: Record<string, unknown> = { ...(event as Record<string, unknown>) };
        if (m.kind === "unset") delete copy[key];
        else copy[key] = m.value;
        out[at] = copy;
        break;
      }
      case "truncate":
        out.length = at;
        break;
      default: {
        const never: never = m;
        throw new Error(`unknown mutation ${JSON.stringify(never)}`);
      }
    }
  }
  return out;
}

export interface InvalidStream {
  readonly init: { readonly messages: Message[]; readonly state: unknown };
  readonly events: Raw[];
}

export const invalidStream: fc.Arbitrary<InvalidStream> = fc
  .tuple(streamArbitrary, fc.array(mutation, { minLength: 1, maxLength: 6 }))
  .map(([stream, mutations]) => ({ init: stream.init, events: mutate(stream.events, mutations) }));

/** A run that answers well, with the request's own ids. */
export function goodRun(threadId: string, runId: string, text: string): object[] {
  return [
    { type: "RUN_STARTED", threadId, runId },
    { type: "TEXT_MESSAGE_START", messageId: `good-${runId}`, role: "assistant" },
    { type: "TEXT_MESSAGE_CONTENT", messageId: `good-${runId}`, delta: text },
    { type: "TEXT_MESSAGE_END", messageId: `good-${runId}` },
    { type: "RUN_FINISHED", threadId, runId },
  ];
}

/** Rejects when `promise` has not settled within `ms`: a hang is a failure, never a stuck test. */
export function bounded<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`hang: ${what} did not settle within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface CaseReport {
  readonly first: RunResult;
  readonly second: RunResult;
  /** Problems found: empty when every property held. */
  readonly problems: string[];
}

/**
 * Runs one invalid stream through a RunLoop and checks the properties: only ThreadlineErrors
 * (never INTERNAL_ERROR, which wraps a raw exception), settled in bounded time, the thread equal
 * to a fresh fold of exactly the events the loop handed on, and a good run working afterwards.
 */
export async function checkCase(stream: InvalidStream, source: AgentSource = fromEventsThenGood(stream.events)): Promise<CaseReport> {
  const problems: string[] = [];
  const reported: unknown[] = [];
  const folded: AGUIEvent[] = [];
  const thread = createThread({ threadId: "t", messages: stream.init.messages, state: stream.init.state, onWarning: () => undefined });
  let n = 0;
  const loop = new RunLoop({
    source,
    thread,
    createId: () => `run-${++n}`,
    terminalGraceMs: 0,
    onWarning: () => undefined,
    onError: (error) => void reported.push(error),
    subscribers: [{ onEvent: ({ event }) => void folded.push(event) }],
  });
  const first = await bounded(loop.run(), 5000, "the invalid run");
  if (first.status === "failed") {
    if (!(first.error instanceof ThreadlineError)) problems.push(`failed with a non-Threadline error: ${String(first.error)}`);
    else if (first.error.code === "INTERNAL_ERROR") problems.push(`INTERNAL_ERROR: ${first.error.message}`);
  }
  for (const error of reported) {
    if (!(error instanceof ThreadlineError) || error.code === "INTERNAL_ERROR" || error.code === "RUN_SETTLE_FAILED") {
      problems.push(`reported: ${String(error)}`);
    }
  }
  // What the loop handed on, folded afresh, is exactly the thread: nothing else changed it.
  const reference = createThread({ threadId: "t", messages: stream.init.messages, state: stream.init.state, onWarning: () => undefined });
  for (const event of folded) {
    try {
      foldEvent(reference, event);
    } catch (error) {
      if (!(error instanceof ThreadlineError)) problems.push(`the reference fold threw ${String(error)}`);
    }
  }
  const got = JSON.stringify({ m: thread.toMessages(), s: thread.state.peek() });
  const want = JSON.stringify({ m: reference.toMessages(), s: reference.state.peek() });
  if (got !== want) problems.push(`the thread is not the fold of the events handed on:\n got ${got.slice(0, 400)}\nwant ${want.slice(0, 400)}`);
  // The loop is usable for a good run afterwards.
  // Interrupts the broken run left pending are answered (cancelled) first, as a user would.
  const resume = thread.pendingInterrupts.peek().map((interrupt) => ({ interruptId: interrupt.id, status: "cancelled" as const }));
  const second = await bounded(loop.run(resume.length > 0 ? { resume } : {}), 5000, "the good run after it");
  if (second.status !== "succeeded") problems.push(`the following good run ended ${second.status}${second.status === "failed" ? `: ${second.error.message}` : ""}`);
  else if (!thread.toMessages().some((m) => m.content === "recovered")) problems.push("the following good run's message is missing");
  loop.dispose();
  return { first, second, problems };
}

/** First run: `events`; every later run: a good answer with the request's ids. */
export function fromEventsThenGood(events: readonly Raw[]): AgentSource {
  let runs = 0;
  return {
    run: (input, sink) => (runs++ === 0 ? fromEvents(events) : fromEvents(goodRun(input.threadId, input.runId, "recovered"))).run(input, sink),
  };
}

// ---- byte level: SSE framing ----

export const EOLS = ["\n", "\r\n", "\r"] as const;

/** One event as SSE, decorated the ways servers do (comments, ignored fields), with one line ending. */
export function sseEvent(event: unknown, eol: string, decorate: number): string {
  const extra = [": ping", "id: 12", "event: message", "retry: 50"].slice(0, decorate % 5).map((line) => line + eol).join("");
  return `${extra}data: ${JSON.stringify(event)}${eol}${eol}`;
}

export const framing = fc.record({
  eols: fc.array(fc.nat(2), { minLength: 1, maxLength: 8 }),
  decorations: fc.array(fc.nat(6), { minLength: 1, maxLength: 8 }),
  cuts: fc.array(fc.nat(), { maxLength: 40 }),
  garbage: fc.array(fc.record({ at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 6 }) }), { maxLength: 3 }),
});
