import type { Message } from "@ag-ui/core";
import { Signal, signal, type ReadonlySignal } from "@preact/signals-core";
import { jsonEqual, ownJson } from "../../json/json-value.js";
import type { ObjectShape } from "../../protocol/shape.js";
import { peekSlot, slotSignal, writeSlot, type LazySlot } from "./lazy-signal.js";
import type { Metadata } from "../types.js";

/**
 * The message nodes. A thread of 50,000 messages keeps one node each, so a node is kept small: a
 * finished message nobody watches holds its id, its content as a plain value, a few flag bits and
 * nothing else. Every signal is made on first read (lazy-signal.ts) and every rarely set field
 * lives in one `Rare` record made on the first such write. `id` and `role` never change: when a
 * message with the same id comes back with another role (or a tool message with another
 * `toolCallId`), the thread swaps in a new node. Helpers are TypeScript `private`, never `#`
 * methods: V8 stamps every instance of a class that has `#` methods with a brand, one more field
 * per node per such class (private fields cost nothing extra).
 */

/** The rarely set fields' values, each a lazy slot in `Rare`. */
interface RareValues {
  metadata: Metadata | undefined;
  subagentRunId: string | undefined;
  parentMessageId: string | undefined;
  encryptedValue: string | undefined;
  encryptedValueType: string | undefined;
  name: string | undefined;
  error: string | undefined;
}

type RareKey = keyof RareValues;

/**
 * What most nodes never have, in one record made on the first write of any of it: the rare
 * fields, unknown keys of a whole message, the signals of fields that live as bits otherwise, and
 * parts of a view made on first use (see the subclasses).
 */
export type Rare = { [K in RareKey]?: LazySlot<RareValues[K]> } & {
  /** The node's flags, once it has this record. */
  flags: number;
  /** A plain node's role when it is none of the four the flags encode (an unverified event's). */
  role?: string;
  /** @internal Keys of a whole message this model has no field for, kept so `toMessage` round-trips them. */
  extras?: Readonly<Record<string, unknown>>;
  streaming?: Signal<boolean>;
  /** @internal */
  textLog?: TextLog;
  /** @internal Text subscribers waiting for the content's signal (see `TextWaiter`), newest first. */
  textWaiting?: TextWaiter;
  /** An assistant message's parts, once they are more than its flags say (see assistant-node.ts). */
  parts?: unknown;
  /**
   * @internal Views following an assistant message's parts without their signal (`subscribeParts`):
   * the one follower itself (a Message of a long thread: no array), a list once there are more.
   */
  partsFollowers?: (() => void) | (() => void)[];
  /** @internal Subclass-owned objects made on first use (assistant text part, tool calls view, component). */
  textPart?: unknown;
  toolCalls?: ReadonlySignal<unknown>;
  component?: unknown;
  /** Plain and tool messages' media parts view, and a sent message's local previews. */
  attachments?: ReadonlySignal<unknown>;
  previews?: LazySlot<unknown>;
};

/**
 * Bookkeeping for `subscribeText` (text-stream.ts), made by the first text subscriber and dropped
 * with the last, so a view learns what one notification appended without comparing strings: every
 * write of `content` made through this node meanwhile counts (`writes`); `replacedAt` is the count
 * at the last write that was not an append; `deltas` holds the last TEXT_DELTA_LOG appended
 * deltas, slot = write count % the size, made by the first append (a view showing a thousand
 * finished messages subscribes to each, and most never get another token). A subscriber starts
 * from a reset, so it never needs a write made before it came, and a thread of thousands of
 * finished messages nobody shows keeps no logs.
 */
export interface TextLog {
  writes: number;
  /** @internal */
  replacedAt: number;
  subscribers: number;
  deltas: string[] | undefined;
}

/**
 * A text subscriber (`subscribeText`) of a node whose content has no signal: it hears the node's
 * own writes directly, each as it lands — no signal, effect or delta log, so a streamed token
 * costs a call, not a signal notification (and a view that mounts a thousand finished messages
 * makes nothing for them). While the content has no signal, only the node writes it. Once
 * something reads `content` (making its signal, which anyone may then write), the waiters are
 * woken with it and follow the signal instead. Linked through `nextWaiter`: no list to allocate.
 */
