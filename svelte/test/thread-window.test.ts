// <ThreadWindow> in jsdom: which rows it draws (the last ones of a 100,000-message thread, the
// ones around a message scrolled to), its list semantics and keyboard moves, the row that keeps
// focus, the jump-to-latest button, and rows that stream text, tool calls and generative
// components without being re-rendered. jsdom lays nothing out, so measuring, scrolling and
// anchoring are tested in Chromium (playground/e2e/thread-window.e2e.test.ts).
import { fireEvent, render, screen, within } from "@testing-library/svelte";
import { createThread, generativeUi, type AGUIEvent, type Message, type Thread } from "@threadline/core";
import { createPipeline } from "@threadline/core/pipeline";
import { foldEvent } from "@threadline/core/fold";
import { flushSync } from "svelte";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import WindowThread from "./components/WindowThread.svelte";
import { Renders } from "./support/renders.js";
import { countSubscriptions } from "./support/watchers.js";

type View = { scrollToMessage: (id: string, options?: { align?: "start" | "center" | "end" | "nearest"; focus?: boolean }) => boolean; scrollToLatest: (options?: { focus?: boolean }) => void };

const history = (count: number, prefix = "h"): Message[] =>
  Array.from({ length: count }, (_, i) => ({ id: `${prefix}${i}`, role: i % 2 === 0 ? "user" : "assistant", content: `message ${prefix}${i}` }) as Message);

/** One pipeline per thread (it checks the order of the events across pushes), as a run has. */
const pipelines = new WeakMap<Thread, ReturnType<typeof createPipeline>>();
function push(thread: Thread, ...events: object[]): void {
  let pipeline = pipelines.get(thread);
  if (pipeline === undefined) pipelines.set(thread, (pipeline = createPipeline((event: AGUIEvent) => foldEvent(thread, event))));
  for (const event of events) pipeline.push(event);
  flushSync();
}

const rows = () => within(screen.getByRole("list", { name: "Conversation" })).queryAllByRole("listitem");
const positions = () => rows().map((row) => Number(row.getAttribute("aria-posinset")));

let subscriptions: ReturnType<typeof countSubscriptions>;
beforeEach(() => {
  subscriptions = countSubscriptions();
});
afterEach(() => {
  subscriptions.restore();
});

