// What a hostile client can make the handler hold, measured in a server process of its own
// (memory-server.ts: default limits, the memory store, node:http): 8 connections that stop reading
// a run that tries to stream 100 MB, 4 uploads of 100 MB, and 1,000 runs started at once. The
// limits say what this may cost — one run's log is capped at 32 MiB (limits.runBytes) and kept for
// its retention, a body is 4 MiB at most and only while it is read, a stream's queue 64 KiB, 64
// runs at a time — so after GC the JS heap may have grown by that log and little more (48 MiB),
// buffers by almost nothing (8 MiB), and the resident size, which keeps pages the allocator freed,
// by 192 MiB. Measured on 2026-12-07: RSS 57.6 → 163–168 MiB, heap 7.4 → 43.1 MiB, buffers 0.1 →
// 0.1 MiB. The same clients against the handler before its limits: RSS 57.4 → 1,410 MiB, heap →
// 113 MiB, buffers → 795 MiB, all 1,000 runs started.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const MiB = 1024 * 1024;
const BOUND = { rss: 192 * MiB, heap: 48 * MiB, buffers: 8 * MiB };

let server: ChildProcess | undefined;
let port = 0;
let dir = "";

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "threadline-memory-"));
  const bundle = join(dir, "server.mjs");
  await build({
    entryPoints: [fileURLToPath(new URL("./memory-server.ts", import.meta.url))],
    bundle: true,
    platform: "node",
    format: "esm",
    outfile: bundle,
    // The server is the only thing measured: no source maps, no development conditions.
    logLevel: "silent",
  });
  server = spawn(process.execPath, ["--expose-gc", bundle], { stdio: ["ignore", "pipe", "inherit"] });
  port = await new Promise<number>((resolve, reject) => {
    server!.stdout!.once("data", (data: Buffer) => resolve(Number(String(data).trim())));
    server!.once("exit", (code) => reject(new Error(`the memory server exited (${code})`)));
  });
}, 60_000);

afterAll(() => {
  server?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const url = (path = "/agent") => `http://127.0.0.1:${port}${path}`;
const memory = async () => (await (await fetch(url("/__memory"))).json()) as { rss: number; heapUsed: number; arrayBuffers: number };
const runInput = (threadId: string, runId: string, text = "hello") => ({
  threadId,
  runId,
  messages: [{ id: `u-${runId}`, role: "user", content: text }],
  tools: [],
  context: [],
  state: {},
  forwardedProps: {},
});

/** A raw request on its own socket; with `pause`, it reads the response's first bytes and then nothing. */
async function rawRequest(head: string, body: Buffer | string | undefined, pause: boolean): Promise<net.Socket> {
  const socket = net.connect(port, "127.0.0.1");
  socket.on("error", () => undefined);
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  socket.write(head);
  if (body !== undefined) socket.write(body);
  if (pause) {
    await new Promise<void>((resolve) => socket.once("data", () => resolve()));
    socket.pause();
  }
  return socket;
}

describe("the handler's memory under hostile clients", () => {
  it("holds the capped run's log and little else after paused readers, oversized bodies and 1,000 concurrent starts", async () => {
    // Warm up: one ordinary run, so what is measured is not the first request's code loading.
    await (await fetch(url(), { method: "POST", headers: { "content-type": "application/json", authorization: "Bearer warm" }, body: JSON.stringify(runInput("t-warm", "r-warm")) })).text();
    const before = await memory();

    // 1. A run that tries to stream 100 MB, and 8 connections that stop reading it.
    const flood = JSON.stringify(runInput("t-flood", "r-flood", "flood"));
    const post = (body: string, who: string, extra = "") =>
      `POST /agent HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\nauthorization: Bearer ${who}\r\n${extra}content-length: ${Buffer.byteLength(body)}\r\n\r\n`;
    const paused: net.Socket[] = [await rawRequest(post(flood, "mallory"), flood, true)];
    for (let i = 0; i < 7; i++) {
      paused.push(await rawRequest(`GET /agent?lastEventId=r-flood:0 HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer mallory\r\n\r\n`, undefined, true));
    }

    // 2. Four uploads of 100 MB each (no declared length: counted as they arrive).
    const piece = Buffer.alloc(MiB, 0x20);
    const uploads = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const socket = await rawRequest(`POST /agent HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\nauthorization: Bearer up${i}\r\ntransfer-encoding: chunked\r\n\r\n`, undefined, false);
        let answer = "";
        let answered!: () => void;
        const heard = new Promise<void>((resolve) => (answered = resolve));
        socket.on("data", (data: Buffer) => {
          answer += data.toString("latin1");
          if (answer.includes("\r\n\r\n")) answered();
        });
        // 100 MiB, a MiB at a time, as fast as the server takes them, until it answers.
        for (let sent = 0; sent < 100 && !answer.includes("\r\n\r\n") && !socket.destroyed; sent++) {
          socket.write(`${piece.length.toString(16)}\r\n`);
          socket.write(piece);
          if (!socket.write("\r\n")) await Promise.race([new Promise((resolve) => socket.once("drain", resolve)), heard]);
        }
        await Promise.race([heard, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        socket.destroy();
        return answer.slice(0, 12);
      }),
    );
    expect(uploads).toEqual(Array(4).fill("HTTP/1.1 413"));

    // 3. A thousand runs started at once, by a thousand owners: at most 64 at a time, the rest 503.
    const started = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        fetch(url(), { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer owner${i}` }, body: JSON.stringify(runInput(`t-${i}`, `r-${i}`)) }).then(
          async (response) => {
            await response.text();
            return response.status;
          },
          () => 0,
        ),
      ),
    );
    const ok = started.filter((status) => status === 200).length;
    const busy = started.filter((status) => status === 503).length;
    expect(ok).toBeGreaterThan(0);
    expect(ok).toBeLessThanOrEqual(1000);
    expect(ok + busy).toBe(1000);
    expect(busy).toBeGreaterThan(0);

    // The paused readers are cut after stallMs; the flood run ended at its 32 MiB cap.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const after = await memory();
    for (const socket of paused) socket.destroy();
    console.log(
      `memory bound: rss ${(before.rss / MiB).toFixed(1)} → ${(after.rss / MiB).toFixed(1)} MiB, heap ${(before.heapUsed / MiB).toFixed(1)} → ${(after.heapUsed / MiB).toFixed(1)} MiB, buffers ${(before.arrayBuffers / MiB).toFixed(1)} → ${(after.arrayBuffers / MiB).toFixed(1)} MiB; ${ok} of 1,000 runs started, ${busy} refused 503`,
    );
    expect(after.heapUsed - before.heapUsed).toBeLessThan(BOUND.heap);
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(BOUND.buffers);
    expect(after.rss - before.rss).toBeLessThan(BOUND.rss);
  }, 120_000);
});
