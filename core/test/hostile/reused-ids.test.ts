// Defect: a message id reused by a later run silently merged into the old message ("first
// answerSECOND"), and a response replaying its whole run yielded "onceonce". Now: reopening a
// message of an earlier run still appends (the reference's semantics) but warns
// MESSAGE_ID_REUSED; a replayed run (a RUN_STARTED naming a run that already finished) is
// dropped up to its terminal event with RUN_REPLAYED — replays are idempotent.
import { describe, expect, it } from "vitest";
import { ChatClient, HttpAgent, type ThreadlineWarning } from "../../src/index.js";
import { serverPerTest, textRun, warnings } from "../run/support.js";
import { sseText } from "../support/agui-server.js";

const servers = serverPerTest();

function chatOn(url: string, onWarning: (warning: ThreadlineWarning) => void): ChatClient {
  return new ChatClient({ agent: new HttpAgent({ url }), presence: false, onWarning });
}

const contents = (chat: ChatClient): unknown[] => chat.thread.toMessages().map((m) => [m.role, m.content]);

describe("message ids reused across runs", () => {
  it("a later run reopening an earlier run's message appends to it, and says so", async () => {
    const server = await servers.startAgent(({ res, input, index }) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.end(sseText(textRun(input, [index === 0 ? "first answer" : "SECOND"], "dup-id")));
    });
    const log = warnings();
    const chat = chatOn(server.url, log.onWarning);
    await chat.sendMessage("one");
    expect(log.codes).toEqual([]);
    await chat.sendMessage("two");
    expect(log.codes).toEqual(["MESSAGE_ID_REUSED"]);
    expect(log.all[0]!.message).toContain("'dup-id'");
    expect(contents(chat)).toEqual([["user", "one"], ["assistant", "first answerSECOND"], ["user", "two"]]);
    chat.dispose();
  });

  it("reopening a message inside one run appends without a warning (the reference's semantics)", async () => {
    const server = await servers.startAgent(({ res, input }) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      const [start, ...rest] = textRun(input, ["a"], "m1");
      const again = textRun(input, ["b"], "m1").slice(1, -1);
      res.end(sseText([start!, ...rest.slice(0, -1), ...again, rest.at(-1)!]));
    });
    const log = warnings();
    const chat = chatOn(server.url, log.onWarning);
    await chat.sendMessage("hi");
    expect(log.codes).toEqual([]);
    expect(contents(chat)).toEqual([["user", "hi"], ["assistant", "ab"]]);
    chat.dispose();
  });
});

describe("replayed runs", () => {
  it("a response that replays its whole run twice folds it once", async () => {
    const server = await servers.startAgent(({ res, input }) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      const run = sseText(textRun(input, ["once"], "m1"));
      res.end(run + run);
    });
    const log = warnings();
    const chat = chatOn(server.url, log.onWarning);
    expect(await chat.sendMessage("hi")).toEqual({ status: "idle" });
    expect(contents(chat)).toEqual([["user", "hi"], ["assistant", "once"]]);
    expect(log.codes).toEqual(["RUN_REPLAYED"]);
    chat.dispose();
  });

  it("a later request answered with an earlier run's bytes changes nothing and does not run its tools again", async () => {
    let firstBody = "";
    let executed = 0;
    const server = await servers.startAgent(({ res, input, index }) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      if (index === 0) {
        firstBody = sseText([
          { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId },
          { type: "TOOL_CALL_START", toolCallId: "tc1", toolCallName: "count" },
          { type: "TOOL_CALL_ARGS", toolCallId: "tc1", delta: "{}" },
          { type: "TOOL_CALL_END", toolCallId: "tc1" },
          { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId },
        ]);
        res.end(firstBody);
      } else if (index === 1) res.end(sseText(textRun(input, ["counted"], "m2")));
      else res.end(firstBody); // a cache or proxy hands back the first answer again
    });
    const log = warnings();
    const chat = new ChatClient({
      agent: new HttpAgent({ url: server.url }),
      presence: false,
      onWarning: log.onWarning,
      tools: [{ name: "count", execute: () => String(++executed) }],
    });
    await chat.sendMessage("count");
    expect(executed).toBe(1);
    const before = chat.thread.toMessages();
    expect(await chat.sendMessage("again")).toEqual({ status: "idle" });
    expect(executed).toBe(1);
    expect(chat.thread.toMessages()).toEqual([...before, expect.objectContaining({ role: "user", content: "again" })]);
    expect(log.codes).toEqual(["RUN_REPLAYED"]);
    chat.dispose();
  });
});
