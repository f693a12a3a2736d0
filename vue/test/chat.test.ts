// useChat over a real ChatClient: streamed text end to end (fromEvents, and a real node:http
// server through @ag-ui/encoder and HttpAgent), render counts, unmount, re-keying, attaching,
// provide/inject.
import { ChatClient, ChatInputError, HttpAgent } from "@threadline/core";
import { cleanup } from "@testing-library/vue";
import { flushPromises, mount } from "@vue/test-utils";
import { defineComponent, h, nextTick, ref, shallowRef } from "vue";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { BindingError, injectChat, type UseChatOptions } from "../src/index.js";
import ChatStatusBadge from "./ChatStatusBadge.vue";
import ChatView from "./ChatView.vue";
import { runFinished, runStarted, textContent, textEnd, textStart } from "./support/events.js";
import { mounts, resetRenders, updatesOf } from "./support/renders.js";
import { agentServer, gate, type AgentServer } from "./support/server.js";
import { ids, queuedAgent, type ScriptedAgent } from "./support/sources.js";
import { countSubscriptions, type SubscriptionCounter } from "./support/subscriptions.js";

let subscriptions: SubscriptionCounter;
let server: AgentServer | undefined;
beforeEach(() => {
  resetRenders();
  subscriptions = countSubscriptions();
});
afterEach(async () => {
  cleanup();
  subscriptions.restore();
  await server?.close();
  server = undefined;
});

/** Options every owned chat in these tests uses: deterministic ids, no cross-tab presence. */
const base = { presence: false, createId: ids() } as const;

/** Pushes events into the agent's `run`-th run, letting each be folded and rendered. */
async function stream(agent: ScriptedAgent, run: number, ...events: object[]): Promise<void> {
  await agent.started(run);
  for (const event of events) {
    agent.runs[run]!.push(event);
    await flushPromises();
  }
}

const textOf = (wrapper: { find(selector: string): { text(): string } }, id: string): string => wrapper.find(`[data-testid="text-${id}"]`).text();

function started(agent: ScriptedAgent, run: number): object {
  const input = agent.inputs[run];
  if (input === undefined) throw new Error(`run ${run} has not started`);
  return runStarted(input.threadId, input.runId);
}

function finished(agent: ScriptedAgent, run: number): object {
  const input = agent.inputs[run]!;
  return runFinished(input.threadId, input.runId);
}

describe("streaming", () => {
  test("streams text end to end over fromEvents; 100 tokens re-render one message; the list renders once per new message", async () => {
    const agent = queuedAgent();
    const wrapper = mount(ChatView, { props: { options: { ...base, agent, threadId: "t1" } } });
    const chat = wrapper.vm.chat;

    const turn = chat.sendMessage("Hi");
    await agent.started(0);
    await flushPromises();
    expect(textOf(wrapper, chat.messages.value[0]!.id)).toBe("Hi");
    expect(updatesOf("list")).toBe(1);
    await stream(agent, 0, started(agent, 0));
    expect(wrapper.find('[data-testid="status"]').text()).toBe("streaming");
    await stream(agent, 0, textStart("a1"));
    expect(updatesOf("list")).toBe(2);

    let expected = "";
    for (let i = 0; i < 100; i++) {
      expected += `w${i} `;
      await stream(agent, 0, textContent("a1", `w${i} `));
      expect(textOf(wrapper, "a1")).toBe(expected.trim());
    }
    await stream(agent, 0, textEnd("a1"), finished(agent, 0));
    agent.runs[0]!.close();
    expect(await turn).toEqual({ status: "idle" });
    await flushPromises();

    expect(wrapper.find('[data-testid="status"]').text()).toBe("idle");
    expect(updatesOf("message:a1")).toBe(100);
    expect(updatesOf(`message:${chat.messages.value[0]!.id}`)).toBe(0);
    expect(updatesOf("list")).toBe(2);
    expect(mounts.get("message:a1")).toBe(1);
    expect(chat.isRunning.value).toBe(false);
  });

  test("streams text from a real HTTP server (SSE via @ag-ui/encoder, HttpAgent): each delta renders before the next is sent", async () => {
    const deltas = ["Bon", "jour ", "à ", "vous"];
    const gates = deltas.map(() => gate());
    const shown = gate();
    server = await agentServer(async (exchange) => {
      const { threadId, runId } = exchange.input;
      await exchange.send(runStarted(threadId, runId));
      await exchange.send(textStart("a1"));
      await shown.promise;
      for (const [i, delta] of deltas.entries()) {
        await exchange.send(textContent("a1", delta));
        await gates[i]!.promise;
      }
      await exchange.send(textEnd("a1"));
      await exchange.send(runFinished(threadId, runId));
      exchange.end();
    });
    const wrapper = mount(ChatView, { props: { options: { ...base, agent: new HttpAgent({ url: server.url }), threadId: "t-http" } } });
    const turn = wrapper.vm.chat.sendMessage("Salut");

    await vi.waitFor(() => expect(wrapper.find('[data-testid="text-a1"]').exists()).toBe(true), { timeout: 10_000 });
    shown.open();
    let expected = "";
    for (const [i, delta] of deltas.entries()) {
      expected += delta;
      await vi.waitFor(() => expect(wrapper.find('[data-testid="text-a1"]').element.textContent).toBe(expected), { timeout: 10_000 });
      gates[i]!.open();
    }
    expect(await turn).toEqual({ status: "idle" });
    expect(server.exchanges[0]!.input.threadId).toBe("t-http");
    expect(server.exchanges[0]!.input.messages.at(-1)).toMatchObject({ role: "user", content: "Salut" });
    expect(updatesOf("message:a1")).toBe(deltas.length);
  });
});

