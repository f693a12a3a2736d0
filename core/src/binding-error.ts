import { describeValue } from "./describe-value.js";
import { ThreadlineError } from "./errors.js";

/**
 * - `CHAT_NOT_PROVIDED`: `injectChat()` with no `provideChat()` above;
 * - `COMPONENT_NODE_MISSING`: `injectComponentNode()` (or a component composable without a node)
 *   outside a component `ThreadComponent` renders;
 * - `NOT_A_CHAT`: `useChat({ chat })` without a `ChatClient`, `useStateAt` without a chat or thread;
 * - `NOT_A_SIGNAL`: `useSignal` given something that is not a signal;
 * - `NOT_A_MESSAGE`: `StreamingText` / `streamText` given something that is not a message node.
 */
export type BindingErrorCode = "CHAT_NOT_PROVIDED" | "COMPONENT_NODE_MISSING" | "NOT_A_CHAT" | "NOT_A_SIGNAL" | "NOT_A_MESSAGE";

/**
 * A mistake in how the Svelte or Vue bindings were called; `code` says which. One class for both
 * bindings, so `@threadline/svelte` and `@threadline/vue` raise the same error for the same mistake.
 */
export class BindingError extends ThreadlineError {
  declare readonly code: BindingErrorCode;

  /** With `given`, the message ends with what was received instead (`…, got the number 3.`). */
  constructor(code: BindingErrorCode, message: string, ...given: [] | [unknown]) {
    super(code, given.length === 0 ? message : `${message}, got ${describeValue(given[0])}.`);
  }
}
