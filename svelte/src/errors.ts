import { ThreadlineError } from "@threadline/core";

export type SvelteBindingErrorCode = "NO_CHAT_CONTEXT" | "NO_COMPONENT_CONTEXT" | "NOT_A_SIGNAL" | "NOT_A_CHAT" | "NOT_A_MESSAGE";

/** A mistake in how the Svelte bindings were called; `code` says which one. */
export class SvelteBindingError extends ThreadlineError {
  declare readonly code: SvelteBindingErrorCode;

  constructor(code: SvelteBindingErrorCode, message: string) {
    super(code, message);
  }
}
