// chat/ and tools/ in a production build (esm-env's DEV false): every check of the chat's options
// and methods still throws the same class with the same code and `option`, and the message names
// where (an index, an id, a state path) in place of the sentence. Checks whose flag used to be the
// sentence itself (the state's JSON problem) are the ones this file is for.
import { describe, expect, it, vi } from "vitest";

vi.mock("esm-env", () => ({ DEV: false, BROWSER: false, NODE: true }));

const { ChatClient, ChatInputError, defineTool } = await import("../../src/index.js");
const { productionMessage } = await import("../../src/errors.js");
const { BindingError, checkedMessage } = await import("../../src/binding-error.js");

const agent = { run: () => ({ subscribe: () => ({ unsubscribe() {} }) }) };
const chat = (options: Record<string, unknown> = {}) => new ChatClient({ agent, ...options } as never);

/** What `call` threw, which must be a ChatInputError. */
function thrown(call: () => unknown): InstanceType<typeof ChatInputError> {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(ChatInputError);
    return error as InstanceType<typeof ChatInputError>;
  }
  throw new Error("expected a ChatInputError, nothing was thrown");
}

function expectError(call: () => unknown, code: string, option: string, where = option): void {
  const error = thrown(call);
  expect({ code: error.code, option: error.option, message: error.message }).toEqual({ code, option, message: productionMessage(code, where) });
}

describe("chat/ and tools/ errors in a production build", () => {
  it("sendMessage's checks keep their code and option; a part's index is where", () => {
    const c = chat();
    expectError(() => c.sendMessage(""), "INVALID_ARGUMENT", "message");
    expectError(() => c.sendMessage(42 as never), "INVALID_ARGUMENT", "message");
    expectError(() => c.sendMessage({ content: "hi", text: "hi" } as never), "INVALID_ARGUMENT", "message");
    expectError(() => c.sendMessage({ content: [{ type: "text", text: "a" }, { nope: 1 }] } as never), "INVALID_ARGUMENT", "message", "content[1]");
    expectError(() => c.sendMessage({ content: [{ type: "text" }] } as never), "INVALID_ARGUMENT", "message", "content[0]");
    expectError(
      () => c.sendMessage({ content: [{ type: "image", source: { type: "url", value: "https://x.test/a.png" } }] } as never),
      "PLUGIN_MISSING",
      "attachments",
      "content[0]",
    );
    expectError(() => c.sendMessage({ text: "a", files: [new Blob(["x"])] } as never), "PLUGIN_MISSING", "attachments", "files");
  });

  it("setState names the first part that is not JSON, without the sentence that used to be the flag", () => {
    const c = chat();
    expectError(() => c.setState({ items: [1, Number.NaN] }), "INVALID_ARGUMENT", "state", "state.items[1]");
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expectError(() => c.setState(cyclic), "INVALID_ARGUMENT", "state", "state.self");
    expectError(() => c.setState({ when: new Date(0) }), "INVALID_ARGUMENT", "state", "state.when");
    expectError(() => c.setState({ f: undefined, g: [undefined] }), "INVALID_ARGUMENT", "state", "state.g[0]");
    // JSON passes as before.
    c.setState({ a: [1, "b", null, { c: true }] });
    expect(c.thread.state.value).toEqual({ a: [1, "b", null, { c: true }] });
  });

  it("the method checks keep code, option and the id at fault", () => {
    const c = chat();
    expectError(() => c.addToolResult({ toolCallId: "call-9", output: 1 }), "UNKNOWN_TOOL_CALL", "toolCallId", "call-9");
    expectError(() => c.addToolResult(null as never), "INVALID_ARGUMENT", "result");
    expectError(() => c.respondToApproval("call-9", { approved: "yes" } as never), "INVALID_ARGUMENT", "response");
    expectError(() => c.respondToApproval("call-9", { approved: true }), "NOT_AWAITING_APPROVAL", "toolCallId", "call-9");
    expectError(() => c.resume("int-1"), "UNKNOWN_INTERRUPT", "interruptId", "int-1");
    expectError(() => c.cancelInterrupt(3 as never), "INVALID_ARGUMENT", "interruptId");
    expectError(() => c.editMessage("m-1", "hi"), "MESSAGE_NOT_ON_PATH", "messageId", "m-1");
    expectError(() => c.regenerate(""), "INVALID_ARGUMENT", "messageId");
    expectError(() => c.switchBranch("m-1", 0), "MESSAGE_NOT_ON_PATH", "messageId", "m-1");
    expectError(() => c.switchThread(""), "INVALID_ARGUMENT", "threadId");
    expectError(() => c.listThreads(), "NO_THREAD_INDEX", "persistence", "listThreads");
  });

  it("options: a plug-in option that is not a plug-in, and client tools, name the option at fault", () => {
    expectError(() => chat({ attachments: { upload: () => "x" } }), "INVALID_OPTION", "attachments");
    expectError(() => chat({ persistence: {} }), "INVALID_OPTION", "persistence");
    expectError(() => chat({ follow: true }), "INVALID_OPTION", "follow");
    expectError(() => chat({ branching: {} }), "INVALID_OPTION", "branching");
    const tool = defineTool({ name: "lookup", execute: () => 1 });
    expectError(() => chat({ tools: [tool, tool] }), "INVALID_TOOL", "tools[1]");
    expectError(() => chat({ tools: [{ name: "" }] }), "INVALID_TOOL", "tools[0]");
    expectError(() => chat({ tools: [{ name: "x", parameters: [] }] }), "INVALID_TOOL", "tools[0]");
    expectError(() => chat({ tools: [{ name: "x", streaming: -1 }] }), "INVALID_TOOL", "tools[0]");
  });

  it("onError throwing is still reported, by its code, with no sentence", async () => {
    const warnings: { code: string; message: string }[] = [];
    const failing = { run: () => ({ subscribe: (observer: { error?: (e: unknown) => void }) => (observer.error?.(new Error("down")), { unsubscribe() {} }) }) };
    const c = new ChatClient({
      agent: failing,
      onWarning: (warning: { code: string; message: string }) => void warnings.push(warning),
      onError: () => {
        throw new Error("handler broke");
      },
    } as never);
    await c.sendMessage("hi");
    expect(warnings).toContainEqual({ code: "ON_ERROR_FAILED", message: "" });
  });

  it("a binding's error keeps its code, and names the call as where (the bindings pass the call's name in production)", () => {
    const error = new BindingError("NOT_A_CHAT", "useChat()", 3);
    expect(error).toBeInstanceOf(BindingError);
    expect({ code: error.code, message: error.message }).toEqual({ code: "NOT_A_CHAT", message: productionMessage("NOT_A_CHAT", "useChat()") });
    expect(() => checkedMessage({ content: 1 }, "<StreamingText>")).toThrow(
      expect.objectContaining({ code: "NOT_A_MESSAGE", message: productionMessage("NOT_A_MESSAGE", "<StreamingText>") }),
    );
    const node = { content: { subscribe: () => () => {} } };
    expect(checkedMessage(node, "<StreamingText>")).toBe(node);
  });
});
