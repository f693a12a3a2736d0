// Reconnect when the page wakes: a run that failed while the network was down is rejoined when it
// comes back (`online`) or the page is shown again (`visibilitychange`); a reconnect waiting out its
// backoff tries at once; and against any AG-UI server that numbers its SSE events and honours
// Last-Event-ID (not Threadline's handler), HttpAgent resumes from the last event it folded.
import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ChatClient } from "../../src/chat/client.js";
import { chatPersistence, manualConnectivity } from "../../src/chat/index.js";
import { memoryStorage } from "../../src/persist/index.js";
import { createThread } from "../../src/fold/index.js";
import { RunLoop } from "../../src/run/loop.js";
import type { RunAgentInput } from "../../src/protocol/events.js";
import { HttpAgent } from "../../src/transport/http-agent.js";
import { createAgentHandler, memoryRunStore } from "../../src/server/index.js";
import { scriptedAgent, serve } from "./support.js";
import { faultProxy } from "./fault-proxy.js";

function answer(input: RunAgentInput): Record<string, unknown>[] {
  const id = `answer-${input.runId}`;
  const events: Record<string, unknown>[] = [
    { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId },
    { type: "TEXT_MESSAGE_START", messageId: id, role: "assistant" },
  ];
  for (let i = 0; i < 12; i++) events.push({ type: "TEXT_MESSAGE_CONTENT", messageId: id, delta: `wörd${i} ` });
  events.push({ type: "TEXT_MESSAGE_END", messageId: id }, { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId });
  return events;
}
const WHOLE = Array.from({ length: 12 }, (_, i) => `wörd${i} `).join("");

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

/** The page's connectivity, fired by hand: `offline`, then `online` or `visible` (the page woke). */
function wakeable() {
  const connectivity = manualConnectivity();
  return {
    connectivity,
    fire(change: "offline" | "online" | "visible") {
      if (change === "visible") connectivity.wake();
      else connectivity.set(change === "online");
    },
  };
}

describe("a chat checks its run when the page wakes", () => {
  for (const change of ["online", "visible"] as const) {
    it(`a run that failed while the network was down is rejoined on '${change}': the whole answer, made once`, async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const agent = scriptedAgent(answer, { hold: (i) => (i === 6 ? gate : undefined) });
      const served = await serve(createAgentHandler({ owner: "anonymous", agent, store: memoryRunStore(), heartbeatMs: 50 }));
      open.push(served);
      // While the network is down, every response is cut at its first byte (the run's own stream
      // at its next heartbeat).
      let down = false;
      const proxy = await faultProxy(Number(new URL(served.url).port), () => (down ? { at: 0, kind: "cut" } : undefined));
      open.push(proxy);
      const page = wakeable();
      const chat = new ChatClient({
        agent: new HttpAgent({ url: proxy.url("/agent"), reconnect: { baseDelayMs: 5, maxDelayMs: 10, attempts: 2 } }),
        threadId: `thread-wake-${change}`,
        presence: false,
        persistence: chatPersistence({ adapter: memoryStorage(), index: false }),
        connectivity: page.connectivity,
      });
      open.push({ close: () => chat.dispose() });
      await chat.ready;
      const turn = chat.sendMessage("hello");
      await expect.poll(() => (chat.thread.toMessages()[1]?.content as string | undefined)?.includes("wörd3") ?? false).toBe(true);
      down = true;
      page.fire("offline");
      expect(await turn).toMatchObject({ status: "failed", error: { code: "RECONNECT_FAILED" } });
      expect(chat.status.peek()).toBe("failed");
      // The run goes on on the server without the page; then the network comes back.
      release();
      await expect.poll(() => agent.runs.length === 1 && agent.cancelled === 0).toBe(true);
      down = false;
      page.fire(change);
      await expect.poll(() => chat.status.peek(), { timeout: 10_000 }).toBe("idle");
      expect(chat.thread.toMessages().map((m) => m.content)).toEqual(["hello", WHOLE]);
      expect(chat.error.peek()).toBeUndefined();
      expect(agent.runs).toHaveLength(1);
    });
  }

  it("a reconnect waiting out its backoff tries at once when the page wakes", async () => {
    const agent = scriptedAgent(answer, { gapMs: 2 });
    const served = await serve(createAgentHandler({ owner: "anonymous", agent, store: memoryRunStore() }));
    open.push(served);
    let cut = true;
    const proxy = await faultProxy(Number(new URL(served.url).port), (connection, seen) => {
      if (connection !== 0 || !cut) return undefined;
      const at = seen.indexOf("wörd4");
      return at < 0 ? undefined : { at, kind: "cut" };
    });
    open.push(proxy);
    const page = wakeable();
    const chat = new ChatClient({
      agent: new HttpAgent({ url: proxy.url("/agent"), reconnect: { baseDelayMs: 60_000, maxDelayMs: 60_000, random: () => 0.99 } }),
      threadId: "thread-wake-backoff",
      presence: false,
      connectivity: page.connectivity,
    });
    open.push({ close: () => chat.dispose() });
    const turn = chat.sendMessage("hello");
    await expect.poll(() => chat.status.peek()).toBe("reconnecting");
    cut = false;
    const woke = Date.now();
    page.fire("visible");
    expect(await turn).toEqual({ status: "idle" });
    expect(Date.now() - woke).toBeLessThan(10_000);
    expect(chat.thread.toMessages()[1]?.content).toBe(WHOLE);
  });
});

