import type { ReadonlySignal } from "@preact/signals-core";
import type { ContentPart, CustomEvent, Interrupt, Message, RawEvent, AGUIEvent, TokenUsage } from "@ag-ui/core";
import type { ThreadlineError } from "../errors.js";
import type { AwaitingInput, ComponentNode, ComponentPart, ComponentSnapshot } from "./components/types.js";
import type { Attachment } from "./messages/attachments.js";
import type { ArgumentStatus, ThreadStatus, ToolCallStatus } from "./status.js";

export type { ArgumentStatus, EndStatus, ThreadStatus, ToolCallStatus } from "./status.js";

/**
 * The public shape of the signal graph. Every field that can change is a signal; every value a
 * signal holds is immutable (a change publishes a new string, array or object), so bindings can
 * compare by identity. Fields that never change for a node (`id`, `role`, `toolCallId`) are plain.
 */

export type Metadata = Readonly<Record<string, unknown>>;
export type MessageContent = string | readonly ContentPart[];

/** Signals every message node has. */
export interface MessageNodeBase<R extends Message["role"]> {
  readonly id: string;
  readonly role: R;
  /** Merged key by key from the message and its events, last write wins. */
  readonly metadata: ReadonlySignal<Metadata | undefined>;
  /** The subagent run that produced the message; absent for the parent agent. */
  readonly subagentRunId: ReadonlySignal<string | undefined>;
  /** The message during which this one was produced (Tambo `tambo.message.parent`). */
  readonly parentMessageId: ReadonlySignal<string | undefined>;
}

/** Between the message's START and END events (always false for messages that arrived whole). */
interface Streams {
  readonly streaming: ReadonlySignal<boolean>;
}

export interface UserMessageNode extends MessageNodeBase<"user">, Streams {
  /** A string, or the parts of a multimodal message (text, image, audio, video, document). */
  readonly content: ReadonlySignal<MessageContent>;
  /** The media parts of `content`, each with a URL to show it by (a local preview for files this chat sent). */
  readonly attachments: ReadonlySignal<readonly Attachment[]>;
  readonly name: ReadonlySignal<string | undefined>;
  readonly encryptedValue: ReadonlySignal<string | undefined>;
  /** What `encryptedValue` is (AG-UI 1.1), kept and sent back with it. */
  readonly encryptedValueType: ReadonlySignal<string | undefined>;
}

export interface SystemMessageNode extends MessageNodeBase<"system">, Streams {
  readonly content: ReadonlySignal<string>;
  readonly name: ReadonlySignal<string | undefined>;
  readonly encryptedValue: ReadonlySignal<string | undefined>;
  /** What `encryptedValue` is (AG-UI 1.1), kept and sent back with it. */
  readonly encryptedValueType: ReadonlySignal<string | undefined>;
}

export interface DeveloperMessageNode extends MessageNodeBase<"developer">, Streams {
  readonly content: ReadonlySignal<string>;
  readonly name: ReadonlySignal<string | undefined>;
  readonly encryptedValue: ReadonlySignal<string | undefined>;
  /** What `encryptedValue` is (AG-UI 1.1), kept and sent back with it. */
  readonly encryptedValueType: ReadonlySignal<string | undefined>;
}

/** The assistant's text as one part of its message (the node's own `content` signal). */
export interface TextPart {
  readonly type: "text";
  readonly content: ReadonlySignal<string | undefined>;
}

export interface ToolCallPart {
  readonly type: "tool-call";
  readonly toolCall: ToolCallNode;
}

/** Parts of an assistant message in arrival order: text, tool calls, generative-UI components. */
export type AssistantPart = TextPart | ToolCallPart | ComponentPart;

export interface AssistantMessageNode extends MessageNodeBase<"assistant">, Streams {
  /** Undefined while the message has tool calls only. */
  readonly content: ReadonlySignal<string | undefined>;
  readonly name: ReadonlySignal<string | undefined>;
  readonly encryptedValue: ReadonlySignal<string | undefined>;
  /** What `encryptedValue` is (AG-UI 1.1), kept and sent back with it. */
  readonly encryptedValueType: ReadonlySignal<string | undefined>;
  /** Written only when a part is added or removed, never per token. */
  readonly parts: ReadonlySignal<readonly AssistantPart[]>;
  /** The tool-call parts, derived from `parts` (created on first read). */
  readonly toolCalls: ReadonlySignal<readonly ToolCallNode[]>;
}