describe("shared state", () => {
  test("setState updates the state ref at once, and the next request to a real server carries the edit", async () => {
    server = await agentServer(async (exchange) => {
      const { threadId, runId } = exchange.input;
      for (const event of [runStarted(threadId, runId), textStart("a1"), textContent("a1", "ok"), textEnd("a1"), runFinished(threadId, runId)]) await exchange.send(event);
      exchange.end();
    });
    const wrapper = mount(ChatView, { props: { options: { ...base, agent: new HttpAgent({ url: server.url }), threadId: "t-state", state: { todos: ["pack"] } } } });
    const chat = wrapper.vm.chat;
    const before = chat.state.value;

    chat.setState((current) => ({ todos: [...(current as { todos: string[] }).todos, "water the plants"] }));
    expect(chat.state.value).not.toBe(before);
    expect(chat.state.value).toEqual({ todos: ["pack", "water the plants"] });

    expect(await chat.sendMessage("go")).toEqual({ status: "idle" });
    expect(server.exchanges[0]!.input.state).toEqual({ todos: ["pack", "water the plants"] });
  });
});

describe("lifecycle", () => {
  test("unmount aborts the run and leaves no live signal subscriptions", async () => {
    const before = subscriptions.live;
    const agent = queuedAgent();
    const wrapper = mount(ChatView, { props: { options: { ...base, agent, threadId: "t1" }, badges: 1 } });
    const chat = wrapper.vm.chat.chat.value;
    const turn = wrapper.vm.chat.sendMessage("Hi");
    await agent.started(0);
    await stream(agent, 0, started(agent, 0), textStart("a1"), textContent("a1", "partial"));
    expect(subscriptions.live).toBeGreaterThan(before);
    expect(chat.isRunning.value).toBe(true);

    wrapper.unmount();
    expect(subscriptions.live).toBe(before);
    expect(chat.isRunning.value).toBe(false);
    expect(await turn).toEqual({ status: "cancelled" });
    await flushPromises();
    expect(agent.runs[0]!.released).toBe(true);
    // What was folded before the abort is kept.
    expect(chat.thread.message("a1")).toBeDefined();
  });

  test("unmount mid-stream closes the HTTP request", async () => {
    const hold = gate();
    server = await agentServer(async (exchange) => {
      const { threadId, runId } = exchange.input;
      await exchange.send(runStarted(threadId, runId));
      await exchange.send(textStart("a1"));
      await exchange.send(textContent("a1", "never finished"));
      await hold.promise;
    });
    const wrapper = mount(ChatView, { props: { options: { ...base, agent: new HttpAgent({ url: server.url }) } } });
    const turn = wrapper.vm.chat.sendMessage("Hi");
    await vi.waitFor(() => expect(wrapper.find('[data-testid="text-a1"]').exists()).toBe(true), { timeout: 10_000 });
    wrapper.unmount();
    expect(await turn).toEqual({ status: "cancelled" });
    expect(await server.exchanges[0]!.closed).toEqual({ finished: false });
    hold.open();
  });

  test("a thread-id change re-keys: the old client is disposed (its run stopped), the refs follow a new client on the new thread", async () => {
    const agents: Record<string, ScriptedAgent> = { t1: queuedAgent(), t2: queuedAgent() };
    const threadId = ref("t1");
    const options = (): UseChatOptions => ({ ...base, agent: agents[threadId.value]!, threadId: threadId.value });
    const wrapper = mount(ChatView, { props: { options } });
    const chat = wrapper.vm.chat;
    const first = chat.chat.value;
    const turn = chat.sendMessage("on t1");
    await agents.t1!.started(0);
    await stream(agents.t1!, 0, started(agents.t1!, 0), textStart("a1"), textContent("a1", "t1 text"));
    expect(chat.messages.value).toHaveLength(2);

    threadId.value = "t2";
    expect(chat.chat.value).not.toBe(first);
    expect(chat.chat.value.thread.threadId.value).toBe("t2");
    expect(chat.messages.value).toHaveLength(0);
    expect(chat.status.value).toBe("idle");
    expect(await turn).toEqual({ status: "cancelled" });
    await flushPromises();
    expect(agents.t1!.runs[0]!.released).toBe(true);
    expect(first.isRunning.value).toBe(false);
    expect(wrapper.findAll("li")).toHaveLength(0);

    // The methods follow the new client.
    const second = chat.sendMessage("on t2");
    expect((await agents.t2!.started(0)).threadId).toBe("t2");
    await stream(agents.t2!, 0, started(agents.t2!, 0), textStart("b1"), textContent("b1", "t2 text"), textEnd("b1"), finished(agents.t2!, 0));
    agents.t2!.runs[0]!.close();
    expect(await second).toEqual({ status: "idle" });
    expect(textOf(wrapper, "b1")).toBe("t2 text");
    expect(first.thread.message("b1")).toBeUndefined();
  });

  test("a re-key to invalid options reports the typed error and keeps the current client, still owned", async () => {
    const agent = queuedAgent();
    const options = shallowRef<UseChatOptions>({ ...base, agent, threadId: "t1" });
    const errors: unknown[] = [];
    const wrapper = mount(ChatView, {
      props: { options },
      global: { config: { errorHandler: (error) => void errors.push(error) } },
    });
    const chat = wrapper.vm.chat;
    const first = chat.chat.value;
    options.value = { ...base, agent, threadId: "t2", maxSteps: -1 };
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(ChatInputError);
    expect((errors[0] as ChatInputError).option).toBe("maxSteps");
    expect(chat.chat.value).toBe(first);

    const turn = chat.sendMessage("still on t1");
    expect((await agent.started(0)).threadId).toBe("t1");
    wrapper.unmount();
    expect(await turn).toEqual({ status: "cancelled" });
  });

  test("a change to tools alone is applied to the same client, from its next run", async () => {
    const agent = queuedAgent();
    const tools = shallowRef([{ name: "first", description: "one", parameters: { type: "object", properties: {} } }]);
    const wrapper = mount(ChatView, { props: { options: () => ({ ...base, agent, threadId: "t1", tools: tools.value }) } });
    const chat = wrapper.vm.chat;
    const client = chat.chat.value;
    tools.value = [{ name: "second", description: "two", parameters: { type: "object", properties: {} } }];
    await nextTick();
    expect(chat.chat.value).toBe(client);
    const turn = chat.sendMessage("go");
    expect((await agent.started(0)).tools.map((tool) => tool.name)).toEqual(["second"]);
    await stream(agent, 0, started(agent, 0), finished(agent, 0));
    agent.runs[0]!.close();
    await turn;
  });

  test("useChat({ chat }) attaches to an existing client and leaves it running on unmount", async () => {
    const agent = queuedAgent();
    const client = new ChatClient({ ...base, agent, threadId: "shared" });
    const before = subscriptions.live;
    const wrapper = mount(ChatView, { props: { options: { chat: client } } });
    expect(wrapper.vm.chat.chat.value).toBe(client);
    const turn = client.sendMessage("Hi");
    await agent.started(0);
    await stream(agent, 0, started(agent, 0), textStart("a1"), textContent("a1", "still here"));
    expect(textOf(wrapper, "a1")).toBe("still here");

    wrapper.unmount();
    expect(subscriptions.live).toBe(before);
    expect(client.isRunning.value).toBe(true);
    await stream(agent, 0, textEnd("a1"), finished(agent, 0));
    agent.runs[0]!.close();
    expect(await turn).toEqual({ status: "idle" });
    client.dispose();
  });
});

