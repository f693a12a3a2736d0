import type { Message } from "@ag-ui/core";
import { signal, type Signal } from "@preact/signals-core";
import { jsonEqual, ownJson } from "../json/json-value.js";
import { peekSlot, slotSignal, writeSlot, type LazySlot } from "./lazy-signal.js";
import { mergeMetadataInto } from "./metadata.js";
import type { Metadata } from "./types.js";

/**
 * The message nodes. Each is a handful of signals and no computed, so a thread of thousands of
 * messages stays cheap. `id` and `role` never change: when a message with the same id comes back
 * with another role (or a tool message with another `toolCallId`), the thread swaps in a new node.
 */

const COMMON_KEYS = ["id", "role", "metadata", "subagentRunId"];
const KNOWN_KEYS: Readonly<Record<Message["role"], ReadonlySet<string>>> = {
  user: new Set([...COMMON_KEYS, "content", "name", "encryptedValue"]),
  system: new Set([...COMMON_KEYS, "content", "name", "encryptedValue"]),
  developer: new Set([...COMMON_KEYS, "content", "name", "encryptedValue"]),
  assistant: new Set([...COMMON_KEYS, "content", "name", "encryptedValue", "toolCalls"]),
  tool: new Set([...COMMON_KEYS, "content", "toolCallId", "error", "encryptedValue"]),
  reasoning: new Set([...COMMON_KEYS, "content", "encryptedValue"]),
  activity: new Set([...COMMON_KEYS, "activityType", "content"]),
};

export abstract class BaseNode {
  // Rarely written fields stay plain values until their signal is first read (lazy-signal.ts):
  // internal code reads them with peek*() and writes them with set*(), which make no signal.
  #metadata: LazySlot<Metadata | undefined> = undefined;
  #subagentRunId: LazySlot<string | undefined> = undefined;
  /** Keys of a whole message this model has no signal for, kept so `toMessage` round-trips them. */
  private extras: Readonly<Record<string, unknown>> | undefined;

  constructor(readonly id: string) {}

  #parentMessageId: Signal<string | undefined> | undefined;

  /** Made on first use: few messages have a parent (Tambo `tambo.message.parent`). */
  get parentMessageId(): Signal<string | undefined> {
    return (this.#parentMessageId ??= signal(undefined));
  }

  get metadata(): Signal<Metadata | undefined> {
    return (this.#metadata = slotSignal(this.#metadata));
  }

  peekMetadata(): Metadata | undefined {
    return peekSlot(this.#metadata);
  }

  get subagentRunId(): Signal<string | undefined> {
    return (this.#subagentRunId = slotSignal(this.#subagentRunId));
  }

  peekSubagentRunId(): string | undefined {
    return peekSlot(this.#subagentRunId);
  }

  /** A null tag reads as absent (the reference deletes it). */
  setSubagentRunId(value: string | null | undefined): void {
    this.#subagentRunId = writeSlot(this.#subagentRunId, value ?? undefined);
  }

  abstract readonly role: Message["role"];

  /** Merges an event's metadata (no write when there is none). */
  mergeMetadata(incoming: Record<string, unknown> | undefined): void {
    if (incoming === undefined) return;
    this.#metadata = writeSlot(this.#metadata, mergeMetadataInto(this.peekMetadata(), incoming));
  }

  /** Common part of `assign`: metadata, attribution, unknown keys. */
  protected assignCommon(message: Message): void {
    // As assignJson: an equal value keeps the old object (and notifies no one).
    const metadata = message.metadata as Metadata | undefined;
    if (!jsonEqual(this.peekMetadata(), metadata)) this.#metadata = writeSlot(this.#metadata, ownJson(metadata));
    this.setSubagentRunId(message.subagentRunId);
    let extras: Record<string, unknown> | undefined;
    const known = KNOWN_KEYS[this.role];
    for (const key of Object.keys(message)) {
      if (known.has(key)) continue;
      (extras ??= {})[key] = (message as Record<string, unknown>)[key];
    }
    this.extras = extras === undefined ? undefined : ownJson(extras);
  }

  protected commonFields(): Record<string, unknown> {
    const out: Record<string, unknown> = { id: this.id, role: this.role };
    const metadata = this.peekMetadata();
    if (metadata !== undefined) out.metadata = { ...metadata };
    const subagentRunId = this.peekSubagentRunId();
    if (subagentRunId !== undefined) out.subagentRunId = subagentRunId;
    if (this.extras !== undefined) Object.assign(out, this.extras);
    return out;
  }

  abstract toMessage(): Message;
  /** Updates the signals from a whole message with this node's id and role. */
  abstract assign(message: Message): void;
}

/** Nodes that can carry streamed text (everything but activity). */
export abstract class TextBearingNode<C> extends BaseNode {
  abstract readonly content: Signal<C>;
  #encryptedValue: LazySlot<string | undefined> = undefined;
  // Written twice per streamed message (START, END) but read only by views: lazy as well.
  #streaming: LazySlot<boolean> = false;

  /**
   * Bookkeeping for `subscribeText` (text-stream.ts), so a view learns what one notification
   * appended without comparing strings: every write of `content` made through this node counts
   * (`textWrites`); `textReplacedAt` is the count at the last write that was not an append;
   * `recentDeltas` holds the last TEXT_DELTA_LOG appended deltas, slot = write count % the size,
   * only while `textSubscribers` > 0: a subscriber starts from a reset, so it never needs a delta
   * written before it came, and a thread of thousands of finished messages keeps no logs.
   */
  textWrites = 0;
  textReplacedAt = 0;
  textSubscribers = 0;
  recentDeltas: string[] | undefined;

  get streaming(): Signal<boolean> {
    return (this.#streaming = slotSignal(this.#streaming));
  }

  setStreaming(value: boolean): void {
    this.#streaming = writeSlot(this.#streaming, value);
  }

  get encryptedValue(): Signal<string | undefined> {
    return (this.#encryptedValue = slotSignal(this.#encryptedValue));
  }

  peekEncryptedValue(): string | undefined {
    return peekSlot(this.#encryptedValue);
  }

  setEncryptedValue(value: string | undefined): void {
    this.#encryptedValue = writeSlot(this.#encryptedValue, value);
  }

  /** TEXT_MESSAGE_CONTENT / REASONING_MESSAGE_CONTENT: one string signal, O(delta). */
  appendText(delta: string): void {
    const current = this.content.peek();
    const writes = ++this.textWrites;
    // Content parts (a multimodal message) become plain text: that is a replacement, not an append.
    if (current !== undefined && typeof current !== "string") this.textReplacedAt = writes;
    if (this.textSubscribers > 0) (this.recentDeltas ??= new Array<string>(TEXT_DELTA_LOG))[writes % TEXT_DELTA_LOG] = delta;
    (this.content as Signal<unknown>).value = (typeof current === "string" ? current : "") + delta;
  }

  /** Called by `assign` before it writes `content` as a whole (snapshot, restore). */
  protected noteTextReplaced(): void {
    this.textReplacedAt = ++this.textWrites;
  }
}

/** How many appended deltas a node remembers for `subscribeText` (a power of two). */
export const TEXT_DELTA_LOG = 16;
