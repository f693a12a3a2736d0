// What the model reads does not depend on the build. A tool call whose arguments cannot be used is
// answered with an error result the agent reads to correct itself: the same sentence whether
// esm-env's DEV is true (development) or false (a production build, whose own error messages are
// bare codes). Each build is the source loaded afresh with DEV mocked.
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.doUnmock("esm-env");
  vi.resetModules();
});

/** The error result the agent receives for one bad tool call, in the build `dev` says. */
async function toolErrorText(dev: boolean, args: string): Promise<string> {
  vi.resetModules();
  vi.doMock("esm-env", () => ({ DEV: dev, BROWSER: false, NODE: true }));
  const { ChatClient } = await import("../../src/index.js");
  const inputs: { messages: { role: string; error?: string }[] }[] = [];
  const agent = {
    run(input: { threadId: string; runId: string; messages: { role: string; error?: string }[] }) {
      inputs.push(input);
      const first = inputs.length === 1;
      return {
        subscribe(observer: { next(event: unknown): void; complete(): void }) {
          queueMicrotask(() => {
            observer.next({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId });
            if (first) {
              observer.next({ type: "TOOL_CALL_START", toolCallId: "tc-1", toolCallName: "lookup" });
              observer.next({ type: "TOOL_CALL_ARGS", toolCallId: "tc-1", delta: args });
              observer.next({ type: "TOOL_CALL_END", toolCallId: "tc-1" });
            }
            observer.next({ type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId });
            observer.complete();
          });
          return { unsubscribe() {} };
        },
      };
    },
  };
  const chat = new ChatClient({ agent, presence: false, tools: [{ name: "lookup", execute: () => "never" }], onWarning: () => undefined } as never);
  await chat.sendMessage("look it up");
  chat.dispose();
  const tool = inputs[1]?.messages.find((m) => m.role === "tool");
  expect(tool, "the agent was continued with the tool's error result").toBeDefined();
  return tool!.error ?? "";
}

describe("the tool error the agent reads", () => {
  it("is the full sentence in a production build, the same as in development: invalid JSON", async () => {
    const development = await toolErrorText(true, "{not json");
    const production = await toolErrorText(false, "{not json");
    expect(production).toBe(development);
    expect(production).toMatch(/^Tool 'lookup' could not run: the arguments are not valid JSON \(.*JSON.*\)\.$/);
    expect(production).not.toContain("a production build");
  });

  it("is the full sentence in every build: JSON nested deeper than Threadline takes", async () => {
    const deep = `${"[".repeat(1_200)}${"]".repeat(1_200)}`;
    const development = await toolErrorText(true, deep);
    const production = await toolErrorText(false, deep);
    expect(production).toBe(development);
    expect(production).toContain("nest more than 1000");
    expect(production).not.toContain("a production build");
  });
});
