import { DEV } from "esm-env";
import { computed, type ReadonlySignal } from "@preact/signals-core";
import {
  type Branches,
  ChatClient,
  type ChatClientOptions,
  type ChatStatus,
  type Interrupt,
  type MessageNode,
  type PersistenceError,
  type RunUsage,
  type StatusNote,
  type AgentCapabilities,
  type SubagentLane,
  type ThreadlineError,
  type TokenTotals,
} from "@threadline/core";
import { CHAT_SIGNALS, chatMethods } from "@threadline/core/chat";
import { threadViewSignal, type ThreadView as CoreThreadView } from "@threadline/core/model";
import type { Readable } from "svelte/store";
import { BindingError } from "./errors.js";
import { releaseWithComponent } from "./lifecycle.js";
import { defineSignalFields, type SignalFields } from "./signal-fields.js";
import { storeOf, type SignalStore } from "./signal-store.js";

/** What `$thread` holds: the structure of the conversation (id, messages, status), never its streamed content. */
export type ThreadView = CoreThreadView<ChatStatus>;

/** What `useChat` reads of a client, field by field: each follows one core signal. */
interface ChatReads {
  /** The message nodes; a new array only when a message is added, removed or replaced — never per token. */
  readonly messages: readonly MessageNode[];
  readonly status: ChatStatus;
  readonly error: ThreadlineError | undefined;
  readonly isRunning: boolean;
  readonly state: unknown;
  readonly sessionGenerating: boolean;
  /** Following another client's run, read-only (the `follow` option). */
  readonly following: boolean;
  readonly pendingInterrupts: readonly Interrupt[];
  readonly persistenceError: PersistenceError | null;
  /** Token usage summed over the thread's runs; changes once per run end that reported usage. */
  readonly usage: TokenTotals;
  /** Each run's reported token usage, in order. */
  readonly runUsage: readonly RunUsage[];
  /** How the last run ended when the status alone does not say it (cancelled, tool calls left waiting), in words. */
  readonly statusNote: StatusNote | undefined;
  /** What the agent can do (AG-UI capability discovery); undefined until known. Asked on first read. */
  readonly capabilities: AgentCapabilities | undefined;
  /** The subagent lanes the parent agent spawned (nested ones are under each lane's `lanes`). */
  readonly subagents: readonly SubagentLane[];
}

type SignalValue<S> = S extends ReadonlySignal<infer V> ? V : never;
/** Compile-time: each field `CHAT_SIGNALS` names reads as the value of the client's signal of that name. */
type Exact<T extends true> = T;
type ChatReadsMatchClient = Exact<{ readonly [K in (typeof CHAT_SIGNALS)[number]]: SignalValue<ChatClient[K]> } extends Pick<ChatReads, (typeof CHAT_SIGNALS)[number]> ? true : false>;

/**
 * `chat.thread`: the thread's id, messages and status as runes reads (`chat.thread.messages`), and
 * the `$thread` store of the three together (`const { thread } = chat`, then `$thread.messages`).
 */
export type ThreadStore = ThreadView & Readable<ThreadView>;

/**
 * A chat read the runes way — `chat.messages`, `chat.status`, `chat.error`: each field is a
 * reactive read in a template, `$derived` or `$effect`, following its own core signal — with the
 * client's methods. Read fields from `chat` rather than destructuring them (a destructured field
 * is the value at that moment). For store-style code, `chat.thread` is the `$thread` store and
 * `chat.stores` has a store per field (`const { status } = chat.stores`, then `$status`).
 */
export type UseChatReturn = ChatReads & {
  readonly thread: ThreadStore;
  /** A store per field (and `thread`), for `$` code: `const { thread, status, error } = chat.stores`. */
  readonly stores: SignalFields<ChatReads>["stores"] & { readonly thread: ThreadStore };
  /** The subagent lanes tool call `toolCallId` spawned (`.current`, or `$` as a store); changes when one starts, never per token. */
  subagentsOf(toolCallId: string): SignalStore<readonly SubagentLane[]>;
  readonly sendMessage: ChatClient["sendMessage"];
  readonly stop: ChatClient["stop"];
  /** Asks again for the last answer, or the one `messageId` belongs to; the old one stays a branch. */
  readonly regenerate: ChatClient["regenerate"];
  /** Replaces a user message on a new branch and sends it (see `ChatClient.editMessage`). */
  readonly editMessage: ChatClient["editMessage"];
  /** Shows alternative `index` of the fork at `messageId`. */
  readonly switchBranch: ChatClient["switchBranch"];
  /**
   * The alternatives at a message of the active branch (`{ count, index, alternatives }`, at
   * `.current`, or `$` as a store), undefined when it is not on it. Changes when that fork does,
   * not per token. Each call makes a new one: keep it (`const branches = $derived(chat.branches(id))`).
   */
  branches(messageId: string): SignalStore<Branches | undefined>;
  readonly clear: ChatClient["clear"];
  readonly setMessages: ChatClient["setMessages"];
  readonly addToolResult: ChatClient["addToolResult"];
  readonly respondToApproval: ChatClient["respondToApproval"];
  readonly resume: ChatClient["resume"];
  readonly cancelInterrupt: ChatClient["cancelInterrupt"];
  /** The user's edit of the shared state (a value, or a function of the current state); `chat.state` follows. */
  readonly setState: ChatClient["setState"];
  /**
   * Stops the run and disposes the client — when `useChat` made it. A client passed in with
   * `{ chat }` belongs to the caller and is left alone.
   */
  dispose(): void;
  /** The core client, for what the fields do not cover (`switchThread`, `updateOptions`, `ready`…). */
  readonly chat: ChatClient;
};