describe("any AG-UI server that numbers its events and honours Last-Event-ID", () => {
  /** A plain AG-UI endpoint (not Threadline's handler): SSE with `id: e<n>`, and a POST with Last-Event-ID gets what came after. */
  async function numberingServer(): Promise<{ url: string; lastEventIds: (string | undefined)[]; runs: number; close(): Promise<void> }> {
    const lastEventIds: (string | undefined)[] = [];
    let runs = 0;
    const script = answer({ threadId: "t", runId: "r1", messages: [], tools: [], context: [], state: {}, forwardedProps: {} });
    const server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        const after = req.headers["last-event-id"];
        lastEventIds.push(typeof after === "string" ? after : undefined);
        if (after === undefined) runs++;
        const from = typeof after === "string" ? Number(after.slice(1)) : 0;
        res.writeHead(200, { "content-type": "text/event-stream" });
        let i = from;
        const next = (): void => {
          if (i >= script.length) return void res.end();
          res.write(`id: e${i + 1}\ndata: ${JSON.stringify(script[i])}\n\n`);
          i++;
          setTimeout(next, 2);
        };
        next();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    return {
      url: `http://127.0.0.1:${port}/agent`,
      lastEventIds,
      get runs() {
        return runs;
      },
      close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
    };
  }

  /** A run through a proxy that cuts the first connection inside "wörd6". */
  async function cutRun(resumeWithLastEventId: boolean) {
    const upstream = await numberingServer();
    open.push(upstream);
    const proxy = await faultProxy(Number(new URL(upstream.url).port), (connection, seen) => {
      const at = connection === 0 ? seen.indexOf("wörd6") : -1;
      return at < 0 ? undefined : { at, kind: "cut" };
    });
    open.push(proxy);
    const thread = createThread({ threadId: "t" });
    const loop = new RunLoop({ source: new HttpAgent({ url: proxy.url("/agent"), resumeWithLastEventId, reconnect: { baseDelayMs: 5 } }), thread, createId: () => "r1" });
    open.push({ close: () => loop.dispose() });
    return { upstream, thread, result: await loop.run() };
  }

  it("resumeWithLastEventId: a cut connection is resumed after the last event folded; the run is made once", async () => {
    const { upstream, thread, result } = await cutRun(true);
    expect(result.status).toBe("succeeded");
    expect(thread.toMessages()[0]?.content).toBe(WHOLE);
    expect(upstream.lastEventIds).toEqual([undefined, "e8"]);
    expect(upstream.runs).toBe(1);
  });

  it("without it, the same cut fails typed (STREAM_TRUNCATED): the run is never asked for twice", async () => {
    const { upstream, result } = await cutRun(false);
    expect(result).toMatchObject({ status: "failed", error: { code: "STREAM_TRUNCATED" } });
    expect(upstream.lastEventIds).toEqual([undefined]);
  });
});
