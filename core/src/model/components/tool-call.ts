import { computed, type ReadonlySignal } from "@preact/signals-core";
import type { ThreadlineError } from "../../errors.js";
import { setOwn } from "../../json/json-value.js";
import { createStrictModeUndo, undoStrictMode } from "../../json/strict-mode.js";
import { NO_PROPS, NO_STATE } from "./node.js";
import type { RegisteredComponent } from "./registry.js";
import type { ComponentNode, ComponentProps, ComponentStreaming, PropStatus } from "./types.js";
import { ToolArgsError } from "../errors.js";
import type { ToolCallNodeImpl } from "../tool-calls/tool-call-node.js";

type StatusRecord = Readonly<Record<string, PropStatus>>;

/**
 * A call to a tool registered as renderable, seen as a component. Every signal is a computed
 * over the call's own signals, so the fold does no extra work per TOOL_CALL_ARGS: the props are
 * `partialArgs` while the arguments stream and the strict `args` after TOOL_CALL_END (strict-mode
 * nulls undone against the registered `propsSchema`), the per-prop status is the call's
 * `argumentStatus` (plus `pending` for declared props not seen yet).
 */
export class ToolCallComponentImpl implements ComponentNode {
  readonly source = "tool-call" as const;
  readonly state = NO_STATE;
  readonly props: ReadonlySignal<ComponentProps>;
  readonly streaming: ReadonlySignal<ComponentStreaming>;
  readonly propStatus: ReadonlySignal<StatusRecord>;
  readonly error: ReadonlySignal<ThreadlineError | undefined>;

  constructor(readonly toolCall: ToolCallNodeImpl, entry: RegisteredComponent | undefined) {
    const call = toolCall;
    const schema = entry?.jsonSchema;
    // Memoised per object: a delta re-walks only the path the parser changed.
    const undoPartial = schema === undefined ? undefined : createStrictModeUndo(schema);
    this.props = computed(() => {
      const settled = call.status.value !== "streaming" && call.args.value !== undefined;
      if (settled) {
        const args = call.args.value;
        return asProps(schema === undefined ? args : undoStrictMode(schema, args));
      }
      const partial = call.partialArgs.value;
      return asProps(undoPartial === undefined ? partial : undoPartial(partial));
    });
    this.streaming = computed(() => {
      if (call.status.value === "streaming" || cutOff(call.error.value)) {
        return call.partialArgs.value === undefined ? "pending" : "streaming";
      }
      return "complete";
    });
    const declared = entry?.propNames ?? [];
    this.propStatus = declared.length === 0 ? call.argumentStatus : withPending(declared, call);
    this.error = call.error;
  }

  get id(): string {
    return this.toolCall.id;
  }

  get messageId(): string {
    return this.toolCall.messageId;
  }

  get name(): string {
    return this.toolCall.name.peek();
  }
}

function cutOff(error: ThreadlineError | undefined): boolean {
  return error instanceof ToolArgsError && error.code === "INCOMPLETE_TOOL_ARGS";
}

function asProps(value: unknown): ComponentProps {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as ComponentProps) : NO_PROPS;
}

/**
 * The call's argument status with declared props not seen yet as `pending` while the arguments
 * stream (after TOOL_CALL_END a missing prop is not coming); same object while nothing changes.
 */
function withPending(declared: readonly string[], call: ToolCallNodeImpl): ReadonlySignal<StatusRecord> {
  let lastIn: StatusRecord | undefined;
  let lastOut: StatusRecord | undefined;
  return computed(() => {
    const seen = call.argumentStatus.value;
    if (call.status.value !== "streaming") return seen;
    if (seen === lastIn && lastOut !== undefined) return lastOut;
    const out: Record<string, PropStatus> = {};
    for (const key of declared) setOwn(out, key, "pending");
    for (const key of Object.keys(seen)) setOwn(out, key, seen[key]!);
    lastIn = seen;
    lastOut = Object.freeze(out);
    return lastOut;
  });
}