describe("ThreadWindow", () => {
  test("a 100,000-message thread mounts as its last rows: a labelled list with positions, set size and one tab stop", () => {
    const thread = createThread({ threadId: "t", messages: history(100_000) });
    const renders = new Renders();
    const { unmount } = render(WindowThread, { thread, renders });
    flushSync();
    expect(positions()).toEqual(Array.from({ length: 10 }, (_, i) => 99_991 + i));
    expect(rows().every((row) => row.getAttribute("aria-setsize") === "100000")).toBe(true);
    expect(rows().map((row) => row.tabIndex)).toEqual([...Array.from({ length: 9 }, () => -1), 0]);
    expect(rows().at(-1)?.textContent).toContain("message h99999");
    expect(rows().at(-1)?.getAttribute("data-message-id")).toBe("h99999");
    // Ten rows were mounted, each once.
    expect(Object.values(renders.snapshot())).toEqual(Array.from({ length: 10 }, () => 1));
    expect(screen.getByTestId("footer").textContent).toBe("footer");
    expect(screen.queryByRole("button", { name: /jump to latest/i })).toBeNull();
    unmount();
    expect(subscriptions.live).toBe(0);
  });

  test("a streamed answer is a new row; its tokens, tool call and component re-render no row", () => {
    const thread = createThread({ threadId: "t", messages: history(1000), components: generativeUi() });
    const renders = new Renders();
    const { unmount } = render(WindowThread, { thread, renders });
    flushSync();
    push(thread, { type: "RUN_STARTED", threadId: "t", runId: "r1" }, { type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" });
    expect(positions().at(-1)).toBe(1001);
    expect(rows().at(-1)?.getAttribute("aria-setsize")).toBe("1001");
    // Rows fill the view and its margins, by the estimated height (jsdom measures nothing).
    expect(rows().length).toBeLessThan(30);
    const before = renders.snapshot();
    const deltas = Array.from({ length: 200 }, (_, i) => `w${i} `);
    for (const delta of deltas) push(thread, { type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta });
    expect(screen.getByTestId("row-a1").textContent).toContain(deltas.join(""));
    push(
      thread,
      { type: "TOOL_CALL_START", toolCallId: "c1", toolCallName: "search", parentMessageId: "a1" },
      { type: "TOOL_CALL_ARGS", toolCallId: "c1", delta: '{"q":"Lis' },
      { type: "TOOL_CALL_ARGS", toolCallId: "c1", delta: 'bon"}' },
      { type: "TOOL_CALL_END", toolCallId: "c1" },
      { type: "CUSTOM", name: "tambo.component.start", value: { messageId: "a1", componentId: "w1", componentName: "weather" } },
      { type: "CUSTOM", name: "tambo.component.props_delta", value: { componentId: "w1", operations: [{ op: "add", path: "/city", value: "Oslo" }] } },
    );
    expect(screen.getByTestId("args-c1").textContent).toBe('{"q":"Lisbon"}');
    expect(screen.getByTestId("city-w1").textContent).toBe("Oslo");
    // No row was mounted again or newly: the tokens, the call and the component went into a1's row.
    expect(Object.fromEntries(Object.entries(renders.snapshot()).filter(([key]) => key.startsWith("row:")))).toEqual(
      Object.fromEntries(Object.entries(before).filter(([key]) => key.startsWith("row:"))),
    );
    unmount();
  });

  test("scrollToMessage draws the rows around the message; the jump-to-latest button brings the last rows back", async () => {
    const thread = createThread({ threadId: "t", messages: history(100_000) });
    let view: View | undefined;
    render(WindowThread, { thread, renders: new Renders(), onview: (v: View) => (view = v) });
    flushSync();
    expect(view!.scrollToMessage("h50000", { align: "center" })).toBe(true);
    flushSync();
    expect(positions()).toContain(50_001);
    expect(positions()).not.toContain(100_000);
    expect(rows().length).toBeLessThan(40);
    expect(view!.scrollToMessage("nope")).toBe(false);
    const jump = screen.getByRole("button", { name: /jump to latest/i });
    await fireEvent.click(jump);
    flushSync();
    expect(positions().at(-1)).toBe(100_000);
    expect(screen.queryByRole("button", { name: /jump to latest/i })).toBeNull();
  });

  test("↑ ↓ Home End move focus between rows; the focused row stays drawn when the view goes elsewhere", async () => {
    const thread = createThread({ threadId: "t", messages: history(5000) });
    let view: View | undefined;
    render(WindowThread, { thread, renders: new Renders(), onview: (v: View) => (view = v) });
    flushSync();
    const last = rows().at(-1)!;
    last.focus();
    flushSync();
    await fireEvent.keyDown(last, { key: "ArrowUp" });
    flushSync();
    expect(document.activeElement?.getAttribute("aria-posinset")).toBe("4999");
    await fireEvent.keyDown(document.activeElement!, { key: "Home" });
    flushSync();
    expect(document.activeElement?.getAttribute("aria-posinset")).toBe("1");
    expect(document.activeElement?.getAttribute("tabindex")).toBe("0");
    // Keys typed inside a row's own controls are theirs.
    const row = document.activeElement as HTMLElement;
    const input = document.createElement("input");
    row.append(input);
    input.focus();
    await fireEvent.keyDown(input, { key: "End" });
    expect(document.activeElement).toBe(input);
    row.focus();
    flushSync();
    // Away to the latest messages: row 1 keeps focus, drawn out of the window's flow.
    view!.scrollToLatest();
    flushSync();
    expect(positions()[0]).toBe(1);
    expect(positions().at(-1)).toBe(5000);
    expect(document.activeElement).toBe(row);
    expect(row.style.position).toBe("absolute");
    await fireEvent.keyDown(row, { key: "End" });
    flushSync();
    expect(document.activeElement?.getAttribute("aria-posinset")).toBe("5000");
    // Focus left the row: it is no longer kept.
    expect(positions()[0]).not.toBe(1);
  });

  test("history loaded above keeps the same messages drawn; a branch switch replaces the tail rows", async () => {
    const messages = createThread({ messages: history(300) }).messages.value;
    const renders = new Renders();
    const thread = createThread();
    let view: View | undefined;
    const { rerender } = render(WindowThread, { thread, renders, onview: (v: View) => (view = v), messages });
    flushSync();
    view!.scrollToMessage("h120");
    flushSync();
    const drawn = rows().map((row) => row.getAttribute("data-message-id"));
    const older = createThread({ messages: history(50, "old") }).messages.value;
    await rerender({ messages: [...older, ...messages] });
    flushSync();
    expect(rows().map((row) => row.getAttribute("data-message-id"))).toEqual(drawn);
    expect(positions()[0]).toBe(Number(drawn[0]!.slice(1)) + 51);
    // A row stays mounted through the prepend: it was drawn once.
    expect(renders.count("row:h120")).toBe(1);
    view!.scrollToLatest();
    flushSync();
    const branch = createThread({ messages: history(2, "alt") }).messages.value;
    await rerender({ messages: [...older, ...messages.slice(0, 298), ...branch] });
    flushSync();
    expect(rows().slice(-2).map((row) => row.getAttribute("data-message-id"))).toEqual(["alt0", "alt1"]);
    expect(rows().at(-1)?.getAttribute("aria-setsize")).toBe("350");
  });
});