describe("provide / inject", () => {
  test("children share the provider's refs and methods, with no subscriptions of their own", async () => {
    const agent = queuedAgent();
    const start = subscriptions.live;
    const alone = mount(ChatView, { props: { options: { ...base, agent: queuedAgent(), threadId: "a" }, badges: 0 } });
    const withoutBadges = subscriptions.live - start;
    alone.unmount();

    const before = subscriptions.live;
    const wrapper = mount(ChatView, { props: { options: { ...base, agent, threadId: "b" }, badges: 2 } });
    expect(subscriptions.live - before).toBe(withoutBadges);
    const badges = wrapper.findAllComponents(ChatStatusBadge);
    expect(badges).toHaveLength(2);
    expect(badges[0]!.vm.chat).toBe(wrapper.vm.chat);
    expect(badges[1]!.vm.chat).toBe(wrapper.vm.chat);

    const turn = badges[1]!.vm.chat.sendMessage("from a child");
    await agent.started(0);
    await flushPromises();
    expect(wrapper.find('[data-testid="badge-1"]').text()).toBe("submitted · 1");
    expect(wrapper.find('[data-testid="badge-2"]').text()).toBe("submitted · 1");
    await stream(agent, 0, started(agent, 0), finished(agent, 0));
    agent.runs[0]!.close();
    await turn;
    await flushPromises();
    expect(wrapper.find('[data-testid="badge-1"]').text()).toBe("idle · 1");
  });

  test("injectChat() without a provider is a typed error", () => {
    const Orphan = defineComponent({
      setup() {
        injectChat();
        return () => h("div");
      },
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(() => mount(Orphan)).toThrow(BindingError);
    warn.mockRestore();
  });
});
