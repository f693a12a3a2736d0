// Defect: a body whose last event never got its terminating blank line was reported as a finished
// run. SSE does not dispatch an incomplete event, so the run has no outcome: STREAM_TRUNCATED.
import { describe, expect, it } from "vitest";
import { ChatClient, HttpAgent } from "../../src/index.js";
import { StreamTruncatedError } from "../../src/transport/index.js";
import { finished, serverPerTest, started, write } from "../run/support.js";
import { sseText } from "../support/agui-server.js";

const servers = serverPerTest();

describe("an unterminated final SSE event", () => {
  it("fails the turn with StreamTruncatedError and keeps what arrived before it", async () => {
    const server = await servers.startAgent(async ({ res, input }) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      const head = sseText([
        started(input),
        { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
        { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "kept" },
        { type: "TEXT_MESSAGE_END", messageId: "m1" },
      ]);
      await write(res, `${head}data: ${JSON.stringify(finished(input))}`);
      res.end();
    });
    const chat = new ChatClient({ agent: new HttpAgent({ url: server.url }), presence: false, onWarning: () => undefined });
    const result = await chat.sendMessage("hi");
    expect(result.status).toBe("failed");
    expect(chat.error.peek()).toBeInstanceOf(StreamTruncatedError);
    expect(chat.error.peek()).toMatchObject({ code: "STREAM_TRUNCATED", reason: "incomplete-event", eventsDelivered: 4 });
    expect(chat.thread.toMessages().map((m) => m.content)).toEqual(["hi", "kept"]);
    // The chat is usable afterwards.
    chat.dispose();
  });
});
