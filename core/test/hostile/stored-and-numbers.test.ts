// Two smaller holes: a corrupt stored record was "set aside verbatim" per the README but stored
// JSON-encoded (localStorage held a JSON string of the text); and a state value of 1e400 became
// Infinity and went back to the agent as null without a word.
import { describe, expect, it } from "vitest";
import { ChatClient, HttpAgent, localStorageAdapter } from "../../src/index.js";
import { finished, serverPerTest, started, textRun, warnings } from "../run/support.js";
import { sseText } from "../support/agui-server.js";
import { chatPersistence } from "../../src/chat/storage/persistence.js";

const servers = serverPerTest();

function fakeStorage(entries: [string, string][]): { store: Map<string, string>; getItem(k: string): string | null; setItem(k: string, v: string): void; removeItem(k: string): void } {
  const store = new Map(entries);
  return {
    store,
    getItem: (k) => store.get(k) ?? null,
    setItem: (k, v) => void store.set(k, v),
    removeItem: (k) => void store.delete(k),
  };
}

describe("a corrupt stored record", () => {
  for (const [what, text] of [
    ["text that is not JSON", '{"version":1,"threadId":"t-c","messages":[oops'],
    ["JSON that is not a record", '[ "a bare",   "message list" ]'],
  ] as const) {
    it(`(${what}) is moved aside byte for byte, and the chat works on`, async () => {
      const server = await servers.startAgent(({ res, input }) => {
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        res.end(sseText(textRun(input, ["fresh start"])));
      });
      const storage = fakeStorage([["threadline:t-c", text]]);
      const chat = new ChatClient({
        agent: new HttpAgent({ url: server.url }),
        presence: false,
        threadId: "t-c",
        persistence: chatPersistence({ adapter: localStorageAdapter(storage), index: false }),
        onError: () => undefined,
      });
      await expect.poll(() => chat.persistenceError.peek()?.code).toBe("PERSIST_CORRUPT");
      const asideKey = chat.persistenceError.peek()?.setAsideKey;
      expect(asideKey).toMatch(/^t-c:corrupt:\d+$/);
      expect(storage.store.get(`threadline:${asideKey}`)).toBe(text);
      expect(await chat.sendMessage("hello")).toEqual({ status: "idle" });
      await chat.whenSaved();
      expect(JSON.parse(storage.store.get("threadline:t-c")!)).toMatchObject({ threadId: "t-c" });
      chat.dispose();
    });
  }
});

describe("a number beyond what a double holds", () => {
  it("warns NUMBER_NOT_FINITE naming where it is, keeps it, and the agent then gets null as JSON says", async () => {
    const server = await servers.startAgent(({ res, input, index }) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      if (index === 0) {
        res.end(sseText([started(input)]) + 'data: {"type":"STATE_SNAPSHOT","snapshot":{"big":1e400,"list":[1,-1e999]}}\n\n' + sseText([finished(input)]));
      } else res.end(sseText([started(input), finished(input)]));
    });
    const log = warnings();
    const chat = new ChatClient({ agent: new HttpAgent({ url: server.url }), presence: false, onWarning: log.onWarning });
    await chat.sendMessage("one");
    expect(chat.state.peek()).toEqual({ big: Infinity, list: [1, -Infinity] });
    const notes = log.all.filter((w) => w.code === "NUMBER_NOT_FINITE");
    expect(notes.map((w) => w.message.match(/at (\S+) is not finite/)?.[1])).toEqual(["/snapshot/big", "/snapshot/list/1"]);
    expect(notes[0]).toMatchObject({ index: 1 });
    await chat.sendMessage("two");
    expect(JSON.parse(server.requests[1]!.body).state).toEqual({ big: null, list: [1, null] });
    chat.dispose();
  });
});
