import { computed, signal, type ReadonlySignal } from "@preact/signals-core";
import { contentText } from "../../protocol/content-text.js";
import type { ComponentNodeLike } from "../components/types.js";
import type { AssistantPart, MessageContent, MessageNode, SubagentLane, Thread, ToolCallNode } from "../types.js";
import type { Attachment } from "../messages/attachments.js";
import type { Rare } from "../messages/node-base.js";

/**
 * What a view binds to, the same for the Svelte stores and the Vue refs: one derived signal per
 * node, made on first use and cached (a WeakMap, so a node nobody shows holds none).
 */

const texts = new WeakMap<MessageNode, ReadonlySignal<string>>();
const results = new WeakMap<ToolCallNode, ReadonlySignal<MessageContent | undefined>>();
const views = new WeakMap<object, ReadonlySignal<ThreadView<string>>>();
// Annotated (the call and its argument) so a bundle that never shows parts or attachments drops
// them (a top-level call is kept otherwise).
const NO_PARTS: ReadonlySignal<readonly AssistantPart[]> = /* @__PURE__ */ signal(/* @__PURE__ */ Object.freeze([]));
const NO_ATTACHMENTS: ReadonlySignal<readonly Attachment[]> = /* @__PURE__ */ signal(/* @__PURE__ */ Object.freeze([]));

/**
 * A message's text: a streamed string as is (no copy), content parts' text joined, `""` for an
 * activity or an assistant message with tool calls only. A computed over the one content signal:
 * it notifies only when the resulting string changes.
 */
export function messageTextSignal(node: MessageNode): ReadonlySignal<string> {
  let text = texts.get(node);
  if (text === undefined) {
    text = node.role === "activity" ? signal("") : computed(() => contentText(node.content.value as MessageContent | undefined));
    texts.set(node, text);
  }
  return text;
}

/** An assistant message's parts in arrival order; every other role has none (one shared empty list). */
export function messagePartsSignal(node: MessageNode): ReadonlySignal<readonly AssistantPart[]> {
  return node.role === "assistant" ? node.parts : NO_PARTS;
}

/**
 * A Threadline assistant node, seen through the two internal members the parts follower needs
 * (found by shape, not `instanceof`: importing the class would bring the node and everything it
 * reaches into every page that shows parts, and its internal names are mangled alike).
 */
interface PartsHost {
  peekParts(): readonly AssistantPart[];
  ensureRare(): Rare;
}

function partsHost(node: MessageNode): PartsHost | undefined {
  const host = node as unknown as Partial<PartsHost>;
  return typeof host.peekParts === "function" && typeof host.ensureRare === "function" ? (host as PartsHost) : undefined;
}

/**
 * An assistant message's parts now, without making their signal; every other role has none.
 * With `subscribeParts`, what the bindings' `useMessageParts` reads.
 */
export function currentParts(node: MessageNode): readonly AssistantPart[] {
  if (node.role !== "assistant") return NO_PARTS.peek();
  return partsHost(node)?.peekParts() ?? node.parts.peek();
}

const STOPPED = (): void => {};

/**
 * Calls `changed` whenever an assistant message's parts are added or removed (never per token);
 * returns the stop. Other roles have no parts, so nothing is followed for them. A Threadline node
 * is heard directly, an entry in its rare record that its `setParts` calls (a Message that reads
 * its parts makes no signal, subscription or effect for a message whose parts never change);
 * another node through its `parts` signal.
 */
export function subscribeParts(node: MessageNode, changed: () => void): () => void {
  if (node.role !== "assistant") return STOPPED;
  const host = partsHost(node);
  if (host !== undefined) {
    const rare = host.ensureRare();
    const followers = rare.partsFollowers;
    // The one follower is kept as itself: most messages have one view.
    rare.partsFollowers = followers === undefined ? changed : typeof followers === "function" ? [followers, changed] : [...followers, changed];
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      const now = rare.partsFollowers;
      if (now === changed) rare.partsFollowers = undefined;
      else if (Array.isArray(now) && now.includes(changed)) {
        // A new list, never one changed in place: setParts may be telling the old one.
        const rest = [...now];
        rest.splice(rest.lastIndexOf(changed), 1);
        rare.partsFollowers = rest.length === 1 ? rest[0] : rest;
      }
    };
  }
  let opened = false;
  const stop = node.parts.subscribe(() => {
    if (opened) changed();
  });
  opened = true;
  return stop;
}

