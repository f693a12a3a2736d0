// Threadline's lanes, against the public API of @threadline/core (resolved to core/src through
// bench/tsconfig.json paths, so no build is needed). Parts of the API land over time; a lane
// whose part is missing reports "not available yet" with the reason, never a number.
// Kept tiny on purpose: this is the only file to touch when the API changes.
import type { AGUIEvent, Message } from "@ag-ui/core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expectEqual } from "../cell.js";
import { bundle, coreSource, REFERENCE_REVISION, writeShim } from "../core-revision.js";
import { LIVE_MESSAGE_ID, RUN_ID, THREAD_ID, type TextStream } from "../generate.js";
import { keepAlive, type Setup } from "../measure.js";

// The root and the subpaths the lanes use (the tool-argument parser is the root's
// partialArgsParser plug-in; createPipeline and foldEvent, the fold lanes' entries, are /pipeline
// and /fold).
type CoreModule = typeof import("@threadline/core") &
  typeof import("@threadline/core/pipeline") &
  typeof import("@threadline/core/fold");
let loaded: Promise<CoreModule | Error> | undefined;

function loadCore(): Promise<CoreModule | Error> {
  loaded ??= Promise.all([import("@threadline/core"), import("@threadline/core/pipeline"), import("@threadline/core/fold")]).then(
    ([root, pipeline, fold]) => ({ ...root, ...pipeline, ...fold }),
    (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
  );
  return loaded;
}

/**
 * Which core a lane drives: this checkout's core/src, or the 2026-12-01 build (issue 42's
 * reference, core-revision.ts), bundled once per process. That build's lanes use only names it had.
 */
export type Build = "this checkout" | "2026-12-01";
let reference: Promise<CoreModule | Error> | undefined;

function loadReference(): Promise<CoreModule | Error> {
  reference ??= (async () => {
    const scratch = mkdtempSync(join(tmpdir(), "threadline-reference-"));
    process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));
    const shim = writeShim(coreSource(REFERENCE_REVISION, scratch), join(scratch, "shim.ts"));
    return (await import(pathToFileURL(await bundle(shim, join(scratch, "core.mjs"), shim)).href)) as CoreModule;
  })().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  return reference;
}

/** The module when every named export is a function; otherwise why the lane cannot run. */
async function require(build: Build, ...names: (keyof CoreModule)[]): Promise<CoreModule | string> {
  const core = await (build === "this checkout" ? loadCore() : loadReference());
  if (core instanceof Error) return `${build === "this checkout" ? "@threadline/core" : `the ${REFERENCE_REVISION} build`} does not load: ${core.message.split("\n")[0]}`;
  const absent = names.filter((name) => typeof core[name] !== "function");
  return absent.length === 0 ? core : `not available yet: @threadline/core has no ${absent.join(", ")}`;
}

// ---- W2: the incremental partial-JSON parser, as the partialArgs plug-in hands it out -------

/**
 * W2 lane: the parser a tool call gets from the `partialArgs: partialArgsParser()` plug-in (the
 * incremental parser plus the per-field status), fed every delta, the partial value taken after each.
 */
export async function threadlineToolArgs(): Promise<string | ((deltas: readonly string[], json: string) => Setup)> {
  const core = await require("this checkout", "partialArgsParser");
  if (typeof core === "string") return core;
  const plugin = core.partialArgsParser();
  return (deltas, json) => () => {
    const parser = plugin.open("write_file");
    if (parser === undefined) throw new Error("Threadline: partialArgsParser() gave no parser");
    let value: unknown;
    return {
      run() {
        for (const delta of deltas) value = parser.push(delta);
      },
      verify: () => {
        expectEqual(JSON.stringify(value), json, "Threadline partial value after the last delta");
        keepAlive(value);
      },
    };
  };
}

// ---- W1, W3, memory: the fold into the signal graph -----------------------------------------

/**
 * How events reach the thread. "fold": `foldEvent` directly (events already verified), the lane
 * the fold issue's targets are about. "pipeline": raw events through `createPipeline`
 * (validation, chunk expansion, order verification) into `foldEvent`, the whole path an app
 * runs, and the like-for-like comparison with @ag-ui/client's runAgent.
 */
export type Entry = "fold" | "pipeline";

type Thread = ReturnType<CoreModule["createThread"]>;

async function threadApi(entry: Entry, build: Build = "this checkout") {
  const core = await require(build, "createThread", "foldEvent", ...(entry === "pipeline" ? (["createPipeline"] as const) : []));
  if (typeof core === "string") return core;
  const { createThread, foldEvent, createPipeline } = core;
  return {
    createThread,
    /** A function that delivers one event to `thread` by the chosen entry. */
    feeder(thread: Thread): (event: AGUIEvent) => void {
      if (entry === "fold") return (event) => foldEvent(thread, event);
      const pipeline = createPipeline((event) => foldEvent(thread, event));
      return (event) => pipeline.push(event);
    },
  };
}

