import { describe, expect, it } from "vitest";
import { fromEvents, type Thread, type ThreadlineWarning, generativeUi } from "../../src/index.js";
import { createThreadStore } from "../../src/fold/index.js";
import { PLACEHOLDER_THREAD_ID, ThreadStoreError } from "../../src/model/index.js";
import { RunLoop } from "../../src/run/index.js";
import { cProps, cStart, countWrites, fold, set, started } from "./helpers.js";

const userMessage = (id: string, content: string) => ({ id, role: "user" as const, content });
const text = (messageId: string, delta: string) => [
  { type: "TEXT_MESSAGE_START", messageId },
  { type: "TEXT_MESSAGE_CONTENT", messageId, delta },
];

describe("thread store", () => {
  it("starts on an empty placeholder; open/switchTo/remove manage threads by id", () => {
    const store = createThreadStore();
    expect(store.currentId.value).toBe(PLACEHOLDER_THREAD_ID);
    const placeholder = store.current.value;
    expect(store.get(PLACEHOLDER_THREAD_ID)).toBe(placeholder);
    expect(placeholder.threadId.value).toBeUndefined();

    const a = store.open("A", { messages: [userMessage("u1", "hi")] });
    expect(a.threadId.value).toBe("A");
    expect(store.open("A")).toBe(a);
    expect(store.currentId.value).toBe(PLACEHOLDER_THREAD_ID);
    expect(store.switchTo("A")).toBe(a);
    expect(store.current.value).toBe(a);
    const b = store.switchTo("B");
    expect(store.current.value).toBe(b);
    expect([...store.threads.value.keys()]).toEqual([PLACEHOLDER_THREAD_ID, "A", "B"]);
    expect(store.remove("B")).toBe(true);
    expect(store.remove("B")).toBe(false);
    expect(store.currentId.value).toBe(PLACEHOLDER_THREAD_ID);
    expect(store.current.value).toBe(placeholder);
    expect(store.switchTo(PLACEHOLDER_THREAD_ID)).toBe(placeholder);
  });

  it("rejects bad ids and use after dispose with ThreadStoreError", () => {
    const store = createThreadStore();
    const code = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(ThreadStoreError);
        return (error as ThreadStoreError).code;
      }
      return "ok";
    };
    expect(code(() => store.open(""))).toBe("INVALID_THREAD_ID");
    expect(code(() => store.open(PLACEHOLDER_THREAD_ID))).toBe("INVALID_THREAD_ID");
    expect(code(() => store.open(7 as unknown as string))).toBe("INVALID_THREAD_ID");
    expect(code(() => store.remove(PLACEHOLDER_THREAD_ID))).toBe("INVALID_THREAD_ID");
    store.dispose();
    expect(code(() => store.switchTo("A"))).toBe("STORE_DISPOSED");
  });

  it("the placeholder's messages move to the real thread at RUN_STARTED and the user follows", () => {
    const store = createThreadStore();
    const placeholder = store.startNew({ messages: [userMessage("u1", "What is the weather?")] });
    const userNode = placeholder.message("u1");
    expect(store.current.value.messages.value.map((m) => m.id)).toEqual(["u1"]);

    fold(placeholder, started("r1", "T-real"), ...text("m1", "Sunny"));
    const real = store.get("T-real")!;
    // The same thread object, nodes and all: it keeps streaming without a hitch.
    expect(real).toBe(placeholder);
    expect(real.message("u1")).toBe(userNode);
    expect(real.messages.value.map((m) => m.id)).toEqual(["u1", "m1"]);
    expect(store.currentId.value).toBe("T-real");
    expect(store.current.value).toBe(real);
    // The placeholder slot is empty again.
    const fresh = store.get(PLACEHOLDER_THREAD_ID)!;
    expect(fresh).not.toBe(placeholder);
    expect(fresh.messages.value).toEqual([]);
    fold(real, { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: " today" });
    expect(real.toMessages().at(-1)).toMatchObject({ content: "Sunny today" });
  });

  it("migration with a user who switched away: the thread moves, the placeholder empties, currentId stays", () => {
    const store = createThreadStore();
    const other = store.open("A", { messages: [userMessage("a1", "older chat")] });
    const placeholder = store.startNew({ messages: [userMessage("u1", "new question")] });
    store.switchTo("A");
    const current = countWrites(store.currentId);

    fold(placeholder, started("r1", "T-new"), ...text("m1", "answer"));
    expect(store.currentId.value).toBe("A");
    expect(current.count).toBe(0);
    expect(store.current.value).toBe(other);
    expect(store.get("T-new")!.messages.value.map((m) => m.id)).toEqual(["u1", "m1"]);
    expect(store.get(PLACEHOLDER_THREAD_ID)!.messages.value).toEqual([]);
    expect(other.messages.value.map((m) => m.id)).toEqual(["a1"]);
    current.stop();
  });

  it("a placeholder replaced by startNew before its run started still migrates, without moving the user", () => {
    const store = createThreadStore();
    const first = store.startNew({ messages: [userMessage("u1", "first")] });
    const second = store.startNew();
    expect(second).not.toBe(first);
    expect(store.get(PLACEHOLDER_THREAD_ID)).toBe(second);
    fold(first, started("r1", "T1"));
    expect(store.get("T1")).toBe(first);
    expect(store.get(PLACEHOLDER_THREAD_ID)).toBe(second);
    expect(store.currentId.value).toBe(PLACEHOLDER_THREAD_ID);
    expect(store.current.value).toBe(second);
    // An untouched placeholder is reused.
    expect(store.startNew()).toBe(second);
  });

  it("a placeholder named after a thread the store holds keeps that thread's messages first", () => {
    const warnings: ThreadlineWarning[] = [];
    const store = createThreadStore({ onWarning: (w) => warnings.push(w) });
    const held = store.open("T", { messages: [userMessage("h1", "history")] });
    const placeholder = store.startNew({ messages: [userMessage("u1", "new")] });
    fold(placeholder, started("r1", "T"));
    expect(store.get("T")).toBe(placeholder);
    expect(placeholder.messages.value.map((m) => m.id)).toEqual(["h1", "u1"]);
    expect(held.messages.value).toEqual([]);
    expect(warnings.map((w) => w.code)).toEqual(["THREAD_MERGED"]);
  });

  it("switching threads while one streams keeps the other streaming in the background", () => {
    const store = createThreadStore({ components: generativeUi() });
    const a = store.switchTo("A");
    const b = store.open("B");
    fold(a, started("ra", "A"), cStart("c1", "Card"), cProps("c1", [set("/n", 1)]));
    store.switchTo("B");
    const bMessages = countWrites(b.messages);
    for (let i = 2; i <= 50; i++) fold(a, cProps("c1", [{ op: "replace", path: "/n", value: i }]));
    expect(store.current.value).toBe(b);
    expect(a.component("c1")!.props.value).toEqual({ n: 50 });
    expect(bMessages.count).toBe(0);
    fold(b, started("rb", "B"), ...text("m1", "b's own"));
    expect((store.get("A") as Thread).status.value).toBe("running");
    expect(b.messages.value.map((m) => m.id)).toEqual(["m1"]);
    bMessages.stop();
  });

  it("threads get the store's generative UI; without it Tambo events are not folded", () => {
    const store = createThreadStore({ components: generativeUi() });
    const thread = store.open("A");
    fold(thread, started("r", "A"), cStart("c1", "Card"));
    expect(thread.component("c1")?.name).toBe("Card");
    const off = createThreadStore({ components: generativeUi({ tambo: false }) }).open("A");
    fold(off, started("r", "A"), cStart("c1", "Card"));
    expect(off.component("c1")).toBeUndefined();
    const warnings: string[] = [];
    const none = createThreadStore({ onWarning: (w) => warnings.push(w.code) }).open("A");
    fold(none, started("r", "A"), cStart("c1", "Card"));
    expect(none.component("c1")).toBeUndefined();
    expect(warnings).toEqual(["GENERATIVE_UI_MISSING"]);
    expect(() => createThreadStore({ tamboEvents: true } as object)).toThrow(/tamboEvents/);
  });
});

