// The send queue (`sendQueue()`) against createAgentHandler on a real node:http server: messages
// sent while a run streams or while offline wait, go in order, each once; they survive a reload;
// two tabs on one storage send them once between them; the user edits, cancels and reorders them
// while the queue drains; a message whose run fails stays with its error and the rest waits;
// nothing goes while an approval or an interrupt waits for the user.
import { afterEach, describe, expect, it } from "vitest";
import { ChatClient } from "../../src/chat/client.js";
import type { ChatClientOptions, TurnResult } from "../../src/chat/types.js";
import { broadcastPresence, chatAttachments, chatPersistence, manualConnectivity, sendQueue, type LockManagerLike, type SendQueueOptions } from "../../src/chat/index.js";
import { memoryStorage, type PersistenceAdapter } from "../../src/persist/index.js";
import type { RunAgentInput } from "../../src/protocol/events.js";
import { HttpAgent } from "../../src/transport/http-agent.js";
import { createAgentHandler, memoryRunStore } from "../../src/server/index.js";
import { scriptedAgent, serve, type ScriptedAgent, type Served } from "../server/support.js";
import { page, type Page } from "../server/page.js";

/** The user's last message, which the agent answers `echo: <text>` (RUN_ERROR for one containing "boom"). */
function lastUserText(input: RunAgentInput): string {
  const last = [...input.messages].reverse().find((m) => m.role === "user");
  const content = last?.content;
  return typeof content === "string" ? content : Array.isArray(content) ? content.map((p) => (p.type === "text" ? p.text : `[${p.type}]`)).join(" ") : "";
}

function echo(input: RunAgentInput): Record<string, unknown>[] {
  const text = lastUserText(input);
  const id = `a-${input.runId}`;
  const start = { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId };
  if (text.includes("boom")) return [start, { type: "RUN_ERROR", message: "the model refused", code: "BOOM" }];
  return [
    start,
    { type: "TEXT_MESSAGE_START", messageId: id, role: "assistant" },
    { type: "TEXT_MESSAGE_CONTENT", messageId: id, delta: `echo: ${text}` },
    { type: "TEXT_MESSAGE_END", messageId: id },
    { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId },
  ];
}

/** Holds the run answering `text` before its first event until released. */
function gate(text: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const at = new Promise<void>((resolve) => (reached = resolve));
  let first = true;
  const hold = (i: number, input: RunAgentInput) => {
    if (i !== 1 || !first || lastUserText(input) !== text) return undefined;
    first = false;
    reached();
    return held;
  };
  return { hold, release, at };
}

/** The network as the page sees it: a switch that also makes the page's requests fail while off. */
function network() {
  const connectivity = manualConnectivity();
  const through = ((url: RequestInfo | URL, init?: RequestInit) => (connectivity.online() ? fetch(url, init) : Promise.reject(new TypeError("Failed to fetch (offline)")))) as typeof fetch;
  return { connectivity, through, set: (value: boolean) => connectivity.set(value) };
}

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function handlerOn(agent: ScriptedAgent): Promise<Served> {
  const served = await serve(createAgentHandler({ owner: "anonymous", agent, store: memoryRunStore() }));
  open.push(served);
  return served;
}

interface Tab {
  readonly chat: ChatClient;
  readonly page: Page;
}

function tab(url: string, storage: PersistenceAdapter, net: ReturnType<typeof network>, queue: SendQueueOptions = {}, extra: Partial<ChatClientOptions> = {}): Tab {
  const where = page(storage, net.through);
  const chat = new ChatClient({
    agent: new HttpAgent({ url, fetch: where.fetch, resumable: true, reconnect: { baseDelayMs: 5, maxDelayMs: 20, attempts: 2 } }),
    threadId: "thread-queue",
    presence: false,
    persistence: chatPersistence({ adapter: where.storage, index: false }),
    connectivity: net.connectivity,
    queue: sendQueue({ createChannel: null, ...queue }),
    ...extra,
  });
  open.push({ close: () => chat.dispose() });
  return { chat, page: where };
}

const sentTexts = (agent: ScriptedAgent): string[] => agent.runs.map(lastUserText);
const queued = (chat: ChatClient) => chat.sendQueue!.messages.peek().map((m) => `${m.text}:${m.status}`);
const answers = (chat: ChatClient) => chat.thread.toMessages().filter((m) => m.role === "assistant").map((m) => m.content);

