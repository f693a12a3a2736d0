// `chatPersistence({ open: "latest" })`: a chat given no thread id opens the thread saved last, so
// the quick start's page, reloaded, shows its conversation and rejoins the run still going —
// against createAgentHandler on a real node:http server, with a page whose fetch and storage stop
// when it goes away, as a reload does.
import { afterEach, describe, expect, it } from "vitest";
import { ChatClient } from "../../src/chat/client.js";
import { chatPersistence } from "../../src/chat/storage/persistence.js";
import { memoryStorage, PersistOptionError } from "../../src/persist/index.js";
import { HttpAgent } from "../../src/transport/http-agent.js";
import { createAgentHandler, memoryRunStore } from "../../src/server/index.js";
import { answerEvents, scriptedAgent, serve } from "./support.js";
import { page, quickStart as startQuickStart, texts, until, type Page } from "./page.js";

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

function quickStart(url: string, tab: Page, extra: { index?: false } = {}): ChatClient {
  const chat = startQuickStart(url, tab, extra);
  open.push({ close: () => chat.dispose() });
  return chat;
}

describe('chatPersistence({ open: "latest" })', () => {
  it("a reload mid-answer shows the question and rejoins the run: the whole answer, once", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const agent = scriptedAgent((input) => answerEvents(input, 24), { hold: (i) => (i === 10 ? gate : undefined) });
    const server = await serve(createAgentHandler({ owner: "anonymous", agent, store: memoryRunStore() }));
    open.push(server);
    const storage = memoryStorage();

    const before = page(storage);
    const first = quickStart(server.url, before);
    await first.ready;
    void first.sendMessage("Plan my trip");
    await until(() => (texts(first.thread.toMessages())[1] ?? "").includes("tök"), "the answer's first tokens");
    const threadId = first.threadId;
    await first.whenSaved();
    before.leave(); // the reload: connections cut, no last write
    first.dispose();

    const after = quickStart(server.url, page(storage));
    await after.ready;
    expect(after.threadId).toBe(threadId);
    expect(after.thread.toMessages()[0]).toMatchObject({ role: "user", content: "Plan my trip" });
    release();
    await until(() => after.status.value === "idle" && (texts(after.thread.toMessages())[1] ?? "").includes("tök23"), "the rejoined answer");
    const whole = answerEvents({ threadId, runId: "r" } as never, 24)
      .filter((e) => e.type === "TEXT_MESSAGE_CONTENT")
      .map((e) => e.delta)
      .join("");
    expect(texts(after.thread.toMessages())).toEqual(["user: Plan my trip", `assistant: ${whole}`]);
    // One run on the server: the reload rejoined it, it did not send the question again.
    expect(agent.runs).toHaveLength(1);
  });

  it("opens the thread saved last; a message sent before it is read waits and goes to that thread", async () => {
    const agent = scriptedAgent((input) => answerEvents(input, 2));
    const server = await serve(createAgentHandler({ owner: "anonymous", agent, store: memoryRunStore() }));
    open.push(server);
    const storage = memoryStorage();

    const one = quickStart(server.url, page(storage));
    await one.sendMessage("first thread");
    await one.whenSaved();
    const oldest = one.threadId;
    await one.switchThread("thread-b");
    await one.sendMessage("second thread");
    await one.whenSaved();
    one.dispose();

    const two = quickStart(server.url, page(storage));
    const sent = two.sendMessage("and more"); // before the stored thread is read
    await two.ready;
    expect(two.threadId).toBe("thread-b");
    expect(await sent).toEqual({ status: "idle" });
    expect(texts(two.thread.toMessages()).filter((t) => t.startsWith("user"))).toEqual(["user: second thread", "user: and more"]);
    expect(agent.runs.at(-1)!.threadId).toBe("thread-b");
    expect(two.threadId).not.toBe(oldest);
  });

  it("with nothing stored, or storage that cannot be read, it is a new conversation", async () => {
    const agent = scriptedAgent((input) => answerEvents(input, 2));
    const server = await serve(createAgentHandler({ owner: "anonymous", agent, store: memoryRunStore() }));
    open.push(server);
    const empty = quickStart(server.url, page(memoryStorage()));
    const provisional = empty.threadId;
    await empty.ready;
    expect(empty.threadId).toBe(provisional);
    expect(await empty.sendMessage("hello")).toEqual({ status: "idle" });

    // Server rendering: no browser storage. Reading fails (reported), the chat starts empty and works.
    const errors: unknown[] = [];
    const broken = { getItem: () => Promise.reject(new Error("no storage here")), setItem: () => undefined, removeItem: () => undefined };
    const ssr = new ChatClient({ agent: new HttpAgent({ url: server.url }), presence: false, persistence: chatPersistence({ adapter: broken, open: "latest" }), onError: (e) => errors.push(e) });
    open.push({ close: () => ssr.dispose() });
    await ssr.ready;
    expect(ssr.thread.toMessages()).toEqual([]);
    expect(ssr.status.value).toBe("idle");
  });

  it("refuses an unknown value and `index: false` (there is no list to read), naming the option", () => {
    expect(() => new ChatClient({ agent: new HttpAgent({ url: "http://127.0.0.1:9/x" }), persistence: chatPersistence({ adapter: memoryStorage(), open: "oldest" as never }) })).toThrow(PersistOptionError);
    try {
      new ChatClient({ agent: new HttpAgent({ url: "http://127.0.0.1:9/x" }), persistence: chatPersistence({ adapter: memoryStorage(), open: "latest", index: false }) });
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ code: "PERSIST_INVALID_OPTION", option: "open" });
    }
  });
});
