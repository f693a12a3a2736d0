// Mounting and unmounting a component that calls useChat must leave nothing behind: the heap
// after 1,000 mounts (forced GC) grows by at most 2 KB per mount — the same bar as Svelte's.
import { createApp, defineComponent, h } from "vue";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpAgent } from "@threadline/core";
import { useChat } from "../src/index.js";
import { agentServer, type AgentServer } from "./support/server.js";

const MOUNTS = 1000;
const BUDGET = 2048;

/** A component that owns a chat and renders every ref it has. */
const ChatOwner = defineComponent({
  props: { agent: { type: Object, required: true }, threadId: { type: String, required: true } },
  setup(props) {
    const chat = useChat({ agent: props.agent as HttpAgent, threadId: props.threadId });
    return () =>
      h("p", { "data-status": chat.status.value, "data-running": String(chat.isRunning.value), "data-generating": String(chat.sessionGenerating.value) }, [
        `${chat.status.value} ${chat.messages.value.length} ${chat.error.value?.code ?? ""} ${JSON.stringify(chat.state.value)} ${chat.pendingInterrupts.value.length}`,
      ]);
  },
});

let server: AgentServer;
beforeAll(async () => {
  server = await agentServer(async (exchange) => exchange.end());
});
afterAll(() => server.close());

function collect(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error("run with --expose-gc (vue/vitest.config.ts execArgv)");
  for (let i = 0; i < 4; i++) gc();
  return process.memoryUsage().heapUsed;
}

async function mountMany(count: number, agent: HttpAgent): Promise<void> {
  const target = document.createElement("div");
  document.body.append(target);
  for (let i = 0; i < count; i++) {
    const app = createApp(ChatOwner, { agent, threadId: `t-${i}` });
    app.mount(target);
    app.unmount();
    // Let timers and channel clean-up run now and then, as an app's event loop would.
    if (i % 50 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  target.remove();
}

describe("useChat in a component", () => {
  it(`leaves at most ${BUDGET} bytes per mount after ${MOUNTS} mounts and unmounts`, async () => {
    const agent = new HttpAgent({ url: server.url });
    await mountMany(100, agent); // warm up: compiled code, caches, the first allocations
    await new Promise((resolve) => setTimeout(resolve, 10));
    const before = collect();
    await mountMany(MOUNTS, agent);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const perMount = (collect() - before) / MOUNTS;
    console.log(`vue useChat: ${perMount.toFixed(0)} bytes retained per mount`);
    expect(perMount).toBeLessThanOrEqual(BUDGET);
  });
});
