// The server the memory test measures, run in a process of its own (bundled by the test with
// esbuild, started with --expose-gc): createAgentHandler with its default limits and store on
// node:http, in front of an agent that tries to stream 100 MB per run when asked for "flood"
// (and answers a few words otherwise). `GET /__memory` collects garbage and reports the process's
// memory, so the test reads what the handler holds, not what the test's own process does.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createAgentHandler, toNodeListener } from "../../src/server/index.js";
import type { AgentSource } from "../../src/transport/source.js";

const chunk = "f".repeat(64 * 1024);

const source: AgentSource = {
  async run(input, sink) {
    const flood = JSON.stringify(input.messages).includes("flood");
    sink.onEvent({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId });
    sink.onEvent({ type: "TEXT_MESSAGE_START", messageId: `m-${input.runId}`, role: "assistant" });
    const count = flood ? 1600 : 3; // 1,600 × 64 KiB = 100 MiB
    for (let i = 0; i < count && !sink.signal.aborted; i++) {
      sink.onEvent({ type: "TEXT_MESSAGE_CONTENT", messageId: `m-${input.runId}`, delta: flood ? chunk : "hello " });
      if (i % 16 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    if (sink.signal.aborted) return "aborted";
    // Slow enough that many runs are going at once when a thousand start together.
    await new Promise((resolve) => setTimeout(resolve, 300));
    sink.onEvent({ type: "TEXT_MESSAGE_END", messageId: `m-${input.runId}` });
    sink.onEvent({ type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId });
    return "completed";
  },
};

const handler = createAgentHandler({
  owner: (request) => request.headers.get("authorization")?.match(/^Bearer (\w+)$/)?.[1],
  source,
  onError: () => undefined,
  // A stalled client is cut sooner than the default 30 s, so the test need not wait that long.
  limits: { stallMs: 2_000 },
});
const listener = toNodeListener(handler, { stallMs: 2_000 });
const gc = (globalThis as { gc?: () => void }).gc;

const server = http.createServer((req, res) => {
  if (req.url === "/__memory") {
    for (let i = 0; i < 3; i++) gc?.();
    const usage = process.memoryUsage();
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ rss: usage.rss, heapUsed: usage.heapUsed, external: usage.external, arrayBuffers: usage.arrayBuffers }));
    return;
  }
  listener(req, res);
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
