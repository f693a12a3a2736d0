import type { ReadonlySignal } from "@preact/signals-core";
import type { ThreadlineError } from "../../errors.js";
import type { ArgumentStatus, ToolCallNode } from "../types.js";

/**
 * The public shape of generative UI: a component the agent streams, whatever carried it.
 * Three sources land in the same node type:
 * - `tambo`: CUSTOM events `tambo.component.start | props_delta | state_delta | end`;
 * - `activity`: an activity message (ACTIVITY_SNAPSHOT / ACTIVITY_DELTA), named by its
 *   `activityType`, its content as props;
 * - `tool-call`: a call to a tool registered as renderable, its arguments as props.
 */

/** `pending` (nothing streamed yet) → `streaming` → `complete`. */
export type ComponentStreaming = "pending" | "streaming" | "complete";

/** Where one top-level prop stands: not seen yet, the last delta touched it, or settled. */
export type PropStatus = ArgumentStatus;

export type ComponentSource = "tambo" | "activity" | "tool-call";

export type ComponentProps = Readonly<Record<string, unknown>>;

export interface ComponentNode {
  /** The Tambo `componentId`, the activity message's id, or the tool call's id. */
  readonly id: string;
  /**
   * The name to render: `componentName`, `activityType` or the tool's name. Read when rendered;
   * an activity whose type (or a call whose name) changes later keeps its node.
   */
  readonly name: string;
  readonly source: ComponentSource;
  /** The message whose parts hold the component (the activity message itself for `activity`). */
  readonly messageId: string;
  /** A new object whenever a prop changes; untouched props keep their identity. */
  readonly props: ReadonlySignal<ComponentProps>;
  /** Component state (Tambo `state_delta`); `{}` for the other sources. */
  readonly state: ReadonlySignal<ComponentProps>;
  readonly streaming: ReadonlySignal<ComponentStreaming>;
  /**
   * Status per top-level prop: `streaming` while the latest delta touched it, `complete` once a
   * later delta moved on to other props or the component ended, `pending` for a prop the
   * registered `propsSchema` declares that has not arrived. A new object only when a status
   * changes, never per delta of the same prop.
   */
  readonly propStatus: ReadonlySignal<Readonly<Record<string, PropStatus>>>;
  /**
   * Why the component's stream is not trustworthy: a patch that failed or was refused
   * (`COMPONENT_PATCH_FAILED`, `FORBIDDEN_PATCH_PATH`), the run ending before the component did
   * (`COMPONENT_CUT_OFF`), or for a tool call its own error. Only the run that streamed the
   * component can set it.
   */
  readonly error: ReadonlySignal<ThreadlineError | undefined>;
  /** The tool call behind a `tool-call` component. */
  readonly toolCall?: ToolCallNode;
}

/** A component among an assistant message's parts, in arrival order with text and tool calls. */
export interface ComponentPart {
  readonly type: "component";
  readonly component: ComponentNode;
  /** Set when the component renders a tool call (which stays in the message's `toolCalls`). */
  readonly toolCall?: ToolCallNode;
}

/** One call `tambo.run.awaiting_input` says the run waits for. */
export interface PendingToolCall {
  readonly toolCallId: string;
  readonly toolName: string;
  /** The raw JSON arguments, as sent. */
  readonly arguments: string;
}

/** The run paused for the client: set by `tambo.run.awaiting_input`, cleared by the next RUN_STARTED. */
export interface AwaitingInput {
  /** The run that paused (the thread's `runId` when the event arrived). */
  readonly runId: string | undefined;
  readonly pendingToolCalls: readonly PendingToolCall[];
}

/** A plain copy of a component node at one moment. */
export interface ComponentSnapshot {
  readonly id: string;
  readonly name: string;
  readonly source: ComponentSource;
  readonly messageId: string;
  readonly props: ComponentProps;
  readonly state: ComponentProps;
  readonly streaming: ComponentStreaming;
  readonly propStatus: Readonly<Record<string, PropStatus>>;
  readonly error: { readonly code: string; readonly message: string } | undefined;
}

/**
 * What the Svelte and Vue bindings need from a generative-UI component node. Core's
 * `ComponentNode` satisfies it; so does anything else of this shape (an adapter, a test double),
 * including one whose name is a signal.
 */
export interface ComponentNodeLike<P extends object = Record<string, unknown>, S extends object = Record<string, unknown>> {
  readonly id: string;
  /** The registered name to render; a signal when it can change (a renamed tool call). */
  readonly name: string | ReadonlySignal<string>;
  readonly props: ReadonlySignal<P>;
  readonly state: ReadonlySignal<S>;
  /** `pending` → `streaming` → `complete`. */
  readonly streaming?: ReadonlySignal<ComponentStreaming>;
  /** Per top-level prop: `pending` → `streaming` → `complete`. */
  readonly propStatus?: ReadonlySignal<Readonly<Record<string, PropStatus>>>;
  readonly error?: ReadonlySignal<unknown>;
}
