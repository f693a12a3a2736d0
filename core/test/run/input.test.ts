// The RunAgentInput the loop sends: what it holds, what it leaves out, how it adapts to an older
// peer (spec 1.1 versioning; conformance fixtures era-*), and the interrupt gate's rules.
import { describe, expect, it } from "vitest";
import {
  fromEvents,
  type AgentSource,
  type Interrupt,
  type Message,
  type RunAgentInput,
} from "../../src/index.js";
import { InterruptResumeError, isExpired, legacyProtocol, RunLoop, RunLoopInputError, type RunLoopOptions } from "../../src/run/index.js";
import { checkResume } from "../../src/run/interrupts.js";
import { createThread } from "../../src/fold/make-thread.js";
import { ids, textRun, warnings } from "./support.js";

/** Runs once and returns what the source was given. */
async function sentInput(messages: Message[], options: Partial<RunLoopOptions> = {}, params = {}): Promise<RunAgentInput> {
  let sent: RunAgentInput | undefined;
  const source: AgentSource = {
    run: (input, sink) => {
      sent = input;
      return fromEvents(textRun(input, ["ok"])).run(input, sink);
    },
  };
  const loop = new RunLoop({ source, thread: createThread({ threadId: "t", messages }), createId: ids(), ...options });
  const result = await loop.run(params);
  expect(result.status).toBe("succeeded");
  if (sent === undefined) throw new Error("nothing sent");
  return sent;
}

const picture: Message = {
  id: "u1",
  role: "user",
  content: [
    { type: "text", text: "What is in " },
    { type: "text", text: "this picture?" },
    { type: "image", source: { type: "url", value: "https://example.com/cat.png", mimeType: "image/png" } },
  ],
};

const legacyBinary = {
  id: "u2",
  role: "user",
  content: [{ type: "binary", mimeType: "image/png", url: "https://example.com/legacy.png", filename: "legacy.png" }],
} as unknown as Message;

const delegated: Message = { id: "a0", role: "assistant", content: "Delegated.", subagentRunId: "s0" } as Message;