/**
 * W1 lane: `count` deltas with one live subscriber on the streaming message's text signal. One
 * thread per lane, made on the first sample and fed on from sample to sample (the same deltas
 * again, the text growing), as an app's thread lives on while it streams: a fresh thread per
 * sample charged its set-up to the body instead (the first scavenge inside the body copied the
 * whole new thread, 5,000 prior messages' nodes, out of the young generation).
 */
export async function threadlineText(entry: Entry, build?: Build): Promise<string | ((stream: TextStream, count: number) => Setup)> {
  const api = await threadApi(entry, build);
  if (typeof api === "string") return api;
  return (stream, count) => {
    let chunk = "";
    for (let i = 0; i < count; i++) chunk += (stream.deltas[i] as { delta: string }).delta;
    let live: { feed: (event: AGUIEvent) => void; text: () => string; seen: () => string | undefined } | undefined;
    let expected = "";
    return () => {
      if (live === undefined) {
        const thread = api.createThread({ threadId: THREAD_ID, messages: stream.priors });
        const feed = api.feeder(thread);
        for (const event of stream.head) feed(event);
        const node = thread.message(LIVE_MESSAGE_ID);
        if (node?.role !== "assistant") throw new Error("Threadline: no assistant node for the live message");
        let seen: string | undefined;
        node.content.subscribe((text) => {
          seen = text;
        });
        live = { feed, text: () => node.content.peek() ?? "", seen: () => seen };
      }
      const { feed, text, seen } = live;
      return {
        run() {
          for (let i = 0; i < count; i++) feed(stream.deltas[i]!);
        },
        verify() {
          expected += chunk;
          expectEqual(text(), expected, "Threadline text");
          expectEqual(seen() ?? "", expected, "Threadline subscriber's last text");
        },
      };
    };
  };
}

/** W3 lane: every STATE_DELTA into the thread's state signal. */
export async function threadlineState(
  entry: Entry,
  build?: Build,
): Promise<string | ((initial: Record<string, unknown>, events: readonly AGUIEvent[], expected: string) => Setup)> {
  const api = await threadApi(entry, build);
  if (typeof api === "string") return api;
  return (initial, events, expected) => () => {
    const thread = api.createThread({ threadId: THREAD_ID, state: initial });
    const feed = api.feeder(thread);
    feed({ type: "RUN_STARTED", threadId: THREAD_ID, runId: RUN_ID } as AGUIEvent);
    return {
      run() {
        for (const event of events) feed(event);
      },
      verify: () => expectEqual(JSON.stringify(thread.state.peek()), expected, "Threadline state"),
    };
  };
}

/** Memory lane: the thread left after every event went through the pipeline into the fold. */
export async function threadlineThread(): Promise<string | ((events: Iterable<AGUIEvent>) => unknown)> {
  const api = await threadApi("pipeline");
  if (typeof api === "string") return api;
  return (events) => {
    const thread = api.createThread({ threadId: THREAD_ID });
    const feed = api.feeder(thread);
    for (const event of events) feed(event);
    return thread;
  };
}

// ---- W5: the devtools recorder ----------------------------------------------------------------

type DevtoolsModule = typeof import("@threadline/core/devtools");

/**
 * W5 lane: the pipeline lane with the inspector's recorder attached (`recordEvents`, plus one
 * change listener doing what the hidden panel does: mark itself dirty). `maxEvents` small makes
 * the buffer evict whole runs into its baseline in the steady state.
 */
export async function threadlineRecorded(
  recorded: boolean,
  maxEvents?: number,
): Promise<string | ((priors: Message[], events: readonly AGUIEvent[], expectedEntries: number) => Setup)> {
  const api = await threadApi("pipeline");
  if (typeof api === "string") return api;
  let devtools: DevtoolsModule;
  try {
    devtools = await import("@threadline/core/devtools");
  } catch (error) {
    return `@threadline/core/devtools does not load: ${String(error).split("\n")[0]}`;
  }
  return (priors, events, expectedEntries) => () => {
    const thread = api.createThread({ threadId: THREAD_ID, messages: priors });
    const feed = api.feeder(thread);
    let dirty = false;
    const recorder = recorded ? devtools.recordEvents(thread, maxEvents === undefined ? {} : { maxEvents }) : undefined;
    recorder?.subscribe(() => {
      dirty = true;
    });
    return {
      run() {
        for (const event of events) feed(event);
      },
      verify() {
        expectEqual(thread.status.peek(), "succeeded", "Threadline status");
        if (recorder !== undefined) {
          expectEqual(dirty, true, "the recorder's listener heard the events");
          expectEqual(recorder.entries.length, expectedEntries, "entries kept");
          recorder.stop();
        }
        keepAlive(thread);
      },
    };
  };
}

