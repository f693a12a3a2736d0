import type { ThreadlineError } from "../../errors.js";
import type { ToolCallStatus } from "../types.js";
import type { ToolCallNodeImpl } from "./tool-call-node.js";

/**
 * The client's transitions of a tool call (tools/: approvals, answers, execution), the states each
 * may come from, and what it writes. They live beside the node rather than on it because only the
 * chat's engine drives them: a page that has not sent a message yet ships none of them.
 *
 * An illegal transition is a no-op that returns false rather than a thrown error: they are driven
 * by things that race the stream (an interrupt naming a call that already settled, an approval
 * answered after the conversation moved on), and the call's status must keep saying what is true
 * of it.
 */

const FROM = {
  requestApproval: ["complete", "awaiting-approval"],
  start: ["complete", "awaiting-approval"],
  withdrawApproval: ["awaiting-approval"],
  cancel: ["awaiting-approval", "running"],
} as const satisfies Record<string, readonly ToolCallStatus[]>;

/**
 * To `to` (with `error`, written first, when it fails the call) when the call's status is one
 * `transition` may come from; false, writing nothing, otherwise.
 */
function move(call: ToolCallNodeImpl, transition: keyof typeof FROM, to: ToolCallStatus, error?: ThreadlineError): boolean {
  if (!(FROM[transition] as readonly ToolCallStatus[]).includes(call.statusSignal.peek())) return false;
  if (error !== undefined) call.errorSignal.value = error;
  call.statusSignal.value = to;
  return true;
}

/**
 * The client asks the user: `complete` → `awaiting-approval`. Also from `awaiting-approval`, as an
 * interrupt about the call replaces a tool-side request.
 */
export function requestApproval(call: ToolCallNodeImpl): boolean {
  return move(call, "requestApproval", "awaiting-approval");
}

/**
 * A client tool starts executing, or the user approved a call the agent runs on resume: `complete`
 * or `awaiting-approval` → `running`. Refused otherwise, so nothing runs a call twice or runs one
 * that already has its answer.
 */
export function startCall(call: ToolCallNodeImpl): boolean {
  return move(call, "start", "running");
}

/** The user declined an interrupt about the call, or answered it another way: back to `complete`. */
export function withdrawApproval(call: ToolCallNodeImpl): boolean {
  return move(call, "withdrawApproval", "complete");
}

/**
 * The client gave up on a call it held (awaiting approval, or running): `failed` with `error`.
 * Refused for any other state: a call that settled meanwhile keeps its result.
 */
export function cancelCall(call: ToolCallNodeImpl, error: ThreadlineError): boolean {
  return move(call, "cancel", "failed", error);
}
