// What both bindings' useChat hand out of a client: CHAT_SIGNALS (a store / ref each) and
// chatMethods (the methods, called on whichever client is current when they are called).
import { describe, expect, it } from "vitest";
import { isSignalLike } from "../../src/model/index.js";
import { fromEvents } from "../../src/index.js";
import { CHAT_SIGNALS, ChatClient, chatMethods } from "../../src/chat/index.js";

const METHODS = ["sendMessage", "stop", "regenerate", "editMessage", "switchBranch", "addToolResult", "respondToApproval", "resume", "cancelInterrupt", "setState", "clear", "setMessages"];

describe("the chat's binding surface", () => {
  it("CHAT_SIGNALS names signals of a client", () => {
    const client = new ChatClient({ agent: fromEvents([]), presence: false });
    for (const key of CHAT_SIGNALS) expect(isSignalLike(client[key]), key).toBe(true);
    client.dispose();
  });

  it("chatMethods calls each method on the client current at call time, with every argument and the client as this", () => {
    const calls: [string, unknown, unknown[]][] = [];
    const recorder = (label: string): ChatClient =>
      Object.fromEntries(
        METHODS.map((name) => [
          name,
          function (this: unknown, ...args: unknown[]) {
            calls.push([`${label}.${name}`, this, args]);
            return `${label}:${name}`;
          },
        ]),
      ) as unknown as ChatClient;
    const first = recorder("first");
    const second = recorder("second");
    let current = first;
    const methods = chatMethods(() => current);
    expect(Object.keys(methods).sort()).toEqual([...METHODS].sort());

    expect(methods.resume("i1", { ok: true })).toBe("first:resume");
    current = second;
    expect(methods.editMessage("m1", "new text")).toBe("second:editMessage");
    methods.setState((state: unknown) => state);
    expect(calls.map(([name, self, args]) => [name, self === (name.startsWith("first") ? first : second), args.length])).toEqual([
      ["first.resume", true, 2],
      ["second.editMessage", true, 2],
      ["second.setState", true, 1],
    ]);
  });

  it("a real client's methods work through it: setState, then clear", () => {
    const client = new ChatClient({ agent: fromEvents([]), presence: false });
    const methods = chatMethods(() => client);
    methods.setState({ count: 1 });
    expect(client.state.value).toEqual({ count: 1 });
    methods.clear();
    expect(client.state.value).toEqual({});
    client.dispose();
  });
});
