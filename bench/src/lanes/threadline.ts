// Threadline's lanes, against the public API of @threadline/core (resolved to core/src through
// bench/tsconfig.json paths, so no build is needed). Parts of the API land over time; a lane
// whose part is missing reports "not available yet" with the reason, never a number.
// Kept tiny on purpose: this is the only file to touch when the API changes.
import type { AGUIEvent, Message } from "@ag-ui/core";
import { expectEqual } from "../cell.js";
import { LIVE_MESSAGE_ID, type TextStream } from "../generate.js";
import { keepAlive, type Setup } from "../measure.js";

type Core = Record<string, unknown>;
let loaded: Promise<Core | Error> | undefined;

function loadCore(): Promise<Core | Error> {
  loaded ??= import("@threadline/core").then(
    (module) => module as unknown as Core,
    (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
  );
  return loaded;
}

/** The module when every named export is a function; otherwise why the lane cannot run. */
async function require(...names: string[]): Promise<Core | string> {
  const core = await loadCore();
  if (core instanceof Error) return `@threadline/core does not load: ${core.message.split("\n")[0]}`;
  const absent = names.filter((name) => typeof core[name] !== "function");
  return absent.length === 0 ? core : `not available yet: @threadline/core has no ${absent.join(", ")}`;
}

// ---- W2: the incremental partial-JSON parser ------------------------------------------------

interface PartialJsonParser {
  push(delta: string): unknown;
}

/** W2 lane: one parser fed every delta, the partial value taken after each. */
export async function threadlineToolArgs(): Promise<string | ((deltas: readonly string[], json: string) => Setup)> {
  const core = await require("createPartialJsonParser");
  if (typeof core === "string") return core;
  const create = core["createPartialJsonParser"] as () => PartialJsonParser;
  return (deltas, json) => () => {
    const parser = create();
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

// Written against the fold issue's API; see `foldApi` for the exact calls.
const FOLD_EXPORTS = ["createThread", "foldEvent"];

interface FoldApi {
  /** A thread holding `messages` and `state`, ready for a run's events. */
  thread(init: { messages?: Message[]; state?: unknown }): unknown;
  fold(thread: unknown, event: AGUIEvent): void;
  text(thread: unknown, messageId: string): string;
  /** Subscribes to message `messageId`'s text signal; returns the unsubscribe function. */
  subscribeText(thread: unknown, messageId: string, listener: (text: string) => void): () => void;
  state(thread: unknown): unknown;
}

async function foldApi(): Promise<FoldApi | string> {
  const core = await require(...FOLD_EXPORTS);
  if (typeof core === "string") return core;
  return "not available yet: fold API present but the bench lane is not wired to it";
}

/** W1 lane: fold `count` deltas with one live subscriber on the streaming message's text. */
export async function threadlineText(): Promise<string | ((stream: TextStream, count: number) => Setup)> {
  const api = await foldApi();
  if (typeof api === "string") return api;
  return (stream, count) => () => {
    const thread = api.thread({ messages: stream.priors });
    for (const event of stream.head) api.fold(thread, event);
    let seen = "";
    const unsubscribe = api.subscribeText(thread, LIVE_MESSAGE_ID, (text) => {
      seen = text;
    });
    let expected = "";
    for (let i = 0; i < count; i++) expected += (stream.deltas[i] as { delta: string }).delta;
    return {
      run() {
        for (let i = 0; i < count; i++) api.fold(thread, stream.deltas[i]!);
      },
      verify() {
        unsubscribe();
        expectEqual(api.text(thread, LIVE_MESSAGE_ID), expected, "Threadline text");
        expectEqual(seen, expected, "Threadline subscriber's last text");
      },
    };
  };
}

/** W3 lane: fold every STATE_DELTA into the thread's state signal. */
export async function threadlineState(): Promise<
  string | ((initial: Record<string, unknown>, events: readonly AGUIEvent[], expected: string) => Setup)
> {
  const api = await foldApi();
  if (typeof api === "string") return api;
  return (initial, events, expected) => () => {
    const thread = api.thread({ state: initial });
    return {
      run() {
        for (const event of events) api.fold(thread, event);
      },
      verify: () => expectEqual(JSON.stringify(api.state(thread)), expected, "Threadline state"),
    };
  };
}

/** Memory lane: the thread left after folding every event. */
export async function threadlineThread(): Promise<string | ((events: Iterable<AGUIEvent>) => unknown)> {
  const api = await foldApi();
  if (typeof api === "string") return api;
  return (events) => {
    const thread = api.thread({});
    for (const event of events) api.fold(thread, event);
    return thread;
  };
}
