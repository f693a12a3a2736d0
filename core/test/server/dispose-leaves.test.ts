// A chat disposed mid-answer — its component unmounted by client-side navigation — leaves the run
// rather than stopping it: no `DELETE ?runId=`, the server keeps producing, and the chat mounted
// when the user comes back rejoins the answer, as a reload does. `stop()` still stops it there.
// Against createAgentHandler on a real node:http server.
import { afterEach, describe, expect, it } from "vitest";
import type { ChatClient } from "../../src/chat/client.js";
import { memoryStorage, type PersistenceAdapter } from "../../src/persist/index.js";
import { createAgentHandler, memoryRunStore } from "../../src/server/index.js";
import { answerEvents, scriptedAgent, serve, type ScriptedAgent } from "./support.js";
import { quickStart, texts, until } from "./page.js";

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

/** The quick start's chat, its fetch counting the methods of every request it makes. */
function countedChat(url: string, storage: PersistenceAdapter): { chat: ChatClient; methods: string[] } {
  const methods: string[] = [];
  const counted: typeof fetch = (input, init) => {
    methods.push(init?.method ?? "GET");
    return fetch(input, init);
  };
  const chat = quickStart(url, { fetch: counted, storage });
  open.push({ close: () => chat.dispose() });
  return { chat, methods };
}

/** A server running `agent`, and a chat on it whose answer has begun to stream. */
async function answering(agent: ScriptedAgent, storage: PersistenceAdapter) {
  const server = await serve(createAgentHandler({ owner: "anonymous", agent, store: memoryRunStore() }));
  open.push(server);
  const first = countedChat(server.url, storage);
  await first.chat.ready;
  void first.chat.sendMessage("Plan my trip");
  await until(() => (texts(first.chat.thread.toMessages())[1] ?? "").includes("tök"), "the answer's first tokens");
  return { server, ...first };
}

describe("dispose() mid-answer", () => {
  it("leaves the run going on the server; the chat opened next rejoins it: the whole answer, once", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const agent = scriptedAgent((input) => answerEvents(input, 24), { hold: (i) => (i === 10 ? gate : undefined) });
    const storage = memoryStorage();
    const { server, chat: first, methods } = await answering(agent, storage);
    const threadId = first.threadId;
    first.dispose(); // the component went away: no reload, storage and fetch still work
    await first.whenSaved();
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(methods).not.toContain("DELETE");
    expect(agent.cancelled).toBe(0);

    const { chat: again, methods: back } = countedChat(server.url, storage);
    await again.ready;
    expect(again.threadId).toBe(threadId);
    await until(() => again.status.value === "idle" && (texts(again.thread.toMessages())[1] ?? "").includes("tök23"), "the rejoined answer");
    const whole = answerEvents({ threadId, runId: "r" } as never, 24)
      .filter((e) => e.type === "TEXT_MESSAGE_CONTENT")
      .map((e) => e.delta)
      .join("");
    expect(texts(again.thread.toMessages())).toEqual(["user: Plan my trip", `assistant: ${whole}`]);
    // One run: the chat rejoined it (from the log) instead of asking again.
    expect(agent.runs).toHaveLength(1);
    expect(back.filter((m) => m === "POST")).toHaveLength(1);
  });

  it("stop() before dispose() stops the run on the server (DELETE), and nothing is rejoined", async () => {
    const agent = scriptedAgent((input) => answerEvents(input, 400), { gapMs: 5 });
    const storage = memoryStorage();
    const { server, chat: first, methods } = await answering(agent, storage);
    first.stop();
    first.dispose();
    await first.whenSaved();
    await until(() => agent.cancelled === 1, "the server to stop the run");
    expect(methods).toContain("DELETE");

    const { chat: again } = countedChat(server.url, storage);
    await again.ready;
    expect(texts(again.thread.toMessages())[0]).toBe("user: Plan my trip");
    expect(again.status.value).toBe("idle");
    expect(agent.runs).toHaveLength(1);
  });
});