export interface TextWaiter {
  /** @internal */
  nextWaiter: TextWaiter | undefined;
  /** The content's signal now exists: follow it from now on. */
  wake(content: Signal<unknown>): void;
  /** @internal The node appended `delta` to its content (which had no signal). */
  appended(delta: string): void;
  /** @internal The node wrote its content whole (which had no signal). */
  replaced(): void;
}

/** Bits of `BaseNode.flags`. */
export const STREAMING = 1;
export const HAS_TOOL_CALLS_KEY = 2;
export const HAS_TEXT_PART = 4;
/** A plain node's role, as its index in `PLAIN_ROLES` (message-nodes.ts), in bits 3–5 of the flags. */
export const ROLE_SHIFT = 3;

export abstract class BaseNode {
  /**
   * @internal Vue's raw marker: a `ref`, `reactive` or Pinia store holding this object hands it
   * back as it is, since a deep proxy as `this` fails every `#` member's brand check.
   */
  get __v_skip(): true {
    return true;
  }

  /**
   * The flags while the node has no `Rare` record, then the record, which takes them along: one
   * field for both, since most nodes never get a record (8 bytes a node in a long thread).
   */
  #flagsOrRare: number | Rare = 0;

  constructor(readonly id: string) {}

  /** @internal Made on the first write of a rare field (see `Rare`). */
  get rare(): Rare | undefined {
    const held = this.#flagsOrRare;
    return typeof held === "number" ? undefined : held;
  }

  /** @internal The rare record, made now if there is none. */
  protected ensureRare(): Rare {
    const held = this.#flagsOrRare;
    return typeof held === "number" ? (this.#flagsOrRare = { flags: held }) : held;
  }

  /** @internal Booleans as bits (STREAMING…), each read through its signal once that is made. */
  get flags(): number {
    const held = this.#flagsOrRare;
    return typeof held === "number" ? held : held.flags;
  }

  set flags(value: number) {
    const held = this.#flagsOrRare;
    if (typeof held === "number") this.#flagsOrRare = value;
    else held.flags = value;
  }

  /** @internal The rare field's signal, made now if it was not yet (holding the value so far). */
  protected rareSignal<K extends RareKey>(key: K): Signal<RareValues[K]> {
    const rare = this.ensureRare();
    const made = slotSignal(rare[key] as LazySlot<RareValues[K]>);
    (rare as Record<string, unknown>)[key] = made;
    return made;
  }

  /** @internal */
  protected peekRare<K extends RareKey>(key: K): RareValues[K] {
    const rare = this.rare;
    return rare === undefined ? undefined : peekSlot(rare[key] as LazySlot<RareValues[K]>);
  }

  /** @internal Writes a rare field; writing `undefined` where nothing was set makes no record. */
  writeRare<K extends RareKey>(key: K, value: RareValues[K]): void {
    if (value === undefined && this.rare === undefined) return;
    const rare = this.ensureRare() as Record<string, unknown>;
    rare[key] = writeSlot(rare[key] as LazySlot<RareValues[K]>, value);
  }

  /** Made on first use: few messages have a parent (Tambo `tambo.message.parent`). */
  get parentMessageId(): Signal<string | undefined> {
    return this.rareSignal("parentMessageId");
  }

  get metadata(): Signal<Metadata | undefined> {
    return this.rareSignal("metadata");
  }

  /** @internal */
  peekMetadata(): Metadata | undefined {
    return this.peekRare("metadata");
  }

  get subagentRunId(): Signal<string | undefined> {
    return this.rareSignal("subagentRunId");
  }

  /** @internal */
  peekSubagentRunId(): string | undefined {
    return this.peekRare("subagentRunId");
  }

  /** @internal A null tag reads as absent (the reference deletes it). */
  setSubagentRunId(value: string | null | undefined): void {
    this.writeRare("subagentRunId", value ?? undefined);
  }

  abstract readonly role: Message["role"];

  /**
   * @internal Common part of `assign`: metadata, attribution, unknown keys. The keys this model has a field
   * for are the ones `shape` (the role's AG-UI message shape) describes; the subclasses pass it, so
   * a view that only reads nodes does not load the shape checks.
   */
  protected assignCommon(message: Message, shape: ObjectShape): void {
    // As assignJson: an equal value keeps the old object (and notifies no one). Neither here nor
    // there (most messages) is equal without a look.
    const metadata = message.metadata as Metadata | undefined;
    const rare = this.rare;
    if ((metadata !== undefined || rare?.metadata !== undefined) && !jsonEqual(this.peekMetadata(), metadata)) this.writeRare("metadata", ownJson(metadata));
    if (message.subagentRunId !== undefined || rare !== undefined) this.setSubagentRunId(message.subagentRunId);
    let extras: Record<string, unknown> | undefined;
    const known = shape.fields;
    // An indexed loop: a thread of a thousand initial messages runs this once each, mostly before
    // the engine has compiled it, where for-of's iterator calls cost more than the loop's body.
    const keys = Object.keys(message);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      if (known.has(key)) continue;
      (extras ??= {})[key] = (message as Record<string, unknown>)[key];
    }
    if (extras !== undefined) this.ensureRare().extras = ownJson(extras);
    else if (this.rare?.extras !== undefined) this.rare.extras = undefined;
  }

