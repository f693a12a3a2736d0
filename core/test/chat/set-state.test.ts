// chat.setState: the user's edits to the shared state. Between runs they are written at once
// (one write, a new object), stored, and sent with the next request; during a run they wait for
// the stream to end and then apply on top of what the run left, before any follow-up starts.
import { effect } from "@preact/signals-core";
import { describe, expect, it } from "vitest";
import { ChatInputError, defineTool, memoryStorage, type ThreadlineError } from "../../src/index.js";
import { type StoredThread } from "../../src/persist/index.js";
import { answer, chatFor, gate, runFinished, runStarted, scriptedServer, textMessage, toolCall, until } from "./support.js";
import { chatPersistence } from "../../src/chat/storage/persistence.js";

interface Todos {
  readonly todos: readonly { readonly title: string; readonly done: boolean }[];
}
const SEED: Todos = { todos: [{ title: "Pack", done: false }] };

describe("setState between runs", () => {
  it("writes the state once with a new object, stores it, and the next request body carries it", async () => {
    const server = await scriptedServer(async (input, send, index) => send(...answer(input, `m${index}`, "ok")));
    const adapter = memoryStorage();
    const chat = chatFor(server.url, { state: SEED, persistence: chatPersistence({ adapter }) });
    await chat.ready;
    const before = chat.state.value;
    const seen: unknown[] = [];
    const stop = effect(() => void seen.push(chat.state.value));

    const edited = { todos: [{ title: "Pack", done: true }, { title: "Water the plants", done: false }] };
    chat.setState(edited);

    expect(seen).toHaveLength(2); // the effect's first run, then exactly one change
    expect(chat.state.value).toEqual(edited);
    expect(chat.state.value).not.toBe(before);
    expect(chat.state.value).not.toBe(edited); // a private copy: the caller's object cannot reach in
    edited.todos.push({ title: "late change", done: false });
    expect((chat.state.value as Todos).todos).toHaveLength(2);
    stop();

    await chat.whenSaved();
    expect((adapter.entries.get("thread-1") as StoredThread).state).toEqual(chat.state.value);

    expect(await chat.sendMessage("go")).toEqual({ status: "idle" });
    expect(server.inputs[0]!.state).toEqual({ todos: [{ title: "Pack", done: true }, { title: "Water the plants", done: false }] });
  });

  it("the functional form gets the current state (frozen) and its result is sent", async () => {
    const server = await scriptedServer(async (input, send) => send(...answer(input, "m", "ok")));
    const chat = chatFor(server.url, { state: SEED });

    chat.setState((current) => ({ todos: [...(current as Todos).todos, { title: "Book", done: false }] }));
    expect(chat.state.value).toEqual({ todos: [{ title: "Pack", done: false }, { title: "Book", done: false }] });

    // Editing the given state in place fails loudly, and nothing changes.
    const previous = chat.state.value;
    expect(() => chat.setState((current) => ((current as { todos: unknown[] }).todos.push({ title: "x" }), current))).toThrow(ChatInputError);
    expect(chat.state.value).toBe(previous);

    await chat.sendMessage("go");
    expect(server.inputs[0]!.state).toEqual({ todos: [{ title: "Pack", done: false }, { title: "Book", done: false }] });
  });

  it("refuses what is not JSON, naming where, and changes nothing", () => {
    const chat = chatFor("http://127.0.0.1:9/unused", { state: SEED });
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const cases: [unknown, string][] = [
      [undefined, "state is undefined"],
      [{ when: new Date(0) }, "state.when is a Date"],
      [{ n: Number.NaN }, "state.n is NaN"],
      [{ list: [1, () => 2] }, "state.list[1] is a function"],
      [cyclic, "state.self refers back to itself"],
      [() => 1n, "the update function's result"],
    ];
    for (const [value, words] of cases) {
      let thrown: unknown;
      try {
        chat.setState(value);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, words).toBeInstanceOf(ChatInputError);
      expect((thrown as ChatInputError).code).toBe("INVALID_ARGUMENT");
      expect((thrown as Error).message).toContain(words);
    }
    expect(chat.state.value).toEqual(SEED);
    // A property set to undefined is absent, as in JSON.
    chat.setState({ todos: [], note: undefined });
    expect(JSON.stringify(chat.state.value)).toBe('{"todos":[]}');
  });
});

