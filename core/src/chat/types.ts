import type { ThreadlineError } from "../errors.js";
import type { GenerationPresenceOptions } from "./presence/presence.js";
import type { ContentPart } from "@ag-ui/core";
import type { GenerativeUiPlugin } from "../model/components/plugin.js";
import type { SubagentLanesPlugin } from "../model/subagents/lanes.js";
import type { BranchingPlugin } from "../model/branches/branching.js";
import type { PartialArgsPlugin } from "../model/tool-calls/tool-args.js";
import type { Thread } from "../model/types.js";
import type { Context, Message } from "../protocol/events.js";
import type { AgUiAgentLike } from "../transport/from-agent.js";
import type { AgentSource } from "../transport/source.js";
import type { ChatPersistence } from "./storage/storage.js";
import type { PresencePlugin } from "./presence/generation.js";
import type { FollowPlugin } from "./follow/follow-plugin.js";
import type { SendQueuePlugin } from "./queue/queue-plugin.js";
import type { Connectivity } from "./network/connectivity.js";
import type { AttachmentInput } from "./attachments/draft.js";
import type { AttachmentsPlugin } from "./outgoing.js";
import type { ClientTool } from "../tools/definition.js";
import type { ToolArgumentReading } from "../tools/argument-reading.js";
import type { RunLoopOptions } from "../run/options.js";
import type { RunStatus } from "../run/result.js";

/**
 * `submitted` (a run was requested, nothing heard yet) → `streaming` (events arriving, or client
 * tools running between runs) → `idle`, `awaiting-input` (an approval, an interrupt, or a tool
 * without `execute` waits for the user) or `error` (see `chat.error`).
 */
export type ChatStatus = RunStatus;

/** `broadcastPresence(options)`: how the generation state is shared with other tabs (`BroadcastChannel`). */
export type ChatPresenceOptions = Pick<
  GenerationPresenceOptions,
  "channelName" | "heartbeatMs" | "ttlMs" | "createChannel" | "clock" | "tabId"
>;

/** The options a chat hands its run loop as they are (each documented on `RunLoopOptions`). */
type ChatLoopOptions = Pick<
  RunLoopOptions,
  "middleware" | "subscribers" | "legacy" | "validation" | "schemas" | "terminalGraceMs" | "now" | "onWarning" | "forwardedProps"
>;