/** Options for a new `ChatClient`, or `{ chat }` to wrap one you made. */
export type UseChatOptions = ChatClientOptions | { readonly chat: ChatClient };

/** @deprecated Renamed `UseChatReturn`, the name it has in `@threadline/vue`. */
export type Chat = UseChatReturn;

/** @deprecated Renamed `UseChatOptions`, the name it has in `@threadline/vue`. */
export type CreateChatOptions = UseChatOptions;

/**
 * A chat for Svelte 5: `chat.messages`, `chat.status`, `chat.error`, `chat.state`, `chat.isRunning`,
 * `chat.sessionGenerating`, `chat.pendingInterrupts`, `chat.persistenceError`, `chat.usage`… read
 * as runes, and the client's methods. Each field follows one core signal, subscribed when an
 * effect or template first reads it and released when none does, so a streamed token changes none
 * of them (it changes one message's text: see `StreamingText` and `useMessageText`). On the server
 * nothing subscribes: each read is the value now. `chat.thread` is also the `$thread` store and
 * `chat.stores` holds a store per field, for `$` code.
 *
 * Called while a component initialises, a chat it creates lives as long as that component:
 * destroying the component disposes the client, which leaves its run (`ChatClient.dispose`: the
 * connection closes, a resumable server goes on and a later chat rejoins; on the server, at the end of
 * `render`). Called anywhere else, the caller calls `dispose()`. Throws `BindingError`
 * (`NOT_A_CHAT`) when `{ chat }` is not a `ChatClient`, and the client's own `ChatInputError` for
 * bad options.
 */
export function useChat(options: UseChatOptions): UseChatReturn {
  if (typeof options === "object" && options !== null && "chat" in options) {
    if (!(options.chat instanceof ChatClient)) {
      throw new BindingError("NOT_A_CHAT", DEV ? "useChat({ chat }) needs a ChatClient" : "useChat()", options.chat);
    }
    return wrap(options.chat, false);
  }
  const chat = wrap(new ChatClient(options), true);
  releaseWithComponent(chat.dispose);
  return chat;
}

/** @deprecated Renamed `useChat` (the same function), the name it has in `@threadline/vue`. */
export const createChat = useChat;

/** The fields `useChat` reads off the thread; the others are the client's signals of the same names. */
const THREAD_FIELDS: readonly string[] = ["messages", "subagents", "threadId"];

function wrap(client: ChatClient, owned: boolean): UseChatReturn {
  const { thread } = client;
  const signalOf = (key: string): ReadonlySignal<unknown> => ((THREAD_FIELDS.includes(key) ? thread : client) as unknown as Record<string, ReadonlySignal<unknown>>)[key]!;
  // `$thread`, and its three fields as runes reads.
  const view = defineSignalFields<{ subscribe: Readable<ThreadView>["subscribe"] }, ThreadView>(
    { subscribe: (run) => storeOf(threadViewSignal(client)).subscribe(run) },
    ["threadId", "messages", "status"],
    signalOf,
  );
  return defineSignalFields<object, ChatReads>(
    {
      thread: view,
      ...chatMethods(() => client),
      subagentsOf: (toolCallId: string) => storeOf(thread.subagentsOf(toolCallId)),
      branches: (messageId: string) => storeOf(computed(() => thread.branches(messageId))),
      dispose: () => {
        if (owned) client.dispose();
      },
      chat: client,
    },
    // `capabilities` is read (and so asked of the agent) only when the field is.
    [...CHAT_SIGNALS, "messages", "subagents", "capabilities"],
    signalOf,
    { thread: view },
  ) as UseChatReturn;
}
