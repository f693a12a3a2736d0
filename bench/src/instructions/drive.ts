// One hot loop: `node drive.js <scenario> <priors> <warm-up events> <measured events>`. Bundled by
// main.ts against one build of core (the module "threadline-under-test" is that build's shim) and
// run under callgrind with instrumentation off. Everything before the measured loop — the thread
// and its history, the events, a warm-up loop that lets V8 compile the path as it will run — is
// not counted: the driver prints "ready" and waits for a line on stdin, main.ts turns
// instrumentation on and writes one; after the loop it prints "done" and waits again while
// main.ts turns it off. The count is then the loop's own.
//
// Only names that existed on 2026-12-01 are used, so an old build runs the same loop.
import { readSync } from "node:fs";
import * as tl from "threadline-under-test";
import { priorMessages, stateStream, textStream, THREAD_ID, RUN_ID, LIVE_MESSAGE_ID } from "../generate.js";

type Event = Parameters<typeof tl.foldEvent>[1];
type Sink = { onEvent(event: unknown): void };

const [scenario, priorsArg, warmArg, eventsArg] = process.argv.slice(2);
const priors = Number(priorsArg);
const warm = Number(warmArg);
const events = Number(eventsArg);
if (!scenario || !(priors >= 0) || !(warm >= 0) || !(events > 0)) {
  console.error("usage: drive.js <text-fold|text-pipeline|text-chat|text-view|text-message|state-fold|state-pipeline> <priors> <warm-up events> <measured events>");
  process.exit(2);
}

/** Says `word` to main.ts and blocks until it answers (a line on stdin). */
function handshake(word: string): void {
  // DRIVE_HEAP=1 (run outside valgrind, a young generation large enough for the loop): the heap's
  // growth across the loop is the bytes it allocated.
  if (process.env["DRIVE_HEAP"]) process.stdout.write(`heap ${process.memoryUsage().heapUsed}\n`);
  process.stdout.write(`${word}\n`);
  readSync(0, Buffer.alloc(64));
}

/** Events `from` to `to` (excluded): the same function for the warm-up and the measured loop, so the measured one runs optimised. */
function loop(feed: (i: number) => void, from: number, to: number): void {
  for (let i = from; i < to; i++) feed(i);
}

/** The warm-up loop, then the measured one between the two handshakes. */
function measure(feed: (i: number) => void): void {
  loop(feed, 0, warm);
  // DRIVE_TIME=1 (main.ts --time, no valgrind): the loop's wall time and the process's CPU time
  // (which leaves out the time other processes held the core) instead of handshakes.
  if (process.env["DRIVE_TIME"]) {
    (globalThis as { gc?: () => void }).gc?.();
    const cpu = process.cpuUsage();
    const started = process.hrtime.bigint();
    loop(feed, warm, warm + events);
    const wall = process.hrtime.bigint() - started;
    const used = process.cpuUsage(cpu);
    process.stdout.write(`time ${wall} ${(used.user + used.system) * 1000}\n`);
    return;
  }
  // Every build's measured loop starts on an empty young generation (main.ts runs node with
  // --expose-gc). Without it a scavenge fell inside the window in some runs and not in others —
  // the chat scenario counted 3,847 or 7,060–7,703 instructions per event for one build — so a
  // collection inside the window is now one the loop's own allocations caused.
  (globalThis as { gc?: () => void }).gc?.();
  handshake("ready");
  loop(feed, warm, warm + events);
  handshake("done");
}

/** The thread and how one event reaches it, for the fold and pipeline scenarios. */
function feeder(thread: ReturnType<typeof tl.createThread>, entry: "fold" | "pipeline"): (event: Event) => void {
  if (entry === "fold") return (event) => tl.foldEvent(thread, event);
  const pipeline = tl.createPipeline((event: Event) => tl.foldEvent(thread, event));
  return (event) => pipeline.push(event);
}

