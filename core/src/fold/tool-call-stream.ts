import { ToolArgsError } from "../model/errors.js";
import type { ToolArgsParserFactory } from "../model/tool-calls/tool-args.js";
import { ToolCallNodeImpl } from "../model/tool-calls/tool-call-node.js";

/**
 * A tool call's arguments as they stream (TOOL_CALL_START, _ARGS, _END, and a run cut short):
 * the fold's transitions of `ToolCallNodeImpl`, here so that a page that only shows calls that
 * arrived whole carries none of them.
 */

/** TOOL_CALL_START: a call that is streaming, parsed as it streams when a parser covers its tool. */
export function streamingToolCall(id: string, messageId: string, name: string, parsers: ToolArgsParserFactory): ToolCallNodeImpl {
  const call = new ToolCallNodeImpl(id, messageId, name);
  call.open = true;
  call.parser = parsers(name);
  return call;
}

/**
 * TOOL_CALL_ARGS: O(delta) — one string append, and the parser (if any) reads only `delta`.
 * Without one, `partialArgs` and `argumentStatus` wait for TOOL_CALL_END.
 */
export function appendToolArgs(call: ToolCallNodeImpl, delta: string): void {
  call.argsText.value = call.argsText.peek() + delta;
  const parser = call.parser;
  if (parser === undefined) return;
  call.partialArgs.value = parser.push(delta);
  call.argumentStatus.value = parser.argumentStatus;
}

/** TOOL_CALL_END: strict parse. An empty argument text means "no arguments" (`{}`). */
export function endToolArgs(call: ToolCallNodeImpl): void {
  call.close();
  call.settleArgs(call.argsText.peek());
  call.argumentsArrived();
}

/**
 * A TOOL_CALL_START for a call that already ended: more arguments may follow. Back to
 * `streaming` only from the argument states (`complete`, `failed` without a result): a replayed
 * start must not pull a call from under the user's approval or a running tool, and a call with
 * a result stays settled. The parser (if one covers the tool) reopens in every case, as the
 * argument text is the fold's.
 */
export function reopenToolCall(call: ToolCallNodeImpl, parsers: ToolArgsParserFactory): void {
  if (call.open) return;
  call.open = true;
  const parser = parsers(call.name.peek());
  call.parser = parser;
  const text = call.argsText.peek();
  if (parser !== undefined && text !== "") call.partialArgs.value = parser.push(text);
  const status = call.statusSignal.peek();
  if (call.result.peek() === undefined && (status === "complete" || status === "failed")) call.statusSignal.value = "streaming";
}

/** The run ended (RUN_ERROR or a rejected stream) while the arguments were still arriving. */
export function cutOffToolCall(call: ToolCallNodeImpl): void {
  if (!call.open) return;
  call.close();
  if (call.statusSignal.peek() !== "streaming") return;
  call.errorSignal.value = new ToolArgsError("INCOMPLETE_TOOL_ARGS", call.id, call.argsText.peek());
  call.statusSignal.value = "failed";
}
