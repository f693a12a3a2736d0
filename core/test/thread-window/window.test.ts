// The thread window's logic without a DOM (the server's case, and what the bindings render first):
// which rows it draws, how they follow list changes (append, history prepended, a branch's tail
// replaced), how a jump picks the rows around its message, and its typed errors. Scrolling,
// measuring and anchoring in a real browser are in playground/e2e/thread-window.e2e.test.ts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createThread, type Message } from "../../src/index.js";
import { listChange, ThreadWindow, ThreadWindowError, searchMessages } from "../../src/thread-window/index.js";
import { indexAfter } from "../../src/thread-window/list-change.js";

const rowsOf = (count: number, prefix = "m") => Array.from({ length: count }, (_, i) => ({ id: `${prefix}${i}` }));
const ids = (window: ThreadWindow<{ id: string }>) => window.rows.value.map((row) => row.message.id);

describe("listChange", () => {
  it("tells appends, prepends, replaced tails and no change apart, by identity", () => {
    const a = rowsOf(6);
    expect(listChange(a, a.slice())).toBeUndefined();
    expect(listChange(a, [...a, { id: "x" }])).toEqual({ start: 6, removed: 0, inserted: 1 });
    expect(listChange(a, [{ id: "p" }, { id: "q" }, ...a])).toEqual({ start: 0, removed: 0, inserted: 2 });
    expect(listChange(a, [...a.slice(0, 3), { id: "b3" }])).toEqual({ start: 3, removed: 3, inserted: 1 });
    // Same ids, new objects (a snapshot): replaced.
    expect(listChange(a, a.map((m) => ({ ...m })))).toEqual({ start: 0, removed: 6, inserted: 6 });
    expect(listChange(a, [])).toEqual({ start: 0, removed: 6, inserted: 0 });
  });

  it("maps every kept row to its new index (random lists)", () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 30 }), { maxLength: 30 }), fc.array(fc.nat({ max: 30 }), { maxLength: 30 }), (before, after) => {
        const pool = Array.from({ length: 31 }, (_, i) => ({ id: String(i) }));
        // Distinct objects per list (a list never holds a message twice).
        const a = [...new Set(before)].map((i) => pool[i]!);
        const b = [...new Set(after)].map((i) => pool[i]!);
        const change = listChange(a, b);
        if (change === undefined) {
          expect(b).toEqual(a);
          return;
        }
        expect(change.start + change.removed).toBeLessThanOrEqual(a.length);
        expect(a.length - change.removed + change.inserted).toBe(b.length);
        for (let i = 0; i < a.length; i++) {
          const j = indexAfter(change, i);
          if (j >= 0) expect(b[j]).toBe(a[i]);
        }
      }),
    );
  });
});

describe("ThreadWindow without a DOM", () => {
  it("draws the last `initialRows` messages, in thread order, with their positions", () => {
    const messages = rowsOf(100_000);
    const window = new ThreadWindow(messages, { initialRows: 6 });
    expect(ids(window)).toEqual(["m99994", "m99995", "m99996", "m99997", "m99998", "m99999"]);
    expect(window.rows.value.map((row) => row.index)).toEqual([99994, 99995, 99996, 99997, 99998, 99999]);
    expect(window.rows.value.every((row) => row.top === undefined)).toBe(true);
    // One tab stop: the last row.
    expect(window.rows.value.map((row) => row.tabIndex)).toEqual([-1, -1, -1, -1, -1, 0]);
    expect(window.atLatest.value).toBe(true);
  });

  it("follows appended messages while at the latest one; keeps its rows when history is loaded above", () => {
    const messages = rowsOf(50);
    const window = new ThreadWindow(messages, { initialRows: 4, estimatedRowHeight: 100, margin: 0 });
    const appended = [...messages, { id: "new" }];
    window.setMessages(appended);
    expect(ids(window).at(-1)).toBe("new");
    window.scrollToMessage("m10");
    const before = window.rows.value.map((row) => row.message);
    expect(before[0]?.id).toBe("m10");
    const older = rowsOf(20, "old");
    window.setMessages([...older, ...appended]);
    // The same messages stay drawn, their positions moved by the 20 loaded above.
    expect(window.rows.value.map((row) => row.message)).toEqual(before);
    expect(window.rows.value[0]?.index).toBe(30);
  });

  it("draws the rows around a message scrolled to, and says false for an unknown id", () => {
    const messages = rowsOf(10_000);
    const window = new ThreadWindow(messages, { initialRows: 5, estimatedRowHeight: 100, margin: 200 });
    expect(window.scrollToMessage("m5000", { align: "center" })).toBe(true);
    const drawn = ids(window);
    expect(drawn).toContain("m5000");
    expect(drawn.length).toBeLessThan(20);
    expect(window.atLatest.value).toBe(false);
    expect(window.scrollToMessage("nope")).toBe(false);
    expect(ids(window)).toEqual(drawn);
    window.scrollToLatest();
    expect(ids(window).at(-1)).toBe("m9999");
    expect(window.atLatest.value).toBe(true);
  });

  it("replaces the drawn tail on a branch switch and clears to nothing", () => {
    const messages = rowsOf(30);
    const window = new ThreadWindow(messages, { initialRows: 5 });
    const branch = [...messages.slice(0, 27), { id: "alt27" }, { id: "alt28" }];
    window.setMessages(branch);
    expect(ids(window)).toEqual(["m24", "m25", "m26", "alt27", "alt28"]);
    window.setMessages([]);
    expect(ids(window)).toEqual([]);
    window.setMessages(rowsOf(3, "n"));
    expect(ids(window)).toEqual(["n0", "n1", "n2"]);
  });

  it("throws typed errors naming what was wrong, and keeps the rows it had", () => {
    const messages = rowsOf(5);
    expect(() => new ThreadWindow(messages, { estimatedRowHeight: 0 })).toThrow(ThreadWindowError);
    expect(() => new ThreadWindow(messages, { margin: -1 })).toThrowError(expect.objectContaining({ code: "THREAD_WINDOW_BAD_OPTION", received: -1 }));
    expect(() => new ThreadWindow(messages, { initialRows: 1.5 })).toThrowError(expect.objectContaining({ code: "THREAD_WINDOW_BAD_OPTION" }));
    expect(() => new ThreadWindow([{ id: "a" }, { id: 3 } as unknown as { id: string }])).toThrowError(
      expect.objectContaining({ code: "THREAD_WINDOW_BAD_MESSAGES", message: expect.stringContaining("message 1 has no string id") }),
    );
    const window = new ThreadWindow(messages);
    expect(() => window.setMessages("no" as unknown as { id: string }[])).toThrowError(expect.objectContaining({ code: "THREAD_WINDOW_BAD_MESSAGES" }));
    expect(() => window.scrollToMessage("m1", { align: "top" as "start" })).toThrowError(expect.objectContaining({ code: "THREAD_WINDOW_BAD_OPTION" }));
    expect(() => window.attach({} as HTMLElement, {} as HTMLElement)).toThrowError(expect.objectContaining({ code: "THREAD_WINDOW_BAD_ELEMENT" }));
    expect(ids(window)).toEqual(["m0", "m1", "m2", "m3", "m4"]);
  });
});

