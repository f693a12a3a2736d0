import { DEV } from "esm-env";
import { computed, type ReadonlySignal } from "@preact/signals-core";
import {
  ChatClient,
  type AgentCapabilities,
  type Branches,
  type ChatClientOptions,
  type ChatStatus,
  type MessageNode,
  type SubagentLane,
} from "@threadline/core";
import { CHAT_SIGNALS, chatMethods } from "@threadline/core/chat";
import { BindingError, threadViewSignal, type ThreadView as CoreThreadView } from "@threadline/core/model";
import { isRef, shallowRef, toRaw, toValue, watch, type MaybeRefOrGetter, type ShallowRef } from "vue";
import { followFields, type Disposable, type FieldRefs } from "./node-fields.js";
import { isServerRendering, releaseWithScope } from "./scope.js";
import { followSignal, followSignalOnRead, type SignalRef } from "./useSignal.js";

/** Options for a chat `useChat` creates and owns, or `{ chat }` to attach to one you made. */
export type UseChatOptions = ChatClientOptions | { readonly chat: ChatClient };

type ChatField = (typeof CHAT_SIGNALS)[number];

/** What `thread` holds: the structure of the conversation (id, messages, status), never its streamed content. */
export type ThreadView = CoreThreadView<ChatStatus>;

type Method<K extends keyof ChatClient> = ChatClient[K] extends (...args: infer A) => infer R ? (...args: A) => R : never;

export type UseChatReturn = FieldRefs<ChatClient, ChatField> &
  Disposable & {
    /** The core client in use (a new one after a thread-id change). */
    readonly chat: Readonly<ShallowRef<ChatClient>>;
    /**
     * What the agent can do (AG-UI capability discovery), undefined until known. Asked on the first
     * read of `.value`: a component that never reads it sends no request.
     */
    readonly capabilities: Readonly<ShallowRef<AgentCapabilities | undefined>>;
    /** The message nodes; changes only when a message is added, removed or replaced. */
    readonly messages: Readonly<ShallowRef<readonly MessageNode[]>>;
    /** Thread id, messages and status in one ref; changes with any of them, never per token. */
    readonly thread: Readonly<ShallowRef<ThreadView>>;
    readonly sendMessage: Method<"sendMessage">;
    readonly stop: Method<"stop">;
    /** Asks again for the last answer, or the one `messageId` belongs to; the old one stays a branch. */
    readonly regenerate: Method<"regenerate">;
    /** Replaces a user message on a new branch and sends it (see `ChatClient.editMessage`). */
    readonly editMessage: Method<"editMessage">;
    /** Shows alternative `index` of the fork at `messageId`. */
    readonly switchBranch: Method<"switchBranch">;
    /**
     * The alternatives at a message of the active branch (`{ count, index, alternatives }`) as a
     * ref, undefined when it is not on it; the id may be a ref or getter. Changes when that fork
     * does, not per token; released with the calling scope.
     */
    branches(messageId: MaybeRefOrGetter<string>): SignalRef<Branches | undefined>;
    /** The subagent lanes the parent agent spawned (nested ones are under each lane's `lanes`). */
    readonly subagents: Readonly<ShallowRef<readonly SubagentLane[]>>;
    /**
     * The subagent lanes tool call `toolCallId` spawned, as a ref (the id may be a ref or getter);
     * changes when one starts, never per token; released with the calling scope.
     */
    subagentsOf(toolCallId: MaybeRefOrGetter<string>): SignalRef<readonly SubagentLane[]>;
    readonly addToolResult: Method<"addToolResult">;
    readonly respondToApproval: Method<"respondToApproval">;
    readonly resume: Method<"resume">;
    readonly cancelInterrupt: Method<"cancelInterrupt">;
    /** The user's edit of the shared state (a value, or a function of the current state); `state` follows. */
    readonly setState: ChatClient["setState"];
    readonly clear: Method<"clear">;
    readonly setMessages: Method<"setMessages">;
  };

/** The options `updateOptions` applies to a running client without re-keying it. */
const UPDATABLE = ["tools", "context", "forwardedProps", "maxSteps"] as const;

/**
 * A chat as Vue refs: `messages`, `status`, `error`, `state`, `isRunning`, `sessionGenerating`, `following`,
 * `pendingInterrupts`, `usage` (token totals), `runUsage` (per run), `statusNote` (how the last run ended, in words),
 * `capabilities` (what the agent can do, undefined until known), `subagents` (subagent lanes), and the client's methods. Each ref follows one core signal, so a streamed
 * token changes none of them (it changes one message's text: see `useMessageText`).
 *
 * - Options may be a ref or getter. When the thread id they name (or the `thread` they pass, say
 *   from a `ThreadStore`) changes, the chat re-keys: the previous client is disposed (its run
 *   left: see `ChatClient.dispose`) and a new one serves the new thread; the refs and methods follow it. A change to `tools`, `context`, `forwardedProps` or `maxSteps` alone is
 *   applied to the current client from its next run on.
 * - `useChat({ chat })` attaches to a `ChatClient` you created: it is never disposed here.
 * - The chat `useChat` created is disposed when the effect scope (the component) ends, which
 *   leaves its run (the connection closes; a resumable server goes on, and a later chat rejoins). During server rendering nothing is subscribed, and the client is created
 *   without cross-tab presence or storage (both belong to the browser) and disposed at once.
 */
