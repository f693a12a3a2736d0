// `pnpm bench` part: the run log's cost (createAgentHandler's stores) and resume latency.
// - append: µs per event into memoryRunStore (with one live follower), events/s into
//   redisRunStore (pipelined XADD) on a real redis-server started here on 127.0.0.1;
// - resume latency: from a Last-Event-ID request to the first missed event, beside a direct
//   stream (from a run's POST to its first event), medians over real HTTP on 127.0.0.1.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createClient } from "redis";
import { createAgentHandler, memoryRunStore, redisRunStore, toNodeListener, type RunStore } from "../../core/src/server/index.js";
import { fromEvents } from "../../core/src/transport/from-events.js";
import { startRedis } from "../../core/test/server/redis-server.js";

const quick = process.argv.includes("--quick");
// --tiny: every measure once on a few events (the test command's check that the workload runs).
const tiny = process.argv.includes("--tiny");
const EVENTS = tiny ? 2_000 : quick ? 50_000 : 200_000;
const SAMPLES = tiny ? 3 : quick ? 9 : 31;
const WARM_UP = tiny ? 500 : 20_000;

const event = (i: number) => JSON.stringify({ type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: `token ${i} ` });

async function appendCost(store: RunStore, n: number, follow: boolean): Promise<number> {
  const payloads = Array.from({ length: n }, (_, i) => event(i));
  const runId = `bench-${Math.random()}`;
  const writer = (await store.create({ runId, threadId: "t", owner: "bench", startedAt: Date.now(), deadline: Date.now() + 600_000 }))!;
  const controller = new AbortController();
  let followed = 0;
  if (follow) {
    void (async () => {
      for await (const batch of store.follow(runId, 0, controller.signal)) followed += batch.length;
    })().catch(() => undefined);
  }
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) writer.append(payloads[i]!);
  await writer.end();
  const ns = Number(process.hrtime.bigint() - started);
  controller.abort();
  return ns / n;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

// Set before the stores close: the measured runs still stream then, and their failing appends
// (a closed Redis client) are the teardown, not a finding.
let closing = false;

async function serve(store: RunStore): Promise<{ url: string; close(): Promise<void> }> {
  // A run that emits an event every 2 ms for as long as the measurement needs.
  const handler = createAgentHandler({
    owner: () => "bench",
    store,
    onError: (error) => {
      if (!closing) console.error(error);
    },
    source: {
      run: (input, sink) =>
        fromEvents(
          (async function* () {
            yield { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId };
            yield { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" };
            for (let i = 0; i < 150; i++) {
              await new Promise((resolve) => setTimeout(resolve, 2));
              yield { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: `token ${i} ` };
            }
            yield { type: "TEXT_MESSAGE_END", messageId: "m1" };
            yield { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId };
          })(),
        ).run(input, sink),
    },
  });
  const server = http.createServer(toNodeListener(handler));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/agent`,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** ms from sending `init` to the first `data:` line of the answer. */
async function firstEvent(url: string, init: RequestInit): Promise<{ ms: number; body: ReadableStreamDefaultReader<Uint8Array> }> {
  const started = performance.now();
  const response = await fetch(url, init);
  // An answer that is not an event stream (a limit's 429, a 404) would never hold a `data:` line.
  if (!response.ok) throw new Error(`run-log: ${init.method ?? "GET"} ${url} answered ${response.status}: ${await response.text()}`);
  const reader = response.body!.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (value && new TextDecoder().decode(value).includes("data: ")) return { ms: performance.now() - started, body: reader };
    if (done) throw new Error(`run-log: ${init.method ?? "GET"} ${url} ended before its first event`);
  }
}

async function latency(producer: string, resumer: string): Promise<{ direct: number; resume: number }> {
  const direct: number[] = [];
  const resume: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const runId = `lat-${i}-${Math.random().toString(36).slice(2)}`;
    const body = JSON.stringify({ threadId: "t", runId, messages: [], tools: [], context: [], state: {}, forwardedProps: {} });
    const first = await firstEvent(producer, { method: "POST", headers: { "content-type": "application/json" }, body });
    direct.push(first.ms);
    await first.body.cancel();
    // Disconnected after event 2; the run goes on. Resume after event 2: everything since is missed.
    const again = await firstEvent(resumer, { headers: { "last-event-id": `${runId}:2` } });
    resume.push(again.ms);
    await again.body.cancel();
    // The user stops the answer: each sample is a new run, and an owner may have only
    // limits.runsPerOwner (8) going at once; a run left going would take a slot for its 0.3 s.
    const stopped = await fetch(`${producer}?runId=${encodeURIComponent(runId)}`, { method: "DELETE" });
    if (!stopped.ok) throw new Error(`run-log: DELETE ${runId} answered ${stopped.status}: ${await stopped.text()}`);
  }
  return { direct: median(direct), resume: median(resume) };
}

const rows: string[] = [];
const memory = memoryRunStore();
await appendCost(memory, WARM_UP, false); // warm-up
const memoryNs = await appendCost(memory, EVENTS, false);
const memoryFollowNs = await appendCost(memory, EVENTS, true);
rows.push(`| memoryRunStore append | ${(memoryNs / 1000).toFixed(3)} µs/event | ≤ 3 µs | ${memoryNs / 1000 <= 3 ? "✓" : "✗"} |`);
rows.push(`| memoryRunStore append, one live follower | ${(memoryFollowNs / 1000).toFixed(3)} µs/event | ≤ 3 µs | ${memoryFollowNs / 1000 <= 3 ? "✓" : "✗"} |`);

const redis = await startRedis();
const clients: { destroy(): void }[] = [];
const redisStore = async (): Promise<RunStore> => {
  const client = createClient({ url: redis.url });
  client.on("error", () => undefined);
  await client.connect();
  clients.push(client);
  return redisRunStore(client, { keyPrefix: "bench:", blockMs: 500 });
};
try {
  const store = await redisStore();
  await appendCost(store, WARM_UP / 4, false);
  const redisNs = await appendCost(store, EVENTS / 4, false);
  const perSecond = 1e9 / redisNs;
  rows.push(`| redisRunStore append (XADDs batched per tick, until the last is acknowledged) | ${Math.round(perSecond).toLocaleString("en-US")} events/s | ≥ 20,000 events/s | ${perSecond >= 20_000 ? "✓" : "✗"} |`);

  const memServer = await serve(memoryRunStore());
  const mem = await latency(memServer.url, memServer.url);
  await memServer.close();
  const storeA = await redisStore();
  const storeB = await redisStore();
  const a = await serve(storeA);
  const b = await serve(storeB);
  const same = await latency(a.url, a.url);
  const other = await latency(a.url, b.url);
  closing = true;
  await a.close();
  await b.close();
  await Promise.all([storeA.close(), storeB.close(), store.close()]);
  const lat = (label: string, r: { direct: number; resume: number }) =>
    `| ${label} | direct stream ${r.direct.toFixed(2)} ms · resume ${r.resume.toFixed(2)} ms (median of ${SAMPLES}) | | |`;
  rows.push(lat("first event: memory store", mem));
  rows.push(lat("first event: Redis, resume on the same instance", same));
  rows.push(lat("first event: Redis, resume on the other instance", other));
} finally {
  for (const client of clients) client.destroy();
  await redis.stop();
}
console.log(`\n### Run log (createAgentHandler)\n\n| measure | figure | target | |\n|---|---|---|---|\n${rows.join("\n")}`);
