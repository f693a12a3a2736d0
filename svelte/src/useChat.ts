import { DEV } from "esm-env";
import { computed } from "@preact/signals-core";
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
import { storeOf, storeOnSubscribe } from "./signal-store.js";

/** What `$thread` holds: the structure of the conversation (id, messages, status), never its streamed content. */
export type ThreadView = CoreThreadView<ChatStatus>;

export interface UseChatReturn {
  /**
   * Changes when a message is added, removed or replaced, or the status changes — never per
   * token. Read the list as `const messages = $derived($thread.messages)` so `{#each}` compares
   * items by identity (with `$thread` inside the `{#each}`, Svelte re-hands every item its node
   * on each change).
   */
  readonly thread: Readable<ThreadView>;
  /** The message nodes; a new array only when a message is added, removed or replaced. */
  readonly messages: Readable<readonly MessageNode[]>;
  readonly status: Readable<ChatStatus>;
  readonly error: Readable<ThreadlineError | undefined>;
  readonly isRunning: Readable<boolean>;
  readonly state: Readable<unknown>;
  readonly sessionGenerating: Readable<boolean>;
  /** Following another client's run, read-only (the `follow` option). */
  readonly following: Readable<boolean>;
  readonly pendingInterrupts: Readable<readonly Interrupt[]>;
  readonly persistenceError: Readable<PersistenceError | null>;
  /** Token usage summed over the thread's runs; changes once per run end that reported usage. */
  readonly usage: Readable<TokenTotals>;
  /** Each run's reported token usage, in order. */
  readonly runUsage: Readable<readonly RunUsage[]>;
  /** How the last run ended when the status alone does not say it (cancelled, tool calls left waiting), in words. */
  readonly statusNote: Readable<StatusNote | undefined>;
  /** What the agent can do (AG-UI capability discovery); undefined until known. Asked on first subscribe. */
  readonly capabilities: Readable<AgentCapabilities | undefined>;
  /** The subagent lanes the parent agent spawned (nested ones are under each lane's `lanes`). */
  readonly subagents: Readable<readonly SubagentLane[]>;
  /** The subagent lanes tool call `toolCallId` spawned; changes when one starts, never per token. */
  subagentsOf(toolCallId: string): Readable<readonly SubagentLane[]>;
  readonly sendMessage: ChatClient["sendMessage"];
  readonly stop: ChatClient["stop"];
  /** Asks again for the last answer, or the one `messageId` belongs to; the old one stays a branch. */
  readonly regenerate: ChatClient["regenerate"];
  /** Replaces a user message on a new branch and sends it (see `ChatClient.editMessage`). */
  readonly editMessage: ChatClient["editMessage"];
  /** Shows alternative `index` of the fork at `messageId`. */
  readonly switchBranch: ChatClient["switchBranch"];
  /**
   * The alternatives at a message of the active branch (`{ count, index, alternatives }`),
   * undefined when it is not on it. Changes when that fork does, not per token.
   */
  branches(messageId: string): Readable<Branches | undefined>;
  readonly clear: ChatClient["clear"];
  readonly setMessages: ChatClient["setMessages"];
  readonly addToolResult: ChatClient["addToolResult"];
  readonly respondToApproval: ChatClient["respondToApproval"];
  readonly resume: ChatClient["resume"];
  readonly cancelInterrupt: ChatClient["cancelInterrupt"];
  /** The user's edit of the shared state (a value, or a function of the current state); `$state` follows. */
  readonly setState: ChatClient["setState"];
  /**
   * Stops the run and disposes the client — when `useChat` made it. A client passed in with
   * `{ chat }` belongs to the caller and is left alone.
   */
  dispose(): void;
  /** The core client, for what the stores do not cover (`switchThread`, `updateOptions`, `ready`…). */
  readonly chat: ChatClient;
}

/** Options for a new `ChatClient`, or `{ chat }` to wrap one you made. */
export type UseChatOptions = ChatClientOptions | { readonly chat: ChatClient };

/** @deprecated Renamed `UseChatReturn`, the name it has in `@threadline/vue`. */
export type Chat = UseChatReturn;

/** @deprecated Renamed `UseChatOptions`, the name it has in `@threadline/vue`. */
export type CreateChatOptions = UseChatOptions;

/**
 * A chat as Svelte stores: `thread`, `messages`, `status`, `error`, `state`, `isRunning`,
 * `sessionGenerating`, `pendingInterrupts`, `persistenceError`, and the client's methods. Each
 * store follows one core signal, so a streamed token changes none of them (it changes one
 * message's text: see `useMessageText` and `StreamingText`). Called while a component
 * initialises, a chat it creates lives as long as that component: destroying the component stops
 * the run and disposes the client (on the server, at the end of `render`). Called anywhere else,
 * the caller calls `dispose()`. Stores subscribe to the client lazily, so a chat nobody renders
 * holds nothing. Throws `BindingError` (`NOT_A_CHAT`) when `{ chat }` is not a
 * `ChatClient`, and the client's own `ChatInputError` for bad options.
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

type ChatStores = Pick<UseChatReturn, (typeof CHAT_SIGNALS)[number]>;

/** One store per signal of the client that `useChat` hands out. */
function signalStores(client: ChatClient): ChatStores {
  const stores: Record<string, Readable<unknown>> = {};
  for (const key of CHAT_SIGNALS) stores[key] = storeOf<unknown>(client[key]);
  return stores as unknown as ChatStores;
}

function wrap(client: ChatClient, owned: boolean): UseChatReturn {
  const { thread } = client;
  return {
    thread: storeOf(threadViewSignal(client)),
    messages: storeOf(thread.messages),
    ...signalStores(client),
    // Read on first subscribe: reading `client.capabilities` asks the agent (discovery on first read).
    capabilities: storeOnSubscribe(() => client.capabilities),
    subagents: storeOf(thread.subagents),
    subagentsOf: (toolCallId) => storeOf(thread.subagentsOf(toolCallId)),
    ...chatMethods(() => client),
    branches: (messageId) => storeOf(computed(() => thread.branches(messageId))),
    dispose: () => {
      if (owned) client.dispose();
    },
    chat: client,
  };
}