export interface ChatClientOptions extends ChatLoopOptions {
  /**
   * Where runs go: an `AgentSource` (`HttpAgent`, `fromEvents`…) or any AG-UI agent object
   * (`@ag-ui/client` agents), recognised by `runAgent` / `abortRun` or a `run` declaring exactly one
   * parameter.
   * Wrap with `fromAgent(agent)` yourself when in doubt.
   */
  readonly agent: AgentSource | AgUiAgentLike;
  /**
   * The thread (and storage key). Without it the chat starts a new conversation: the thread gets
   * a provisional id (`createId()`, sent to the agent), and the first RUN_STARTED names the real
   * one, which the chat (`threadId`, `thread.threadId`, storage, presence) then follows.
   */
  readonly threadId?: string;
  /** Messages the thread starts with; a stored thread found by `persistence` replaces them. */
  readonly messages?: readonly Message[];
  /** State the thread starts with. */
  readonly state?: unknown;
  readonly tools?: readonly ClientTool[];
  /**
   * Generative UI: `generativeUi({ registry, tambo })`. A call to a tool in `registry` renders as
   * a component (its arguments are the props), and the registered components are advertised to
   * the agent with the client tools in `RunAgentInput.tools`; a client tool may not share a name
   * with a component (`TOOL_NAME_CLASH`). A call the agent does not answer itself is answered by
   * the client with `{ "rendered": true }` when the run ends (see `ComponentDefinition.followUp` /
   * `awaitResult`). Tambo's CUSTOM events fold too (`tambo: false` leaves them to listeners).
   * Default: none; activity messages are still components, and the first Tambo event is warned
   * about once (`GENERATIVE_UI_MISSING`) and only reaches listeners.
   */
  readonly components?: GenerativeUiPlugin;
  /**
   * Follow subagents as lanes (`thread.subagents`, `thread.subagentsOf(toolCallId)`,
   * `useSubagent`): `subagentLanes()`. Default: none; subagent messages fold into the main list,
   * and the first subagent event is warned about once (`SUBAGENT_LANES_MISSING`).
   */
  readonly subagents?: SubagentLanesPlugin;
  /**
   * Keep each edit and regeneration as a branch (`thread.branches(id)`, `switchBranch`, stored
   * with the thread): `messageBranches()`. Default: one path; `editMessage` and `regenerate`
   * replace what followed, and every message has one alternative.
   */
  readonly branching?: BranchingPlugin;
  /**
   * Parse tool-call arguments while they stream, so `call.partialArgs` (and `argumentStatus`)
   * follow them: `partialArgsParser()`, or `partialArgsParser({ tools: ["write_file"] })` for the
   * named tools only. Default: none; `argsText` streams, `partialArgs` is undefined until
   * TOOL_CALL_END and then holds the arguments. The tools `components` renders are parsed either
   * way; a client tool declared `streaming` must be covered (`PARTIAL_ARGS_MISSING`).
   */
  readonly partialArgs?: PartialArgsPlugin;
  /**
   * Run on this thread (from `createThread`, or `store.startNew()` / `store.open(id)` of a
   * `ThreadStore`) instead of a new one. It carries its own id, messages, state, `components`,
   * `subagents`, `branching` and `partialArgs`, so those options may not be given with it. A thread without an id (a store's
   * placeholder) is a new conversation: see `threadId`. The thread is the caller's: `switchThread`
   * is refused (`THREAD_NOT_OWNED`), and `dispose()` leaves its content alone. One chat per thread.
   */
  readonly thread?: Thread;
  /**
   * Stores the thread (and keeps the thread index): `chatPersistence({ adapter: indexedDbStorage() })`.
   * Default: nothing is stored.
   */
  readonly persistence?: ChatPersistence;
  /**
   * Cross-tab `sessionGenerating`: `broadcastPresence()` (over `BroadcastChannel`). Default (or
   * `false`): this tab's runs only.
   */
  readonly presence?: false | PresencePlugin;
  /**
   * How client tools' arguments are read against their `parameters` before `needsApproval` and
   * `execute` see them: `strictModeUndo()` for a model in OpenAI-style strict mode (its `null`s
   * for left-out optional parameters removed). Default: as the model sent them.
   */
  readonly toolArguments?: ToolArgumentReading;
  /**
   * Files in `sendMessage({ text, files })` and media parts in `{ content }`:
   * `chatAttachments({ upload, maxFileSize, maxFiles, accept })` (without `upload`, files are
   * inlined as base64 data; a file over the limits is refused with `ATTACHMENT_REJECTED`). Default:
   * text only; files and media parts are refused with `PLUGIN_MISSING`.
   */
  readonly attachments?: AttachmentsPlugin;
  /**
   * Follow, read-only, a run another client streams on this thread (another device, or a tab
   * with no `BroadcastChannel` to this one), from a resumable server (`createAgentHandler`): the
   * answer streams here too, then the finished thread stays: `followRuns()`, asked when the thread
   * is opened; `followRuns({ pollMs })` also asks while idle. Default (or `false`): off.
   */
  readonly follow?: false | FollowPlugin;
  /**
   * A send queue: `sendQueue({ whenBusy, maxSize })`. Messages sent while a run streams, while an
   * approval or interrupt waits for the user, or while offline wait in `chat.sendQueue` (listed,
   * editable, stored with the thread) and go in order when the chat is free and online; of the
   * tabs open on the thread, one sends them. Default: none; a message sent meanwhile waits for the
   * turn in memory (and declines what waits for the user), and `chat.sendQueue` is undefined.
   */
  readonly queue?: SendQueuePlugin;
  /**
   * Online, offline and the page waking. When the page becomes visible again or the network comes
   * back, the chat checks its run: a reconnect waiting tries now, and a run that failed on the
   * network (or whose lookup after a reload got no answer) is rejoined if the server still holds
   * it. The send queue (`queue`) waits while offline. Default: the browser's (`navigator.onLine`,
   * the `online` / `offline` and `visibilitychange` events); never offline outside a browser.
   */
  readonly connectivity?: Connectivity;
  /** Automatic follow-up runs allowed per user turn. Default 10. */
  readonly maxSteps?: number;
  /** Run failures, `maxSteps`, storage failures, failing subscriber hooks. Default: a warning through `onWarning`. */
  readonly onError?: (error: ThreadlineError) => void;
  /** AG-UI `context` sent with every run. */
  readonly context?: readonly Context[];
  /** Makes run, message and thread ids. Default `crypto.randomUUID()`. */
  readonly createId?: () => string;
}

/** What `updateOptions` can change; each applies from the next run on. */
export interface ChatUpdatableOptions {
  readonly tools?: readonly ClientTool[];
  readonly context?: readonly Context[];
  readonly forwardedProps?: unknown;
  readonly maxSteps?: number;
}

/**
 * A user message: text, AG-UI content parts, or text with files (`File`, `Blob`, URL, or a ready
 * content part each; see `AttachmentInput`). `id` is the message's id (default `createId()`).
 */
export type MessageInput =
  | string
  | { readonly content: string | readonly ContentPart[]; readonly id?: string }
  | { readonly text?: string; readonly files?: readonly AttachmentInput[]; readonly id?: string };

export type ToolResultInput =
  | { readonly toolCallId: string; readonly output: unknown }
  | { readonly toolCallId: string; readonly error: string | Error };

/**
 * How a turn settled: what the promise of `sendMessage`, `regenerate`, `addToolResult`,
 * `respondToApproval` and `resume` resolves to. They never reject: agent and transport errors
 * come back as `error` (and sit in `chat.error`).
 */
export type TurnResult =
  | { readonly status: "idle" }
  | { readonly status: "awaiting-input" }
  | { readonly status: "failed"; readonly error: ThreadlineError }
  /** `stop()`, `clear()`, `setMessages()`, `regenerate()` or `dispose()` ended the turn. */
  | { readonly status: "cancelled" }
  /**
   * A message that was never sent: the turn before it was stopped, cleared or failed; or, with a
   * send queue, it was cancelled there, dropped while the chat was busy (`whenBusy: "drop"`), or
   * the queue was full.
   */
  | {
      readonly status: "skipped";
      readonly reason: "stopped" | "cleared" | "failed" | "disposed" | "nothing-to-regenerate" | "nothing-to-edit" | "cancelled" | "busy" | "queue-full";
    };