describe("thread store with a real run loop", () => {
  it("the user's message shows on the placeholder at once; the run's RUN_STARTED moves it, and the run keeps streaming into it", async () => {
    const store = createThreadStore({ components: generativeUi(), onWarning: () => {} });
    const placeholder = store.startNew();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    async function* agent(): AsyncGenerator<object> {
      await gate;
      yield { type: "RUN_STARTED", threadId: "srv-1", runId: "run-1" };
      yield cStart("c1", "Card", "m1");
      yield cProps("c1", [set("/title", "Hi")]);
      yield { type: "CUSTOM", name: "tambo.component.end", value: { componentId: "c1" } };
      yield { type: "RUN_FINISHED", threadId: "srv-1", runId: "run-1" };
    }
    const loop = new RunLoop({ source: fromEvents(agent()), thread: placeholder, createId: () => "client-id" });
    const done = loop.run({ messages: [userMessage("u1", "Show me a card")] });
    await Promise.resolve();
    expect(store.currentId.value).toBe(PLACEHOLDER_THREAD_ID);
    expect(store.current.value.messages.value.map((m) => m.id)).toEqual(["u1"]);
    open();
    const result = await done;
    expect(result.status).toBe("succeeded");
    expect(store.currentId.value).toBe("srv-1");
    const real = store.current.value;
    expect(real).toBe(placeholder);
    expect(real.messages.value.map((m) => m.id)).toEqual(["u1", "m1"]);
    expect(real.component("c1")?.props.value).toEqual({ title: "Hi" });
    expect(real.component("c1")?.streaming.value).toBe("complete");
    expect(store.get(PLACEHOLDER_THREAD_ID)!.messages.value).toEqual([]);
  });
});
