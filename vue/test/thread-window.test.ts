// <ThreadWindow> in jsdom: which rows it draws (the last ones of a 100,000-message thread, the
// ones around a message scrolled to), its list semantics and keyboard moves, the row that keeps
// focus, the jump-to-latest button, rows that stream text, tool calls and generative components
// without being re-rendered, and server rendering then hydration. jsdom lays nothing out, so
// measuring, scrolling and anchoring are tested in Chromium (playground/e2e/thread-window.e2e.test.ts).
import { cleanup, fireEvent, render, screen, within } from "@testing-library/vue";
import { createThread, generativeUi, type AGUIEvent, type Message, type Thread } from "@threadline/core";
import { createPipeline } from "@threadline/core/pipeline";
import { foldEvent } from "@threadline/core/fold";
import { createSSRApp, h, nextTick } from "vue";
import { renderToString } from "vue/server-renderer";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { ThreadWindow, useSignal, type ThreadWindowHandle } from "../src/index.js";
import WindowRow from "./WindowRow.vue";
import WindowThread from "./WindowThread.vue";
import { mounts, resetRenders, updates } from "./support/renders.js";
import { countSubscriptions, type SubscriptionCounter } from "./support/subscriptions.js";

type View = ThreadWindowHandle;

const history = (count: number, prefix = "h"): Message[] =>
  Array.from({ length: count }, (_, i) => ({ id: `${prefix}${i}`, role: i % 2 === 0 ? "user" : "assistant", content: `message ${prefix}${i}` }) as Message);

/** One pipeline per thread (it checks the order of the events across pushes), as a run has. */
const pipelines = new WeakMap<Thread, ReturnType<typeof createPipeline>>();
async function push(thread: Thread, ...events: object[]): Promise<void> {
  let pipeline = pipelines.get(thread);
  if (pipeline === undefined) pipelines.set(thread, (pipeline = createPipeline((event: AGUIEvent) => foldEvent(thread, event))));
  for (const event of events) pipeline.push(event);
  await nextTick();
}

const rows = () => within(screen.getByRole("list", { name: "Conversation" })).queryAllByRole("listitem");
const positions = () => rows().map((row) => Number(row.getAttribute("aria-posinset")));
const rowCounts = (counts: Map<string, number>) => Object.fromEntries([...counts].filter(([key]) => key.startsWith("row:")));

let subscriptions: SubscriptionCounter;
beforeEach(() => {
  subscriptions = countSubscriptions();
  resetRenders();
});
afterEach(() => {
  cleanup();
  subscriptions.restore();
});

