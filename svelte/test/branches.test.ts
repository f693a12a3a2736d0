// The conversation tree through the Svelte binding (issue 22): `editMessage`, `regenerate(id)`,
// `switchBranch` and the `branches(id)` store, rendered by a real component against a real AG-UI
// server; a switch re-renders the list and the changed picker, nothing else.
import { fireEvent, render, screen } from "@testing-library/svelte";
import { HttpAgent, messageBranches } from "@threadline/core";
import { flushSync } from "svelte";
import { get } from "svelte/store";
import { afterEach, expect, test } from "vitest";
import BranchApp from "./components/BranchApp.svelte";
import { createChat } from "../src/index.js";
import { agentServer, type AgentServer } from "./support/agent-server.js";
import { Renders } from "./support/renders.js";

let server: AgentServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function answering(): Promise<AgentServer> {
  let n = 0;
  return agentServer(async ({ input, send }) => {
    const id = `a${n++}`;
    await send({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId });
    await send({ type: "TEXT_MESSAGE_START", messageId: id, role: "assistant" });
    await send({ type: "TEXT_MESSAGE_CONTENT", messageId: id, delta: `answer ${id}` });
    await send({ type: "TEXT_MESSAGE_END", messageId: id });
    await send({ type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId });
  });
}

const shown = () => [...screen.getByTestId("messages").children].map((li) => li.textContent?.replace(/\s+/g, " ").trim()).join(" | ");

test("regenerate keeps the old answer as a branch; the picker switches; edit forks a sibling", async () => {
  server = await answering();
  const chat = createChat({ agent: new HttpAgent({ url: server.url }), threadId: "t-branch", presence: false, branching: messageBranches() });
  const renders = new Renders();
  render(BranchApp, { chat, renders });
  await chat.sendMessage("q1");
  await chat.sendMessage("q2");

  await chat.regenerate("a0");
  flushSync();
  expect(shown()).toBe("q1 | answer a2 ‹ 2/2 ›");
  expect(get(chat.branches("a2"))).toMatchObject({ count: 2, index: 1 });
  expect(server.inputs[2]?.messages.map((m) => m.role)).toEqual(["user"]);

  const before = renders.snapshot();
  await fireEvent.click(screen.getByText("‹"));
  flushSync();
  expect(shown()).toBe("q1 | answer a0 ‹ 1/2 › | q2 | answer a1");
  // The picker of the changed message re-rendered once; no other picker existed or moved.
  expect(renders.count("picker:a0") - (before["picker:a0"] ?? 0)).toBe(1);
  // Only the swapped suffix rendered: the shared prefix (q1) did not render again.
  const q1 = get(chat.thread).messages[0]!.id;
  expect(renders.count(`text:${q1}`)).toBe(before[`text:${q1}`]);

  const q2 = get(chat.thread).messages[2]!.id;
  await chat.editMessage(q2, "q2 edited");
  flushSync();
  const edited = get(chat.thread).messages[2]!.id;
  expect(screen.getByTestId(`picker-${edited}`).textContent).toContain("2/2");
  expect(server.inputs[3]?.messages.map((m) => (m as { content?: unknown }).content)).toEqual(["q1", "answer a0", "q2 edited"]);
  chat.switchBranch(edited, 0);
  flushSync();
  expect(shown()).toBe("q1 | answer a0 ‹ 1/2 › | q2 ‹ 1/2 › | answer a1");
  chat.dispose();
});
