// Mounting and unmounting a component that calls useChat must leave nothing behind: the heap
// after 1,000 mounts (forced GC) grows by at most 2 KB per mount (issue 16 reported ~25 KB) —
// whether it reads the chat through stores ($status) or runes (chat.status, issue 39).
import { flushSync, mount, unmount } from "svelte";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpAgent } from "@threadline/core";
import ChatOwner from "./components/ChatOwner.svelte";
import RunesChatOwner from "./components/RunesChatOwner.svelte";
import { agentServer, type AgentServer } from "./support/agent-server.js";

const MOUNTS = 1000;
const BUDGET = 2048;

let server: AgentServer;
beforeAll(async () => {
  server = await agentServer(async (exchange) => exchange.end());
});
afterAll(() => server.close());

function collect(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error("run with --expose-gc (svelte/vitest.config.ts execArgv)");
  for (let i = 0; i < 4; i++) gc();
  return process.memoryUsage().heapUsed;
}

async function mountMany(owner: typeof ChatOwner, count: number, agent: HttpAgent): Promise<void> {
  const target = document.createElement("div");
  document.body.append(target);
  for (let i = 0; i < count; i++) {
    // Default options (presence on, over BroadcastChannel), one thread per mount.
    const component = mount(owner, { target, props: { options: { agent, threadId: `t-${i}` } } });
    flushSync();
    unmount(component);
    // Let timers and channel clean-up run now and then, as an app's event loop would.
    if (i % 50 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  target.remove();
}

describe.each([
  ["stores", ChatOwner],
  ["runes", RunesChatOwner],
] as const)("useChat in a component reading %s", (style, owner) => {
  it(`leaves at most ${BUDGET} bytes per mount after ${MOUNTS} mounts and unmounts`, async () => {
    const agent = new HttpAgent({ url: server.url });
    await mountMany(owner, 100, agent); // warm up: compiled code, caches, the first allocations
    await new Promise((resolve) => setTimeout(resolve, 10));
    const before = collect();
    await mountMany(owner, MOUNTS, agent);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const perMount = (collect() - before) / MOUNTS;
    console.log(`svelte useChat (${style}): ${perMount.toFixed(0)} bytes retained per mount`);
    expect(perMount).toBeLessThanOrEqual(BUDGET);
  });
});
