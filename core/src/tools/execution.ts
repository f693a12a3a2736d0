import { DEV } from "esm-env";
import { describeValue } from "../describe-value.js";
import { batch } from "@preact/signals-core";
import type { WarningHandler } from "../errors.js";
import type { ThreadImpl } from "../model/thread.js";
import type { MessageContent } from "../model/types.js";
import type { ToolCallNodeImpl } from "../model/tool-calls/tool-call-node.js";
import { cancelCall, startCall } from "../model/tool-calls/client-transitions.js";
import { ToolExecutionError } from "./errors.js";
import { outputContent, type ResolvedTool, type ToolExecuteContext } from "./definition.js";
import { validateWith } from "./validation.js";
import type { ToolArgumentReading } from "./argument-reading.js";
import type { RunRecord } from "./run-record.js";
import { createKeyedThrottle, type KeyedThrottle } from "./keyed-throttle.js";

/** How one execution ended: the content to send back, or why there is none. */
export type ToolOutcome =
  | { readonly type: "output"; readonly content: MessageContent }
  | { readonly type: "error"; readonly error: ToolExecutionError };

export interface ToolRunnerHost {
  readonly thread: ThreadImpl;
  readonly warn: WarningHandler;
  /** How arguments are read against the tool's schema (the chat's `toolArguments`). */
  readonly reading: ToolArgumentReading;
  /** An execution ended and was not invalidated meanwhile. */
  finished(toolCallId: string, record: RunRecord, outcome: ToolOutcome): void;
}

interface StreamingCall {
  readonly resolved: ResolvedTool;
  readonly record: RunRecord;
  readonly undo: (value: unknown) => unknown;
}

/**
 * Runs client tools: `execute` on the strict arguments once a call has ended, and, for streaming
 * tools, on the partial arguments while they arrive (through a keyed throttle, one key per call).
 * `invalidate()` (stop, clear, a new message) aborts every execution's `signal`, cancels pending
 * partial calls, and makes the results of executions still running vanish: they are never
 * reported, so a late result can never land in a conversation that moved on.
 */
export class ToolRunner {
  #controller = new AbortController();
  /** Calls executing now; the token tells a current execution from one invalidated since. */
  readonly #running = new Map<string, object>();
  readonly #streams = new Map<string, StreamingCall>();
  readonly #throttles = new Map<number, KeyedThrottle<string, string>>();

  readonly #host: ToolRunnerHost;
  constructor(host: ToolRunnerHost) {
    this.#host = host;
  }

  get executingCount(): number {
    return this.#running.size;
  }

  isExecuting(toolCallId: string): boolean {
    return this.#running.has(toolCallId);
  }

  /** TOOL_CALL_START of a streaming tool with `execute`: partial calls follow its ARGS. */
  startStreaming(call: ToolCallNodeImpl, resolved: ResolvedTool, record: RunRecord): void {
    if (resolved.streamingMs === undefined || resolved.tool.execute === undefined) return;
    this.#streams.set(call.id, { resolved, record, undo: this.#host.reading.stream(resolved.jsonSchema) });
  }

  /** TOOL_CALL_ARGS: O(1) — a map lookup, and a throttle entry for a streaming tool. */
  onArgs(toolCallId: string): void {
    const stream = this.#streams.get(toolCallId);
    if (stream !== undefined) this.#throttle(stream.resolved.streamingMs as number).schedule(toolCallId, toolCallId);
  }

  /** TOOL_CALL_END: the final call supersedes any partial one still waiting. */
  endStreaming(toolCallId: string): void {
    const stream = this.#streams.get(toolCallId);
    if (stream === undefined) return;
    this.#streams.delete(toolCallId);
    this.#throttles.get(stream.resolved.streamingMs as number)?.cancel(toolCallId);
  }

