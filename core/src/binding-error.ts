import { DEV } from "esm-env";
import { describeValue } from "./describe-value.js";
import { ThreadlineError } from "./errors.js";
import { BaseNode } from "./model/messages/node-base.js";

/**
 * - `CHAT_NOT_PROVIDED`: `injectChat()` with no `provideChat()` above;
 * - `A2UI_NOT_PROVIDED`: an A2UI activity rendered with no `a2ui` and no `useA2ui()` above;
 * - `MCP_APPS_NOT_PROVIDED`: an MCP App activity rendered with no `setup` and no `useMcpApps()` above;
 * - `COMPONENT_NODE_MISSING`: `injectComponentNode()` (or a component composable without a node)
 *   outside a component `ThreadComponent` renders;
 * - `NOT_A_CHAT`: `useChat({ chat })` without a `ChatClient`, `useStateAt` without a chat or thread;
 * - `NOT_A_SIGNAL`: `useSignal` given something that is not a signal;
 * - `NOT_A_MESSAGE`: `StreamingText` / `streamText` given something that is not a message node;
 * - `NOT_AN_ELEMENT_NAME`: `StreamingText` given a `tag` (or, in Svelte, an attribute) whose name is not one.
 */
export type BindingErrorCode = "CHAT_NOT_PROVIDED" | "COMPONENT_NODE_MISSING" | "NOT_A_CHAT" | "NOT_A_SIGNAL" | "NOT_A_MESSAGE" | "NOT_AN_ELEMENT_NAME" | "A2UI_NOT_PROVIDED" | "MCP_APPS_NOT_PROVIDED";

/**
 * A mistake in how the Svelte or Vue bindings were called; `code` says which. One class for both
 * bindings, so `@threadline/svelte` and `@threadline/vue` raise the same error for the same mistake.
 */
export class BindingError extends ThreadlineError<BindingErrorCode> {
  /**
   * With `given`, the message ends with what was received instead (`…, got the number 3.`).
   * The bindings write `message` as `DEV ? "useChat({ chat }) needs a ChatClient" : "useChat()"`:
   * a production build keeps only the call's name, which its message names as where.
   */
  constructor(code: BindingErrorCode, message: string, ...given: [] | [unknown]) {
    super(code, !DEV ? "" : given.length === 0 ? message : `${message}, got ${describeValue(given[0])}.`, { where: message });
  }
}

/**
 * `node` once it is known to be a message node (it has a content signal), for a view that is
 * about to subscribe to it; else `BindingError` (`NOT_A_MESSAGE`) naming `what` was called. A
 * Threadline node passes without reading `content`, which would make its signal (see
 * `TextWaiter`): a thread mounting a thousand messages checks each.
 */
export function checkedMessage<N extends object>(node: N, what: string): N {
  if (node instanceof BaseNode) return node;
  const content = (node as { content?: { subscribe?: unknown } } | null | undefined)?.content;
  if (typeof content?.subscribe !== "function") throw new BindingError("NOT_A_MESSAGE", DEV ? `${what} needs a message node (with a content signal)` : what, node);
  return node;
}

/** Whether `value` can be followed as a signal (the bindings bridge through `subscribe` and `peek`). */
export function isSignalLike(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { subscribe?: unknown }).subscribe === "function" &&
    typeof (value as { peek?: unknown }).peek === "function"
  );
}
