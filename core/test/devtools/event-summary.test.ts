// The inspector's one-line summaries (issue 41): a row shows one line, cut with an ellipsis, so a
// streamed tool argument shows its delta first; the tool call's id (in a real app a run id and a
// counter, longer than the row) follows it.
import { describe, expect, it } from "vitest";
import { summarize } from "../../src/devtools/panel/event-summary.js";
import type { AGUIEvent } from "../../src/protocol/events.js";

const LONG_ID = "3f0c9a52-7d1e-4b8a-9c61-0d2f5e8b7a43-tool-1";

describe("event summaries", () => {
  it("TOOL_CALL_ARGS shows the delta first, then the id", () => {
    const line = summarize({ type: "TOOL_CALL_ARGS", toolCallId: LONG_ID, delta: '{"path":"/notes' } as AGUIEvent);
    expect(line.startsWith('"{\\"path\\":\\"/notes"')).toBe(true);
    expect(line).toContain(LONG_ID);
  });

  it("TOOL_CALL_RESULT shows the result first, then the id", () => {
    const line = summarize({ type: "TOOL_CALL_RESULT", messageId: "m1", toolCallId: LONG_ID, content: "Deleted /notes/old.md." } as AGUIEvent);
    expect(line).toBe(`→ Deleted /notes/old.md. · ${LONG_ID}`);
  });

  it("a long delta is cut at 80 characters, the id left off", () => {
    const line = summarize({ type: "TOOL_CALL_ARGS", toolCallId: LONG_ID, delta: "x".repeat(200) } as AGUIEvent);
    expect(line).toBe(`"${"x".repeat(79)}…`);
  });
});
