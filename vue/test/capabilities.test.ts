// Capability discovery starts on first read: a component that calls useChat but never reads
// `capabilities` sends no discovery request, even after a whole turn; reading the ref asks once.
// A real AG-UI server on 127.0.0.1 answers the run and GET <url>/capabilities.
import { HttpAgent } from "@threadline/core";
import { flushPromises, mount, type VueWrapper } from "@vue/test-utils";
import { afterEach, expect, test, vi } from "vitest";
import { ref } from "vue";
import ChatView from "./ChatView.vue";
import RunReport from "./RunReport.vue";
import { agentServer, type AgentServer } from "./support/server.js";
import { countSubscriptions } from "./support/subscriptions.js";

const DOCUMENT = { multimodal: { input: { image: true } } };

/** One assistant message per run; GET …/capabilities answers DOCUMENT. */
function capabilityServer(): Promise<AgentServer> {
  return agentServer(async ({ input, send, end }) => {
    await send({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId });
    await send({ type: "TEXT_MESSAGE_START", messageId: "a1", role: "assistant" });
    await send({ type: "TEXT_MESSAGE_CONTENT", messageId: "a1", delta: "Hello" });
    await send({ type: "TEXT_MESSAGE_END", messageId: "a1" });
    await send({ type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId });
    end();
  }, DOCUMENT);
}

let server: AgentServer | undefined;
const mounted: VueWrapper[] = [];
afterEach(async () => {
  for (const wrapper of mounted.splice(0)) wrapper.unmount();
  await server?.close();
  server = undefined;
});

const asked = (): number => server!.gets.filter((path) => path === "/agent/capabilities").length;

function options(url: string) {
  return { agent: new HttpAgent({ url, capabilities: "discover" }), threadId: "t-caps", presence: false as const, onWarning: () => {} };
}

test("useChat without a read of capabilities asks nothing, through a whole turn; the first .value read asks once", async () => {
  server = await capabilityServer();
  const wrapper = mount(ChatView, { props: { options: options(server.url) } });
  mounted.push(wrapper);
  const chat = wrapper.vm.chat;

  expect(await chat.sendMessage("Hi")).toEqual({ status: "idle" });
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(server.exchanges).toHaveLength(1);
  expect(server.gets).toEqual([]);

  expect(chat.capabilities.value).toBeUndefined();
  await vi.waitFor(() => expect(chat.capabilities.value).toEqual(DOCUMENT), { timeout: 5_000 });
  expect(chat.capabilities.value).toEqual(DOCUMENT);
  expect(asked()).toBe(1);
});

test("a template that reads capabilities asks once and renders the answer; its subscription ends with the component", async () => {
  server = await capabilityServer();
  const subscriptions = countSubscriptions();
  try {
    const wrapper = mount(RunReport, { props: { options: options(server.url) } });
    expect(wrapper.get('[data-testid="capabilities"]').text()).toBe("unknown");
    await vi.waitFor(async () => {
      await flushPromises();
      expect(wrapper.get('[data-testid="capabilities"]').text()).toBe(JSON.stringify(DOCUMENT));
    }, { timeout: 5_000 });
    // Renders after the first read the ref again: still the one request.
    expect(asked()).toBe(1);
    expect(subscriptions.live).toBeGreaterThan(0);
    wrapper.unmount();
    expect(subscriptions.live).toBe(0);
  } finally {
    subscriptions.restore();
  }
});

test("a chat re-keyed before any read asks nothing; once read, the ref follows the next client, which is asked too", async () => {
  server = await capabilityServer();
  const given = ref({ ...options(server.url), threadId: "t-1" });
  const wrapper = mount(ChatView, { props: { options: given } });
  mounted.push(wrapper);
  const chat = wrapper.vm.chat;
  given.value = { ...given.value, threadId: "t-2" };
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(asked()).toBe(0);

  await vi.waitFor(() => expect(chat.capabilities.value).toEqual(DOCUMENT), { timeout: 5_000 });
  expect(asked()).toBe(1);
  given.value = { ...given.value, threadId: "t-3" };
  // The new client's signal starts unknown and is asked at once, since the ref is being read.
  expect(chat.capabilities.value).toBeUndefined();
  await vi.waitFor(() => expect(chat.capabilities.value).toEqual(DOCUMENT), { timeout: 5_000 });
  expect(asked()).toBe(2);
});