/** The 2,000 text deltas the loops cycle through: the same objects whatever the loop's length. */
const ring = textStream(0, 2000).deltas as Event[];

/**
 * How the chat's text reaches the page: `view` is what <StreamingText> and the streamText
 * action/directive run per token (`subscribeText`, the delta handed to the Text node; here a
 * string stands in for the node), `content` a plain subscription to the whole text, `message` the
 * guides' Message: `subscribeText` beside a subscription to the message's parts (useMessageParts).
 */
async function textChat(priorsCount: number, view: "content" | "text" | "message"): Promise<string> {
  let sink: Sink | undefined;
  let input: { threadId: string; runId: string } | undefined;
  const source = {
    run(runInput: { threadId: string; runId: string }, runSink: Sink) {
      input = runInput;
      sink = runSink;
      return new Promise<"completed">(() => undefined);
    },
  };
  const client = new tl.ChatClient({ agent: source as never, threadId: THREAD_ID, messages: priorMessages(priorsCount) as never, presence: false } as never);
  void client.sendMessage("go");
  for (let waited = 0; sink === undefined; waited++) {
    if (waited > 10_000) throw new Error("the chat never started its run");
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  sink.onEvent({ type: "RUN_STARTED", threadId: input!.threadId, runId: input!.runId });
  sink.onEvent({ type: "TEXT_MESSAGE_START", messageId: LIVE_MESSAGE_ID, role: "assistant" });
  const node = client.thread.message(LIVE_MESSAGE_ID) as unknown as {
    content: { subscribe(run: (text: string) => void): () => void; peek(): string };
    parts: { subscribe(run: (parts: readonly unknown[]) => void): () => void };
  };
  let seen = "";
  let parts = 0;
  if (view === "message") node.parts.subscribe((list) => (parts = list.length));
  if (view === "content") node.content.subscribe((text) => (seen = text));
  else tl.subscribeText(node as never, { reset: (text) => (seen = text), append: (delta) => (seen += delta) });
  const open = sink;
  measure((i) => open.onEvent(ring[i % ring.length]));
  return `${seen.length}${view === "message" ? ` ${parts}` : ""}`;
}

function text(entry: "fold" | "pipeline", priorsCount: number): string {
  const stream = textStream(priorsCount, 0);
  const thread = tl.createThread({ threadId: THREAD_ID, messages: stream.priors } as never);
  const feed = feeder(thread, entry);
  for (const event of stream.head) feed(event as Event);
  const node = thread.message(LIVE_MESSAGE_ID) as unknown as { content: { subscribe(run: (text: string) => void): () => void } };
  let seen = "";
  node.content.subscribe((value) => (seen = value));
  measure((i) => feed(ring[i % ring.length]!));
  return `${seen.length}`;
}

function state(entry: "fold" | "pipeline"): string {
  const { initial, events: all } = stateStream(1000, 20_000);
  const thread = tl.createThread({ threadId: THREAD_ID, state: initial } as never);
  const feed = feeder(thread, entry);
  feed({ type: "RUN_STARTED", threadId: THREAD_ID, runId: RUN_ID } as Event);
  // Cycling is safe: every path an event names exists from the start and stays.
  measure((i) => feed(all[i % all.length] as Event));
  return `${Object.keys(thread.state.peek() as object).length}`;
}

let out: string;
switch (scenario) {
  case "text-fold":
  case "text-pipeline":
    out = text(scenario === "text-fold" ? "fold" : "pipeline", priors);
    break;
  case "text-chat":
  case "text-view":
  case "text-message":
    out = await textChat(priors, scenario === "text-chat" ? "content" : scenario === "text-view" ? "text" : "message");
    break;
  case "state-fold":
  case "state-pipeline":
    out = state(scenario === "state-fold" ? "fold" : "pipeline");
    break;
  default:
    console.error(`unknown scenario ${scenario}`);
    process.exit(2);
}
console.log(out);
process.exit(0);
