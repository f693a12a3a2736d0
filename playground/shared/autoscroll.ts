// Keeps a scrolling message list pinned to its bottom while content grows (streamed tokens,
// new messages), unless the user scrolled up to read: then it leaves the position alone.

const PINNED_PX = 80;

/**
 * Keeps `scroller` at its bottom while `content` grows (and while the scroller itself changes
 * size: the composer growing, the page resized), unless the user scrolled up. Only a scroll
 * *up* unpins: content that grows by more than the threshold between a programmatic scroll and
 * its scroll event (a fast run's last tokens) must not count as the user leaving the bottom —
 * that race left the list short of the end. `onPinned` hears each change (jump-to-latest).
 */
export function followBottom(scroller: HTMLElement, content: HTMLElement, onPinned?: (pinned: boolean) => void): () => void {
  let pinned = true;
  let lastTop = scroller.scrollTop;
  const set = (value: boolean) => {
    if (value === pinned) return;
    pinned = value;
    onPinned?.(value);
  };
  const onScroll = () => {
    const top = scroller.scrollTop;
    const fromBottom = scroller.scrollHeight - top - scroller.clientHeight;
    if (fromBottom < PINNED_PX) set(true);
    else if (top < lastTop - 1) set(false);
    lastTop = top;
  };
  const stick = () => {
    if (!pinned) return;
    scroller.scrollTop = scroller.scrollHeight;
    lastTop = scroller.scrollTop;
  };
  const observer = new ResizeObserver(stick);
  scroller.addEventListener("scroll", onScroll, { passive: true });
  observer.observe(content);
  observer.observe(scroller);
  stick();
  return () => {
    observer.disconnect();
    scroller.removeEventListener("scroll", onScroll);
  };
}

/** Scrolls to the newest message (the jump-to-latest button); following resumes from there. */
export function jumpToLatest(scroller: HTMLElement): void {
  scroller.scrollTop = scroller.scrollHeight;
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
