// The composer's keys and size. (Following the bottom of the message list is <ThreadWindow>'s job.)

/** Enter sends, Shift+Enter (and IME composition) inserts a newline. */
export function isSendKey(event: KeyboardEvent): boolean {
  return event.key === "Enter" && !event.shiftKey && !event.isComposing;
}

/** Grows a textarea with its text, up to its CSS max-height. */
export function fitTextarea(textarea: HTMLTextAreaElement): void {
  textarea.style.height = "auto";
  textarea.style.height = `${textarea.scrollHeight}px`;
}
