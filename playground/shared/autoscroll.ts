// Keeps a scrolling message list pinned to its bottom while content grows (streamed tokens,
// new messages), unless the user scrolled up to read: then it leaves the position alone.

const PINNED_PX = 80;

export function followBottom(scroller: HTMLElement, content: HTMLElement): () => void {
  let pinned = true;
  const onScroll = () => {
    pinned = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < PINNED_PX;
  };
  const observer = new ResizeObserver(() => {
    if (pinned) scroller.scrollTop = scroller.scrollHeight;
  });
  scroller.addEventListener("scroll", onScroll, { passive: true });
  observer.observe(content);
  scroller.scrollTop = scroller.scrollHeight;
  return () => {
    observer.disconnect();
    scroller.removeEventListener("scroll", onScroll);
  };
}

/** Enter sends, Shift+Enter (and IME composition) inserts a newline. */
export function isSendKey(event: KeyboardEvent): boolean {
  return event.key === "Enter" && !event.shiftKey && !event.isComposing;
}

/** Grows a textarea with its text, up to its CSS max-height. */
export function fitTextarea(textarea: HTMLTextAreaElement): void {
  textarea.style.height = "auto";
  textarea.style.height = `${textarea.scrollHeight}px`;
}
