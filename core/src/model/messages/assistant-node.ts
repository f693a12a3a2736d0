import { Signal, signal, type ReadonlySignal } from "@preact/signals-core";
import type { Message, ToolCall } from "@ag-ui/core";
import { peekSlot, writeSlot, type LazySlot } from "./lazy-signal.js";
import { HAS_TEXT_PART, HAS_TOOL_CALLS_KEY, TextBearingNode, encryptedValueType } from "./node-base.js";
import { MESSAGE_SHAPES } from "../../protocol/message-shapes.js";
import { ToolCallNodeImpl, toolCallsOf } from "../tool-calls/tool-call-node.js";
import type { AssistantPart, TextPart, ToolCallNode } from "../types.js";

const NO_PARTS: readonly AssistantPart[] = Object.freeze([]);

/** A message's text part: `content` an own, enumerable getter (JSON and spreads see it as before). */
function textPartOf(node: TextBearingNode<string | undefined>): TextPart {
  return Object.freeze({
    type: "text",
    get content() {
      return node.content;
    },
  });
}
const NO_CALLS: readonly ToolCallNodeImpl[] = Object.freeze([]);

/**
 * An assistant message: its text and its tool calls as `parts`, in arrival order. `parts` is
 * written when a part is added or removed, never per token.
 */
export class AssistantMessageNodeImpl extends TextBearingNode<string | undefined> {
  /**
   * @internal The parts, kept in the rare record (`Rare.parts`): a plain frozen array until the `parts`
   * signal is first read; absent while they are what the flags say (the text part when
   * HAS_TEXT_PART, else none), so a text-only message holds no array, no part object and no field
   * for them until a view asks.
   */
  get partsSlot(): LazySlot<readonly AssistantPart[]> | undefined {
    return this.rare?.parts as LazySlot<readonly AssistantPart[]> | undefined;
  }

  constructor(id: string, content: string | undefined) {
    super(id, content);
    if (content !== undefined) this.flags |= HAS_TEXT_PART;
  }

  // On the prototype: one field less per node.
  get role(): "assistant" {
    return "assistant";
  }

  /** @internal Whether `toolCalls` appears in the message (the reference distinguishes absent from `[]`). */
  get hasToolCallsKey(): boolean {
    return (this.flags & HAS_TOOL_CALLS_KEY) !== 0;
  }

  /** @internal */
  set hasToolCallsKey(value: boolean) {
    this.flags = value ? this.flags | HAS_TOOL_CALLS_KEY : this.flags & ~HAS_TOOL_CALLS_KEY;
  }

  get parts(): Signal<readonly AssistantPart[]> {
    const slot = this.partsSlot;
    if (slot instanceof Signal) return slot as Signal<readonly AssistantPart[]>;
    const made = signal(this.peekParts());
    this.ensureRare().parts = made;
    return made;
  }

  /** @internal The parts now, without making their signal. */
  peekParts(): readonly AssistantPart[] {
    const slot = this.partsSlot;
    if (slot === undefined) return (this.flags & HAS_TEXT_PART) !== 0 ? Object.freeze([this.textPart]) : NO_PARTS;
    return peekSlot(slot);
  }

  /**
   * @internal Writes the parts. Parts are added by the fold (a streamed tool call, fold/tool-calls.ts) and by
   * generative UI (components/component-parts.ts), each from the parts it reads.
   */
  setParts(parts: readonly AssistantPart[]): void {
    const rare = this.ensureRare();
    rare.parts = writeSlot(rare.parts as LazySlot<readonly AssistantPart[]>, parts);
    const followers = rare.partsFollowers;
    // Views following the parts without their signal (views.ts subscribeParts): one, or a list
    // (a copy either way: a follower may stop while it is told).
    if (followers !== undefined) for (const changed of [followers].flat()) changed();
  }

  /**
   * @internal The text part, made on first use (the fold joins it to the parts: fold/text.ts). Its `content` is the content signal, read through
   * the part: reading the parts (a Message's `useMessageParts`, which skips the text part and shows
   * the text with `streamText`) makes no content signal, so the text subscriber keeps hearing each
   * token from the node directly, with no signal write, notification or delta log.
   */
  get textPart(): TextPart {
    const rare = this.ensureRare();
    return (rare.textPart ??= textPartOf(this)) as TextPart;
  }

