import type { ToolCall } from "@ag-ui/core";
import { computed, signal, type ReadonlySignal, type Signal } from "@preact/signals-core";
import type { ThreadlineError } from "../../errors.js";
import { JsonDepthError, MAX_JSON_DEPTH } from "../../json/json-depth.js";
import { ownJson } from "../../json/json-value.js";
import { allDone } from "../components/settled-status.js";
import { ToolArgsError, ToolResultError } from "../errors.js";
import { assignJson } from "../messages/metadata.js";
import { encryptedValueType } from "../messages/node-base.js";
import type { ToolArgsParser, ToolArgsParserFactory } from "./tool-args.js";
import type { ArgumentStatus, Metadata, ToolCallNode, ToolCallStatus, ToolMessageNode } from "../types.js";

const NO_STATUS: Readonly<Record<string, ArgumentStatus>> = Object.freeze({});

/**
 * One tool call, and its state machine: `status` and `error` are written only by its transitions,
 * each of which checks the state it comes from:
 *
 * - Arguments (the fold, fold/tool-call-stream.ts): their end (or `assign`, a whole call) takes
 *   `streaming` to `complete`, or to `failed` when they do not parse; a cut-off fails a call whose
 *   run ended mid-arguments; a replayed start takes `complete` or `failed` back to `streaming`.
 * - The client (tools/, through client-transitions.ts, which only the chat's engine loads):
 *   `requestApproval` → `awaiting-approval`; `startCall` → `running`; `withdrawApproval` →
 *   `complete`; `cancelCall` → `failed`.
 * - Facts from the stream win from every state: a result (`linkResult`) settles the call as
 *   `succeeded` or `failed`, and arguments that do not parse fail it.
 *
 * Nothing here is computed per event except the parser's work.
 */
export class ToolCallNodeImpl implements ToolCallNode {
  /**
   * @internal Vue's raw marker: a `ref`, `reactive` or Pinia store holding this object hands it
   * back as it is, since a deep proxy as `this` fails every `#` member's brand check.
   */
  get __v_skip(): true {
    return true;
  }

  readonly name: Signal<string>;
  readonly argsText = signal("");
  readonly partialArgs = signal<unknown>(undefined);
  readonly args = signal<unknown>(undefined);
  readonly argumentStatus = signal<Readonly<Record<string, ArgumentStatus>>>(NO_STATUS);
  readonly result = signal<ToolMessageNode | undefined>(undefined);
  /** @internal `status` and `error`, written only by the transitions (here, the fold's in fold/tool-call-stream.ts, the client's in client-transitions.ts). */
  readonly statusSignal = signal<ToolCallStatus>("streaming");
  /** @internal */
  readonly errorSignal = signal<ThreadlineError | undefined>(undefined);
  readonly metadata = signal<Metadata | undefined>(undefined);
  readonly encryptedValue = signal<string | undefined>(undefined);
  /** What `encryptedValue` is (AG-UI 1.1), kept and sent back with it. */
  readonly encryptedValueType = signal<string | undefined>(undefined);
  /** True between TOOL_CALL_START and TOOL_CALL_END. */
  open = false;
  /** While open, the parser of the arguments when one covers this tool (else no `partialArgs`). */
  parser: ToolArgsParser | undefined = undefined;

  constructor(
    readonly id: string,
    readonly messageId: string,
    name: string,
  ) {
    this.name = signal(name);
  }

  /** A call that arrived whole (a snapshot, initial messages, RUN_STARTED input). */
  static whole(call: ToolCall, messageId: string): ToolCallNodeImpl {
    const node = new ToolCallNodeImpl(call.id, messageId, call.function.name);
    node.assign(call);
    return node;
  }

  get status(): ReadonlySignal<ToolCallStatus> {
    return this.statusSignal;
  }

  get error(): ReadonlySignal<ThreadlineError | undefined> {
    return this.errorSignal;
  }

  /** Updates every signal from a whole ToolCall, writing only what changed. */
  assign(call: ToolCall): void {
    this.close();
    this.name.value = call.function.name;
    if (this.argsText.peek() !== call.function.arguments || this.args.peek() === undefined) {
      this.argsText.value = call.function.arguments;
      this.settleArgs(call.function.arguments);
    }
    assignJson(this.metadata, call.metadata as Metadata | undefined);
    this.encryptedValue.value = call.encryptedValue;
    this.encryptedValueType.value = encryptedValueType(call);
    this.argumentsArrived();
  }

