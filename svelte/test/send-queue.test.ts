// The send queue in the Svelte binding: a real component lists what waits (useSendQueue), the
// user cancels one and sends another first, the network goes and comes back, and what is left
// goes in the order the list shows — through a real ChatClient with the sendQueue plug-in.
import { fireEvent, render, screen } from "@testing-library/svelte";
import { flushSync } from "svelte";
import { describe, expect, test } from "vitest";
import { manualConnectivity, sendQueue } from "@threadline/core/chat";
import QueueApp from "./components/QueueApp.svelte";
import { useSendQueue, type UseChatReturn as Chat } from "../src/index.js";
import { scriptedAgent } from "./support/scripted-agent.js";

const shown = () => screen.queryAllByTestId("queued").map((item) => item.textContent?.trim().split("cancel")[0]?.trim());
const lastUser = (input: { messages: readonly { role: string; content?: unknown }[] }) => input.messages.filter((m) => m.role === "user").at(-1)?.content;

describe("useSendQueue", () => {
  test("lists what waits; cancel and send-first act on it; it goes in the order shown once the run ends and the network is back", async () => {
    const agent = scriptedAgent();
    const net = manualConnectivity();
    let n = 0;
    let chat: Chat | undefined;
    render(QueueApp, {
      options: { agent, threadId: "t-queue", presence: false, createId: () => `id-${++n}`, onWarning: () => {}, connectivity: net, queue: sendQueue({ createChannel: null }) },
      onchat: (c: Chat) => (chat = c),
    });
    const first = chat!.sendMessage("one");
    const run = await agent.nextRun();
    run.started();
    const later = ["two", "three", "four"].map((text) => chat!.sendMessage(text));
    flushSync();
    expect(shown()).toEqual(["two (queued)", "three (queued)", "four (queued)"]);
    await fireEvent.click(screen.getByRole("button", { name: "cancel three" }));
    await fireEvent.click(screen.getByRole("button", { name: "first four" }));
    flushSync();
    expect(shown()).toEqual(["four (queued)", "two (queued)"]);
    net.set(false);
    flushSync();
    expect(screen.getByTestId("network").textContent).toBe("offline");
    run.finished();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(agent.runs).toHaveLength(1);
    net.set(true);
    for (const text of ["four", "two"]) {
      const next = await agent.nextRun();
      expect(lastUser(next.input)).toBe(text);
      next.started();
      next.finished();
    }
    expect((await Promise.all(later)).map((result) => result.status)).toEqual(["idle", "skipped", "idle"]);
    flushSync();
    expect(shown()).toEqual([]);
  });

  test("a chat made without the plug-in is refused by name (PLUGIN_MISSING, queue)", async () => {
    const { ChatClient, fromEvents } = await import("@threadline/core");
    const chat = new ChatClient({ agent: fromEvents([]), presence: false });
    expect(() => useSendQueue(chat)).toThrow(expect.objectContaining({ code: "PLUGIN_MISSING", option: "queue" }));
    chat.dispose();
  });
});
