import { ThreadlineError } from "../errors.js";

/**
 * - `MARKDOWN_NOT_A_MESSAGE`: `streamMarkdown` / `markdownHtml` was given something that is not a
 *   message node (no `content` signal).
 * - `MARKDOWN_BAD_OPTION`: an option has the wrong type (`details.option` names it).
 * - `MARKDOWN_RENDER_FAILED`: a plugin (or the parser) threw while drawing the open block; the
 *   block is shown as plain text and the stream goes on. The error is the `cause`.
 */
export type MarkdownErrorCode = "MARKDOWN_NOT_A_MESSAGE" | "MARKDOWN_BAD_OPTION" | "MARKDOWN_RENDER_FAILED";

export class MarkdownError extends ThreadlineError<MarkdownErrorCode> {
  /** What was received, kept for the caller to inspect. */
  readonly received: unknown;

  constructor(code: MarkdownErrorCode, message: string, received: unknown, options?: { cause?: unknown; where?: string }) {
    super(code, message, options);
    this.received = received;
  }
}