  /** @internal */
  protected commonFields(): Record<string, unknown> {
    const out: Record<string, unknown> = { id: this.id, role: this.role };
    // Everything below lives in the rare record, which most messages never get.
    if (this.rare === undefined) return out;
    const metadata = this.peekMetadata();
    if (metadata !== undefined) out.metadata = { ...metadata };
    const subagentRunId = this.peekSubagentRunId();
    if (subagentRunId !== undefined) out.subagentRunId = subagentRunId;
    const extras = this.rare?.extras;
    if (extras !== undefined) Object.assign(out, extras);
    return out;
  }

  abstract toMessage(): Message;
  /** Updates the signals from a whole message with this node's id and role. */
  abstract assign(message: Message): void;
}

/** Nodes that can carry streamed text (everything but activity). */
export abstract class TextBearingNode<C> extends BaseNode {
  /**
   * @internal The content: a plain value until the `content` signal is first read (lazy-signal.ts).
   * Not `#private`: the fold's append (streamed-writes.ts) writes it, loaded with the engine.
   */
  contentSlot: LazySlot<C>;

  constructor(id: string, content: C) {
    super(id);
    this.contentSlot = content;
  }

  /** The content's signal, made on first read. Internal code reads `peekContent()`. */
  get content(): Signal<C> {
    const slot = this.contentSlot;
    return slot instanceof Signal ? (slot as Signal<C>) : this.contentSignal(slot);
  }

  /** @internal Makes the content's signal, and hands it to the text subscribers waiting for it. */
  private contentSignal(value: C): Signal<C> {
    const made = (this.contentSlot = slotSignal(value));
    const rare = this.rare;
    let waiter = rare?.textWaiting;
    if (waiter !== undefined) rare!.textWaiting = undefined;
    while (waiter !== undefined) {
      const next = waiter.nextWaiter;
      waiter.nextWaiter = undefined;
      waiter.wake(made);
      waiter = next;
    }
    return made;
  }

  /**
   * @internal `waiter` hears the node's writes of the content from now (in the order waiters came),
   * until its signal is made; at once woken when the signal exists already.
   */
  waitForText(waiter: TextWaiter): void {
    const slot = this.contentSlot;
    if (slot instanceof Signal) return waiter.wake(slot);
    const rare = this.ensureRare();
    let last = rare.textWaiting;
    if (last === undefined) {
      rare.textWaiting = waiter;
      return;
    }
    while (last.nextWaiter !== undefined) last = last.nextWaiter;
    last.nextWaiter = waiter;
  }

  /** @internal `waiter` stops waiting (a no-op once it was woken). */
  stopWaiting(waiter: TextWaiter): void {
    const rare = this.rare;
    if (rare === undefined) return;
    if (rare.textWaiting === waiter) {
      rare.textWaiting = waiter.nextWaiter;
    } else {
      let at = rare.textWaiting;
      while (at !== undefined && at.nextWaiter !== waiter) at = at.nextWaiter;
      if (at !== undefined) at.nextWaiter = waiter.nextWaiter;
    }
    waiter.nextWaiter = undefined;
  }

