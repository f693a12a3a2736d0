// Found by the soak script: a chat cleared every few turns remembered every message id it ever
// cleared (to drop late events of a cleared conversation), so its memory grew with its history.
// The filter now keeps the latest 4,096 ids of each kind.
import { describe, expect, it } from "vitest";
import { ClearedRunFilter } from "../../src/chat/incoming/cleared-run-filter.js";

describe("ClearedRunFilter", () => {
  it("remembers the latest cleared ids, not all of them", () => {
    const filter = new ClearedRunFilter();
    for (let round = 0; round < 100; round++) {
      const messages = Array.from({ length: 100 }, (_, i) => ({ id: `m-${round}-${i}`, role: "user" as const, content: "x" }));
      filter.recordClear({ messages });
    }
    const late = (id: string) => filter.isStale({ type: "TEXT_MESSAGE_CONTENT", messageId: id, delta: "late" } as never, "run-new");
    expect(late("m-99-99")).toBe(true);
    expect(late("m-60-0")).toBe(true);
    expect(late("m-0-0")).toBe(false);
    const sizes = filter as unknown as { clearedMessages: Set<string> };
    expect(sizes.clearedMessages.size).toBe(4096);
  });
});