describe("ThreadWindow", () => {
  test("a 100,000-message thread mounts as its last rows: a labelled list with positions, set size and one tab stop", async () => {
    const thread = createThread({ threadId: "t", messages: history(100_000) });
    const { unmount } = render(WindowThread, { props: { thread } });
    await nextTick();
    expect(positions()).toEqual(Array.from({ length: 10 }, (_, i) => 99_991 + i));
    expect(rows().every((row) => row.getAttribute("aria-setsize") === "100000")).toBe(true);
    expect(rows().map((row) => row.tabIndex)).toEqual([...Array.from({ length: 9 }, () => -1), 0]);
    expect(rows().at(-1)?.textContent).toContain("message h99999");
    expect(rows().at(-1)?.getAttribute("data-message-id")).toBe("h99999");
    expect(Object.values(rowCounts(mounts))).toEqual(Array.from({ length: 10 }, () => 1));
    expect(screen.getByTestId("footer").textContent).toBe("footer");
    expect(screen.queryByRole("button", { name: /jump to latest/i })).toBeNull();
    unmount();
    expect(subscriptions.live).toBe(0);
  });

  test("a streamed answer is a new row; its tokens, tool call and component re-render no row", async () => {
    const thread = createThread({ threadId: "t", messages: history(1000), components: generativeUi() });
    const { unmount } = render(WindowThread, { props: { thread } });
    await nextTick();
    await push(thread, { type: "RUN_STARTED", threadId: "t", runId: "r1" }, { type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" });
    await nextTick();
    expect(positions().at(-1)).toBe(1001);
    expect(rows().at(-1)?.getAttribute("aria-setsize")).toBe("1001");
    // Rows fill the view and its margins, by the estimated height (jsdom measures nothing).
    expect(rows().length).toBeLessThan(30);
    const mounted = rowCounts(mounts);
    const updated = rowCounts(updates);
    const deltas = Array.from({ length: 200 }, (_, i) => `w${i} `);
    for (const delta of deltas) await push(thread, { type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta });
    expect(screen.getByTestId("row-a1").textContent).toContain(deltas.join(""));
    // Tokens went into a1's text without a render: no row was mounted again or re-rendered.
    expect(rowCounts(mounts)).toEqual(mounted);
    expect(rowCounts(updates)).toEqual(updated);
    await push(
      thread,
      { type: "TOOL_CALL_START", toolCallId: "c1", toolCallName: "search", parentMessageId: "a1" },
      { type: "TOOL_CALL_ARGS", toolCallId: "c1", delta: '{"q":"Lis' },
      { type: "TOOL_CALL_ARGS", toolCallId: "c1", delta: 'bon"}' },
      { type: "TOOL_CALL_END", toolCallId: "c1" },
      { type: "CUSTOM", name: "tambo.component.start", value: { messageId: "a1", componentId: "w1", componentName: "weather" } },
      { type: "CUSTOM", name: "tambo.component.props_delta", value: { componentId: "w1", operations: [{ op: "add", path: "/city", value: "Oslo" }] } },
    );
    await nextTick();
    expect(screen.getByTestId("tool-c1").textContent).toContain('{"q":"Lisbon"}');
    expect(screen.getByTestId("weather-w1").textContent).toContain("Oslo");
    // The new parts re-rendered a1's row (its parts list) and no other.
    const changed = Object.entries(rowCounts(updates)).filter(([key, count]) => count !== updated[key]);
    expect(changed.map(([key]) => key)).toEqual(["row:a1"]);
    expect(rowCounts(mounts)).toEqual(mounted);
    unmount();
  });

  test("scrollToMessage draws the rows around the message; the jump-to-latest button brings the last rows back", async () => {
    const thread = createThread({ threadId: "t", messages: history(100_000) });
    let view: View | undefined;
    render(WindowThread, { props: { thread, onView: (v: View) => (view = v) } });
    await nextTick();
    expect(view!.scrollToMessage("h50000", { align: "center" })).toBe(true);
    await nextTick();
    expect(positions()).toContain(50_001);
    expect(positions()).not.toContain(100_000);
    expect(rows().length).toBeLessThan(40);
    expect(view!.scrollToMessage("nope")).toBe(false);
    await fireEvent.click(screen.getByRole("button", { name: /jump to latest/i }));
    await nextTick();
    expect(positions().at(-1)).toBe(100_000);
    expect(screen.queryByRole("button", { name: /jump to latest/i })).toBeNull();
  });

  test("↑ ↓ Home End move focus between rows; the focused row stays drawn when the view goes elsewhere", async () => {
    const thread = createThread({ threadId: "t", messages: history(5000) });
    let view: View | undefined;
    render(WindowThread, { props: { thread, onView: (v: View) => (view = v) } });
    await nextTick();
    const last = rows().at(-1)!;
    last.focus();
    await nextTick();
    await fireEvent.keyDown(last, { key: "ArrowUp" });
    await nextTick();
    expect(document.activeElement?.getAttribute("aria-posinset")).toBe("4999");
    await fireEvent.keyDown(document.activeElement!, { key: "Home" });
    await nextTick();
    await nextTick();
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
    await nextTick();
    // Away to the latest messages: row 1 keeps focus, drawn out of the window's flow.
    view!.scrollToLatest();
    await nextTick();
    expect(positions()[0]).toBe(1);
    expect(positions().at(-1)).toBe(5000);
    expect(document.activeElement).toBe(row);
    expect(row.style.position).toBe("absolute");
    await fireEvent.keyDown(row, { key: "End" });
    await nextTick();
    await nextTick();
    expect(document.activeElement?.getAttribute("aria-posinset")).toBe("5000");
    // Focus left the row: it is no longer kept.
    expect(positions()[0]).not.toBe(1);
  });

  test("history loaded above keeps the same messages drawn; a branch switch replaces the tail rows", async () => {
    const messages = createThread({ messages: history(300) }).messages.value;
    const thread = createThread();
    let view: View | undefined;
    const { rerender } = render(WindowThread, { props: { thread, onView: (v: View) => (view = v), messages } });
    await nextTick();
    view!.scrollToMessage("h120");
    await nextTick();
    const drawn = rows().map((row) => row.getAttribute("data-message-id"));
    const older = createThread({ messages: history(50, "old") }).messages.value;
    await rerender({ messages: [...older, ...messages] });
    await nextTick();
    expect(rows().map((row) => row.getAttribute("data-message-id"))).toEqual(drawn);
    expect(positions()[0]).toBe(Number(drawn[0]!.slice(1)) + 51);
    // A row stays mounted through the prepend: it was mounted once.
    expect(mounts.get("row:h120")).toBe(1);
    view!.scrollToLatest();
    await nextTick();
    const branch = createThread({ messages: history(2, "alt") }).messages.value;
    await rerender({ messages: [...older, ...messages.slice(0, 298), ...branch] });
    await nextTick();
    expect(rows().slice(-2).map((row) => row.getAttribute("data-message-id"))).toEqual(["alt0", "alt1"]);
    expect(rows().at(-1)?.getAttribute("aria-setsize")).toBe("350");
  });

  test("the server draws the last rows; the page hydrates them and streams on", async () => {
    const thread = createThread({ threadId: "t", messages: history(100_000) });
    const app = () =>
      createSSRApp({
        setup() {
          const messages = useSignal(thread.messages);
          return () =>
            h(ThreadWindow, { messages: messages.value, initialRows: 4 }, { row: ({ message, index }: { message: never; index: number }) => h(WindowRow, { node: message, index }) });
        },
      });
    const html = await renderToString(app());
    expect(subscriptions.made).toBe(0);
    const host = document.createElement("div");
    host.innerHTML = html;
    const serverRows = [...host.querySelectorAll('[role="listitem"]')];
    expect(serverRows.map((row) => row.getAttribute("aria-posinset"))).toEqual(["99997", "99998", "99999", "100000"]);
    expect(serverRows.at(-1)?.textContent).toContain("message h99999");
    document.body.append(host);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const client = app();
    client.mount(host);
    // Hydrated: the same elements, no mismatch reported.
    expect(host.querySelector('[aria-posinset="100000"]')).toBe(serverRows.at(-1));
    expect(warn.mock.calls.filter(([message]) => String(message).includes("mismatch"))).toEqual([]);
    warn.mockRestore();
    await push(
      thread,
      { type: "RUN_STARTED", threadId: "t", runId: "r1" },
      { type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: "after hydration" },
    );
    await nextTick();
    expect(host.querySelector('[aria-posinset="100001"]')?.textContent).toContain("after hydration");
    client.unmount();
    host.remove();
  });
});
