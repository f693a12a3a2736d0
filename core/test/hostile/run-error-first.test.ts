// Defect: after RUN_ERROR, a stream that went on breaking the rules left chat.error holding the
// protocol violation; the agent's own error is the cause a user needs first. The violation is
// still reported, as an ERROR_AFTER_RUN_END warning.
import { describe, expect, it } from "vitest";
import { AgentRunError, ChatClient, HttpAgent } from "../../src/index.js";
import { serverPerTest, started, warnings } from "../run/support.js";
import { sseText } from "../support/agui-server.js";

const servers = serverPerTest();

describe("RUN_ERROR followed by more events", () => {
  it("keeps the agent's error in chat.error and warns about what came after", async () => {
    const server = await servers.startAgent(({ res, input }) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.end(
        sseText([
          started(input),
          { type: "RUN_ERROR", message: "the model is overloaded", code: "OVERLOADED" },
          { type: "TEXT_MESSAGE_START", messageId: "stray", role: "assistant" },
        ]),
      );
    });
    const log = warnings();
    const chat = new ChatClient({ agent: new HttpAgent({ url: server.url }), presence: false, onWarning: log.onWarning, onError: () => undefined });
    const result = await chat.sendMessage("hi");
    expect(result.status).toBe("failed");
    expect(chat.error.peek()).toBeInstanceOf(AgentRunError);
    expect(chat.error.peek()).toMatchObject({ message: "the model is overloaded", agentCode: "OVERLOADED" });
    expect(chat.thread.error.peek()).toBe(chat.error.peek());
    expect(log.all.find((w) => w.code === "ERROR_AFTER_RUN_END")?.message).toContain("EVENT_AFTER_RUN_ERROR");
    expect(chat.thread.toMessages().map((m) => m.id)).not.toContain("stray");
    chat.dispose();
  });
});