describe("sendQueue: one tab", () => {
  it("messages sent while a run streams wait in the queue, then go in order, each once", async () => {
    const held = gate("one");
    const agent = scriptedAgent(echo, { hold: held.hold });
    const server = await handlerOn(agent);
    const net = network();
    const { chat } = tab(server.url, memoryStorage(), net);
    await chat.ready;
    const results: Promise<TurnResult>[] = [chat.sendMessage("one")];
    await held.at;
    results.push(chat.sendMessage("two"), chat.sendMessage("three"), chat.sendMessage("four"));
    expect(queued(chat)).toEqual(["two:queued", "three:queued", "four:queued"]);
    expect(chat.sendQueue!.draining.peek()).toBe(true);
    held.release();
    expect(await Promise.all(results)).toEqual([{ status: "idle" }, { status: "idle" }, { status: "idle" }, { status: "idle" }]);
    expect(sentTexts(agent)).toEqual(["one", "two", "three", "four"]);
    expect(answers(chat)).toEqual(["echo: one", "echo: two", "echo: three", "echo: four"]);
    expect(queued(chat)).toEqual([]);
  });

  it("offline, messages wait; when the network returns they go, in order", async () => {
    const agent = scriptedAgent(echo);
    const server = await handlerOn(agent);
    const net = network();
    const { chat } = tab(server.url, memoryStorage(), net);
    await chat.ready;
    net.set(false);
    expect(chat.sendQueue!.online.peek()).toBe(false);
    const results = ["a", "b", "c"].map((text) => chat.sendMessage(text));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queued(chat)).toEqual(["a:queued", "b:queued", "c:queued"]);
    expect(agent.runs).toHaveLength(0);
    net.set(true);
    expect((await Promise.all(results)).map((r) => r.status)).toEqual(["idle", "idle", "idle"]);
    expect(sentTexts(agent)).toEqual(["a", "b", "c"]);
    expect(answers(chat)).toEqual(["echo: a", "echo: b", "echo: c"]);
  });

  it("a reload with three queued messages sends all three, once, in order; the record's queue empties", async () => {
    const agent = scriptedAgent(echo);
    const server = await handlerOn(agent);
    const storage = memoryStorage();
    const net = network();
    const first = tab(server.url, storage, net);
    await first.chat.ready;
    net.set(false);
    for (const text of ["first", "second", "third"]) void first.chat.sendMessage(text);
    await first.chat.whenSaved();
    const record = storage.entries.get("thread-queue") as { queue?: { message: { content: string }; status: string }[] };
    expect(record.queue?.map((entry) => `${entry.message.content}:${entry.status}`)).toEqual(["first:queued", "second:queued", "third:queued"]);
    first.page.leave();
    first.chat.dispose();

    net.set(true);
    const second = tab(server.url, storage, net);
    await second.chat.ready;
    await expect.poll(() => answers(second.chat).length, { timeout: 10_000 }).toBe(3);
    await expect.poll(() => second.chat.status.peek()).toBe("idle");
    expect(sentTexts(agent)).toEqual(["first", "second", "third"]);
    expect(answers(second.chat)).toEqual(["echo: first", "echo: second", "echo: third"]);
    await second.chat.whenSaved();
    expect((storage.entries.get("thread-queue") as { queue?: unknown }).queue).toBeUndefined();
  });

  it("with a slow (IndexedDB-like) storage, the stored thread and its queue are read even though the queue is ready first", async () => {
    const agent = scriptedAgent(echo);
    const server = await handlerOn(agent);
    const net = network();
    const storage = memoryStorage();
    const first = tab(server.url, storage, net);
    await first.chat.sendMessage("earlier");
    net.set(false);
    void first.chat.sendMessage("waiting");
    await first.chat.whenSaved();
    first.page.leave();
    first.chat.dispose();
    // Every read and write takes a while, as IndexedDB's do.
    const slow: PersistenceAdapter = {
      getItem: (key) => new Promise((resolve) => setTimeout(() => resolve(storage.getItem(key)), 40)),
      setItem: (key, value) => new Promise<void>((resolve) => setTimeout(() => resolve(storage.setItem(key, value)), 5)),
      removeItem: (key) => new Promise<void>((resolve) => setTimeout(() => resolve(storage.removeItem(key)), 5)),
    };
    const second = tab(server.url, slow, net);
    await second.chat.ready;
    expect(answers(second.chat)).toEqual(["echo: earlier"]);
    expect(queued(second.chat)).toEqual(["waiting:queued"]);
    net.set(true);
    await expect.poll(() => answers(second.chat)).toEqual(["echo: earlier", "echo: waiting"]);
    expect(sentTexts(agent)).toEqual(["earlier", "waiting"]);
  });

  it("edit, cancel and reorder while the queue drains: what goes is what the queue says when its turn comes", async () => {
    const one = gate("one");
    const five = gate("five");
    const agent = scriptedAgent(echo, { hold: (i, input) => one.hold(i, input) ?? five.hold(i, input) });
    const server = await handlerOn(agent);
    const net = network();
    const { chat } = tab(server.url, memoryStorage(), net);
    await chat.ready;
    const results = [chat.sendMessage("one")];
    await one.at;
    for (const text of ["two", "three", "four", "five"]) results.push(chat.sendMessage({ content: text, id: `m-${text}` }));
    const queue = chat.sendQueue!;
    queue.edit("m-two", "two, edited");
    queue.cancel("m-three");
    queue.move("m-five", 0);
    expect(queued(chat)).toEqual(["five:queued", "two, edited:queued", "four:queued"]);
    expect(await results[2]).toEqual({ status: "skipped", reason: "cancelled" });
    expect(() => queue.cancel("m-three")).toThrow(expect.objectContaining({ code: "QUEUED_MESSAGE_UNKNOWN" }));
    one.release();
    // While "five" is being sent it can no longer be edited or cancelled.
    await expect.poll(() => queued(chat)[0]).toBe("five:sending");
    expect(() => queue.edit("m-five", "too late")).toThrow(expect.objectContaining({ code: "QUEUED_MESSAGE_SENT" }));
    expect(() => queue.cancel("m-five")).toThrow(expect.objectContaining({ code: "QUEUED_MESSAGE_SENT" }));
    queue.move("m-four", 0);
    five.release();
    await Promise.all([results[0], results[1], results[3], results[4]]);
    expect(sentTexts(agent)).toEqual(["one", "five", "four", "two, edited"]);
  });

  it("a queued message whose run fails stays queued with the error; the rest waits until it is cancelled or retried", async () => {
    const one = gate("one");
    const agent = scriptedAgent(echo, { hold: one.hold });
    const server = await handlerOn(agent);
    const net = network();
    const { chat } = tab(server.url, memoryStorage(), net);
    await chat.ready;
    const first = chat.sendMessage("one");
    await one.at;
    const boom = chat.sendMessage({ content: "boom", id: "m-boom" });
    const after = chat.sendMessage({ content: "after", id: "m-after" });
    one.release();
    await first;
    const failed = await boom;
    expect(failed).toMatchObject({ status: "failed", error: { code: "AGENT_RUN_ERROR" } });
    expect(chat.status.peek()).toBe("failed");
    const [head, next] = chat.sendQueue!.messages.peek();
    expect(head).toMatchObject({ id: "m-boom", status: "failed", sent: true, error: { code: "AGENT_RUN_ERROR" } });
    expect(next).toMatchObject({ id: "m-after", status: "queued" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sentTexts(agent)).toEqual(["one", "boom"]);
    chat.sendQueue!.cancel("m-boom");
    expect(await after).toEqual({ status: "idle" });
    expect(sentTexts(agent)).toEqual(["one", "boom", "after"]);
    // The failed message stays in the thread as it was sent: cancelling it only took it off the queue.
    expect(chat.thread.toMessages().filter((m) => m.role === "user").map((m) => m.content)).toEqual(["one", "boom", "after"]);
  });

  it("retry asks again for the answer of a failed message that was sent, without sending it twice", async () => {
    let failing = true;
    const agent = scriptedAgent((input) => (failing ? echo(input) : echo({ ...input, messages: input.messages.map((m) => (m.role === "user" ? { ...m, content: String(m.content).replace("boom", "fine") } : m)) })));
    const server = await handlerOn(agent);
    const net = network();
    const { chat } = tab(server.url, memoryStorage(), net);
    await chat.ready;
    net.set(false);
    const boom = chat.sendMessage({ content: "boom", id: "m-boom" });
    net.set(true);
    expect((await boom).status).toBe("failed");
    failing = false;
    chat.sendQueue!.retry("m-boom");
    await expect.poll(() => chat.sendQueue!.messages.peek().length).toBe(0);
    await expect.poll(() => chat.status.peek()).toBe("idle");
    expect(chat.thread.toMessages().filter((m) => m.role === "user")).toHaveLength(1);
    expect(answers(chat)).toEqual(["echo: fine"]);
    expect(agent.runs).toHaveLength(2);
  });

  it("clearing the thread clears the queue: its messages resolve skipped, nothing of them is stored", async () => {
    const agent = scriptedAgent(echo);
    const server = await handlerOn(agent);
    const storage = memoryStorage();
    const net = network();
    const { chat } = tab(server.url, storage, net);
    await chat.ready;
    net.set(false);
    const results = [chat.sendMessage("x"), chat.sendMessage("y")];
    await chat.whenSaved();
    expect(storage.entries.has("thread-queue")).toBe(true);
    chat.clear();
    expect(await Promise.all(results)).toEqual([
      { status: "skipped", reason: "cleared" },
      { status: "skipped", reason: "cleared" },
    ]);
    expect(queued(chat)).toEqual([]);
    await chat.whenSaved();
    expect(storage.entries.has("thread-queue")).toBe(false);
    net.set(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(agent.runs).toHaveLength(0);
  });

  it("never while an approval waits for the user: the queued message goes once it is answered", async () => {
    const agent = scriptedAgent((input) => {
      const start = { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId };
      const end = { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId };
      if (lastUserText(input) === "delete it" && input.messages.at(-1)?.role === "user") {
        return [start, { type: "TOOL_CALL_START", toolCallId: "tc-1", toolCallName: "remove" }, { type: "TOOL_CALL_ARGS", toolCallId: "tc-1", delta: "{}" }, { type: "TOOL_CALL_END", toolCallId: "tc-1" }, end];
      }
      return echo(input);
    });
    const server = await handlerOn(agent);
    const net = network();
    const removed: string[] = [];
    const { chat } = tab(server.url, memoryStorage(), net, {}, { tools: [{ name: "remove", parameters: { type: "object" }, needsApproval: true, execute: () => (removed.push("done"), "removed") }] });
    await chat.ready;
    await chat.sendMessage("delete it");
    expect(chat.status.peek()).toBe("awaiting-input");
    const later = chat.sendMessage("and then this");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(queued(chat)).toEqual(["and then this:queued"]);
    expect(agent.runs).toHaveLength(1);
    await chat.respondToApproval("tc-1", { approved: true });
    expect(await later).toEqual({ status: "idle" });
    expect(removed).toEqual(["done"]);
    expect(sentTexts(agent).at(-1)).toBe("and then this");
  });

  it("never while an interrupt waits for the user: the queued message goes after the run that answers it", async () => {
    const agent = scriptedAgent((input) => {
      const start = { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId };
      if (lastUserText(input) === "book it" && input.resume === undefined) {
        return [start, { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId, outcome: { type: "interrupt", interrupts: [{ id: "seat", reason: "input_required" }] } }];
      }
      return echo(input);
    });
    const server = await handlerOn(agent);
    const { chat } = tab(server.url, memoryStorage(), network());
    await chat.ready;
    expect(await chat.sendMessage("book it")).toEqual({ status: "awaiting-input" });
    const later = chat.sendMessage("and then this");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(queued(chat)).toEqual(["and then this:queued"]);
    expect(agent.runs).toHaveLength(1);
    expect(await chat.resume("seat", { seat: "12A" })).toEqual({ status: "idle" });
    expect(await later).toEqual({ status: "idle" });
    // The interrupt's answer went first, on its own run; the queued message after it, once.
    expect(agent.runs.map((run) => run.resume?.map((entry) => entry.status) ?? [])).toEqual([[], ["resolved"], []]);
    expect(sentTexts(agent)).toEqual(["book it", "book it", "and then this"]);
    expect(answers(chat)).toEqual(["echo: book it", "echo: and then this"]);
  });

  it("whenBusy: drop refuses a message sent during a run; interrupt stops the run and sends it now", async () => {
    const slow = gate("slow");
    const agent = scriptedAgent(echo, { hold: slow.hold });
    const server = await handlerOn(agent);
    const net = network();
    const dropping = tab(server.url, memoryStorage(), net, { whenBusy: "drop" });
    await dropping.chat.ready;
    const running = dropping.chat.sendMessage("slow");
    await slow.at;
    expect(await dropping.chat.sendMessage("ignored")).toEqual({ status: "skipped", reason: "busy" });
    expect(queued(dropping.chat)).toEqual([]);
    slow.release();
    await running;

    const slower = gate("slower");
    const agent2 = scriptedAgent(echo, { hold: slower.hold });
    const server2 = await handlerOn(agent2);
    const interrupting = tab(server2.url, memoryStorage(), net, { whenBusy: "interrupt" }, { threadId: "thread-interrupt" });
    await interrupting.chat.ready;
    const cut = interrupting.chat.sendMessage("slower");
    await slower.at;
    const now = interrupting.chat.sendMessage("now");
    expect(await cut).toEqual({ status: "cancelled" });
    expect(await now).toEqual({ status: "idle" });
    expect(sentTexts(agent2)).toEqual(["slower", "now"]);
    await expect.poll(() => agent2.cancelled).toBe(1);
  });

  it("a file too large to store goes from this page, but after a reload its message waits, failed, naming it; a small one survives", async () => {
    const agent = scriptedAgent(echo);
    const server = await handlerOn(agent);
    const storage = memoryStorage();
    const net = network();
    const first = tab(server.url, storage, net, { maxStoredAttachment: 2_000 }, { attachments: chatAttachments() });
    await first.chat.ready;
    net.set(false);
    const small = new File([new Uint8Array(100)], "small.png", { type: "image/png" });
    const large = new File([new Uint8Array(10_000)], "large.png", { type: "image/png" });
    void first.chat.sendMessage({ text: "small one", files: [small], id: "m-small" });
    void first.chat.sendMessage({ text: "large one", files: [large], id: "m-large" });
    await expect.poll(() => first.chat.sendQueue!.messages.peek().length).toBe(2);
    expect(first.chat.sendQueue!.messages.peek()[1]?.lostAttachments).toEqual(["large.png"]);
    await first.chat.whenSaved();
    first.page.leave();
    first.chat.dispose();

    net.set(true);
    const second = tab(server.url, storage, net, { maxStoredAttachment: 2_000 }, { attachments: chatAttachments() });
    await second.chat.ready;
    // The small one goes; the large one waits, failed.
    await expect.poll(() => queued(second.chat), { timeout: 10_000 }).toEqual(["large one:failed"]);
    await expect.poll(() => second.chat.status.peek()).toBe("idle");
    expect(answers(second.chat)).toEqual(["echo: small one [image]"]);
    const [left] = second.chat.sendQueue!.messages.peek();
    expect(left).toMatchObject({ id: "m-large", status: "failed", lostAttachments: ["large.png"], error: { code: "ATTACHMENT_NOT_KEPT" } });
    expect(sentTexts(agent)).toEqual(["small one [image]"]);
    second.chat.sendQueue!.retry("m-large");
    await expect.poll(() => answers(second.chat), { timeout: 10_000 }).toEqual(["echo: small one [image]", "echo: large one"]);
  });
});

/** Web Locks as one browser has them: one holder per name, the next request in line gets it when it lets go. */
function sharedLocks(): LockManagerLike {
  const held = new Map<string, { queue: (() => void)[] }>();
  return {
    request(name, options, callback) {
      const entry = held.get(name);
      if (entry !== undefined && options.ifAvailable === true) return Promise.resolve(callback(null));
      return new Promise((resolve) => {
        const grant = (): void => {
          if (options.signal?.aborted) return resolve(undefined);
          Promise.resolve(callback({ name }))
            .then(resolve)
            .finally(() => {
              const line = held.get(name)!;
              const next = line.queue.shift();
              if (next === undefined) held.delete(name);
              else next();
            });
        };
        if (entry === undefined) {
          held.set(name, { queue: [] });
          grant();
        } else entry.queue.push(grant);
      });
    },
  };
}

describe("sendQueue: two tabs on one storage", () => {
  for (const lock of ["Web Locks", "the channel lease"] as const) {
    it(`with ${lock}, exactly one tab sends; the other shows the queue live and hands it its messages`, async () => {
      const one = gate("one");
      const agent = scriptedAgent(echo, { hold: one.hold });
      const server = await handlerOn(agent);
      const storage = memoryStorage();
      const net = network();
      const options: SendQueueOptions = { createChannel: undefined, locks: lock === "Web Locks" ? sharedLocks() : null, leaseMs: 40 };
      const presence = { presence: broadcastPresence({ heartbeatMs: 50, ttlMs: 200 }) };
      const a = tab(server.url, storage, net, options, presence);
      await a.chat.ready;
      await expect.poll(() => a.chat.sendQueue!.draining.peek()).toBe(true);
      const b = tab(server.url, storage, net, options, presence);
      await b.chat.ready;
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(b.chat.sendQueue!.draining.peek()).toBe(false);

      const first = a.chat.sendMessage("one");
      await one.at;
      await expect.poll(() => b.chat.sessionGenerating.peek()).toBe(true);
      const seenByB: string[][] = [];
      const stop = b.chat.sendQueue!.messages.subscribe((items) => seenByB.push(items.map((m) => `${m.text}:${m.status}`)));
      const fromB = [b.chat.sendMessage("two"), b.chat.sendMessage("three")];
      await expect.poll(() => queued(a.chat)).toEqual(["two:queued", "three:queued"]);
      one.release();
      await first;
      expect(await Promise.all(fromB)).toEqual([{ status: "idle" }, { status: "idle" }]);
      stop();
      expect(sentTexts(agent)).toEqual(["one", "two", "three"]);
      expect(answers(a.chat)).toEqual(["echo: one", "echo: two", "echo: three"]);
      // B saw the queue change as A sent it: two then three being sent, then nothing left.
      expect(seenByB).toContainEqual(["two:sending", "three:queued"]);
      expect(seenByB.at(-1)).toEqual([]);
    });
  }

  it("a tab opened while another streams the thread's run shows it generating until it ends, then not: its message goes", async () => {
    const one = gate("one");
    const agent = scriptedAgent(echo, { hold: one.hold });
    const server = await handlerOn(agent);
    const storage = memoryStorage();
    const net = network();
    const options: SendQueueOptions = { createChannel: undefined, locks: sharedLocks() };
    const presence = { presence: broadcastPresence({ heartbeatMs: 50, ttlMs: 200 }) };
    const a = tab(server.url, storage, net, options, presence);
    await a.chat.ready;
    const first = a.chat.sendMessage("one");
    await one.at;
    await a.chat.whenSaved();
    // The stored thread names the run as its resume point; the server has it running; the other
    // tab streams it: this tab leaves the run to that tab and shows it through presence.
    const b = tab(server.url, storage, net, options, presence);
    await b.chat.ready;
    await expect.poll(() => b.chat.sessionGenerating.peek()).toBe(true);
    const fromB = b.chat.sendMessage("two");
    one.release();
    await first;
    await expect.poll(() => b.chat.sessionGenerating.peek()).toBe(false);
    expect(await fromB).toEqual({ status: "idle" });
    expect(sentTexts(agent)).toEqual(["one", "two"]);
  });

  it("when the sending tab closes, the other takes over: it reads the stored thread again and sends the rest", async () => {
    const agent = scriptedAgent(echo);
    const server = await handlerOn(agent);
    const storage = memoryStorage();
    const net = network();
    const options: SendQueueOptions = { createChannel: undefined, locks: sharedLocks() };
    const a = tab(server.url, storage, net, options);
    await a.chat.ready;
    await expect.poll(() => a.chat.sendQueue!.draining.peek()).toBe(true);
    await a.chat.sendMessage("before");
    const b = tab(server.url, storage, net, options);
    await b.chat.ready;
    net.set(false);
    void a.chat.sendMessage("p");
    void b.chat.sendMessage("q");
    await expect.poll(() => queued(b.chat)).toEqual(["p:queued", "q:queued"]);
    await a.chat.whenSaved();
    a.page.leave();
    a.chat.dispose();
    await expect.poll(() => b.chat.sendQueue!.draining.peek()).toBe(true);
    net.set(true);
    await expect.poll(() => answers(b.chat), { timeout: 10_000 }).toEqual(["echo: before", "echo: p", "echo: q"]);
    expect(sentTexts(agent)).toEqual(["before", "p", "q"]);
  });
});