export function useChat(options: MaybeRefOrGetter<UseChatOptions>): UseChatReturn {
  const server = isServerRendering();
  let applied: UseChatOptions = toRaw(toValue(options));

  // Builds the client before anything is swapped: a constructor that throws (an invalid option)
  // leaves the current client in place and still owned.
  const open = (given: UseChatOptions): ChatClient => {
    if (!("chat" in given)) return new ChatClient(server ? { ...given, presence: false, persistence: undefined } : given);
    const client = toRaw(given.chat);
    if (!(client instanceof ChatClient)) throw new BindingError("NOT_A_CHAT", DEV ? "useChat({ chat }) needs a ChatClient" : "useChat()", client);
    return client;
  };
  const chat = shallowRef<ChatClient>(open(applied));
  // The client useChat made and disposes; undefined while a `{ chat }` given is in use (never
  // disposed here). So it is set exactly while the options in force are a new chat's.
  let owned = "chat" in applied ? undefined : chat.value;

  let stopWatching: (() => void) | undefined;
  if (!server && (isRef(options) || typeof options === "function")) {
    stopWatching = watch(
      // Read every field the decision depends on, so a reactive options object is tracked too.
      () => {
        const given = toValue(options);
        return "chat" in given ? [given, given.chat] : [given, given.threadId, given.thread, ...UPDATABLE.map((key) => given[key])];
      },
      ([given]) => {
        const next = toRaw(given as UseChatOptions);
        const previous = applied;
        if (keyOf(next) !== keyOf(previous)) {
          const client = open(next);
          const retired = owned;
          owned = "chat" in next ? undefined : client;
          chat.value = client;
          retired?.dispose();
        } else if (owned !== undefined && !("chat" in next)) {
          // Same thread, both a new chat's options (owned says so of `previous`): hand on what changed.
          let changes: Record<string, unknown> | undefined;
          for (const key of UPDATABLE) if (!Object.is((previous as ChatClientOptions)[key], next[key])) (changes ??= {})[key] = next[key];
          if (changes !== undefined) owned.updateOptions(changes);
        }
        // Only once applied: after a throw (an invalid option) the next change is compared with
        // what is really in force.
        applied = next;
      },
      { flush: "sync" },
    );
  }

  const fields = followFields<ChatClient, ChatField>(chat, CHAT_SIGNALS, "useChat()") as FieldRefs<ChatClient, ChatField> & Disposable;
  const messages = followSignal(() => chat.value.thread.messages, "useChat()") as Readonly<ShallowRef<readonly MessageNode[]>> &
    Disposable;
  const thread = followSignal(() => threadViewSignal(chat.value), "useChat()") as Readonly<ShallowRef<ThreadView>> & Disposable;
  const subagents = followSignal(() => chat.value.thread.subagents, "useChat()") as Readonly<ShallowRef<readonly SubagentLane[]>> & Disposable;
  // Not among the fields: reading `capabilities` asks the agent, so it is read once the ref is.
  const capabilities = followSignalOnRead(() => chat.value.capabilities, "useChat()");

  const dispose = (): void => {
    stopWatching?.();
    stopWatching = undefined;
    fields.dispose();
    messages.dispose();
    thread.dispose();
    subagents.dispose();
    capabilities.dispose();
    owned?.dispose();
    owned = undefined;
  };
  // On the server no scope disposal ever runs, so the client is released now; its thread keeps
  // what it holds for this render.
  if (server) owned?.dispose();
  else releaseWithScope(dispose, "useChat()", false);

  return {
    ...fields,
    ...chatMethods(() => chat.value),
    capabilities,
    messages,
    thread,
    chat,
    dispose,
    branches: (messageId) =>
      followSignal<Branches | undefined>((): ReadonlySignal<Branches | undefined> => {
        const thread = chat.value.thread;
        const id = toValue(messageId);
        return computed(() => thread.branches(id));
      }, "useChat().branches()"),
    subagents,
    subagentsOf: (toolCallId) =>
      followSignal<readonly SubagentLane[]>(() => chat.value.thread.subagentsOf(toValue(toolCallId)), "useChat().subagentsOf()") as SignalRef<readonly SubagentLane[]>,
  };
}

/** What identifies the client: the attached chat, or the thread (given, or by id) of an owned one. */
function keyOf(options: UseChatOptions): unknown {
  if ("chat" in options) return toRaw(options.chat);
  return options.thread !== undefined ? toRaw(options.thread) : options.threadId;
}
