// The conversation tree through the Vue binding (issue 22): `editMessage`, `regenerate(id)`,
// `switchBranch` and the `branches(id)` ref, rendered by real components against a real AG-UI
// server; a switch re-renders the changed messages, not the shared prefix.
import { ChatClient, HttpAgent, messageBranches } from "@threadline/core";
import { cleanup } from "@testing-library/vue";
import { flushPromises, mount } from "@vue/test-utils";
import { afterEach, beforeEach, expect, test } from "vitest";
import BranchView from "./BranchView.vue";
import { resetRenders, updatesOf } from "./support/renders.js";
import { agentServer, type AgentServer } from "./support/server.js";

let server: AgentServer | undefined;
beforeEach(() => resetRenders());
afterEach(async () => {
  cleanup();
  await server?.close();
  server = undefined;
});

async function answering(): Promise<AgentServer> {
  let n = 0;
  return agentServer(async ({ input, send, end }) => {
    const id = `a${n++}`;
    await send({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId });
    await send({ type: "TEXT_MESSAGE_START", messageId: id, role: "assistant" });
    await send({ type: "TEXT_MESSAGE_CONTENT", messageId: id, delta: `answer ${id}` });
    await send({ type: "TEXT_MESSAGE_END", messageId: id });
    await send({ type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId });
    end();
  });
}

test("regenerate keeps the old answer as a branch; the picker switches; edit forks a sibling", async () => {
  server = await answering();
  const client = new ChatClient({ agent: new HttpAgent({ url: server.url }), threadId: "t-branch", presence: false, branching: messageBranches() });
  const wrapper = mount(BranchView, { props: { chat: client } });
  const shown = () => wrapper.findAll("li").map((li) => li.text().replace(/\s+/g, " ").replace(/ ?‹ ?/g, " ‹ ").trim()).join(" | ");
  await client.sendMessage("q1");
  await client.sendMessage("q2");

  await client.regenerate("a0");
  await flushPromises();
  expect(shown()).toBe("q1 | answer a2 ‹ 2/2 ›");
  expect(server.exchanges[2]!.input.messages.map((m) => m.role)).toEqual(["user"]);

  const q1 = client.thread.messages.value[0]!.id;
  const q1Updates = updatesOf(`message:${q1}`);
  await wrapper.find(`[data-testid="picker-a2"] button`).trigger("click");
  await flushPromises();
  expect(shown()).toBe("q1 | answer a0 ‹ 1/2 › | q2 | answer a1");
  // The shared prefix did not re-render.
  expect(updatesOf(`message:${q1}`)).toBe(q1Updates);

  const chat = (wrapper.vm as unknown as { chat: { editMessage: ChatClient["editMessage"]; switchBranch: ChatClient["switchBranch"] } }).chat;
  const q2 = client.thread.messages.value[2]!.id;
  await chat.editMessage(q2, "q2 edited");
  await flushPromises();
  const edited = client.thread.messages.value[2]!.id;
  expect(wrapper.find(`[data-testid="picker-${edited}"]`).text()).toContain("2/2");
  expect(server.exchanges[3]!.input.messages.map((m) => (m as { content?: unknown }).content)).toEqual(["q1", "answer a0", "q2 edited"]);
  chat.switchBranch(edited, 0);
  await flushPromises();
  expect(shown()).toBe("q1 | answer a0 ‹ 1/2 › | q2 ‹ 1/2 › | answer a1");
  wrapper.unmount();
  client.dispose();
});
