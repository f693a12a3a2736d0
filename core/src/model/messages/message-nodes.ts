import type { Message } from "@ag-ui/core";
import { signal, type ReadonlySignal, type Signal } from "@preact/signals-core";
import { copyJson } from "../../json/json-value.js";
import { AssistantMessageNodeImpl } from "./assistant-node.js";
import { ActivityComponentImpl } from "../components/node.js";
import { peekSlot, slotSignal, writeSlot, type LazySlot } from "./lazy-signal.js";
import { assignJson } from "./metadata.js";
import { attachmentsSignal, type Attachment, type LocalPreviews } from "./attachments.js";
import { BaseNode, ROLE_SHIFT, TextBearingNode, encryptedValueType } from "./node-base.js";
import { MESSAGE_SHAPES } from "../../protocol/message-shapes.js";
import type { MessageContent } from "../types.js";

export { AssistantMessageNodeImpl } from "./assistant-node.js";

export type PlainRole = "user" | "system" | "developer" | "reasoning";

const PLAIN_ROLES: readonly PlainRole[] = ["user", "system", "developer", "reasoning"];
/** The role code of a role none of `PLAIN_ROLES` is (kept in the rare record). */
const OTHER_ROLE = PLAIN_ROLES.length;

export class PlainMessageNodeImpl extends TextBearingNode<MessageContent> {
  constructor(id: string, role: PlainRole, content: MessageContent) {
    super(id, content);
    // The role lives in the flags, not in a field: 8 bytes a node in a thread of thousands.
    let code = PLAIN_ROLES.indexOf(role);
    if (code < 0) {
      code = OTHER_ROLE;
      this.ensureRare().role = role;
    }
    this.flags |= code << ROLE_SHIFT;
  }

  get role(): PlainRole {
    const code = (this.flags >>> ROLE_SHIFT) & 7;
    return code === OTHER_ROLE ? (this.rare!.role as PlainRole) : PLAIN_ROLES[code]!;
  }

  /** The media parts of `content`, with local previews (made on first read). */
  get attachments(): ReadonlySignal<readonly Attachment[]> {
    const rare = this.ensureRare();
    return (rare.attachments ??= attachmentsSignal(this.content, (rare.previews = slotSignal(rare.previews as LazySlot<LocalPreviews | undefined>)))) as ReadonlySignal<readonly Attachment[]>;
  }

  /** @internal Object URLs of the files this tab sent in the message, by part index; undefined drops them. */
  setPreviews(previews: LocalPreviews | undefined): void {
    if (this.rare === undefined && previews === undefined) return;
    const rare = this.ensureRare();
    rare.previews = writeSlot(rare.previews as LazySlot<LocalPreviews | undefined>, previews);
  }

  /** @internal */
  peekPreviews(): LocalPreviews | undefined {
    return this.rare === undefined ? undefined : peekSlot(this.rare.previews as LazySlot<LocalPreviews | undefined>);
  }

  /** Made on first read (lazy-signal.ts). */
  get name(): Signal<string | undefined> {
    return this.rareSignal("name");
  }

  /** @internal */
  setName(value: string | undefined): void {
    this.writeRare("name", value);
  }

  assign(message: Message): void {
    const m = message as { content: MessageContent; name?: string; encryptedValue?: string; encryptedValueType?: string };
    this.assignCommon(message, MESSAGE_SHAPES[this.role]);
    this.assignContent(m.content);
    // Neither given nor held (most messages): nothing to write.
    if (m.name === undefined && m.encryptedValue === undefined && m.encryptedValueType === undefined && this.rare === undefined) return;
    if (this.role !== "reasoning") this.setName(m.name);
    this.setEncryptedValue(m.encryptedValue, encryptedValueType(message));
  }

  toMessage(): Message {
    const out = this.commonFields();
    const content = this.peekContent();
    if (content !== undefined) out.content = typeof content === "string" ? content : [...content];
    if (this.rare === undefined) return out as Message; // no name, no encryptedValue
    const name = this.peekRare("name");
    if (name !== undefined) out.name = name;
    this.encryptedFields(out);
    return out as Message;
  }
}

export class ToolMessageNodeImpl extends TextBearingNode<MessageContent> {
  constructor(id: string, readonly toolCallId: string, content: MessageContent) {
    super(id, content);
  }

  // On the prototype: one field less per node.
  get role(): "tool" {
    return "tool";
  }

  /** The media parts the tool returned (made on first read). */
  get attachments(): ReadonlySignal<readonly Attachment[]> {
    const rare = this.ensureRare();
    return (rare.attachments ??= attachmentsSignal(this.content)) as ReadonlySignal<readonly Attachment[]>;
  }

  /** Made on first read (lazy-signal.ts). */
  get error(): Signal<string | undefined> {
    return this.rareSignal("error");
  }

  /** @internal */
  peekError(): string | undefined {
    return this.peekRare("error");
  }

  /** @internal */
  setError(value: string | undefined): void {
    this.writeRare("error", value);
  }

  assign(message: Message): void {
    const m = message as Extract<Message, { role: "tool" }>;
    this.assignCommon(message, MESSAGE_SHAPES.tool);
    this.assignContent(m.content as MessageContent);
    this.setError(m.error);
    this.setEncryptedValue(m.encryptedValue, encryptedValueType(message));
  }

  toMessage(): Message {
    const out = this.commonFields();
    out.toolCallId = this.toolCallId;
    const content = this.peekContent();
    if (content !== undefined) out.content = typeof content === "string" ? content : [...content];
    const error = this.peekError();
    if (error !== undefined) out.error = error;
    this.encryptedFields(out);
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

  #component: ActivityComponentImpl | undefined;

  /** This activity as a generative-UI component (made on first use). */
  get component(): ActivityComponentImpl {
    return (this.#component ??= new ActivityComponentImpl(this));
  }

  assign(message: Message): void {
    const m = message as Extract<Message, { role: "activity" }>;
    this.assignCommon(message, MESSAGE_SHAPES.activity);
    this.activityType.value = m.activityType;
    assignJson(this.content, m.content as Readonly<Record<string, unknown>>, true);
  }

  toMessage(): Message {
    const out = this.commonFields();
    out.activityType = this.activityType.peek();
    // A copy: activity content is not frozen (see copyJson), and callers may edit what they get.
    out.content = copyJson(this.content.peek());
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
