// Soak test, run by hand (not in the test command): `npx -y pnpm@12.4.2 soak [turns]`.
// One ChatClient over HttpAgent against a local node:http AG-UI server that answers each request
// with a random fault (or a good answer): HTTP 500, a connection destroyed mid-stream, a body cut
// inside an event, garbage payloads, a connection left open after RUN_FINISHED, RUN_ERROR, a
// too-deep snapshot, a replayed run, a client tool call. Every turn must settle (bounded); the
// conversation is cleared every 50 turns, so what remains is what leaks. Prints the heap (after
// forced GC) and the open handles every 1,000 turns, and fails if either grows.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { ChatClient, HttpAgent, chatPersistence, memoryStorage, ThreadlineError, type RunAgentInput } from "../core/src/index.js";

const TURNS = Number(process.argv[2] ?? 10_000);
const SAMPLE_EVERY = 1000;
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error("run with node --expose-gc (the `soak` script does)");

type Fault = "ok" | "tool" | "http-500" | "destroyed" | "cut" | "garbage" | "left-open" | "run-error" | "too-deep" | "replayed";
const ALL_FAULTS: readonly Fault[] = ["ok", "ok", "ok", "tool", "http-500", "destroyed", "cut", "garbage", "left-open", "run-error", "too-deep", "replayed"];
/** SOAK_FAULTS=ok,cut narrows the mix (to tell which fault a growth comes with). */
const FAULTS: readonly Fault[] = process.env.SOAK_FAULTS === undefined ? ALL_FAULTS : (process.env.SOAK_FAULTS.split(",") as Fault[]);

let seed = 16;
/** A small deterministic PRNG, so a soak run can be repeated exactly. */
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
}

const sse = (events: readonly object[]): string => events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join("");

function answer(input: RunAgentInput, text: string): object[] {
  const id = `m-${input.runId}`;
  return [
    { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId },
    { type: "TEXT_MESSAGE_START", messageId: id, role: "assistant" },
    { type: "TEXT_MESSAGE_CONTENT", messageId: id, delta: text },
    { type: "TEXT_MESSAGE_END", messageId: id },
    { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId },
  ];
}

const served: Record<Fault, number> = Object.fromEntries(ALL_FAULTS.map((fault) => [fault, 0])) as Record<Fault, number>;
let lastRun = "";

