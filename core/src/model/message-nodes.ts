import { signal, type ReadonlySignal, type Signal } from "@preact/signals-core";
import type { Message, ToolCall } from "@ag-ui/core";
import { ownJson } from "./frozen.js";
import { assignJson, mergeEventMetadata } from "./metadata.js";
import { ToolCallNodeImpl, toolCallsOf } from "./tool-call-node.js";
import type {
  AssistantPart,
  MessageContent,
  Metadata,
  TextPart,
  ToolCallNode,
  ToolCallPart,
} from "./types.js";

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

abstract class BaseNode {
  readonly metadata: Signal<Metadata | undefined> = signal(undefined);
  readonly subagentRunId: Signal<string | undefined> = signal(undefined);
  /** Keys of a whole message this model has no signal for, kept so `toMessage` round-trips them. */
  private extras: Readonly<Record<string, unknown>> | undefined;

  constructor(readonly id: string) {}

  abstract readonly role: Message["role"];

  mergeMetadata(incoming: Record<string, unknown> | undefined): void {
    mergeEventMetadata(this.metadata, incoming);
  }

  /** Common part of `assign`: metadata, attribution, unknown keys. */
  protected assignCommon(message: Message): void {
    assignJson(this.metadata, message.metadata as Metadata | undefined);
    // A null tag reads as absent (the reference deletes it).
    this.subagentRunId.value = message.subagentRunId ?? undefined;
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
    const metadata = this.metadata.peek();
    if (metadata !== undefined) out.metadata = { ...metadata };
    const subagentRunId = this.subagentRunId.peek();
    if (subagentRunId !== undefined) out.subagentRunId = subagentRunId;
    if (this.extras !== undefined) Object.assign(out, this.extras);
    return out;
  }

  abstract toMessage(): Message;
  /** Updates the signals from a whole message with this node's id and role. */
  abstract assign(message: Message): void;
}

/** Nodes that can carry streamed text (everything but activity). */
abstract class TextBearingNode<C> extends BaseNode {
  abstract readonly content: Signal<C>;
  readonly encryptedValue: Signal<string | undefined> = signal(undefined);
  readonly streaming: Signal<boolean> = signal(false);

  /** TEXT_MESSAGE_CONTENT / REASONING_MESSAGE_CONTENT: one string signal, O(delta). */
  appendText(delta: string): void {
    const current = this.content.peek();
    (this.content as Signal<unknown>).value = (typeof current === "string" ? current : "") + delta;
  }
}

export type PlainRole = "user" | "system" | "developer" | "reasoning";

export class PlainMessageNodeImpl extends TextBearingNode<MessageContent> {
  readonly content: Signal<MessageContent>;
  readonly name: Signal<string | undefined> = signal(undefined);

  constructor(id: string, readonly role: PlainRole, content: MessageContent) {
    super(id);
    this.content = signal(content);
  }

  assign(message: Message): void {
    this.assignCommon(message);
    assignJson(this.content, (message as { content: MessageContent }).content);
    if (this.role !== "reasoning") this.name.value = (message as { name?: string }).name;
    this.encryptedValue.value = (message as { encryptedValue?: string }).encryptedValue;
  }

  toMessage(): Message {
    const out = this.commonFields();
    const content = this.content.peek();
    if (content !== undefined) out.content = typeof content === "string" ? content : [...content];
    const name = this.name.peek();
    if (name !== undefined) out.name = name;
    const encryptedValue = this.encryptedValue.peek();
    if (encryptedValue !== undefined) out.encryptedValue = encryptedValue;
    return out as Message;
  }
}

export class AssistantMessageNodeImpl extends TextBearingNode<string | undefined> {
  readonly role = "assistant" as const;
  readonly content: Signal<string | undefined>;
  readonly name: Signal<string | undefined> = signal(undefined);
  readonly parts: Signal<readonly AssistantPart[]> = signal(Object.freeze([]));
  /** Whether `toolCalls` appears in the message (the reference distinguishes absent from `[]`). */
  hasToolCallsKey = false;
  private readonly textPart: TextPart;
  #toolCalls: ReadonlySignal<readonly ToolCallNode[]> | undefined;

  constructor(id: string, content: string | undefined) {
    super(id);
    this.content = signal(content);
    this.textPart = Object.freeze({ type: "text", content: this.content });
    if (content !== undefined) this.parts.value = Object.freeze([this.textPart]);
  }

