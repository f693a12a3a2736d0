// Deterministic workload generator. Every lane of a workload is fed the very same event objects
// (or, for the memory workload, the very same wire lines), so differences between lanes are
// the clients' own costs and never the inputs'. Same seed → same streams on every machine.
import type { AGUIEvent, Message } from "@ag-ui/core";

/** mulberry32: tiny, fast, good enough to vary lengths and words; not for anything secret. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ["ka", "lo", "mi", "ner", "sto", "va", "que", "ri", "dé", "pun", "sha", "to", "zem", "fa", "el"];
const PUNCTUATION = [" ", " ", " ", " ", ", ", ". ", "\n"];

/**
 * Prose-like text of exactly `length` UTF-16 units (BMP only, so any split point is valid).
 * Built with join, so the result is a flat string: a `+=`-built rope would be flattened later,
 * in the middle of some lane's measurement, and distort its heap numbers.
 */
export function prose(random: () => number, length: number): string {
  const parts: string[] = [];
  let size = 0;
  while (size < length) {
    const syllables = 1 + Math.floor(random() * 3);
    for (let i = 0; i < syllables; i++) {
      const syllable = SYLLABLES[Math.floor(random() * SYLLABLES.length)]!;
      parts.push(syllable);
      size += syllable.length;
    }
    const mark = PUNCTUATION[Math.floor(random() * PUNCTUATION.length)]!;
    parts.push(mark);
    size += mark.length;
  }
  return parts.join("").slice(0, length);
}

/** Cuts `text` into pieces of 3–5 characters (about 4, the size of a model token). */
function cutIntoTokens(random: () => number, text: string): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; ) {
    const size = 3 + Math.floor(random() * 3);
    pieces.push(text.slice(at, at + size));
    at += size;
  }
  return pieces;
}

export const THREAD_ID = "bench-thread";
export const RUN_ID = "bench-run";
export const LIVE_MESSAGE_ID = "live";

/** `count` prior messages, alternating user / assistant, 200–600 characters each. */
export function priorMessages(count: number, seed = 1): Message[] {
  const random = createRandom(seed);
  const messages: Message[] = [];
  for (let i = 0; i < count; i++) {
    const content = prose(random, 200 + Math.floor(random() * 400));
    messages.push(i % 2 === 0 ? { id: `m${i}`, role: "user", content } : { id: `m${i}`, role: "assistant", content });
  }
  return messages;
}

export interface TextStream {
  priors: Message[];
  /** RUN_STARTED and TEXT_MESSAGE_START of the live message: set-up, never timed. */
  head: AGUIEvent[];
  /** The TEXT_MESSAGE_CONTENT events: the timed part. */
  deltas: AGUIEvent[];
  /** TEXT_MESSAGE_END and RUN_FINISHED. */
  tail: AGUIEvent[];
  /** The live message's text once every delta is applied, to check each lane's result. */
  text: string;
}

/** W1: `deltaCount` deltas of about 4 characters streamed after `priorCount` prior messages. */
export function textStream(priorCount: number, deltaCount = 2000): TextStream {
  const random = createRandom(2);
  const pieces = cutIntoTokens(random, prose(random, deltaCount * 6)).slice(0, deltaCount);
  return {
    priors: priorMessages(priorCount),
    head: [
      { type: "RUN_STARTED", threadId: THREAD_ID, runId: RUN_ID } as AGUIEvent,
      { type: "TEXT_MESSAGE_START", messageId: LIVE_MESSAGE_ID, role: "assistant" } as AGUIEvent,
    ],
    deltas: pieces.map((delta) => ({ type: "TEXT_MESSAGE_CONTENT", messageId: LIVE_MESSAGE_ID, delta }) as AGUIEvent),
    tail: [
      { type: "TEXT_MESSAGE_END", messageId: LIVE_MESSAGE_ID } as AGUIEvent,
      { type: "RUN_FINISHED", threadId: THREAD_ID, runId: RUN_ID } as AGUIEvent,
    ],
    text: pieces.join(""),
  };
}

export interface ToolArgsStream {
  /** The complete JSON text of the arguments. */
  json: string;
  /** The same text cut into 10-character deltas. */
  deltas: string[];
}

/**
 * W2: tool-call arguments shaped like a real "render this table" call — nested objects, arrays,
 * numbers, booleans, nulls, escapes and non-ASCII text — grown until the text reaches `bytes`.
 */