export interface ToolMessageNode extends MessageNodeBase<"tool">, Streams {
  readonly toolCallId: string;
  /** What the tool returned: a string, or content parts (kept as parts, never stringified). */
  readonly content: ReadonlySignal<MessageContent>;
  /** The media parts of `content` (images a tool returned…), each with a URL to show it by. */
  readonly attachments: ReadonlySignal<readonly Attachment[]>;
  /** An error the tool reported instead of (or with) its content. */
  readonly error: ReadonlySignal<string | undefined>;
  readonly encryptedValue: ReadonlySignal<string | undefined>;
  /** What `encryptedValue` is (AG-UI 1.1), kept and sent back with it. */
  readonly encryptedValueType: ReadonlySignal<string | undefined>;
}

export interface ReasoningMessageNode extends MessageNodeBase<"reasoning">, Streams {
  readonly content: ReadonlySignal<string>;
  readonly encryptedValue: ReadonlySignal<string | undefined>;
  /** What `encryptedValue` is (AG-UI 1.1), kept and sent back with it. */
  readonly encryptedValueType: ReadonlySignal<string | undefined>;
}

export interface ActivityMessageNode extends MessageNodeBase<"activity"> {
  readonly activityType: ReadonlySignal<string>;
  readonly content: ReadonlySignal<Readonly<Record<string, unknown>>>;
  /** This activity as a generative-UI component: named by `activityType`, `content` as props. */
  readonly component: ComponentNode;
}

export type MessageNode =
  | UserMessageNode
  | SystemMessageNode
  | DeveloperMessageNode
  | AssistantMessageNode
  | ToolMessageNode
  | ReasoningMessageNode
  | ActivityMessageNode;

export interface ToolCallNode {
  readonly id: string;
  /** The assistant message the call belongs to. */
  readonly messageId: string;
  readonly name: ReadonlySignal<string>;
  /** The raw argument text so far. */
  readonly argsText: ReadonlySignal<string>;
  /** Best-effort value of the arguments so far (undefined until something can be shown). */
  readonly partialArgs: ReadonlySignal<unknown>;
  /** The strictly parsed arguments, set at TOOL_CALL_END; never a partial value. */
  readonly args: ReadonlySignal<unknown>;
  /** Status of each top-level argument seen so far. A new object only when a status changes. */
  readonly argumentStatus: ReadonlySignal<Readonly<Record<string, ArgumentStatus>>>;
  readonly status: ReadonlySignal<ToolCallStatus>;
  /** The tool message answering this call, once one exists. */
  readonly result: ReadonlySignal<ToolMessageNode | undefined>;
  readonly error: ReadonlySignal<ThreadlineError | undefined>;
  readonly metadata: ReadonlySignal<Metadata | undefined>;
  readonly encryptedValue: ReadonlySignal<string | undefined>;
  /** What `encryptedValue` is (AG-UI 1.1), kept and sent back with it. */
  readonly encryptedValueType: ReadonlySignal<string | undefined>;
}

export type RunOutcome =
  | {
      readonly type: "success";
      readonly result?: unknown;
      /** Named by the producer, else every call this run started that got no result. */
      readonly pendingToolCallIds: readonly string[];
    }
  | { readonly type: "interrupt"; readonly interrupts: readonly Interrupt[] }
  | { readonly type: "cancelled" };

/** Token counts summed over usage entries (a field no entry reported counts as 0). */
export interface TokenTotals {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly totalTokens: number;
  readonly reasoningTokens: number;
  readonly cachedInputTokens: number;
  readonly cacheWriteInputTokens: number;
}

/** The usage one run reported on its RUN_FINISHED or RUN_ERROR. */
export interface RunUsage {
  readonly runId: string | undefined;
  /** Which event reported it: a failed run may still have spent tokens. */
  readonly endedBy: "RUN_FINISHED" | "RUN_ERROR";
  /** The entries as received (one per provider/model call or aggregate, as the producer chose). */
  readonly entries: readonly TokenUsage[];
  readonly totals: TokenTotals;
}

/**
 * Where a subagent invocation stands, in the status words of `model/status.ts`: `running`
 * (SUBAGENT_STARTED), `succeeded` or `interrupted` (SUBAGENT_FINISHED; the protocol's `suspended`
 * outcome, awaiting interrupts a later run may answer, is `interrupted`), `failed`
 * (SUBAGENT_ERROR, or cut off when the run ended first), `unknown` (known only from messages that
 * name it: restored history, or content no SUBAGENT_STARTED announced).
 */
