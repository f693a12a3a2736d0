// The conversation as a tree (issue 22): editing a user message and regenerating any answer fork
// the conversation; the old branch stays an alternative (`branches`), `switchBranch` swaps the
// active path in one write of the message list; the agent only ever receives the active path; a
// branched run carries parentRunId; the tree survives a reload; edits and regenerations while a
// run streams stop it first, and its tools and approvals are cancelled exactly once.
import { effect } from "@preact/signals-core";
import type { RunAgentInput } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import {
  ChatClient,
  ChatInputError,
  memoryStorage,
  messageBranches,
  type AssistantMessageNode,
  type MessageNode,
} from "../../src/index.js";
import { type StoredThread } from "../../src/persist/index.js";
import { answer, chatFor, ids as testIds, manualSource, runFinished, runStarted, scriptedServer, textMessage, toolCall, until, warnings } from "./support.js";
import { chatPersistence } from "../../src/chat/storage/persistence.js";

/** A chat with the branching plug-in (the subject of most of this file). */
const branchingChat = (...[agent, options = {}]: Parameters<typeof chatFor>) => chatFor(agent, { branching: messageBranches(), ...options });
const ids = (chat: ChatClient) => chat.thread.messages.value.map((m) => m.id);
const contentOf = (node: MessageNode | undefined) => (node as { content: { value: unknown } } | undefined)?.content.value;
const texts = (chat: ChatClient) => chat.thread.messages.value.map(contentOf);
const sentTexts = (input: RunAgentInput) => input.messages.map((m) => (m as { content?: unknown }).content);

/** A server answering request i with `answer i` in message `a<i>`. */
async function echoServer() {
  return scriptedServer(async (input, send, index) => send(...answer(input, `a${index}`, `answer ${index}`)));
}

/** Two turns: q1 → answer 0, q2 → answer 1. */
async function twoTurns(options: Parameters<typeof chatFor>[1] = {}, make = branchingChat) {
  const server = await echoServer();
  const chat = make(server.url, options);
  await chat.sendMessage("q1");
  await chat.sendMessage("q2");
  return { server, chat };
}

