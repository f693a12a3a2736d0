import type { ReadonlySignal } from "@preact/signals-core";
import { computed } from "@preact/signals-core";
import type { Interrupt, MessageNode, RunStatus, Thread, ThreadlineError } from "@threadline/core";
import type { Readable } from "svelte/store";
import { SvelteBindingError } from "./errors.js";
import { releaseWithComponent } from "./lifecycle.js";
import { describe, fromSignal } from "./signal-store.js";

/**
 * TEMPORARY structural stand-in for the core ChatClient (issue 7), replaced by the class once it
 * is exported from @threadline/core.
 */
export interface ChatClientLike {
  readonly thread: Thread;
  readonly status: ReadonlySignal<RunStatus>;
  readonly error: ReadonlySignal<ThreadlineError | undefined>;
  readonly isRunning: ReadonlySignal<boolean>;
  readonly sessionGenerating: ReadonlySignal<boolean>;
  sendMessage(message: string | { content: unknown[] }): Promise<unknown>;
  stop(): void;
  regenerate(): Promise<unknown>;
  clear(): void;
  setMessages(messages: readonly unknown[]): void;
  addToolResult(result: { toolCallId: string; output: unknown } | { toolCallId: string; error: unknown }): unknown;
  respondToApproval(toolCallId: string, response: { approved: boolean; reason?: string }): unknown;
  resume(interruptId: string, payload: unknown): unknown;
  dispose(): void;
}

/** What `$thread` holds: the structure of the conversation, never its streamed content. */
export interface ThreadView {
  readonly threadId: string | undefined;
  /** A new array only when a message is added, removed or replaced — never per token. */
  readonly messages: readonly MessageNode[];
  readonly status: RunStatus;
}

export interface Chat<C extends ChatClientLike = ChatClientLike> {
  /** `{#each $thread.messages as m (m.id)}` re-runs only when the list or the status changes. */
  readonly thread: Readable<ThreadView>;
  readonly status: Readable<RunStatus>;
  readonly error: Readable<ThreadlineError | undefined>;
  readonly isRunning: Readable<boolean>;
  readonly state: Readable<unknown>;
  readonly sessionGenerating: Readable<boolean>;
  readonly pendingInterrupts: Readable<readonly Interrupt[]>;
  readonly sendMessage: C["sendMessage"];
  readonly stop: C["stop"];
  readonly regenerate: C["regenerate"];
  readonly clear: C["clear"];
  readonly setMessages: C["setMessages"];
  readonly addToolResult: C["addToolResult"];
  readonly respondToApproval: C["respondToApproval"];
  readonly resume: C["resume"];
  /**
   * Stops the run and releases the chat — when `createChat` made it. A chat passed in with
   * `{ chat }` belongs to the caller and is left running.
   */
  dispose(): void;
  /** The core chat client, for everything the stores do not cover. */
  readonly chat: C;
}

export type CreateChatOptions<C extends ChatClientLike = ChatClientLike> = { readonly chat: C };

/**
 * Svelte stores and bound methods over a core chat client. Called while a component initialises,
 * the chat lives as long as that component: destroying it stops the run and disposes the chat.
 * Called anywhere else, the caller disposes it.
 */
export function createChat<C extends ChatClientLike>(options: CreateChatOptions<C>): Chat<C> {
  const client = options.chat;
  if (!isChatClient(client)) {
    throw new SvelteBindingError("NOT_A_CHAT", `createChat({ chat }) needs a ChatClient, got ${describe(client)}.`);
  }
  const owned = false;
  const chat = wrap(client, owned);
  if (owned) releaseWithComponent(chat.dispose);
  return chat;
}

function wrap<C extends ChatClientLike>(client: C, owned: boolean): Chat<C> {
  const { thread } = client;
  const view = computed(
    (): ThreadView => ({
      threadId: thread.threadId.value,
      messages: thread.messages.value,
      status: client.status.value,
    }),
  );
  let disposed = false;
  return {
    thread: fromSignal(view),
    status: fromSignal(client.status),
    error: fromSignal(client.error),
    isRunning: fromSignal(client.isRunning),
    state: fromSignal(thread.state),
    sessionGenerating: fromSignal(client.sessionGenerating),
    pendingInterrupts: fromSignal(thread.pendingInterrupts),
    sendMessage: client.sendMessage.bind(client) as C["sendMessage"],
    stop: client.stop.bind(client) as C["stop"],
    regenerate: client.regenerate.bind(client) as C["regenerate"],
    clear: client.clear.bind(client) as C["clear"],
    setMessages: client.setMessages.bind(client) as C["setMessages"],
    addToolResult: client.addToolResult.bind(client) as C["addToolResult"],
    respondToApproval: client.respondToApproval.bind(client) as C["respondToApproval"],
    resume: client.resume.bind(client) as C["resume"],
    dispose: () => {
      if (disposed) return;
      disposed = true;
      if (owned) client.dispose();
    },
    chat: client,
  };
}

function isChatClient(value: unknown): value is ChatClientLike {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as ChatClientLike).sendMessage === "function" &&
    typeof (value as ChatClientLike).thread?.select === "function"
  );
}