  get toolCalls(): ReadonlySignal<readonly ToolCallNode[]> {
    return (this.#toolCalls ??= toolCallsOf(this.parts));
  }

  override appendText(delta: string): void {
    super.appendText(delta);
    this.ensureTextPart();
  }

  /** The text part joins the parts where text first arrived (before or after tool calls). */
  ensureTextPart(): void {
    const parts = this.parts.peek();
    if (!parts.includes(this.textPart)) this.parts.value = Object.freeze([...parts, this.textPart]);
  }

  addToolCall(call: ToolCallNodeImpl): void {
    this.hasToolCallsKey = true;
    const part: ToolCallPart = Object.freeze({ type: "tool-call", toolCall: call });
    this.parts.value = Object.freeze([...this.parts.peek(), part]);
  }

  *toolCallNodes(): Iterable<ToolCallNodeImpl> {
    for (const part of this.parts.peek()) {
      if (part.type === "tool-call") yield part.toolCall as ToolCallNodeImpl;
    }
  }

  assign(message: Message): void {
    const m = message as Extract<Message, { role: "assistant" }>;
    this.assignCommon(message);
    this.content.value = m.content;
    this.name.value = m.name;
    this.encryptedValue.value = m.encryptedValue;
    this.hasToolCallsKey = m.toolCalls !== undefined;
    this.assignToolCalls(m.toolCalls ?? []);
  }

  /** Reconciles tool calls by id: kept calls keep their node; parts keep their order. */
  private assignToolCalls(calls: readonly ToolCall[]): void {
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
    const hasText = this.content.peek() !== undefined;
    const old = this.parts.peek();
    const kept = old.filter((part) =>
      part.type === "text" ? hasText : wanted.has(part.toolCall.id) && existing.get(part.toolCall.id) === part.toolCall,
    );
    const next = hasText && !kept.includes(this.textPart) ? [this.textPart, ...kept, ...added] : [...kept, ...added];
    if (next.length !== old.length || next.some((part, i) => part !== old[i])) this.parts.value = Object.freeze(next);
  }

  toMessage(): Message {
    const out = this.commonFields();
    const content = this.content.peek();
    if (content !== undefined) out.content = content;
    const name = this.name.peek();
    if (name !== undefined) out.name = name;
    const encryptedValue = this.encryptedValue.peek();
    if (encryptedValue !== undefined) out.encryptedValue = encryptedValue;
    if (this.hasToolCallsKey) out.toolCalls = Array.from(this.toolCallNodes(), (node) => node.toToolCall());
    return out as Message;
  }
}

export class ToolMessageNodeImpl extends TextBearingNode<MessageContent> {
  readonly role = "tool" as const;
  readonly content: Signal<MessageContent>;
  readonly error: Signal<string | undefined> = signal(undefined);

  constructor(id: string, readonly toolCallId: string, content: MessageContent) {
    super(id);
    this.content = signal(content);
  }

  assign(message: Message): void {
    const m = message as Extract<Message, { role: "tool" }>;
    this.assignCommon(message);
    assignJson(this.content, m.content as MessageContent);
    this.error.value = m.error;
    this.encryptedValue.value = m.encryptedValue;
  }

  toMessage(): Message {
    const out = this.commonFields();
    out.toolCallId = this.toolCallId;
    const content = this.content.peek();
    if (content !== undefined) out.content = typeof content === "string" ? content : [...content];
    const error = this.error.peek();
    if (error !== undefined) out.error = error;
    const encryptedValue = this.encryptedValue.peek();
    if (encryptedValue !== undefined) out.encryptedValue = encryptedValue;
    return out as Message;
  }
}

export class ActivityMessageNodeImpl extends BaseNode {
  readonly role = "activity" as const;
  readonly activityType: Signal<string>;
  readonly content: Signal<Readonly<Record<string, unknown>>>;

  constructor(id: string, activityType: string, content: Readonly<Record<string, unknown>>) {
    super(id);
    this.activityType = signal(activityType);
    this.content = signal(content);
  }

  assign(message: Message): void {
    const m = message as Extract<Message, { role: "activity" }>;
    this.assignCommon(message);
    this.activityType.value = m.activityType;
    assignJson(this.content, m.content as Readonly<Record<string, unknown>>, true);
  }

  toMessage(): Message {
    const out = this.commonFields();
    out.activityType = this.activityType.peek();
    out.content = this.content.peek();
    return out as Message;
  }
}

export type MessageNodeImpl =
  | PlainMessageNodeImpl
  | AssistantMessageNodeImpl
  | ToolMessageNodeImpl
  | ActivityMessageNodeImpl;

export type TextBearingNodeImpl = PlainMessageNodeImpl | AssistantMessageNodeImpl | ToolMessageNodeImpl;

/** A node for a whole message (snapshot, initial messages, RUN_STARTED input). */
export function nodeFromMessage(message: Message): MessageNodeImpl {
  let node: MessageNodeImpl;
  switch (message.role) {
    case "assistant":
      node = new AssistantMessageNodeImpl(message.id, undefined);
      break;
    case "tool":
      node = new ToolMessageNodeImpl(message.id, message.toolCallId, "");
      break;
    case "activity":
      node = new ActivityMessageNodeImpl(message.id, message.activityType, Object.freeze({}));
      break;
    default:
      node = new PlainMessageNodeImpl(message.id, message.role, "");
  }
  node.assign(message);
  return node;
}

/** Whether `node` can take `message` in place (same role; a tool message also the same call). */
export function canAssign(node: MessageNodeImpl, message: Message): boolean {
  if (node.role !== message.role) return false;
  return node.role !== "tool" || node.toolCallId === (message as { toolCallId?: string }).toolCallId;
}