  /** Made on first read (lazy-signal.ts). */
  get name(): Signal<string | undefined> {
    return this.rareSignal("name");
  }

  /** @internal */
  setName(value: string | undefined): void {
    this.writeRare("name", value);
  }

  get toolCalls(): ReadonlySignal<readonly ToolCallNode[]> {
    const rare = this.ensureRare();
    return (rare.toolCalls ??= toolCallsOf(this.parts)) as ReadonlySignal<readonly ToolCallNode[]>;
  }

  /** @internal The message's tool calls, in part order (a list, not a generator: the thread asks this of every message it indexes). */
  toolCallNodes(): readonly ToolCallNodeImpl[] {
    if (this.partsSlot === undefined) return NO_CALLS; // text only
    const calls: ToolCallNodeImpl[] = [];
    for (const part of this.peekParts()) {
      // A renderable tool call is a component part that still carries its call.
      if (part.type !== "text" && part.toolCall !== undefined) calls.push(part.toolCall as ToolCallNodeImpl);
    }
    return calls;
  }

  assign(message: Message): void {
    const m = message as Extract<Message, { role: "assistant" }>;
    this.assignCommon(message, MESSAGE_SHAPES.assistant);
    this.noteTextReplaced();
    this.setContent(m.content);
    // Neither given nor held (most messages): nothing to write.
    if (m.name !== undefined || m.encryptedValue !== undefined || encryptedValueType(message) !== undefined || this.rare !== undefined) {
      this.setName(m.name);
      this.setEncryptedValue(m.encryptedValue, encryptedValueType(message));
    }
    this.hasToolCallsKey = m.toolCalls !== undefined;
    this.assignToolCalls(m.toolCalls ?? []);
  }

  /** @internal Reconciles tool calls by id: kept calls keep their node; parts keep their order. */
  private assignToolCalls(calls: readonly ToolCall[]): void {
    if (this.partsSlot === undefined && calls.length === 0) {
      // Text only (or nothing), before and after: the flag says it all (most whole messages).
      this.flagText();
      return;
    }
    const existing = new Map<string, ToolCallNodeImpl>();
    for (const node of this.toolCallNodes()) if (!existing.has(node.id)) existing.set(node.id, node);
    const wanted = new Set<string>();
    const added: AssistantPart[] = [];
    for (const call of calls) {
      if (wanted.has(call.id)) continue;
      wanted.add(call.id);
      const node = existing.get(call.id);
      if (node !== undefined) node.assign(call);
      else added.push(Object.freeze({ type: "tool-call", toolCall: ToolCallNodeImpl.whole(call, this.id) }));
    }
    const hasText = this.peekContent() !== undefined;
    const old = this.peekParts();
    const kept = old.filter((part) => {
      if (part.type === "text") return hasText;
      // A component of its own (Tambo) is not the message's to drop: AG-UI messages do not carry it.
      if (part.toolCall === undefined) return true;
      return wanted.has(part.toolCall.id) && existing.get(part.toolCall.id) === part.toolCall;
    });
    const next = hasText && !kept.includes(this.textPart) ? [this.textPart, ...kept, ...added] : [...kept, ...added];
    this.flagText();
    if (next.length !== old.length || next.some((part, i) => part !== old[i])) this.setParts(Object.freeze(next));
  }

  /** @internal HAS_TEXT_PART follows whether there is content. */
  private flagText(): void {
    this.flags = this.peekContent() !== undefined ? this.flags | HAS_TEXT_PART : this.flags & ~HAS_TEXT_PART;
  }

  toMessage(): Message {
    const out = this.commonFields();
    const content = this.peekContent();
    if (content !== undefined) out.content = content;
    // No rare record: no name, no encryptedValue, and the parts are what the flags say (no tool calls).
    if (this.rare === undefined) {
      if (this.hasToolCallsKey) out.toolCalls = [];
      return out as Message;
    }
    const name = this.peekRare("name");
    if (name !== undefined) out.name = name;
    this.encryptedFields(out);
    if (this.hasToolCallsKey) out.toolCalls = Array.from(this.toolCallNodes(), (node) => node.toToolCall());
    return out as Message;
  }
}
