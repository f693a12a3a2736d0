// The handler inside h3 (Nuxt's server), the way the README's Nuxt route mounts it: a middleware
// puts the session's user on `event.context`, the route hands node's request and response to
// `toNodeListener` with the event as the owner's context. Owners hold through h3, and so does
// backpressure: h3's own writing of a returned Response never waits for the client, so a client
// that stops reading would make it buffer the whole run; written by Threadline, it is cut.
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { createApp, createRouter, defineEventHandler, toNodeListener as h3Listener, type H3Event } from "h3";
import { afterEach, describe, expect, it } from "vitest";
import type { RunAgentInput } from "../../src/protocol/events.js";
import { createAgentHandler, memoryRunStore, toNodeListener } from "../../src/server/index.js";
import { answerEvents, readFrames, scriptedAgent } from "./support.js";

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of open.splice(0)) await close();
});

async function h3Server(script: (input: RunAgentInput) => Record<string, unknown>[], stallMs = 30_000): Promise<string> {
  const handler = createAgentHandler({
    agent: scriptedAgent(script),
    store: memoryRunStore(),
    owner: (_request, event: H3Event) => event.context.userId as string | undefined,
    limits: { stallMs },
  });
  const listener = toNodeListener(handler);
  const app = createApp();
  // The session middleware: here a bearer token stands for the app's sign-in.
  app.use(defineEventHandler((event) => void (event.context.userId = event.node.req.headers.authorization?.slice("Bearer ".length))));
  const router = createRouter().use("/api/agent", defineEventHandler((event) => listener(event.node.req, event.node.res, event)));
  app.use(router);
  const server = http.createServer(h3Listener(app));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  open.push(() => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/agent`;
}

const run = (threadId: string): RunAgentInput => ({ threadId, runId: `r-${Math.random().toString(36).slice(2)}`, messages: [], tools: [], context: [], state: {}, forwardedProps: {} });
const post = (url: string, body: unknown, who: string) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${who}` }, body: JSON.stringify(body) });

describe("createAgentHandler inside h3", () => {
  it("streams a run to its owner and answers another as if it did not exist", async () => {
    const url = await h3Server((input) => answerEvents(input, 3));
    const mine = run("t-h3");
    const frames = await readFrames(await post(url, mine, "alice"));
    expect(frames.at(-1)!.data).toMatchObject({ type: "RUN_FINISHED" });
    expect(frames[0]!.id).toBe(`${mine.runId}:1`);
    expect((await fetch(`${url}?lastEventId=${mine.runId}:0`, { headers: { authorization: "Bearer bob" } })).status).toBe(404);
    const nobody = await fetch(`${url}?lastEventId=${mine.runId}:0`);
    expect(nobody.status).toBe(401);
    // node's reason phrase, which a page's HTTP_STATUS message quotes (`HTTP 401 Unauthorized from …`).
    expect(nobody.statusText).toBe("Unauthorized");
    expect((await post(url, run("t-h3"), "bob")).status).toBe(409);
  });

  it("cuts a client that stops reading instead of buffering the run", async () => {
    const big = "x".repeat(16 * 1024);
    const url = await h3Server((input) => {
      const events: Record<string, unknown>[] = [{ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId }, { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" }];
      for (let i = 0; i < 1500; i++) events.push({ type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: big });
      events.push({ type: "TEXT_MESSAGE_END", messageId: "m" }, { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId });
      return events;
    }, 500);
    const { port, pathname } = new URL(url);
    const body = JSON.stringify(run("t-h3-paused"));
    const socket = net.connect(Number(port), "127.0.0.1");
    socket.on("error", () => undefined);
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(`POST ${pathname} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\nauthorization: Bearer alice\r\ncontent-length: ${body.length}\r\n\r\n${body}`);
    await new Promise<void>((resolve) => socket.once("data", () => resolve()));
    socket.pause();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    // Reading again: what the kernel held, then the close — not the rest of the 24 MB run.
    const { bytes, closed } = await new Promise<{ bytes: number; closed: boolean }>((resolve) => {
      let bytes = 0;
      const timer = setTimeout(() => resolve({ bytes, closed: false }), 15_000);
      socket.on("data", (data: Buffer) => (bytes += data.length));
      socket.once("close", () => (clearTimeout(timer), resolve({ bytes, closed: true })));
      socket.resume();
    });
    expect(closed).toBe(true);
    expect(bytes).toBeLessThan((1500 * big.length) / 2);
  });
});