describe("the run input", () => {
  it("takes ids from the injected generator and copies caller values, frozen", async () => {
    const tools = [{ name: "search", description: "Search", parameters: { type: "object", properties: {} } }];
    const input = await sentInput([], { tools }, { runId: "explicit-run", forwardedProps: { a: 1 }, parentRunId: "parent" });

    expect(input).toMatchObject({ threadId: "t", runId: "explicit-run", parentRunId: "parent", forwardedProps: { a: 1 }, tools });
    expect(input.tools).not.toBe(tools);
    expect(Object.isFrozen(input.tools[0])).toBe(true);
    expect(Object.isFrozen(input.messages)).toBe(true);
  });

  it("freezes every message deeply, plain text ones and ones with nested values alike", async () => {
    const withMetadata = { id: "u3", role: "user", content: "tagged", metadata: { tags: ["a"] } } as unknown as Message;
    const input = await sentInput([{ id: "p0", role: "user", content: "hi" }, picture, withMetadata]);
    const deeplyFrozen = (value: unknown): boolean =>
      typeof value !== "object" || value === null || (Object.isFrozen(value) && Object.values(value).every(deeplyFrozen));
    expect(input.messages.map((m) => m.id)).toEqual(["p0", "u1", "u3"]);
    for (const message of input.messages) expect(deeplyFrozen(message)).toBe(true);
    expect(input.messages[2]).toEqual(withMetadata);
    expect((input.messages[2] as { metadata?: unknown }).metadata).not.toBe(withMetadata.metadata);
  });

  it("leaves activity messages out, as the reference does", async () => {
    const input = await sentInput([
      { id: "u1", role: "user", content: "hi" },
      { id: "act", role: "activity", activityType: "progress", content: { pct: 50 } } as Message,
    ]);

    expect(input.messages.map((m) => m.id)).toEqual(["u1"]);
  });

  it("without the legacy plug-in, sends the messages as the thread has them (a retired binary part included)", async () => {
    const log = warnings();
    const input = await sentInput([picture, legacyBinary, delegated], { onWarning: log.onWarning });

    expect(input.protocolVersion).toBe("1.1");
    expect(input.messages).toEqual([picture, legacyBinary, delegated]);
    expect(log.codes).toEqual([]);
  });

  it("refuses the option the legacy plug-in replaced, naming the plug-in", () => {
    const options = { source: fromEvents([]), peerProtocolVersion: "0.0.39" } as unknown as RunLoopOptions;
    expect(() => new RunLoop(options)).toThrow(RunLoopInputError);
    expect(() => new RunLoop(options)).toThrow(/legacyProtocol\(\{ peerProtocolVersion \}\)/);
  });

  it("with legacyProtocol(): declares protocolVersion 1.1 to a current peer and keeps modern content, attribution and upgrades binary parts silently", async () => {
    const log = warnings();
    const input = await sentInput([picture, legacyBinary, delegated], { onWarning: log.onWarning, legacy: legacyProtocol() });

    expect(input.protocolVersion).toBe("1.1");
    expect(input.messages[0]).toEqual(picture);
    expect(input.messages[1]).toEqual({
      id: "u2",
      role: "user",
      content: [
        { type: "image", source: { type: "url", value: "https://example.com/legacy.png", mimeType: "image/png" }, metadata: { filename: "legacy.png" } },
      ],
    });
    expect(input.messages[2]).toMatchObject({ subagentRunId: "s0" });
    expect(log.codes).toEqual([]);
  });

  it("for a peer pinned at 0.0.57: no protocolVersion, no subagentRunId", async () => {
    const input = await sentInput([delegated], { legacy: legacyProtocol({ peerProtocolVersion: "0.0.57" }) });

    expect("protocolVersion" in input).toBe(false);
    expect(input.messages[0]).toEqual({ id: "a0", role: "assistant", content: "Delegated." });
  });

  it("for a peer pinned at 0.0.39: content flattened to text, dropped parts reported, parentRunId removed", async () => {
    const log = warnings();
    const input = await sentInput([picture], { legacy: legacyProtocol({ peerProtocolVersion: "0.0.39" }), onWarning: log.onWarning }, { parentRunId: "p" });

    expect(input.messages[0]).toEqual({ id: "u1", role: "user", content: "What is in this picture?" });
    expect("parentRunId" in input).toBe(false);
    expect(log.codes).toEqual(["CONTENT_PARTS_DROPPED"]);
    expect(log.all[0]?.message).toContain("DROPS non-text parts (image)");
  });

  it("a binary part with only an id cannot be upgraded: sent as is, with a warning", async () => {
    const log = warnings();
    const idOnly = { id: "u3", role: "user", content: [{ type: "binary", mimeType: "image/png", id: "file-7" }] } as unknown as Message;
    const input = await sentInput([idOnly], { onWarning: log.onWarning, legacy: legacyProtocol() });

    expect(input.messages[0]).toEqual(idOnly);
    expect(log.codes).toEqual(["BINARY_PART_NOT_UPGRADED"]);
  });
});

describe("the interrupt gate", () => {
  const now = Date.parse("2026-06-01T12:00:00Z");
  const a: Interrupt = { id: "a", reason: "approval" };
  const b: Interrupt = { id: "b", reason: "input", expiresAt: "2026-06-01T11:59:59Z" };
  const later: Interrupt = { id: "c", reason: "input", expiresAt: "2026-06-02T00:00:00Z" };

  it("passes with nothing pending, whatever the resume", () => {
    expect(() => checkResume([], undefined, now)).not.toThrow();
    expect(() => checkResume([], [{ interruptId: "stale", status: "resolved" }], now)).not.toThrow();
  });

  it("names every pending interrupt the resume leaves unanswered", () => {
    const error = catchError(() => checkResume([a, later], [{ interruptId: "a", status: "resolved" }], now));
    expect(error).toBeInstanceOf(InterruptResumeError);
    expect(error).toMatchObject({ code: "INTERRUPT_NOT_RESUMED", interruptIds: ["c"] });
    expect((error as Error).message).toContain("'c'");
  });

  it("an expired interrupt can only be cancelled", () => {
    expect(catchError(() => checkResume([b], [{ interruptId: "b", status: "resolved", payload: 1 }], now))).toMatchObject({
      code: "INTERRUPT_EXPIRED",
      interruptIds: ["b"],
    });
    expect(() => checkResume([b], [{ interruptId: "b", status: "cancelled" }], now)).not.toThrow();
  });

  it("expiry: at the instant counts as expired; an unparseable date never expires", () => {
    expect(isExpired({ id: "x", reason: "r", expiresAt: "2026-06-01T12:00:00Z" }, now)).toBe(true);
    expect(isExpired(later, now)).toBe(false);
    expect(isExpired({ id: "x", reason: "r", expiresAt: "soon" }, now)).toBe(false);
    expect(isExpired(a, now)).toBe(false);
  });
});

function catchError(fn: () => void): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
}
