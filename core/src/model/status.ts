/**
 * The status vocabulary: one word per meaning, the same word in every status type
 * (`ThreadStatus`, `ToolCallStatus`, `ArgumentStatus`, the run loop's and the chat's `RunStatus` /
 * `ChatStatus`, `RunResult.status`, `TurnResult.status`, devtools' `SpanStatus`).
 *
 * - `idle`: nothing is under way.
 * - `running`: under way — a thread's run, a client tool executing, a devtools span still open.
 * - `submitted` → `streaming` → (`reconnecting`): the stages of a running run as the loop sees it
 *   (`streaming` also: a tool call's arguments, one argument's value, are arriving).
 * - `pending`: not begun (an argument not seen yet).
 * - `complete`: everything arrived (a tool call's arguments, one argument's value); nothing ran yet.
 * - `awaiting-approval`: a tool call waits for the user's approval; `awaiting-input`: the chat waits
 *   for the user (interrupts to answer, approvals, tools waiting on the UI).
 * - `succeeded`: ended well (a run's success outcome, a tool call's result).
 * - `interrupted`: ended waiting on answers to interrupts (a subagent the protocol calls
 *   `suspended` is `interrupted` here).
 * - `cancelled`: stopped before its end, by the client or the agent.
 * - `failed`: ended by an error (see the `error` beside it).
 * - `detached`, `skipped`: a run the loop stopped listening to, a queued run that never started.
 *
 * Wire values keep the protocol's words: RUN_FINISHED's `outcome.type` is `success` /
 * `interrupt` / `cancelled`, a resume entry's status `resolved` / `cancelled`.
 */

/** How a run, a turn or a span ended. */
export type EndStatus = "succeeded" | "interrupted" | "cancelled" | "failed";

/**
 * `idle` before the first run; `running` between RUN_STARTED and its end; then one of
 * `succeeded`, `interrupted` (waiting on `pendingInterrupts`), `cancelled` (neither success nor
 * failure) or `failed` (RUN_ERROR, or the client rejected the stream: see `error`).
 */
export type ThreadStatus = "idle" | "running" | EndStatus;

/**
 * `streaming` (arguments arriving) → `complete` (TOOL_CALL_END, arguments parsed) →
 * `awaiting-approval` → `running` (a client tool executing) → `succeeded` (a result arrived) or
 * `failed` (arguments invalid, cut off by the end of the run, rejected, or the tool failed).
 */
export type ToolCallStatus = "streaming" | "complete" | "awaiting-approval" | "running" | "succeeded" | "failed";

/** Where one top-level argument stands while the arguments stream. */
export type ArgumentStatus = "pending" | "streaming" | "complete";