  /**
   * @internal Links (or unlinks) the tool message answering this call: `succeeded`, or `failed` when the
   * message carries an error. From every state, since a result is the answer whoever gave it;
   * unlinked (its message left the path), a settled call is `complete` again.
   */
  linkResult(message: ToolMessageNode | undefined, resultError: string | undefined): void {
    this.result.value = message;
    if (message === undefined) {
      if (this.statusSignal.peek() === "succeeded" || this.errorSignal.peek() instanceof ToolResultError) {
        this.errorSignal.value = undefined;
        this.statusSignal.value = "complete";
      }
      return;
    }
    if (resultError !== undefined) {
      this.errorSignal.value = new ToolResultError(this.id, resultError);
      this.statusSignal.value = "failed";
    } else {
      if (this.errorSignal.peek() instanceof ToolResultError) this.errorSignal.value = undefined;
      this.statusSignal.value = "succeeded";
    }
  }

  /** @internal */
  toToolCall(): ToolCall {
    const call: ToolCall = {
      id: this.id,
      type: "function",
      function: { name: this.name.peek(), arguments: this.argsText.peek() },
    };
    const metadata = this.metadata.peek();
    if (metadata !== undefined) call.metadata = { ...metadata };
    const encryptedValue = this.encryptedValue.peek();
    if (encryptedValue !== undefined) call.encryptedValue = encryptedValue;
    const type = this.encryptedValueType.peek();
    if (type !== undefined) (call as { encryptedValueType?: string }).encryptedValueType = type;
    return call;
  }

  /** @internal Parses whole argument text: `args`, or the call fails. */
  settleArgs(text: string): void {
    if (text.trim() === "") {
      this.setArgs(Object.freeze({}));
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (cause) {
      return this.refuseArgs(new ToolArgsError("INVALID_TOOL_ARGS", this.id, text, cause));
    }
    // Valid JSON deeper than Threadline walks is refused as that, not as "not valid JSON": the
    // copy stops at the limit (one walk, no depth pass before it; JSON.parse makes no cycles).
    let args: unknown;
    try {
      args = ownJson(parsed, "arguments", MAX_JSON_DEPTH);
    } catch (error) {
      if (error instanceof JsonDepthError) return this.refuseArgs(new ToolArgsError("TOOL_ARGS_TOO_DEEP", this.id, text));
      throw error;
    }
    this.setArgs(args);
  }

  /** The arguments stopped streaming (their end, a whole call, or a cut-off): the parser goes. */
  close(): void {
    this.open = false;
    this.parser = undefined;
  }

  /** @internal `streaming` → `complete`, or `failed` when the arguments were refused. */
  argumentsArrived(): void {
    if (this.statusSignal.peek() === "streaming") this.statusSignal.value = this.errorSignal.peek() === undefined ? "complete" : "failed";
  }

  /** @internal Arguments that do not parse fail the call from every state: the call cannot run on them. */
  private refuseArgs(error: ToolArgsError): void {
    this.args.value = undefined;
    this.errorSignal.value = error;
    this.statusSignal.value = "failed";
  }

  /** @internal */
  private setArgs(value: unknown): void {
    this.args.value = value;
    this.partialArgs.value = value;
    if (this.errorSignal.peek() instanceof ToolArgsError) this.errorSignal.value = undefined;
    if (value !== null && typeof value === "object" && !Array.isArray(value)) this.argumentStatus.value = allDone(value, undefined);
  }
}

/** `toolCalls` of an assistant node, derived from its parts; created lazily, on first read. */
export function toolCallsOf(
  parts: ReadonlySignal<readonly { readonly type: string; readonly toolCall?: ToolCallNode }[]>,
): ReadonlySignal<readonly ToolCallNode[]> {
  return computed(() => {
    const out: ToolCallNode[] = [];
    for (const part of parts.value) if (part.toolCall !== undefined) out.push(part.toolCall);
    return Object.freeze(out);
  });
}
