// @vitest-environment jsdom
// The inspector's panel in jsdom: a real thread folds a real stream through the pipeline while the
// panel (in its shadow root) shows the log, the timeline, tool calls, state and messages, travels
// in time, exports and imports fixtures, and toggles on its shortcut.
import { afterEach, describe, expect, it } from "vitest";
import { createThread, type Thread } from "../../src/index.js";
import { createPipeline } from "../../src/pipeline/index.js";
import { foldEvent } from "../../src/fold/index.js";
import { createInspector, type Inspector } from "../../src/devtools/index.js";

const STREAM: object[] = [
  { type: "RUN_STARTED", threadId: "t1", runId: "r1" },
  { type: "STEP_STARTED", stepName: "plan" },
  { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
  { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "Hello " },
  { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "<b>world</b>" },
  { type: "TEXT_MESSAGE_END", messageId: "m1" },
  { type: "STEP_FINISHED", stepName: "plan" },
  { type: "SUBAGENT_STARTED", subagentRunId: "s1", name: "researcher" },
  { type: "TOOL_CALL_START", toolCallId: "tc1", toolCallName: "search", parentMessageId: "m1" },
  { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: '{"query":"ty' },
  { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: 'res"}' },
  { type: "TOOL_CALL_END", toolCallId: "tc1" },
  { type: "SUBAGENT_FINISHED", subagentRunId: "s1" },
  { type: "STATE_SNAPSHOT", snapshot: { todos: [] } },
  { type: "STATE_DELTA", delta: [{ op: "add", path: "/todos/-", value: "buy" }] },
  { type: "RUN_FINISHED", threadId: "t1", runId: "r1" },
];

const open: Inspector[] = [];
afterEach(() => {
  for (const inspector of open.splice(0)) inspector.dispose();
});

function live(): { thread: Thread; push(events: readonly object[]): void } {
  const thread = createThread({ onWarning: () => undefined });
  const pipeline = createPipeline((event) => foldEvent(thread, event), { onWarning: () => undefined });
  return { thread, push: (events) => events.forEach((event) => pipeline.push(event)) };
}

function inspect(thread: Thread, options: Parameters<typeof createInspector>[1] = {}): { inspector: Inspector; $(id: string): HTMLElement; $$(id: string): HTMLElement[] } {
  const inspector = createInspector(thread, { open: true, refreshMs: 0, ...options });
  open.push(inspector);
  const root = inspector.host.shadowRoot!;
  return {
    inspector,
    $: (id) => {
      const found = root.querySelector<HTMLElement>(`[data-testid="${id}"]`);
      if (found === null) throw new Error(`no ${id} in the panel`);
      return found;
    },
    $$: (id) => [...root.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)],
  };
}