/** The media parts of a user or tool message (`attachments`); every other role has none. */
export function messageAttachmentsSignal(node: MessageNode): ReadonlySignal<readonly Attachment[]> {
  return node.role === "user" || node.role === "tool" ? node.attachments : NO_ATTACHMENTS;
}

/**
 * What a tool call's `result` shows in a view: the content of the tool message answering it,
 * `undefined` until one exists. It follows that message's content when it changes.
 */
export function toolCallResultSignal(node: ToolCallNode): ReadonlySignal<MessageContent | undefined> {
  let result = results.get(node);
  if (result === undefined) {
    result = computed(() => node.result.value?.content.value);
    results.set(node, result);
  }
  return result;
}

/**
 * The signals of a tool call both bindings show one by one (Svelte stores, Vue refs); `result`,
 * the answering message's content (`toolCallResultSignal`), comes on top.
 */
export const TOOL_CALL_SIGNALS = ["name", "argsText", "partialArgs", "args", "argumentStatus", "status", "error"] as const satisfies readonly (keyof ToolCallNode)[];

export type ToolCallSignal = (typeof TOOL_CALL_SIGNALS)[number];

/** The signals of a subagent lane both bindings show one by one (Svelte reads and stores, Vue refs). */
export const SUBAGENT_SIGNALS = ["name", "description", "status", "error", "result", "parentToolCallId", "messages", "lanes"] as const satisfies readonly (keyof SubagentLane)[];

export type SubagentSignal = (typeof SUBAGENT_SIGNALS)[number];

/** Where a generative component's stream stands, the signals both bindings' `useComponentStatus` show (each optional on a node). */
export const COMPONENT_STATUS_SIGNALS = ["streaming", "propStatus", "error"] as const satisfies readonly (keyof ComponentNodeLike)[];

export type ComponentStatusSignal = (typeof COMPONENT_STATUS_SIGNALS)[number];

/** Everything about one tool call at one moment: its id, the value of each of its signals, and `result`. */
export type ToolCallView = { readonly id: string } & {
  readonly [K in ToolCallSignal]: ToolCallNode[K] extends ReadonlySignal<infer V> ? V : never;
} & {
  /** The content of the tool message answering the call (the node is `node.result`). */
  readonly result: MessageContent | undefined;
};

/** The registered name a component node renders under now (a signal name is read, tracked). */
export function componentName(node: ComponentNodeLike): string {
  const { name } = node;
  return typeof name === "string" ? name : name.value;
}

/** The notice both bindings render for a name no registered component answers to. */
export function unknownComponentNotice(name: string): string {
  return `No component is registered for “${name}”.`;
}

/** The structure of a conversation, never its streamed content: what a message list renders from. */
export interface ThreadView<S extends string = string> {
  readonly threadId: string | undefined;
  /** A new array only when a message is added, removed or replaced — never per token. */
  readonly messages: readonly MessageNode[];
  readonly status: S;
}

/** A chat's `ThreadView` (one computed per chat): it changes with the thread id, the list or the status. */
export function threadViewSignal<S extends string>(chat: { readonly thread: Pick<Thread, "threadId" | "messages">; readonly status: ReadonlySignal<S> }): ReadonlySignal<ThreadView<S>> {
  let view = views.get(chat) as ReadonlySignal<ThreadView<S>> | undefined;
  if (view === undefined) {
    const { thread, status } = chat;
    view = computed((): ThreadView<S> => ({ threadId: thread.threadId.value, messages: thread.messages.value, status: status.value }));
    views.set(chat, view);
  }
  return view;
}