export type SubagentStatus = "running" | "succeeded" | "interrupted" | "failed" | "unknown";

/** Why a subagent failed: SUBAGENT_ERROR's message and code, or `cutOff` when its run ended first. */
export interface SubagentFailure {
  readonly message: string;
  readonly code?: string;
  readonly cutOff?: true;
}

/**
 * One subagent invocation (a `subagentRunId`) as a lane of the conversation: what its SUBAGENT_*
 * events said, the messages it produced (those whose `subagentRunId` is its id, in thread order)
 * and the lanes it spawned. Each field is a signal written only when that field changes.
 */
export interface SubagentLane {
  /** The `subagentRunId`: one invocation, never reused. */
  readonly id: string;
  readonly name: ReadonlySignal<string | undefined>;
  readonly description: ReadonlySignal<string | undefined>;
  /** The lane that spawned this one; undefined when the parent agent did. */
  readonly parentSubagentRunId: ReadonlySignal<string | undefined>;
  /** The tool call that spawned it (agents exposed as tools). */
  readonly parentToolCallId: ReadonlySignal<string | undefined>;
  /** The message holding that tool call. */
  readonly parentMessageId: ReadonlySignal<string | undefined>;
  readonly status: ReadonlySignal<SubagentStatus>;
  readonly error: ReadonlySignal<SubagentFailure | undefined>;
  /** SUBAGENT_FINISHED's `result`, if it carried one. */
  readonly result: ReadonlySignal<unknown>;
  /** An interrupted lane's own interrupts (SUBAGENT_FINISHED's `suspended` outcome). */
  readonly interruptIds: ReadonlySignal<readonly string[]>;
  /** Written when one of its messages is added or removed, never per token. */
  readonly messages: ReadonlySignal<readonly MessageNode[]>;
  /** Lanes started inside this one (`parentSubagentRunId` is this id), in start order. */
  readonly lanes: ReadonlySignal<readonly SubagentLane[]>;
}

export interface SubagentSnapshot {
  readonly id: string;
  readonly name?: string;
  readonly description?: string;
  readonly parentSubagentRunId?: string;
  readonly parentToolCallId?: string;
  readonly parentMessageId?: string;
  readonly status: SubagentStatus;
  readonly error?: SubagentFailure;
  readonly result?: unknown;
  readonly interruptIds?: readonly string[];
  readonly messageIds: readonly string[];
}

export interface ActiveStep {
  readonly stepName: string;
  readonly subagentRunId?: string;
}

export type CustomListener = (event: CustomEvent) => void;
export type RawListener = (event: RawEvent) => void;
export type ThreadEventListener = (event: AGUIEvent) => void;
/**
 * A handler that claims a CUSTOM event name: it runs inside the fold's batch, so the signals it
 * writes change in the same update as the rest of the event. One claim per name.
 */
export type CustomFold = (event: CustomEvent, thread: Thread) => void;

/**
 * The alternatives at one fork point of the conversation tree, as `thread.branches(messageId)`
 * gives them for a message on the active path.
 */
export interface Branches {
  /** How many alternatives there are (1 for a message that never forked). */
  readonly count: number;
  /** Which of them is on the active path, from 0. */
  readonly index: number;
  /** The first message of each alternative, in the order they were made. */
  readonly alternatives: readonly MessageNode[];
}

export interface Thread {
  readonly threadId: ReadonlySignal<string | undefined>;
  /** Written only when a message is added, removed, replaced or reordered. */
  readonly messages: ReadonlySignal<readonly MessageNode[]>;
  readonly state: ReadonlySignal<unknown>;
  readonly runId: ReadonlySignal<string | undefined>;
  readonly status: ReadonlySignal<ThreadStatus>;
  /** `AgentRunError` for a producer RUN_ERROR; a protocol or fold error when the client rejected. */
  readonly error: ReadonlySignal<ThreadlineError | undefined>;
  /** The last run's RUN_FINISHED outcome (undefined while running or after a failure). */
  readonly outcome: ReadonlySignal<RunOutcome | undefined>;
  readonly activeSteps: ReadonlySignal<readonly ActiveStep[]>;
  readonly pendingInterrupts: ReadonlySignal<readonly Interrupt[]>;
  /** Token usage of every run that reported any, in order; written once per run end. */
  readonly runUsage: ReadonlySignal<readonly RunUsage[]>;
  /** Token usage summed over `runUsage`: the thread's spend so far. */
  readonly usage: ReadonlySignal<TokenTotals>;
  /** Set by Tambo's `tambo.run.awaiting_input` (client tools to run), cleared by RUN_STARTED. */
  readonly awaitingInput: ReadonlySignal<AwaitingInput | undefined>;
  /**
   * The subagent lanes the parent agent spawned, in start order (nested ones are under their
   * parent's `lanes`). Written when a lane starts at the top level, never per event.
   */
  readonly subagents: ReadonlySignal<readonly SubagentLane[]>;

