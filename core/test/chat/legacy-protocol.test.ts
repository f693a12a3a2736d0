// The legacy plug-in on a chat: an agent speaking a retired protocol (THINKING_* events, pinned
// to 0.0.39) over real HTTP, with `legacy: legacyProtocol(…)` and without it.
import { describe, expect, it } from "vitest";
import { ChatInputError, fromEvents, legacyProtocol, type ThreadlineWarning } from "../../src/index.js";
import { RunLoop } from "../../src/run/index.js";
import { chatFor, runFinished, runStarted, scriptedServer, textMessage, type Script } from "./support.js";

const thinkingAnswer: Script = (input, send) =>
  send(
    runStarted(input),
    { type: "THINKING_START" },
    { type: "THINKING_TEXT_MESSAGE_START" },
    { type: "THINKING_TEXT_MESSAGE_CONTENT", delta: "Let me think." },
    { type: "THINKING_TEXT_MESSAGE_END" },
    { type: "THINKING_END" },
    ...textMessage(`a${input.messages.length}`, "Done."),
    runFinished(input),
  );



describe("ChatClient with a legacy agent", () => {
  it("with legacyProtocol({ peerProtocolVersion }): thinking becomes reasoning, and runs go out in the peer's version", async () => {
    const server = await scriptedServer(thinkingAnswer);
    const warnings: ThreadlineWarning[] = [];
    const chat = chatFor(server.url, { legacy: legacyProtocol({ peerProtocolVersion: "0.0.39" }), onWarning: (w) => warnings.push(w) });

    expect((await chat.sendMessage("What is this?")).status).toBe("idle");
    expect(chat.thread.toMessages().map((m) => m.role)).toEqual(["user", "reasoning", "assistant"]);
    expect((await chat.sendMessage("And now?")).status).toBe("idle");

    const [first, second] = server.inputs;
    expect(first && "protocolVersion" in first).toBe(false);
    expect(second?.messages.map((m) => m.role)).toEqual(["user", "reasoning", "assistant", "user"]);
    expect(warnings.map((w) => w.code)).toContain("LEGACY_THINKING_TRANSLATED");
  });

  it("without it: the THINKING_* events are dropped with a warning naming the plug-in, the answer still arrives", async () => {
    const server = await scriptedServer(thinkingAnswer);
    const warnings: ThreadlineWarning[] = [];
    const chat = chatFor(server.url, { onWarning: (w) => warnings.push(w) });

    expect((await chat.sendMessage("What is this?")).status).toBe("idle");
    expect(chat.thread.toMessages().map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(server.inputs[0]?.protocolVersion).toBe("1.1");
    const dropped = warnings.filter((w) => w.code === "UNKNOWN_EVENT_DROPPED");
    expect(dropped).toHaveLength(5);
    expect(dropped[0]?.message).toContain("legacy: legacyProtocol()");
  });

  it("refuses peerProtocolVersion, the option the plug-in replaced, with INVALID_OPTION naming it", () => {
    let error: unknown;
    try {
      chatFor("http://127.0.0.1:9/", { peerProtocolVersion: "0.0.39" } as never);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ChatInputError);
    expect(error).toMatchObject({ code: "INVALID_OPTION", option: "peerProtocolVersion" });
  });

  it("refuses a `legacy` that legacyProtocol() did not make (a chat, and a RunLoop), naming what it got", () => {
    expect(() => chatFor("http://127.0.0.1:9/", { legacy: true } as never)).toThrow(
      expect.objectContaining({ name: "ChatInputError", code: "INVALID_OPTION", option: "legacy", message: expect.stringContaining("got the boolean true") }),
    );
    expect(() => new RunLoop({ source: fromEvents([]), threadId: "t", legacy: { peerProtocolVersion: "0.0.39" } } as never)).toThrow(
      expect.objectContaining({ name: "RunLoopInputError", code: "INVALID_RUN_OPTION", message: expect.stringContaining("`legacy` must be legacyProtocol()") }),
    );
  });
});