describe("the inspector panel", () => {
  it("lives in a shadow root on the page and logs each folded event, grouped by run", () => {
    const { thread, push } = live();
    const { inspector, $, $$ } = inspect(thread);
    expect(document.querySelector("[data-threadline-inspector]")).toBe(inspector.host);
    expect(document.querySelector('[data-testid="inspector"]')).toBeNull();
    push(STREAM);
    inspector.render();
    const rows = $$("inspector-event");
    expect(rows.map((row) => row.dataset.type)).toEqual(STREAM.map((event) => (event as { type: string }).type));
    expect($("inspector-log").querySelector(".run-header")?.textContent).toBe("Run r1 · 16 event(s)");
    expect(rows[4]!.textContent).toContain('"<b>world</b>"');
    // Event text is text: markup in a payload never becomes elements.
    expect($("inspector-log").querySelector("b")).toBeNull();
    expect($("inspector-mode").textContent).toBe("live");
    expect($("inspector-position").textContent).toBe("16 / 16 events");
  });

  it("filters by type, searches the events' JSON and expands an event", () => {
    const { thread, push } = live();
    const { inspector, $, $$ } = inspect(thread);
    push(STREAM);
    inspector.render();
    const filter = $("inspector-type-filter") as HTMLSelectElement;
    expect([...filter.options].map((option) => option.value)).toContain("TOOL_CALL_ARGS");
    filter.value = "TOOL_CALL_ARGS";
    filter.dispatchEvent(new Event("change"));
    expect($$("inspector-event").map((row) => row.dataset.index)).toEqual(["9", "10"]);
    filter.value = "";
    filter.dispatchEvent(new Event("change"));

    const search = $("inspector-search") as HTMLInputElement;
    search.value = "RESEARCHER";
    search.dispatchEvent(new Event("input"));
    expect($$("inspector-event").map((row) => row.dataset.type)).toEqual(["SUBAGENT_STARTED"]);
    search.value = "";
    search.dispatchEvent(new Event("input"));

    const row = $$("inspector-event")[14]!;
    row.querySelector("button")!.click();
    const expanded = $$("inspector-event")[14]!;
    expect(expanded.querySelector("pre")?.textContent).toContain('"op": "add"');
    expect(expanded.querySelector("button")?.getAttribute("aria-expanded")).toBe("true");
  });

  it("travels in time: the views show the thread at the cursor; the live thread is untouched", () => {
    const { thread, push } = live();
    const { inspector, $, $$ } = inspect(thread);
    push(STREAM);
    inspector.render();
    const before = thread.snapshot();

    // After the first text delta only.
    $$("inspector-event")[3]!.querySelector("button")!.click();
    $("inspector-travel").click();
    expect($("inspector-mode").textContent).toBe("time travel");
    expect($("inspector-position").textContent).toBe("4 / 16 events");
    expect($$("inspector-event").filter((row) => row.classList.contains("future"))).toHaveLength(12);
    $("inspector-tab-messages").click();
    expect($("inspector-messages").textContent).toContain("Hello");
    expect($("inspector-messages").textContent).not.toContain("world");
    expect($("inspector-messages").textContent).toContain("streaming");

    // The scrubber: halfway through the tool call's arguments.
    const range = $("inspector-scrubber") as HTMLInputElement;
    expect(range.max).toBe("16");
    range.value = "11";
    range.dispatchEvent(new Event("input"));
    $("inspector-tab-tools").click();
    const call = $("inspector-tool-call");
    expect(call.dataset.status).toBe("streaming");
    expect(call.textContent).toContain('{"query":"tyres"}');
    // No strict arguments before TOOL_CALL_END: the block is closed and says so.
    const strict = [...call.querySelectorAll("details")].find((block) => block.textContent?.startsWith("Strict"));
    expect(strict?.open).toBe(false);
    expect(strict?.querySelector("pre")?.textContent).toBe("undefined");
    range.value = "12";
    range.dispatchEvent(new Event("input"));
    expect($("inspector-tool-call").dataset.status).toBe("complete");
    expect($("inspector-tool-call").querySelector("details[open] pre")?.textContent).toBe('{\n  "query": "tyres"\n}');

    $("inspector-tab-state").click();
    expect($("inspector-state").textContent).toBe("{}");
    range.value = "15";
    range.dispatchEvent(new Event("input"));
    expect(JSON.parse($("inspector-state").textContent!)).toEqual({ todos: ["buy"] });
    const changes = $("inspector-state-changes").querySelectorAll(".change");
    expect([...changes].map((change) => change.querySelector(".link")?.textContent)).toEqual(["#13 STATE_SNAPSHOT", "#14 STATE_DELTA"]);
    expect(changes[0]!.querySelector(".op")?.textContent).toBe('add /todos []');
    expect(changes[1]!.classList.contains("current")).toBe(true);

    $("inspector-live").click();
    expect($("inspector-mode").textContent).toBe("live");
    expect(thread.snapshot()).toEqual(before);
  });

  it("draws runs, subagents and steps on the timeline", () => {
    const { thread, push } = live();
    const { inspector, $, $$ } = inspect(thread);
    push(STREAM);
    inspector.show("timeline");
    expect($("inspector-timeline")).toBeTruthy();
    expect($$("inspector-span").map((span) => `${span.dataset.kind}:${span.className.includes("status-succeeded") ? "succeeded" : "other"}`)).toEqual([
      "run:succeeded",
      "step:succeeded",
      "subagent:succeeded",
    ]);
    $$("inspector-span")[1]!.querySelector("button")!.click();
    expect($("inspector-position").textContent).toBe("7 / 16 events");
  });

  it("exports the recording and imports a fixture into a sandbox", async () => {
    const { thread, push } = live();
    const { inspector, $, $$ } = inspect(thread);
    push(STREAM);
    const fixture = inspector.exportFixture();
    expect(fixture.trimEnd().split("\n").map((line) => JSON.parse(line).type)).toHaveLength(16);
    expect(JSON.parse(inspector.exportFixture("json"))).toHaveLength(16);

    const other = [
      { type: "RUN_STARTED", threadId: "t2", runId: "x" },
      { type: "TEXT_MESSAGE_CHUNK", messageId: "z", role: "assistant", delta: "imported" },
      { type: "RUN_FINISHED", threadId: "t2", runId: "x" },
    ];
    const file = new File([other.map((event) => JSON.stringify(event)).join("\n")], "bug.ndjson");
    const input = $("inspector-import-file") as HTMLInputElement;
    Object.defineProperty(input, "files", { value: [file], configurable: true });
    input.dispatchEvent(new Event("change"));
    await expect.poll(() => $("inspector-mode").textContent, { timeout: 10_000 }).toBe("sandbox: bug.ndjson");
    expect($$("inspector-event").map((row) => row.dataset.type)).toEqual(["RUN_STARTED", "TEXT_MESSAGE_CHUNK", "RUN_FINISHED"]);
    $("inspector-tab-messages").click();
    expect($("inspector-messages").textContent).toContain("imported");
    // The sandbox is not the live thread.
    expect(thread.message("z")).toBeUndefined();
    expect(inspector.exportFixture()).toBe(`${other.map((event) => JSON.stringify(event)).join("\n")}\n`);

    // A file that is not a fixture: the banner says what and where; the sandbox stays.
    Object.defineProperty(input, "files", { value: [new File(['{"type":"RUN_STARTED"}\nnot json'], "bad.ndjson")], configurable: true });
    input.dispatchEvent(new Event("change"));
    await expect.poll(() => $("inspector-error").textContent, { timeout: 10_000 }).toContain("FIXTURE_UNREADABLE: Fixture line 2 is not JSON");
    expect($("inspector-error").hidden).toBe(false);

    inspector.backToLive();
    expect($("inspector-error").hidden).toBe(true);
    $("inspector-tab-events").click();
    expect($$("inspector-event")).toHaveLength(16);
  });

  it("toggles on its shortcut, records while hidden, and leaves nothing behind when disposed", () => {
    const { thread, push } = live();
    const { inspector, $ } = inspect(thread, { open: false, shortcut: "Alt+Shift+D" });
    expect(inspector.isOpen).toBe(false);
    push(STREAM.slice(0, 4));
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "Î", code: "KeyD", altKey: true, shiftKey: true }));
    expect(inspector.isOpen).toBe(true);
    expect($("inspector-position").textContent).toBe("4 / 4 events");
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "d", code: "KeyD", shiftKey: true }));
    expect(inspector.isOpen).toBe(true);
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "D", code: "KeyD", altKey: true, shiftKey: true }));
    expect(inspector.isOpen).toBe(false);

    inspector.dispose();
    expect(document.querySelector("[data-threadline-inspector]")).toBeNull();
    push(STREAM.slice(4));
    expect(inspector.recorder.entries).toHaveLength(4);
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "D", code: "KeyD", altKey: true, shiftKey: true }));
    expect(inspector.isOpen).toBe(false);
  });

  it("refuses a bad shortcut or target with a DevtoolsError", () => {
    expect(() => createInspector(createThread(), { shortcut: "Alt+Shift" })).toThrow(expect.objectContaining({ code: "INSPECTOR_OPTION_INVALID" }));
    expect(() => createInspector({ thread: 42 } as never)).toThrow(expect.objectContaining({ code: "INSPECTOR_TARGET_INVALID" }));
    expect(document.querySelector("[data-threadline-inspector]")).toBeNull();
  });
});