  /** O(1) lookup of a message node by id. */
  message(id: string): MessageNode | undefined;
  /**
   * The alternatives at `messageId` (see `Branches`): an edited user message and a regenerated
   * answer fork the conversation there. Every message of a regenerated answer gives the same
   * fork, so a picker under the answer's text works when the answer starts with reasoning or an
   * activity. Undefined when the message is not on the active path.
   * Reactive: a signal or effect reading it follows the message list.
   */
  branches(messageId: string): Branches | undefined;
  /** O(1) lookup of a tool call node by id. */
  toolCall(id: string): ToolCallNode | undefined;
  /** O(1) lookup of a subagent lane by `subagentRunId` (nested ones too). */
  subagent(id: string): SubagentLane | undefined;
  /**
   * The lanes tool call `toolCallId` spawned (SUBAGENT_STARTED's `parentToolCallId`), as a signal
   * that changes when one starts; the same signal for the same id, empty until then.
   */
  subagentsOf(toolCallId: string): ReadonlySignal<readonly SubagentLane[]>;
  /** O(1) lookup of a generative-UI component: a Tambo component, renderable tool call or activity message, by id. */
  component(id: string): ComponentNode | undefined;
  /**
   * A signal for the state at one JSON Pointer (`""` is the whole state, `"/todos/0"` …). It
   * notifies only when that subtree is replaced; patches elsewhere leave it quiet. Undefined when
   * the path does not exist. The same pointer returns the same signal.
   */
  select(pointer: string): ReadonlySignal<unknown>;
  /** The messages as AG-UI `Message[]`, exactly as @ag-ui/client builds them. */
  toMessages(): Message[];
  /** A plain, deep-frozen copy of everything. */
  snapshot(): ThreadSnapshot;

  /** Listen to CUSTOM events of one name (`"*"` for all). Returns the unsubscribe function. */
  onCustom(name: string, listener: CustomListener): () => void;
  onRaw(listener: RawListener): () => void;
  /** Every event, after it has been folded. */
  onEvent(listener: ThreadEventListener): () => void;
  /** Claim a CUSTOM name (see `CustomFold`); throws `CUSTOM_ALREADY_CLAIMED` if taken. */
  claimCustom(name: string, fold: CustomFold): () => void;
  /**
   * The client rejected the stream (a protocol or transport error): status `failed`, `error` set,
   * open messages and tool calls closed. Everything folded so far stays. A value that is not a
   * ThreadlineError is wrapped in one with code `RUN_REJECTED` (the original is its `cause`).
   */
  fail(error: unknown): void;
}

export interface ToolCallSnapshot {
  readonly id: string;
  readonly messageId: string;
  readonly name: string;
  readonly argsText: string;
  readonly partialArgs: unknown;
  readonly args: unknown;
  readonly argumentStatus: Readonly<Record<string, ArgumentStatus>>;
  readonly status: ToolCallStatus;
  readonly resultMessageId: string | undefined;
  readonly error: { readonly code: string; readonly message: string } | undefined;
}

export interface ThreadSnapshot {
  readonly threadId: string | undefined;
  readonly runId: string | undefined;
  readonly status: ThreadStatus;
  readonly error: { readonly code: string; readonly message: string } | undefined;
  readonly outcome: RunOutcome | undefined;
  readonly state: unknown;
  readonly messages: readonly Message[];
  readonly toolCalls: readonly ToolCallSnapshot[];
  /** Every generative-UI component (all three sources), in thread order, then part order. */
  readonly components: readonly ComponentSnapshot[];
  readonly activeSteps: readonly ActiveStep[];
  readonly pendingInterrupts: readonly Interrupt[];
  /** Every subagent lane, in the order they came into being. */
  readonly subagents: readonly SubagentSnapshot[];
}
