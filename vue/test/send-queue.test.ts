// The send queue in the Vue binding: a real component lists what waits (useSendQueue), the user
// cancels one and sends another first, the network goes and comes back, and what is left goes in
// the order the list shows — through a real ChatClient with the sendQueue plug-in.
import { cleanup, fireEvent, render, screen } from "@testing-library/vue";
import { flushPromises } from "@vue/test-utils";
import { afterEach, describe, expect, test } from "vitest";
import { manualConnectivity, sendQueue } from "@threadline/core/chat";
import QueueApp from "./QueueApp.vue";
import { useSendQueue, type UseChatReturn as Chat } from "../src/index.js";
import { runFinished, runStarted } from "./support/events.js";
import { ids, queuedAgent } from "./support/sources.js";

afterEach(() => cleanup());

const shown = () => screen.queryAllByTestId("queued").map((item) => item.textContent?.trim().split("cancel")[0]?.trim());
const lastUser = (input: { messages: readonly { role: string; content?: unknown }[] }) => input.messages.filter((m) => m.role === "user").at(-1)?.content;

describe("useSendQueue", () => {
  test("lists what waits; cancel and send-first act on it; it goes in the order shown once the run ends and the network is back", async () => {
    const agent = queuedAgent();
    const net = manualConnectivity();
    let chat: Chat | undefined;
    render(QueueApp, {
      props: {
        options: { agent, threadId: "t-queue", presence: false, createId: ids(), onWarning: () => {}, connectivity: net, queue: sendQueue({ createChannel: null }) },
        onchat: (c: Chat) => (chat = c),
      },
    });
    const first = chat!.sendMessage("one");
    const input = await agent.started(0);
    agent.runs[0]!.push(runStarted(input.threadId, input.runId));
    const later = ["two", "three", "four"].map((text) => chat!.sendMessage(text));
    await flushPromises();
    expect(shown()).toEqual(["two (queued)", "three (queued)", "four (queued)"]);
    await fireEvent.click(screen.getByRole("button", { name: "cancel three" }));
    await fireEvent.click(screen.getByRole("button", { name: "first four" }));
    expect(shown()).toEqual(["four (queued)", "two (queued)"]);
    net.set(false);
    await flushPromises();
    expect(screen.getByTestId("network").textContent).toBe("offline");
    agent.runs[0]!.push(runFinished(input.threadId, input.runId));
    agent.runs[0]!.close();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(agent.inputs).toHaveLength(1);
    net.set(true);
    for (const [index, text] of [[1, "four"], [2, "two"]] as const) {
      const next = await agent.started(index);
      expect(lastUser(next)).toBe(text);
      agent.runs[index]!.push(runStarted(next.threadId, next.runId), runFinished(next.threadId, next.runId));
      agent.runs[index]!.close();
    }
    expect((await Promise.all(later)).map((result) => result.status)).toEqual(["idle", "skipped", "idle"]);
    await flushPromises();
    expect(shown()).toEqual([]);
  });

  test("a chat made without the plug-in is refused by name (PLUGIN_MISSING, queue)", async () => {
    const { ChatClient, fromEvents } = await import("@threadline/core");
    const chat = new ChatClient({ agent: fromEvents([]), presence: false });
    expect(() => useSendQueue(chat)).toThrow(expect.objectContaining({ code: "PLUGIN_MISSING", option: "queue" }));
    chat.dispose();
  });
});
