// The page side of W4: every page installs `window.w4` with its own way of mounting a chat.
// Workload, timing window, counters and the final DOM check are the same code for all five.
import type { Message } from "@ag-ui/core";
import { textStream } from "../../generate.js";
import { counters } from "./counters.js";
import { END_MARK, MOUNT_END_MARK, MOUNT_START_MARK, START_MARK, type Mode, type PageApi, type StreamResult } from "./protocol.js";

/** What a lane streams: the same generated text as the Node W1 workload. */
export interface Workload {
  readonly priors: readonly Message[];
  /** The text the user sends before the stream; every lane renders it as its own message. */
  readonly userText: string;
  readonly deltas: readonly string[];
  /** The streamed message's text once every delta is in. */
  readonly text: string;
}

export interface Mounted {
  /** Streams delta number `index`; the lane built its own event objects from the deltas in `mount`. */
  readonly push: (index: number) => void;
  /** Ends the run and unmounts. */
  close(): Promise<void>;
}

/**
 * Renders `priors` as a list (an `<li>` per message, in a component of its own), sends
 * `userText`, and opens the assistant message the deltas go to. Resolves once that is done.
 */
export type Lane = (root: HTMLElement, workload: Workload) => Promise<Mounted>;

export const USER_TEXT = "go";

const workloads = new Map<number, Workload>();
function workloadFor(priorCount: number): Workload {
  let workload = workloads.get(priorCount);
  if (workload === undefined) {
    const stream = textStream(priorCount);
    const deltas = stream.deltas.map((event) => (event as { delta: string }).delta);
    workload = { priors: stream.priors, userText: USER_TEXT, deltas, text: stream.text };
    workloads.set(priorCount, workload);
  }
  return workload;
}

/** The next task after the next frame has been produced (rAF runs before paint; the task after it). */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  });
}

async function until(done: () => boolean, what: string, ms = 10_000, wait: () => Promise<void> = nextFrame): Promise<void> {
  const deadline = performance.now() + ms;
  while (!done()) {
    if (performance.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await wait();
  }
}

/** The next task (a message-channel post: no timer clamping). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** One delta per task: each task pushes one delta and posts the next. */
function paced(count: number, push: (index: number) => void): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    let index = 0;
    channel.port1.onmessage = () => {
      push(index++);
      if (index < count) {
        channel.port2.postMessage(null);
      } else {
        channel.port1.close();
        resolve();
      }
    };
    channel.port2.postMessage(null);
  });
}

/** Every delta in one task (what a network chunk carrying many events does). */
function burst(count: number, push: (index: number) => void): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      for (let index = 0; index < count; index++) push(index);
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

const itemTexts = (root: HTMLElement): string[] => Array.from(root.querySelectorAll("li"), (li) => li.textContent ?? "");

function mismatchOf(root: HTMLElement, workload: Workload): string | null {
  const actual = itemTexts(root);
  const expected = [...workload.priors.map((m) => (typeof m.content === "string" ? m.content : "")), workload.userText, workload.text];
  if (actual.length !== expected.length) return `${actual.length} list items, expected ${expected.length}`;
  for (let i = 0; i < expected.length; i++) {
    if (actual[i] !== expected[i]) {
      const a = actual[i]!;
      const e = expected[i]!;
      let at = 0;
      while (at < a.length && a[at] === e[at]) at++;
      return `item ${i}: ${a.length} chars, expected ${e.length}; first difference at ${at}: ${JSON.stringify(a.slice(at, at + 20))} vs ${JSON.stringify(e.slice(at, at + 20))}`;
    }
  }
  return null;
}

export function installHarness(lane: string, mount: Lane): void {
  let root: HTMLElement | undefined;
  let mounted: Mounted | undefined;
  let workload: Workload | undefined;
  let observer: MutationObserver | undefined;
  let mutations = -1;

  const teardown = async (): Promise<void> => {
    observer?.disconnect();
    observer = undefined;
    const closing = mounted;
    mounted = undefined;
    await closing?.close();
    root?.remove();
    root = undefined;
  };

  const api: PageApi = {
    lane,
    async setup(priorCount, observe) {
      await teardown();
      const current = workloadFor(priorCount);
      workload = current;
      const main = document.createElement("main");
      document.body.append(main);
      root = main;
      const items = current.priors.length + 2;
      performance.clearMarks(MOUNT_START_MARK);
      performance.clearMarks(MOUNT_END_MARK);
      performance.mark(MOUNT_START_MARK);
      const begun = performance.now();
      mounted = await mount(main, current);
      // Polled task by task, not frame by frame: the mount time is not rounded up to a frame.
      await until(() => main.querySelectorAll("li").length === items, `${items} list items`, 10_000, nextTask);
      const mountMs = performance.now() - begun;
      performance.mark(MOUNT_END_MARK);
      await nextFrame();
      mutations = -1;
      if (observe) {
        mutations = 0;
        observer = new MutationObserver((records) => {
          mutations += records.length;
        });
        observer.observe(main, { subtree: true, childList: true, characterData: true, attributes: true });
      }
      return mountMs;
    },
    async stream(mode: Mode): Promise<StreamResult> {
      const main = root;
      const run = mounted;
      const current = workload;
      if (!main || !run || !current) throw new Error("w4.stream() before w4.setup()");
      const count = current.deltas.length;
      counters.keys = 0;
      counters.renders = 0;
      if (observer) {
        observer.takeRecords();
        mutations = 0;
      }
      performance.clearMarks();
      const started = performance.now();
      performance.mark(START_MARK);
      await (mode === "paced" ? paced(count, run.push) : burst(count, run.push));
      // Frames until the streamed text is all in the DOM (a lane that renders late is charged for it).
      const deadline = performance.now() + 30_000;
      do await nextFrame();
      while (main.querySelector("li:last-child")?.textContent !== current.text && performance.now() < deadline);
      performance.mark(END_MARK);
      const wallMs = performance.now() - started;
      if (observer) mutations += observer.takeRecords().length;
      return {
        deltas: count,
        counts: { keys: counters.keys, renders: counters.renders, mutations },
        wallMs,
        mismatch: mismatchOf(main, current),
      };
    },
    teardown,
  };
  window.w4 = api;
}
