import { ThreadlineError } from "../errors.js";

/**
 * - `THREAD_WINDOW_BAD_OPTION`: an option (or a `scrollToMessage` / `searchMessages` argument) has
 *   the wrong type or is out of range; `where` names it.
 * - `THREAD_WINDOW_BAD_MESSAGES`: the messages are not an array, or a message has no string `id`
 *   (`where` gives its index).
 * - `THREAD_WINDOW_BAD_ELEMENT`: `attach` was not given two elements, the list inside the scroller.
 */
export type ThreadWindowErrorCode = "THREAD_WINDOW_BAD_OPTION" | "THREAD_WINDOW_BAD_MESSAGES" | "THREAD_WINDOW_BAD_ELEMENT";

export class ThreadWindowError extends ThreadlineError<ThreadWindowErrorCode> {
  /** What was received instead, kept for the caller to inspect. */
  readonly received: unknown;

  constructor(code: ThreadWindowErrorCode, message: string, received: unknown, where: string) {
    super(code, message, { where });
    this.received = received;
  }
}