const server = http.createServer((req, res) => {
  let body = "";
  req.setEncoding("utf8");
  req.on("data", (chunk: string) => (body += chunk));
  req.on("end", () => {
    const input = JSON.parse(body) as RunAgentInput;
    // A follow-up with a tool result always gets a good answer, so a turn ends.
    const hasToolResult = input.messages.at(-1)?.role === "tool";
    const fault: Fault = hasToolResult ? "ok" : FAULTS[Math.floor(random() * FAULTS.length)]!;
    served[fault]++;
    if (fault === "http-500") {
      res.writeHead(500, { "Content-Type": "text/plain" }).end("overloaded");
      return;
    }
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    const good = answer(input, `answer to ${input.runId}`);
    switch (fault) {
      case "ok":
        res.end(sse(good));
        break;
      case "tool":
        res.end(
          sse([
            good[0]!,
            { type: "TOOL_CALL_START", toolCallId: `tc-${input.runId}`, toolCallName: "add" },
            { type: "TOOL_CALL_ARGS", toolCallId: `tc-${input.runId}`, delta: '{"a":1,"b":2}' },
            { type: "TOOL_CALL_END", toolCallId: `tc-${input.runId}` },
            good[4]!,
          ]),
        );
        break;
      case "destroyed":
        res.write(sse(good.slice(0, 3)), () => res.destroy());
        break;
      case "cut":
        res.end(sse(good).slice(0, -2));
        break;
      case "garbage":
        res.end(`${sse(good.slice(0, 2))}data: <html>502 Bad Gateway</html>\n\n${sse(good.slice(2))}`);
        break;
      case "left-open": {
        res.write(sse(good));
        const ping = setInterval(() => res.write(": ping\n\n"), 5);
        res.on("close", () => clearInterval(ping));
        break;
      }
      case "run-error":
        res.end(sse([good[0]!, { type: "RUN_ERROR", message: "the model is overloaded", code: "OVERLOADED" }]));
        break;
      case "too-deep":
        res.end(`${sse(good.slice(0, 1))}data: {"type":"STATE_SNAPSHOT","snapshot":${"[".repeat(5000)}${"]".repeat(5000)}}\n\n${sse(good.slice(1))}`);
        break;
      case "replayed": {
        // The previous request's run again, under its old run id, then nothing new.
        const previous = lastRun === "" ? good : answer({ ...input, runId: lastRun }, "replayed");
        res.end(sse(previous) + sse(previous));
        break;
      }
      default: {
        const never: never = fault;
        throw new Error(`unknown fault ${String(never)}`);
      }
    }
    lastRun = input.runId;
  });
});
server.keepAliveTimeout = 1000;
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/agent`;

const adapter = memoryStorage();
const unexpected: string[] = [];
const chat = new ChatClient({
  agent: new HttpAgent({ url }),
  threadId: "soak",
  presence: false,
  persistence: chatPersistence({ adapter, index: false }),
  terminalGraceMs: 20,
  tools: [{ name: "add", execute: (args: { a: number; b: number }) => String(args.a + args.b) }],
  onWarning: () => undefined,
  onError: (error) => {
    if (!(error instanceof ThreadlineError) || error.code === "INTERNAL_ERROR") unexpected.push(String(error));
  },
});

function sample(): { heap: number; handles: number } {
  for (let i = 0; i < 4; i++) gc!();
  return { heap: process.memoryUsage().heapUsed, handles: process.getActiveResourcesInfo().length };
}

const outcomes: Record<string, number> = {};
const samples: { turn: number; heap: number; handles: number }[] = [];
const started = Date.now();
for (let turn = 1; turn <= TURNS; turn++) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`turn ${turn} did not settle within 10 s`)), 10_000);
  });
  const result = await Promise.race([chat.sendMessage(`turn ${turn}`), hang]).finally(() => clearTimeout(timer));
  const key = result.status === "error" ? `error:${result.error.code}` : result.status;
  outcomes[key] = (outcomes[key] ?? 0) + 1;
  if (result.status === "error" && (!(result.error instanceof ThreadlineError) || result.error.code === "INTERNAL_ERROR")) {
    unexpected.push(`turn ${turn}: ${result.error.message}`);
  }
  if (turn % 50 === 0) {
    chat.clear();
    await chat.whenSaved();
  }
  if (turn % SAMPLE_EVERY === 0) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = sample();
    samples.push({ turn, ...now });
    console.log(`turn ${turn}: heap ${(now.heap / 1e6).toFixed(2)} MB, ${now.handles} open handles (${process.getActiveResourcesInfo().join(", ")}), ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
}
chat.dispose();
await new Promise<void>((resolve) => {
  server.closeAllConnections();
  server.close(() => resolve());
});

console.log("served:", JSON.stringify(served));
console.log("turn outcomes:", JSON.stringify(outcomes));
const first = samples[0]!;
const last = samples[samples.length - 1]!;
const growth = (last.heap - first.heap) / (last.turn - first.turn);
console.log(`heap from turn ${first.turn} to ${last.turn}: ${((last.heap - first.heap) / 1e6).toFixed(2)} MB (${growth.toFixed(1)} bytes per turn); handles ${first.handles} -> ${last.handles}`);
const failures = [
  ...unexpected.slice(0, 10),
  ...(growth > 200 ? [`the heap grew ${growth.toFixed(1)} bytes per turn (budget 200)`] : []),
  // The server's listening socket, and at times one pooled keep-alive connection.
  ...(last.handles > first.handles + 1 ? [`open handles grew from ${first.handles} to ${last.handles}`] : []),
];
if (failures.length > 0) {
  console.error(`soak FAILED:\n${failures.join("\n")}`);
  process.exit(1);
}
console.log(`soak passed: ${TURNS} turns in ${((Date.now() - started) / 1000).toFixed(0)} s`);