export function toolArgsStream(bytes: number): ToolArgsStream {
  const random = createRandom(3);
  const rows: unknown[] = [];
  const value = { title: prose(random, 40), locale: "fr-CH", rows };
  for (let id = 1; JSON.stringify(value).length < bytes; id++) {
    rows.push({
      id,
      name: prose(random, 8 + Math.floor(random() * 24)),
      note: random() < 0.2 ? `says "${prose(random, 6)}"\n` : null,
      price: Math.round(random() * 100_000) / 100,
      active: random() < 0.5,
      tags: [prose(random, 4).trim(), prose(random, 5).trim()],
    });
  }
  const json = JSON.stringify(value);
  const deltas: string[] = [];
  for (let at = 0; at < json.length; at += 10) deltas.push(json.slice(at, at + 10));
  return { json, deltas };
}

/**
 * W2, second shape: arguments shaped like a "write this file" call — a few short fields and one
 * long string (markdown with code, quotes, escapes, non-ASCII and emoji) that grows until the text
 * reaches `bytes`. Most of a large tool call's bytes are in such a string field.
 */
export function documentArgsStream(bytes: number): ToolArgsStream {
  const random = createRandom(5);
  const lines: string[] = [];
  const value = { path: "docs/guide.md", language: "markdown", overwrite: true, content: "" };
  const frame = JSON.stringify(value).length;
  for (let size = frame; size < bytes; size = frame + JSON.stringify(value.content).length - 2) {
    const kind = random();
    if (kind < 0.1) lines.push(`## ${prose(random, 12 + Math.floor(random() * 20)).trim()}`);
    else if (kind < 0.2) lines.push('```ts\nconst greeting = "héllo\\tworld";\n```');
    else if (kind < 0.25) lines.push(`> “${prose(random, 30)}” — 🚀 ünïcode`);
    else lines.push(prose(random, 40 + Math.floor(random() * 80)));
    value.content = lines.join("\n");
  }
  const json = JSON.stringify(value);
  const deltas: string[] = [];
  for (let at = 0; at < json.length; at += 10) deltas.push(json.slice(at, at + 10));
  return { json, deltas };
}

export interface StateStream {
  /** The initial state: an object of `keys` keys, a mix of scalars and small nested objects. */
  initial: Record<string, unknown>;
  /** One STATE_DELTA per patch operation. */
  events: AGUIEvent[];
}

const keyName = (i: number): string => `k${String(i).padStart(4, "0")}`;

/**
 * W3: `eventCount` single-operation STATE_DELTA events on a `keys`-key state. Operations mix
 * top-level replaces, nested replaces and appends to nested arrays; every path exists when its
 * event arrives, so every lane applies every event.
 */
export function stateStream(keys = 1000, eventCount = 5000): StateStream {
  const random = createRandom(4);
  const initial: Record<string, unknown> = {};
  for (let i = 0; i < keys; i++) {
    initial[keyName(i)] =
      i % 3 === 0 ? { label: prose(random, 12), count: i, items: [i, i + 1] } : i % 3 === 1 ? i * 1.5 : prose(random, 16);
  }
  const events: AGUIEvent[] = [];
  for (let n = 0; n < eventCount; n++) {
    const i = Math.floor(random() * keys);
    const key = keyName(i);
    let op: unknown;
    if (i % 3 !== 0) op = { op: "replace", path: `/${key}`, value: i % 3 === 1 ? n : prose(random, 16) };
    else if (n % 2 === 0) op = { op: "replace", path: `/${key}/count`, value: n };
    else op = { op: "add", path: `/${key}/items/-`, value: n };
    events.push({ type: "STATE_DELTA", delta: [op] } as AGUIEvent);
  }
  return { initial, events };
}

/**
 * Memory workload: a whole `messageCount`-message conversation streamed in one run, each
 * message as START, one CONTENT carrying its whole text, END. `lines()` produces the wire lines
 * (JSON text) lazily, each a fresh string, as an SSE decoder would: a lane that keeps a string
 * parsed from a line may keep that line alive (V8 can slice parsed strings from their source),
 * and that is counted against the lane, as it would be in an app.
 */
export function threadWire(messageCount: number): { messageCount: number; lines(): Generator<string> } {
  const messages = priorMessages(messageCount);
  return {
    messageCount,
    *lines() {
      yield JSON.stringify({ type: "RUN_STARTED", threadId: THREAD_ID, runId: RUN_ID });
      for (const { id: messageId, role, content } of messages) {
        yield JSON.stringify({ type: "TEXT_MESSAGE_START", messageId, role });
        yield JSON.stringify({ type: "TEXT_MESSAGE_CONTENT", messageId, delta: content });
        yield JSON.stringify({ type: "TEXT_MESSAGE_END", messageId });
      }
      yield JSON.stringify({ type: "RUN_FINISHED", threadId: THREAD_ID, runId: RUN_ID });
    },
  };
}