  /**
   * Runs the tool on the call's strict arguments; the call is `running` until it ends. A call
   * that cannot start (see `startCall`) is not run.
   */
  execute(call: ToolCallNodeImpl, resolved: ResolvedTool, record: RunRecord): void {
    if (!startCall(call)) return;
    const token = {};
    this.#running.set(call.id, token);
    const signal = this.#controller.signal;
    void this.#run(call, resolved, record, signal).then((outcome) => {
      if (this.#running.get(call.id) !== token) return; // invalidated meanwhile: dropped
      this.#running.delete(call.id);
      this.#host.finished(call.id, record, outcome);
    });
  }

  /** The ended call's arguments as `needsApproval` and `execute` see them. */
  readArguments(resolved: ResolvedTool, call: ToolCallNodeImpl): unknown {
    return this.#host.reading.read(resolved.jsonSchema, call.args.peek());
  }

  /** Every execution and partial call becomes stale; executing calls end as `TOOL_CANCELLED`. */
  invalidate(reason: string): void {
    this.#controller.abort();
    this.#controller = new AbortController();
    for (const throttle of this.#throttles.values()) throttle.cancel();
    this.#streams.clear();
    if (this.#running.size === 0) return;
    const thread = this.#host.thread;
    batch(() => {
      for (const id of this.#running.keys()) {
        const call = thread.call(id);
        if (call !== undefined) cancelCall(call, new ToolExecutionError("TOOL_CANCELLED", id, call.name.peek(), `Tool call '${id}' was cancelled while it ran: ${reason}.`));
      }
    });
    this.#running.clear();
  }

  async #run(call: ToolCallNodeImpl, resolved: ResolvedTool, record: RunRecord, signal: AbortSignal): Promise<ToolOutcome> {
    // User code never runs inside the fold's dispatch of TOOL_CALL_END.
    await Promise.resolve();
    const name = call.name.peek();
    const fail = (code: ToolExecutionError["code"], message: string, cause?: unknown): ToolOutcome => ({
      type: "error",
      error: new ToolExecutionError(code, call.id, name, message, cause),
    });
    let args = this.readArguments(resolved, call);
    if (resolved.validator !== undefined) {
      const checked = await validateWith(resolved.validator, args);
      if (!checked.ok) return fail("TOOL_INPUT_INVALID", `Tool '${name}': the arguments do not match its input schema: ${checked.problem}`);
      args = checked.value;
    }
    let output: unknown;
    try {
      output = await resolved.tool.execute?.(args, this.#context(call, record, signal, false));
    } catch (error) {
      return fail("TOOL_EXECUTION_FAILED", `Tool '${name}' failed: ${describeValue(error, "message")}`, error);
    }
    const outputSchema = resolved.tool.outputSchema;
    if (outputSchema !== undefined) {
      const checked = await validateWith(outputSchema, output);
      if (!checked.ok) return fail("TOOL_OUTPUT_INVALID", `Tool '${name}' returned an output that does not match its output schema: ${checked.problem}`);
      output = checked.value;
    }
    try {
      return { type: "output", content: outputContent(output) };
    } catch (error) {
      return fail("TOOL_OUTPUT_INVALID", `Tool '${name}' returned an output that cannot be sent: ${describeValue(error, "message")}`, error);
    }
  }

  #context(call: ToolCallNodeImpl, record: RunRecord, signal: AbortSignal, partial: boolean): ToolExecuteContext {
    return { toolCallId: call.id, toolName: call.name.peek(), runId: record.runId, signal, partial, thread: this.#host.thread };
  }

  #throttle(intervalMs: number): KeyedThrottle<string, string> {
    let throttle = this.#throttles.get(intervalMs);
    if (throttle === undefined) {
      throttle = createKeyedThrottle<string, string>((id) => this.#partial(id), intervalMs, {
        onError: (error, id) => this.#partialFailed(id, error),
      });
      this.#throttles.set(intervalMs, throttle);
    }
    return throttle;
  }

  /** One throttled call of a streaming tool on the arguments so far. Its result is ignored. */
  #partial(toolCallId: string): void {
    const stream = this.#streams.get(toolCallId);
    const call = this.#host.thread.call(toolCallId);
    if (stream === undefined || call === undefined) return;
    const value = call.partialArgs.peek();
    if (value === undefined) return;
    const execute = stream.resolved.tool.execute;
    if (execute === undefined) return;
    const result: unknown = execute.call(stream.resolved.tool, stream.undo(value), this.#context(call, stream.record, this.#controller.signal, true));
    if (typeof (result as { then?: unknown } | null)?.then === "function") {
      (result as Promise<unknown>).then(undefined, (error: unknown) => this.#partialFailed(toolCallId, error));
    }
  }

  #partialFailed(toolCallId: string, error: unknown): void {
    this.#host.warn({
      code: "STREAMING_TOOL_FAILED",
      message: DEV ? `A streaming call of tool call '${toolCallId}' on partial arguments failed (the final call still runs): ${describeValue(error, "message")}` : "",
    });
  }
}
