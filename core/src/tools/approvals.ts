import { batch } from "@preact/signals-core";
import type { ThreadImpl } from "../model/thread.js";
import { cancelCall, requestApproval } from "../model/tool-calls/client-transitions.js";
import { ToolExecutionError } from "./errors.js";
import type { ResolvedTool } from "./definition.js";
import type { RunRecord } from "./run-record.js";

/** What answering an approval does. */
export type PendingApproval =
  /** A client tool with `needsApproval`: approving runs it here, rejecting answers it with an error. */
  | { readonly kind: "tool"; readonly toolCallId: string; readonly record: RunRecord; readonly resolved: ResolvedTool }
  /** An AG-UI interrupt naming the call: answering resumes the agent with `{ approved, reason }`. */
  | { readonly kind: "interrupt"; readonly toolCallId: string; readonly interruptId: string };

export interface ApprovalResponse {
  readonly approved: boolean;
  readonly reason?: string;
}

/**
 * Tool calls waiting for the user's yes or no. Each sits in `awaiting-approval` on its node until
 * `take` hands it to whoever applies the answer, or `cancelAll` gives up on it (stop, clear, a new
 * message): then it becomes `failed` with `TOOL_CANCELLED`, so no UI waits on it forever.
 */
export class Approvals {
  readonly #pending = new Map<string, PendingApproval>();

  readonly #thread: ThreadImpl;
  constructor(thread: ThreadImpl) {
    this.#thread = thread;
  }

  get size(): number {
    return this.#pending.size;
  }

  has(toolCallId: string): boolean {
    return this.#pending.has(toolCallId);
  }

  /** The interrupt-based approval for an interrupt id, if any. */
  byInterrupt(interruptId: string): PendingApproval | undefined {
    for (const approval of this.#pending.values()) {
      if (approval.kind === "interrupt" && approval.interruptId === interruptId) return approval;
    }
    return undefined;
  }

  /** Puts the call in `awaiting-approval`. An interrupt about a call replaces a tool-side request. */
  request(approval: PendingApproval): void {
    const call = this.#thread.call(approval.toolCallId);
    if (call === undefined) return;
    // Kept even when the call cannot wait (it settled): an interrupt still needs its answer.
    this.#pending.set(approval.toolCallId, approval);
    requestApproval(call);
  }

  take(toolCallId: string): PendingApproval | undefined {
    const approval = this.#pending.get(toolCallId);
    this.#pending.delete(toolCallId);
    return approval;
  }

  /** The call got a result another way (`addToolResult`): a client-side approval is moot. */
  dropToolApproval(toolCallId: string): void {
    if (this.#pending.get(toolCallId)?.kind === "tool") this.#pending.delete(toolCallId);
  }

  cancelAll(reason: string): void {
    if (this.#pending.size === 0) return;
    batch(() => {
      for (const approval of this.#pending.values()) {
        const call = this.#thread.call(approval.toolCallId);
        if (call !== undefined) cancelCall(call, new ToolExecutionError("TOOL_CANCELLED", call.id, call.name.peek(), `Tool call '${call.id}' was cancelled before it was approved: ${reason}.`));
      }
    });
    this.#pending.clear();
  }
}
