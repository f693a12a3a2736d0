import { signal, type ReadonlySignal, type Signal } from "@preact/signals-core";
import type { Message, ToolCall } from "@ag-ui/core";
import { peekSlot, slotSignal, writeSlot, type LazySlot } from "./lazy-signal.js";
import { TextBearingNode } from "./node-base.js";
import { ToolCallNodeImpl, toolCallsOf } from "./tool-call-node.js";
import type { ComponentNode, ComponentPart } from "./components/types.js";
import type { AssistantPart, TextPart, ToolCallNode, ToolCallPart } from "./types.js";

/**
 * An assistant message: its text and its tool calls as `parts`, in arrival order. `parts` is
 * written when a part is added or removed, never per token.
 */
export class AssistantMessageNodeImpl extends TextBearingNode<string | undefined> {
  readonly role = "assistant" as const;
  readonly content: Signal<string | undefined>;
  #name: LazySlot<string | undefined> = undefined;
  readonly parts: Signal<readonly AssistantPart[]> = signal(Object.freeze([]));
  /** Whether `toolCalls` appears in the message (the reference distinguishes absent from `[]`). */
  hasToolCallsKey = false;
  private readonly textPart: TextPart;
  private hasTextPart = false;
  #toolCalls: ReadonlySignal<readonly ToolCallNode[]> | undefined;

  constructor(id: string, content: string | undefined) {
    super(id);
    this.content = signal(content);
    this.textPart = Object.freeze({ type: "text", content: this.content });
    if (content !== undefined) {
      this.hasTextPart = true;
      this.parts.value = Object.freeze([this.textPart]);
    }
  }

  /** Made on first read (lazy-signal.ts). */
  get name(): Signal<string | undefined> {
    return (this.#name = slotSignal(this.#name));
  }

  setName(value: string | undefined): void {
    this.#name = writeSlot(this.#name, value);
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
    // A flag, not parts.includes(): this runs on every text delta.
    if (this.hasTextPart) return;
    this.hasTextPart = true;
    this.parts.value = Object.freeze([...this.parts.peek(), this.textPart]);
  }

  addToolCall(call: ToolCallNodeImpl): void {
    this.hasToolCallsKey = true;
    const part: ToolCallPart = Object.freeze({ type: "tool-call", toolCall: call });
    this.parts.value = Object.freeze([...this.parts.peek(), part]);
  }

  *toolCallNodes(): Iterable<ToolCallNodeImpl> {
    for (const part of this.parts.peek()) {
      // A renderable tool call is a component part that still carries its call.
      if (part.type !== "text" && part.toolCall !== undefined) yield part.toolCall as ToolCallNodeImpl;
    }
  }

  /**
   * A generative-UI component (Tambo) joins the parts in arrival order, or at `at` (a component
   * read back from storage goes back where it stood among the parts).
   */
  addComponent(component: ComponentNode, at?: number): void {
    const part: ComponentPart = Object.freeze({ type: "component", component });
    const parts = this.parts.peek();
    if (at === undefined || at >= parts.length) {
      this.parts.value = Object.freeze([...parts, part]);
      return;
    }
    const next = parts.slice();
    next.splice(Math.max(0, at), 0, part);
    this.parts.value = Object.freeze(next);
  }

  /** Shows `call` as `component` (its tool is registered as renderable), in place. Idempotent. */
  renderToolCall(call: ToolCallNode, component: ComponentNode): void {
    const parts = this.parts.peek();
    // From the end: a call being registered is almost always the last part.
    for (let i = parts.length - 1; i >= 0; i--) {
      const part = parts[i]!;
      if (part.type === "text" || part.toolCall !== call) continue;
      if (part.type === "component") return;
      const next = parts.slice();
      next[i] = Object.freeze({ type: "component", component, toolCall: call });
      this.parts.value = Object.freeze(next);
      return;
    }
  }

  assign(message: Message): void {
    const m = message as Extract<Message, { role: "assistant" }>;
    this.assignCommon(message);
    this.noteTextReplaced();
    this.content.value = m.content;
    this.setName(m.name);
    this.setEncryptedValue(m.encryptedValue);
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
    const kept = old.filter((part) => {
      if (part.type === "text") return hasText;
      // A component of its own (Tambo) is not the message's to drop: AG-UI messages do not carry it.
      if (part.toolCall === undefined) return true;
      return wanted.has(part.toolCall.id) && existing.get(part.toolCall.id) === part.toolCall;
    });
    const next = hasText && !kept.includes(this.textPart) ? [this.textPart, ...kept, ...added] : [...kept, ...added];
    this.hasTextPart = hasText;
    if (next.length !== old.length || next.some((part, i) => part !== old[i])) this.parts.value = Object.freeze(next);
  }

  toMessage(): Message {
    const out = this.commonFields();
    const content = this.content.peek();
    if (content !== undefined) out.content = content;
    const name = peekSlot(this.#name);
    if (name !== undefined) out.name = name;
    const encryptedValue = this.peekEncryptedValue();
    if (encryptedValue !== undefined) out.encryptedValue = encryptedValue;
    if (this.hasToolCallsKey) out.toolCalls = Array.from(this.toolCallNodes(), (node) => node.toToolCall());
    return out as Message;
  }
}