describe("searchMessages", () => {
  const history: Message[] = [
    { id: "u1", role: "user", content: "Is Lisbon hilly?" },
    { id: "a1", role: "assistant", content: "Very: Lisbon is built on seven hills. LISBON's trams climb them." },
    { id: "u2", role: "user", content: [{ type: "text", text: "And Porto?" }] },
    { id: "a2", role: "assistant", content: "Porto is steep too (İstanbul-level steep)." },
  ];
  const thread = createThread({ messages: history });
  const messages = thread.messages.value;

  it("finds a query in every message's text, case-insensitively by default, with offsets", () => {
    const found = searchMessages(messages, "lisbon");
    expect(found).toEqual([
      { messageId: "u1", index: 0, start: 3, end: 9 },
      { messageId: "a1", index: 1, start: 6, end: 12 },
      { messageId: "a1", index: 1, start: 38, end: 44 },
    ]);
    expect(searchMessages(messages, "Lisbon", { caseSensitive: true }).map((m) => m.start)).toEqual([3, 6]);
    // Content parts are searched as the text they show.
    expect(searchMessages(messages, "porto").map((m) => m.messageId)).toEqual(["u2", "a2"]);
    // Special characters are literal, and offsets stay in the original text.
    expect(searchMessages(messages, "(İstanbul")).toEqual([{ messageId: "a2", index: 3, start: 19, end: 28 }]);
    expect(searchMessages(messages, "")).toEqual([]);
  });

  it("searches backwards from a message, nearest first, and stops at the limit", () => {
    expect(searchMessages(messages, "lisbon", { backwards: true }).map((m) => [m.index, m.start])).toEqual([
      [1, 38],
      [1, 6],
      [0, 3],
    ]);
    expect(searchMessages(messages, "lisbon", { from: 1, limit: 1 }).map((m) => m.start)).toEqual([6]);
    expect(searchMessages(messages, "s", { limit: 4 })).toHaveLength(4);
    expect(searchMessages(messages, "tool", { text: (m) => (m.role === "assistant" ? "a tool call" : "") }).map((m) => m.messageId)).toEqual(["a1", "a2"]);
  });

  it("reads a hundred thousand messages without subscribing to any", () => {
    const big = createThread({ messages: Array.from({ length: 100_000 }, (_, i) => ({ id: `m${i}`, role: "user" as const, content: i === 77_777 ? "the needle" : "hay" })) });
    expect(searchMessages(big.messages.value, "needle")).toEqual([{ messageId: "m77777", index: 77_777, start: 4, end: 10 }]);
  });

  it("rejects bad arguments with a typed error", () => {
    expect(() => searchMessages(messages, 3 as unknown as string)).toThrowError(expect.objectContaining({ code: "THREAD_WINDOW_BAD_OPTION", received: 3 }));
    expect(() => searchMessages(messages, "a", { limit: -1 })).toThrowError(expect.objectContaining({ code: "THREAD_WINDOW_BAD_OPTION" }));
    expect(() => searchMessages({} as never, "a")).toThrowError(expect.objectContaining({ code: "THREAD_WINDOW_BAD_MESSAGES" }));
  });
});