describe("editing a user message", () => {
  it("forks a sibling branch: the agent receives the prefix and the new text, with the prefix's run as parentRunId", async () => {
    const { server, chat } = await twoTurns();
    const [q1, , q2] = ids(chat);

    expect(await chat.editMessage(q2!, "q2, edited")).toEqual({ status: "idle" });

    const sent = server.inputs[2]!;
    expect(sentTexts(sent)).toEqual(["q1", "answer 0", "q2, edited"]);
    expect(sent.parentRunId).toBe(server.inputs[0]!.runId);
    expect(texts(chat)).toEqual(["q1", "answer 0", "q2, edited", "answer 2"]);
    const edited = ids(chat)[2]!;
    expect(edited).not.toBe(q2);
    const branches = chat.branches(edited)!;
    expect(branches.count).toBe(2);
    expect(branches.index).toBe(1);
    expect(branches.alternatives.map(contentOf)).toEqual(["q2", "q2, edited"]);
    // A message that never forked has one alternative: itself.
    expect(chat.branches(q1!)).toMatchObject({ count: 1, index: 0 });
    // Off the active path: no answer.
    expect(chat.branches(q2!)).toBeUndefined();
    expect(chat.thread.message("a1")).toBeUndefined();
  });

  it("editing the first message forks at the start of the thread (no parent run)", async () => {
    const { server, chat } = await twoTurns();
    await chat.editMessage(ids(chat)[0]!, "q1 again");
    expect(sentTexts(server.inputs[2]!)).toEqual(["q1 again"]);
    expect(server.inputs[2]!.parentRunId).toBeUndefined();
    expect(chat.branches(ids(chat)[0]!)).toMatchObject({ count: 2, index: 1 });
    chat.switchBranch(ids(chat)[0]!, 0);
    expect(texts(chat)).toEqual(["q1", "answer 0", "q2", "answer 1"]);
  });

  it("refuses what it cannot edit, synchronously and with nothing changed", async () => {
    const { chat } = await twoTurns();
    const before = chat.thread.messages.value;
    expect(() => chat.editMessage("a0", "x")).toThrow(expect.objectContaining({ code: "MESSAGE_NOT_ON_PATH", option: "messageId" }));
    expect(() => chat.editMessage("nope", "x")).toThrow(ChatInputError);
    expect(() => chat.editMessage(ids(chat)[0]!, "  ")).toThrow(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
    expect(chat.thread.messages.value).toBe(before);
  });
});

describe("regenerating an answer", () => {
  it("any answer, not only the last: the old one stays an alternative with everything after it", async () => {
    const { server, chat } = await twoTurns();

    expect(await chat.regenerate("a0")).toEqual({ status: "idle" });

    expect(sentTexts(server.inputs[2]!)).toEqual(["q1"]);
    expect(texts(chat)).toEqual(["q1", "answer 2"]);
    expect(chat.branches("a2")).toMatchObject({ count: 2, index: 1 });
    expect(chat.branches("a2")!.alternatives.map((m) => m.id)).toEqual(["a0", "a2"]);

    chat.switchBranch("a2", 0);
    // The whole old branch comes back, its later turns included.
    expect(texts(chat)).toEqual(["q1", "answer 0", "q2", "answer 1"]);
    expect(chat.branches("a0")).toMatchObject({ count: 2, index: 0 });
  });

  it("regenerating twice gives three alternatives; nested forks come back with their branch", async () => {
    const { server, chat } = await twoTurns();
    await chat.regenerate(); // the last answer: a1 → a2
    await chat.regenerate("a2"); // a2 → a3
    expect(chat.branches("a3")).toMatchObject({ count: 3, index: 2 });
    expect(sentTexts(server.inputs[3]!)).toEqual(["q1", "answer 0", "q2"]);
    expect(server.inputs[3]!.parentRunId).toBe(server.inputs[0]!.runId);

    // A fork above this one: regenerate a0; then come back and find the nested fork as left.
    await chat.regenerate("a0");
    expect(texts(chat)).toEqual(["q1", "answer 4"]);
    chat.switchBranch("a4", 0);
    expect(texts(chat)).toEqual(["q1", "answer 0", "q2", "answer 3"]);
    expect(chat.branches("a3")).toMatchObject({ count: 3, index: 2 });
    chat.switchBranch("a3", 0);
    expect(texts(chat)).toEqual(["q1", "answer 0", "q2", "answer 1"]);
  });

  it("regenerating from the user message asks that question again", async () => {
    const { server, chat } = await twoTurns();
    await chat.regenerate(ids(chat)[2]!);
    expect(sentTexts(server.inputs[2]!)).toEqual(["q1", "answer 0", "q2"]);
    expect(chat.branches("a2")).toMatchObject({ count: 2 });
  });

  it("an answer that starts with reasoning: its text message shows the fork and switches it (the picker goes under the text)", async () => {
    const reasoning = (id: string, text: string) => [
      { type: "REASONING_START", messageId: id },
      { type: "REASONING_MESSAGE_START", messageId: id, role: "reasoning" },
      { type: "REASONING_MESSAGE_CONTENT", messageId: id, delta: text },
      { type: "REASONING_MESSAGE_END", messageId: id },
      { type: "REASONING_END", messageId: id },
    ];
    const server = await scriptedServer(async (input, send, index) =>
      send(runStarted(input), ...reasoning(`r${index}`, `thinking ${index}`), ...textMessage(`a${index}`, `answer ${index}`), runFinished(input)),
    );
    const chat = branchingChat(server.url);
    await chat.sendMessage("q1");

    await chat.regenerate("a0");

    expect(ids(chat).slice(1)).toEqual(["r1", "a1"]);
    // The fork is at r1 (the run's first message); the answer's text answers for it too.
    expect(chat.branches("a1")).toMatchObject({ count: 2, index: 1 });
    expect(chat.branches("a1")).toBe(chat.branches("r1"));
    expect(chat.branches("a1")!.alternatives.map((m) => m.id)).toEqual(["r0", "r1"]);
    chat.switchBranch("a1", 0);
    expect(ids(chat).slice(1)).toEqual(["r0", "a0"]);
    expect(chat.branches("a0")).toMatchObject({ count: 2, index: 0 });

    // The next turn is not part of that answer: its user message and answer never forked.
    await chat.sendMessage("q2");
    const [, , , q2, r2, a2] = ids(chat);
    expect([r2, a2]).toEqual(["r2", "a2"]);
    expect(chat.branches(q2!)).toMatchObject({ count: 1 });
    expect(chat.branches("a2")).toMatchObject({ count: 1 });
    expect(chat.branches("a0")).toMatchObject({ count: 2, index: 0 });
  });

  it("an unknown message is refused synchronously", async () => {
    const { chat } = await twoTurns();
    expect(() => chat.regenerate("nope")).toThrow(expect.objectContaining({ code: "MESSAGE_NOT_ON_PATH" }));
  });
});

describe("switching branches", () => {
  it("writes only the message list: no message's content, no status, no other signal", async () => {
    const { chat } = await twoTurns();
    await chat.regenerate("a1");
    const writes: string[] = [];
    const watched = [...chat.thread.messages.value, chat.thread.message("a2")!];
    const stops = [
      effect(() => void (chat.thread.messages.value, writes.push("messages"))),
      effect(() => void (chat.status.value, writes.push("status"))),
      effect(() => void (chat.thread.state.value, writes.push("state"))),
      ...watched.map((node) => effect(() => void (contentOf(node), (node as AssistantMessageNode).parts?.value, writes.push(`content:${node.id}`)))),
    ];
    writes.length = 0;

    chat.switchBranch("a2", 0);

    expect(writes).toEqual(["messages"]);
    for (const stop of stops) stop();
  });

  it("branches() hands out the same object until that fork changes, so views bound to it stay quiet", async () => {
    const { chat } = await twoTurns();
    await chat.regenerate("a0"); // fork at the first answer: a0 | a2
    const first = chat.branches("a2");
    const q1 = chat.branches(ids(chat)[0]!);
    let notified = 0;
    const stop = effect(() => void (chat.branches("a2"), notified++));
    notified = 0;
    await chat.sendMessage("q3"); // the list changes twice; this fork does not
    expect(chat.branches("a2")).toBe(first);
    expect(chat.branches(ids(chat)[0]!)).toBe(q1);
    // The effect re-reads on list changes (cheap: O(forks)) and gets the same object back.
    expect(notified).toBeGreaterThan(0);
    await chat.regenerate("a2"); // this fork changes: a new object
    expect(chat.branches("a4")).not.toBe(first);
    expect(chat.branches("a4")).toMatchObject({ count: 3, index: 2 });
    stop();
  });

  it("the next message continues the branch shown: the agent gets that path only", async () => {
    const { server, chat } = await twoTurns();
    await chat.regenerate(); // a1 → a2
    chat.switchBranch("a2", 0);
    await chat.sendMessage("q3");
    expect(sentTexts(server.inputs[3]!)).toEqual(["q1", "answer 0", "q2", "answer 1", "q3"]);
    expect(chat.thread.toMessages().map((m) => m.id)).not.toContain("a2");
  });

  it("refuses an index that is not an alternative", async () => {
    const { chat } = await twoTurns();
    await chat.regenerate();
    expect(() => chat.switchBranch("a2", 2)).toThrow(expect.objectContaining({ code: "NOT_A_BRANCH", option: "index" }));
    expect(() => chat.switchBranch("a1", 0)).toThrow(expect.objectContaining({ code: "MESSAGE_NOT_ON_PATH" }));
    expect(() => chat.switchBranch("a0", 1)).toThrow(expect.objectContaining({ code: "NOT_A_BRANCH" }));
  });

  it("clear() and setMessages() forget the tree", async () => {
    const { chat } = await twoTurns();
    await chat.regenerate();
    chat.setMessages(chat.thread.toMessages());
    expect(chat.branches("a2")).toMatchObject({ count: 1 });
  });
});

describe("persistence", () => {
  it("branches are stored with the thread, counted in the index, and survive a reload", async () => {
    const adapter = memoryStorage();
    const { server, chat } = await twoTurns({ persistence: chatPersistence({ adapter }) });
    await chat.regenerate("a0");
    await chat.whenSaved();
    chat.dispose();

    const record = adapter.entries.get("thread-1") as StoredThread;
    expect(record.messages.map((m) => m.id)).toEqual([expect.any(String), "a2"]);
    expect(record.branches?.forks).toHaveLength(1);
    expect(record.branches?.forks[0]).toMatchObject({ position: 1, active: 1, paths: [expect.any(Array), null] });
    // Ids of its own: the test's id generator restarts per client.
    const second = branchingChat(server.url, { persistence: chatPersistence({ adapter }), createId: testIds("reloaded") });
    await second.ready;
    expect((await second.listThreads())[0]).toMatchObject({ id: "thread-1", branches: 1 });

    expect(texts(second)).toEqual(["q1", "answer 2"]);
    expect(second.branches("a2")).toMatchObject({ count: 2, index: 1 });
    second.switchBranch("a2", 0);
    expect(texts(second)).toEqual(["q1", "answer 0", "q2", "answer 1"]);
    // Only the active path is ever sent; the parent run is known after the reload too.
    await second.editMessage(ids(second)[2]!, "q2 after reload");
    const sent = server.inputs.at(-1)!;
    expect(sentTexts(sent)).toEqual(["q1", "answer 0", "q2 after reload"]);
    expect(sent.parentRunId).toBe(server.inputs[0]!.runId);
    await second.whenSaved();
    expect((adapter.entries.get("thread-1") as StoredThread).branches?.forks).toHaveLength(2);
  });

  it("a stored tree with a broken fork keeps the good ones and warns", async () => {
    const adapter = memoryStorage();
    const path = [{ id: "a0", role: "assistant", content: "old" }];
    await adapter.setItem("thread-1", {
      version: 1,
      threadId: "thread-1",
      savedAt: 1,
      state: undefined,
      messages: [
        { id: "u1", role: "user", content: "hi" },
        { id: "a1", role: "assistant", content: "new" },
      ],
      branches: {
        forks: [
          { position: 1, parentId: "u1", active: 1, paths: [path, null] },
          { position: 5, parentId: null, active: 0, paths: [null] },
        ],
        runEnds: [],
      },
    });
    const seen = warnings();
    const chat = branchingChat((await echoServer()).url, { persistence: chatPersistence({ adapter }), onWarning: seen.onWarning });
    await chat.ready;
    expect(chat.branches("a1")).toMatchObject({ count: 2, index: 1 });
    expect(seen.codes).toContain("STORED_BRANCH_INVALID");
    chat.switchBranch("a1", 0);
    expect(texts(chat)).toEqual(["hi", "old"]);
  });
});

describe("edits and regeneration while a run streams", () => {
  it("stop, then branch: the streaming run is aborted before the new one starts, and its partial answer is kept", async () => {
    const { source, runs } = manualSource();
    const chat = branchingChat(source);
    const first = chat.sendMessage("q");
    await until(() => runs.length === 1);
    runs[0]!.emit(runStarted(runs[0]!.input), { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" }, { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "half" });

    const edit = chat.editMessage(ids(chat)[0]!, "q, better");

    expect(runs[0]!.sink.signal.aborted).toBe(true);
    expect(await first).toEqual({ status: "cancelled" });
    await until(() => runs.length === 2);
    expect(sentTexts(runs[1]!.input)).toEqual(["q, better"]);
    // A late event of the aborted run does not reach either branch.
    runs[0]!.emit({ type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: " late" });
    runs[1]!.emit(...answer(runs[1]!.input, "m2", "ok"));
    runs[1]!.end();
    expect(await edit).toEqual({ status: "idle" });
    chat.switchBranch(ids(chat)[0]!, 0);
    expect(texts(chat)).toEqual(["q", "half"]);
  });

  it("a running tool and a waiting approval of the abandoned branch are cancelled exactly once", async () => {
    const { source, runs } = manualSource();
    let aborts = 0;
    const chat = branchingChat(source, {
      tools: [
        { name: "slow", execute: (_args, { signal }) => new Promise((resolve) => signal.addEventListener("abort", () => (aborts++, resolve("late")))) },
        { name: "risky", needsApproval: true, execute: () => "ran" },
      ],
    });
    const first = chat.sendMessage("go");
    await until(() => runs.length === 1);
    const run = runs[0]!;
    run.emit(runStarted(run.input), ...toolCall("t1", "slow", {}, "m1"), ...toolCall("t2", "risky", {}, "m1"), { type: "RUN_FINISHED", threadId: run.input.threadId, runId: run.input.runId });
    run.end();
    await until(() => chat.thread.toolCall("t2")?.status.value === "awaiting-approval");
    const approvalErrors: unknown[] = [];
    const stop = effect(() => {
      const error = chat.thread.toolCall("t2")!.error.value;
      if (error !== undefined) approvalErrors.push(error);
    });
    const t1 = chat.thread.toolCall("t1")!;
    const t2 = chat.thread.toolCall("t2")!;

    const again = chat.regenerate();
    await until(() => runs.length === 2);

    expect(aborts).toBe(1);
    expect(approvalErrors).toHaveLength(1);
    expect(t2.error.value?.code).toBe("TOOL_CANCELLED");
    expect(t1.status.value).not.toBe("running");
    // The new run gets the question only: no answers for the abandoned branch's calls.
    expect(runs[1]!.input.messages.map((m) => m.role)).toEqual(["user"]);
    expect(() => chat.respondToApproval("t2", { approved: true })).toThrow(ChatInputError);
    runs[1]!.emit(...answer(runs[1]!.input, "m3", "fine"));
    runs[1]!.end();
    expect(await again).toEqual({ status: "idle" });
    expect(await first).toMatchObject({ status: "cancelled" });
    expect(aborts).toBe(1);
    expect(approvalErrors).toHaveLength(1);
    stop();
  });

  it("switching branches while a run streams stops it first", async () => {
    const { source, runs } = manualSource();
    const chat = branchingChat(source);
    const turn = (text: string, id: string) => {
      const done = chat.sendMessage(text);
      return until(() => runs.length > 0 && runs.at(-1)!.input.messages.length > 0 && runs.at(-1)!.input.messages.at(-1)!.content === text).then(() => {
        const run = runs.at(-1)!;
        run.emit(...answer(run.input, id, `answer ${id}`));
        run.end();
        return done;
      });
    };
    await turn("q1", "x1");
    const regen = chat.regenerate("x1");
    await until(() => runs.length === 2);
    runs[1]!.emit(runStarted(runs[1]!.input), ...textMessage("x2", "partial").slice(0, 2));
    expect(chat.branches("x2")).toMatchObject({ count: 2, index: 1 });

    chat.switchBranch("x2", 0);

    expect(runs[1]!.sink.signal.aborted).toBe(true);
    expect(await regen).toEqual({ status: "cancelled" });
    expect(texts(chat)).toEqual(["q1", "answer x1"]);
    expect(chat.status.value).toBe("idle");
  });
});

describe("without the messageBranches() plug-in", () => {
  it("an edit and a regeneration replace what followed: one path, one alternative per message, no parentRunId", async () => {
    const { server, chat } = await twoTurns({}, chatFor);
    const q2 = chat.thread.messages.value[2]!.id;
    await chat.editMessage(q2, "q2 again");
    expect(texts(chat)).toEqual(["q1", "answer 0", "q2 again", "answer 2"]);
    expect(server.inputs[2]!.parentRunId).toBeUndefined();
    expect(sentTexts(server.inputs[2]!)).toEqual(["q1", "answer 0", "q2 again"]);
    await chat.regenerate();
    expect(texts(chat)).toEqual(["q1", "answer 0", "q2 again", "answer 3"]);
    const branches = chat.branches(chat.thread.messages.value[2]!.id)!;
    expect([branches.count, branches.index]).toEqual([1, 0]);
    expect(chat.branches(chat.thread.messages.value[2]!.id)).toBe(branches);
    expect(() => chat.switchBranch(q2, 1)).toThrow(expect.objectContaining({ code: "MESSAGE_NOT_ON_PATH" }));
    expect(() => chat.switchBranch(chat.thread.messages.value[2]!.id, 1)).toThrow(expect.objectContaining({ code: "NOT_A_BRANCH" }));
  });

  it("a stored thread with branches loads its active path and warns once (STORED_BRANCHES_IGNORED)", async () => {
    const adapter = memoryStorage();
    const { chat } = await twoTurns({ persistence: chatPersistence({ adapter }) });
    await chat.regenerate();
    await chat.whenSaved();
    const seen = warnings();
    const plain = chatFor((await echoServer()).url, { persistence: chatPersistence({ adapter }), threadId: chat.threadId, onWarning: seen.onWarning });
    await plain.ready;
    expect(texts(plain)).toEqual(texts(chat));
    expect(seen.codes).toContain("STORED_BRANCHES_IGNORED");
  });

  it("refuses a `branching` value that is not the plug-in (INVALID_OPTION)", () => {
    const { source } = manualSource();
    expect(() => chatFor(source, { branching: true as never })).toThrow(expect.objectContaining({ code: "INVALID_OPTION", option: "branching" }));
  });
});