  /** @internal */
  peekContent(): C {
    return peekSlot(this.contentSlot);
  }

  /**
   * @internal Writes the content: through its signal when there is one (every caller keeps the delta
   * log: `noteTextReplaced` before a whole write), else in place, then tells the waiting text
   * subscribers.
   */
  setContent(value: C): void {
    const slot = this.contentSlot;
    if (slot instanceof Signal) {
      (slot as Signal<C>).value = value;
      return;
    }
    this.contentSlot = value;
    const waiting = this.rare?.textWaiting;
    if (waiting !== undefined) tellWaiters(waiting, undefined);
  }

  /** @internal Sets the content from a whole message, keeping the old value when it is JSON-equal. */
  protected assignContent(value: C): void {
    this.noteTextReplaced();
    if (!jsonEqual(this.peekContent(), value)) this.setContent(ownJson(value));
  }

  // Written twice per streamed message (START, END) but read only by views: a bit until read.
  get streaming(): Signal<boolean> {
    const rare = this.ensureRare();
    return (rare.streaming ??= signal((this.flags & STREAMING) !== 0));
  }

  get encryptedValue(): Signal<string | undefined> {
    return this.rareSignal("encryptedValue");
  }

  /** @internal */
  peekEncryptedValue(): string | undefined {
    return this.peekRare("encryptedValue");
  }

  /** What `encryptedValue` is (AG-UI 1.1), kept and sent back with it. */
  get encryptedValueType(): Signal<string | undefined> {
    return this.rareSignal("encryptedValueType");
  }

  /** @internal The value and its type, written together: a value that comes without a type clears the old one. */
  setEncryptedValue(value: string | undefined, type?: string): void {
    this.writeRare("encryptedValue", value);
    this.writeRare("encryptedValueType", type);
  }

  /** @internal The encrypted value and its type onto an outgoing message. */
  encryptedFields(out: Record<string, unknown>): void {
    const value = this.peekEncryptedValue();
    if (value !== undefined) out["encryptedValue"] = value;
    const type = this.peekRare("encryptedValueType");
    if (type !== undefined) out["encryptedValueType"] = type;
  }

  /** @internal The delta log while a text subscriber exists (see `TextLog`). */
  get textLog(): TextLog | undefined {
    return this.rare?.textLog;
  }

  /** @internal A text subscriber came: the log is made with the first. */
  addTextSubscriber(): TextLog {
    const rare = this.ensureRare();
    const log = (rare.textLog ??= { writes: 0, replacedAt: 0, subscribers: 0, deltas: undefined });
    log.subscribers++;
    return log;
  }

  /** @internal A text subscriber left: the log goes with the last. */
  removeTextSubscriber(): void {
    const rare = this.rare;
    const log = rare?.textLog;
    if (log !== undefined && --log.subscribers === 0) rare!.textLog = undefined;
  }

  /** @internal Called before `content` is written as a whole (snapshot, restore). */
  protected noteTextReplaced(): void {
    const log = this.rare?.textLog;
    if (log !== undefined) log.replacedAt = ++log.writes;
  }
}

/**
 * Each waiter in turn is told of `delta` appended (undefined: the content written whole), the next
 * one taken before the call: a waiter may stop (or the signal be made, waking them all) while it is
 * told, and one told after being woken ignores it.
 */
export function tellWaiters(first: TextWaiter, delta: string | undefined): void {
  let waiter: TextWaiter | undefined = first;
  while (waiter !== undefined) {
    const next: TextWaiter | undefined = waiter.nextWaiter;
    if (delta === undefined) waiter.replaced();
    else waiter.appended(delta);
    waiter = next;
  }
}

/** How many appended deltas a node remembers for `subscribeText` (a power of two). */
export const TEXT_DELTA_LOG = 16;

/** A message's or tool call's `encryptedValueType` (AG-UI 1.1; @ag-ui/core 1.0's types do not list it). */
export function encryptedValueType(carrier: object): string | undefined {
  const type = (carrier as { encryptedValueType?: unknown }).encryptedValueType;
  return typeof type === "string" ? type : undefined;
}
