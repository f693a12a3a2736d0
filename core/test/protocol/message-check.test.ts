import { describe, expect, it } from "vitest";
import { messageListProblem } from "../../src/protocol/message-list.js";
import { message } from "../../src/protocol/message-shapes.js";
import { ShapeContext, ShapeViolation } from "../../src/protocol/shape.js";

// The initial-message check (message-check.ts) is a second, smaller reading of the protocol's
// message shapes; here it is held to the verdict and the words of the full check (message-shapes.ts
// in judging mode, what MESSAGES_SNAPSHOT gets) over many broken variants of valid messages.

function fullVerdict(m: unknown, i: number): string | undefined {
  try {
    message(m, "", i, new ShapeContext());
    return undefined;
  } catch (error) {
    if (!(error instanceof ShapeViolation)) throw error;
    return `messages[${i}] is not an AG-UI message: ${error.message}`;
  }
}

const source = { type: "url", value: "https://x/y.png", mimeType: "image/png" };
const valid: Record<string, unknown>[] = [
  { id: "d", role: "developer", content: "be brief", name: "n", encryptedValue: "e", metadata: { a: 1 }, subagentRunId: "s" },
  { id: "s", role: "system", content: "sys" },
  { id: "a", role: "assistant", content: "hi", toolCalls: [{ id: "c", type: "function", function: { name: "f", arguments: "{}" }, encryptedValue: "e", metadata: {} }] },
  { id: "a2", role: "assistant" },
  { id: "u", role: "user", content: "hello" },
  {
    id: "u2",
    role: "user",
    content: [
      { type: "text", text: "look", id: "p", metadata: 1 },
      { type: "image", source },
      { type: "audio", source: { type: "data", value: "AAA", mimeType: "audio/wav" } },
      { type: "video", id: "v", source: { type: "file", value: "f1", provider: "openai" } },
      { type: "document", source, metadata: { x: 1 } },
    ],
  },
  { id: "t", role: "tool", content: "42", toolCallId: "c", error: "no" },
  { id: "t2", role: "tool", content: [{ type: "text", text: "r" }], toolCallId: "c" },
  { id: "act", role: "activity", activityType: "plan", content: { steps: [] } },
  { id: "r", role: "reasoning", content: "thinking", encryptedValue: "e" },
];

const odd: unknown[] = [undefined, null, 5, "s", "function", true, [], {}, [5], [{}], [{ type: "binary", data: "x" }], { type: "weird" }, { type: 3 }, { type: "text" }];

/** Every value at `path` (an array of keys) replaced by each odd value, and deleted; one level into objects and arrays. */
function variants(root: Record<string, unknown>): unknown[] {
  const out: unknown[] = [];
  const walk = (node: unknown, rebuild: (next: unknown) => unknown, depth: number): void => {
    if (depth > 5 || node === null || typeof node !== "object") return;
    const entries = Array.isArray(node) ? node.map((v, i) => [i, v] as const) : Object.entries(node);
    for (const [key, child] of entries) {
      const replaced = (value: unknown, drop = false): unknown => {
        if (Array.isArray(node)) {
          const copy = node.slice();
          if (drop) copy.splice(key as number, 1);
          else copy[key as number] = value;
          return rebuild(copy);
        }
        const copy: Record<string, unknown> = { ...(node as Record<string, unknown>) };
        if (drop) delete copy[key as string];
        else copy[key as string] = value;
        return rebuild(copy);
      };
      out.push(replaced(undefined, true));
      for (const value of odd) out.push(replaced(value));
      walk(child, (next) => replaced(next), depth + 1);
    }
    if (!Array.isArray(node)) {
      // An unknown key first, then a malformed known one after it: order decides which fault is named.
      out.push(rebuild({ zzz: 1, ...(node as Record<string, unknown>) }));
    }
  };
  walk(root, (next) => next, 0);
  return out;
}

describe("the initial-message check", () => {
  it("gives the full check's verdict, in its words, for every broken variant", () => {
    let compared = 0;
    let faults = 0;
    for (const m of valid) {
      expect(messageListProblem([m])).toBeUndefined();
      for (const variant of variants(m)) {
        const v = variant as { id?: unknown; role?: unknown } | null;
        // Entries without a string id or a known role are told apart before the shapes.
        const problem = messageListProblem([valid[1], variant]);
        if (v === null || typeof v !== "object" || typeof v.id !== "string" || typeof v.role !== "string") continue;
        if (!["developer", "system", "assistant", "user", "tool", "activity", "reasoning"].includes(v.role)) continue;
        expect(problem, JSON.stringify(variant)).toBe(fullVerdict(variant, 1));
        compared++;
        if (problem !== undefined) faults++;
      }
    }
    // The variants do reach faults and non-faults alike (unknown parts are dropped, not faults).
    expect(compared).toBeGreaterThan(900);
    expect(faults).toBeGreaterThan(600);
    expect(compared - faults).toBeGreaterThan(200);
  });

  it("drops an unrecognised part before a later fault in it, not after an earlier one", () => {
    const later = { id: "u", role: "user", content: [{ type: "image", source: { type: "weird" }, id: 5 }] };
    const earlier = { id: "u", role: "user", content: [{ type: "image", id: 5, source: { type: "weird" } }] };
    expect(messageListProblem([later])).toBeUndefined();
    expect(fullVerdict(later, 0)).toBeUndefined();
    expect(messageListProblem([earlier])).toBe("messages[0] is not an AG-UI message: field /0/content/0/id must be a string, but is the number 5");
    expect(fullVerdict(earlier, 0)).toBe(messageListProblem([earlier]));
  });

  it("names the field and what it held", () => {
    expect(messageListProblem([{ id: "a", role: "assistant", toolCalls: [{ id: "c", type: "function" }] }])).toBe(
      "messages[0] is not an AG-UI message: required field /0/toolCalls/0/function is missing",
    );
    expect(messageListProblem([{ id: "u", role: "user", content: 5 }])).toBe(
      "messages[0] is not an AG-UI message: field /0/content must be a string or an array, but is the number 5",
    );
  });
});