describe("setState during a run", () => {
  it("waits for the stream to end, then applies on top of the run's state; the next request carries it", async () => {
    const release = gate();
    const server = await scriptedServer(async (input, send, index) => {
      if (index > 0) return send(...answer(input, `m${index}`, "ok"));
      await send(runStarted(input), { type: "STATE_SNAPSHOT", snapshot: SEED }, ...textMessage("m0", "adding one"));
      await release.promise;
      await send({ type: "STATE_DELTA", delta: [{ op: "add", path: "/todos/-", value: { title: "Agent's", done: false } }] }, runFinished(input));
    });
    const chat = chatFor(server.url);
    const turn = chat.sendMessage("help");
    await until(() => chat.thread.message("m0") !== undefined);

    chat.setState((current) => ({ todos: (current as Todos).todos.map((t) => ({ ...t, done: true })) }));
    chat.setState((current) => ({ ...(current as Todos), edited: true }));
    // Still the agent's: during a run only the stream writes the thread.
    expect(chat.state.value).toEqual(SEED);

    release.open();
    expect(await turn).toEqual({ status: "idle" });
    // Both edits, in order, on top of the agent's delta.
    expect(chat.state.value).toEqual({ todos: [{ title: "Pack", done: true }, { title: "Agent's", done: true }], edited: true });

    await chat.sendMessage("again");
    expect(server.inputs[1]!.state).toEqual(chat.state.value);
  });

  it("an edit made while a client tool's round streams goes out with the follow-up run", async () => {
    const release = gate();
    const server = await scriptedServer(async (input, send, index) => {
      if (index > 0) return send(...answer(input, "m-final", "thanks"));
      await send(runStarted(input), ...textMessage("m0", "checking"), ...toolCall("tc1", "get_time", {}, "m0"));
      await release.promise;
      await send(runFinished(input));
    });
    const tool = defineTool({ name: "get_time", parameters: { type: "object" }, execute: () => "10:00" });
    const chat = chatFor(server.url, { tools: [tool], state: { mode: "agent" } });
    const turn = chat.sendMessage("time?");
    await until(() => chat.thread.toolCall("tc1") !== undefined);

    chat.setState({ mode: "user" });
    release.open();
    expect(await turn).toEqual({ status: "idle" });

    expect(server.inputs).toHaveLength(2);
    expect(server.inputs[0]!.state).toEqual({ mode: "agent" });
    expect(server.inputs[1]!.state).toEqual({ mode: "user" });
  });

  it("stop() applies a waiting edit; clear() drops it", async () => {
    const server = await scriptedServer(async (input, send) => {
      await send(runStarted(input), ...textMessage("m0", "thinking"));
      await new Promise(() => {}); // never ends on its own
    });
    const chat = chatFor(server.url);

    void chat.sendMessage("one");
    await until(() => chat.thread.message("m0") !== undefined);
    chat.setState({ kept: true });
    chat.stop();
    expect(chat.state.value).toEqual({ kept: true });

    void chat.sendMessage("two");
    await until(() => chat.isRunning.value && chat.thread.messages.value.length >= 3);
    chat.setState({ dropped: true });
    chat.clear();
    expect(chat.state.value).toEqual({});
  });

  it("a waiting update function that throws is reported through onError; the run's state stays", async () => {
    const release = gate();
    const server = await scriptedServer(async (input, send) => {
      await send(runStarted(input), { type: "STATE_SNAPSHOT", snapshot: { n: 1 } });
      await release.promise;
      await send(...textMessage("m0", "done"), runFinished(input));
    });
    const errors: ThreadlineError[] = [];
    const chat = chatFor(server.url, { onError: (error) => errors.push(error) });
    const turn = chat.sendMessage("go");
    await until(() => (chat.state.value as { n?: number }).n === 1);

    chat.setState(() => {
      throw new Error("broken edit");
    });
    release.open();
    expect(await turn).toEqual({ status: "idle" });

    expect(chat.state.value).toEqual({ n: 1 });
    expect(errors.map((e) => e.code)).toEqual(["INVALID_ARGUMENT"]);
    expect(errors[0]!.message).toContain("broken edit");
  });
});