// ---- branches: switching the active path of a conversation tree -------------------------------

/** A thread of alternating user/assistant messages, and the answer a regeneration at `position` brings. */
export interface ForkedThread {
  readonly messages: readonly { id: string; role: "user" | "assistant"; content: string }[];
  /** A user message's index: its answer is regenerated, so the fork is at `position + 1`. */
  readonly position: number;
  /** The regenerated answer's texts (one assistant message each). */
  readonly alternative: readonly string[];
}

/**
 * Branches lane, untimed set-up: a ChatClient holds the thread, regenerates the answer after
 * `position` (an in-memory agent streams the alternative), and watchers subscribe to the message
 * list, every message's content, the status and the state. The timed body switches the fork
 * `switches` times; `notified` hears how many watchers re-ran per switch.
 */
export async function threadlineBranches(): Promise<string | ((thread: ForkedThread, switches: number, notified: (perSwitch: number) => void) => Setup)> {
  const core = await require("this checkout", "fromEvents", "messageBranches");
  if (typeof core === "string") return core;
  const { ChatClient, messageBranches } = core;
  return (thread, switches, notified) => async () => {
    const agent = {
      run: async (input: { threadId: string; runId: string }, sink: { onEvent(event: object): void }) => {
        sink.onEvent({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId });
        thread.alternative.forEach((text, i) => {
          const messageId = `alt${i}`;
          sink.onEvent({ type: "TEXT_MESSAGE_START", messageId, role: "assistant" });
          sink.onEvent({ type: "TEXT_MESSAGE_CONTENT", messageId, delta: text });
          sink.onEvent({ type: "TEXT_MESSAGE_END", messageId });
        });
        sink.onEvent({ type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId });
        return "completed" as const;
      },
    };
    // Branches are the `messageBranches()` plug-in: without it a regeneration replaces the old answer.
    const chat = new ChatClient({ agent: agent as never, threadId: THREAD_ID, branching: messageBranches() });
    chat.setMessages(thread.messages);
    const original = chat.thread.messages.value;
    await chat.regenerate(thread.messages[thread.position]!.id);
    const regenerated = chat.thread.messages.value;
    const heads = [regenerated[thread.position + 1]!.id, original[thread.position + 1]!.id];
    let runs = 0;
    const count = () => void runs++;
    const stops = [
      chat.thread.messages.subscribe(count),
      chat.status.subscribe(count),
      chat.state.subscribe(count),
      ...[...original, ...regenerated.slice(thread.position + 1)].map((node) =>
        (node as unknown as { content: { subscribe(run: () => void): () => void } }).content.subscribe(count),
      ),
    ];
    const before = runs;
    return {
      run() {
        for (let i = 0; i < switches; i++) chat.switchBranch(heads[i % 2]!, (i + 1) % 2 === 0 ? 1 : 0);
      },
      verify() {
        const expected = switches % 2 === 0 ? regenerated.length : original.length;
        expectEqual(chat.thread.messages.value.length, expected, "messages after switching");
        notified((runs - before) / switches);
        for (const stop of stops) stop();
        chat.dispose();
      },
    };
  };
}

/**
 * W1 lane "Threadline foldEvents": one `foldEvents(head + deltas + tail, { messages: priors })`,
 * the pure one-shot entry (history in, AG-UI messages out), charged per delta whole — set-up from
 * the history and the projection back to `Message[]` included, as a caller pays them.
 */
export async function threadlineFoldEvents(): Promise<string | ((stream: TextStream, count: number) => Setup)> {
  const core = await require("this checkout", "foldEvents");
  if (typeof core === "string") return core;
  const { foldEvents } = core;
  return (stream, count) => () => {
    const events = [...stream.head, ...stream.deltas.slice(0, count), ...stream.tail];
    let expected = "";
    for (let i = 0; i < count; i++) expected += (stream.deltas[i] as { delta: string }).delta;
    let result: ReturnType<typeof foldEvents> | undefined;
    return {
      run() {
        result = foldEvents(events, { messages: stream.priors });
      },
      verify() {
        const last = result?.messages[result.messages.length - 1];
        expectEqual(result?.error?.message ?? "", "", "foldEvents error");
        expectEqual(typeof last?.content === "string" ? last.content : "", expected, "foldEvents text");
        keepAlive(result);
      },
    };
  };
}
