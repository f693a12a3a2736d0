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

/** A page's chat, mounted and streaming into its assistant message. */
export interface Running {
  /** Streams delta number `index`; the lane built its own event objects from the deltas in `load`. */
  readonly push: (index: number) => void;
  /** Ends the message and the run. */
  finish(): Promise<void>;
}

/**
 * How a page renders the thread, in three steps the harness times apart or together: `load`
 * builds the chat's model over `priors` (what a snapshot or storage hands the page), `mount`
 * renders it (an `<li>` per message, in a component of its own, or only the rows in view),
 * `start` sends `userText` and opens the assistant message the deltas go to.
 */
export interface Lane<M> {
  /** Untimed, once per workload: puts the messages in the page's own format (AI SDK's UI messages). */
  prepare?(workload: Workload): void;
  load(workload: Workload): M;
  /** Mounts the page over the model; the returned function unmounts it. */
  mount(root: HTMLElement, model: M): Promise<() => Promise<void> | void> | (() => Promise<void> | void);
  start(model: M, workload: Workload): Promise<Running>;
  /** Releases the model (the chat's client) once unmounted. */
  dispose?(model: M): void;
  /**
   * A page that draws only the rows in view (`<ThreadWindow>`): its rows are the elements with
   * `aria-posinset`, and it is ready when the last message's row is drawn and the view is filled.
   */
  readonly windowed?: boolean;
}

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

/** What each drawn message shows, by index in the thread: every `<li>`, or a windowed page's rows. */
function drawnTexts(root: HTMLElement, windowed: boolean): Map<number, string> {
  const texts = new Map<number, string>();
  if (windowed) {
    for (const row of root.querySelectorAll("[aria-posinset]")) texts.set(Number(row.getAttribute("aria-posinset")) - 1, row.textContent ?? "");
  } else {
    root.querySelectorAll("li").forEach((li, index) => texts.set(index, li.textContent ?? ""));
  }
  return texts;
}

function mismatchOf(root: HTMLElement, workload: Workload, windowed: boolean): string | null {
  const drawn = drawnTexts(root, windowed);
  const expected = [...workload.priors.map((m) => (typeof m.content === "string" ? m.content : "")), workload.userText, workload.text];
  if (windowed ? !drawn.has(expected.length - 1) : drawn.size !== expected.length) return `${drawn.size} list items drawn, expected ${windowed ? "the last one among them" : expected.length}`;
  for (const [i, a] of drawn) {
    const e = expected[i];
    if (e === undefined) return `item ${i} drawn, past the ${expected.length} expected`;
    if (a !== e) {
      let at = 0;
      while (at < a.length && a[at] === e[at]) at++;
      return `item ${i}: ${a.length} chars, expected ${e.length}; first difference at ${at}: ${JSON.stringify(a.slice(at, at + 20))} vs ${JSON.stringify(e.slice(at, at + 20))}`;
    }
  }
  return null;
}

/** The last message's text as drawn (the streamed one once `start` ran). */
function lastText(root: HTMLElement, windowed: boolean, count: number): string | undefined {
  const element = windowed ? root.querySelector(`[aria-posinset="${count}"]`) : root.querySelector("li:last-child");
  return element?.textContent ?? undefined;
}

/**
 * Whether `count` messages are drawn: every `<li>`, or for a windowed page the last message's row
 * with rows from the top of the view down (the view filled).
 */
function drawn(root: HTMLElement, windowed: boolean, count: number): boolean {
  if (!windowed) return root.querySelectorAll("li").length === count;
  const last = root.querySelector(`[aria-posinset="${count}"]`);
  if (last === null) return false;
  const scroller = root.querySelector(".tl-thread-window-scroller");
  const first = root.querySelector("[aria-posinset]");
  if (scroller === null || first === null) return false;
  return first.getAttribute("aria-posinset") === "1" || first.getBoundingClientRect().top <= scroller.getBoundingClientRect().top;
}

export function installHarness<M>(name: string, lane: Lane<M>): void {
  const windowed = lane.windowed === true;
  const prepared = new WeakSet<Workload>();
  let root: HTMLElement | undefined;
  let model: M | undefined;
  let unmount: (() => Promise<void> | void) | undefined;
  let running: Running | undefined;
  let workload: Workload | undefined;
  let observer: MutationObserver | undefined;
  let mutations = -1;

  const teardown = async (): Promise<void> => {
    observer?.disconnect();
    observer = undefined;
    const run = running;
    running = undefined;
    await run?.finish();
    const view = unmount;
    unmount = undefined;
    await view?.();
    if (model !== undefined) lane.dispose?.(model);
    model = undefined;
    root?.remove();
    root = undefined;
  };

  const load = (priorCount: number): Workload => {
    const current = workloadFor(priorCount);
    workload = current;
    model = lane.load(current);
    return current;
  };
  const prepare = (priorCount: number): void => {
    const current = workloadFor(priorCount);
    if (!prepared.has(current)) {
      lane.prepare?.(current);
      prepared.add(current);
    }
  };

  const mountView = async (count: number): Promise<HTMLElement> => {
    const main = document.createElement("main");
    document.body.append(main);
    root = main;
    unmount = await lane.mount(main, model as M);
    // Polled task by task, not frame by frame: the mount time is not rounded up to a frame.
    await until(() => drawn(main, windowed, count), `${count} list items`, 30_000, nextTask);
    return main;
  };

  const api: PageApi = {
    lane: name,
    async setup(priorCount, observe) {
      await teardown();
      prepare(priorCount);
      const current = workloadFor(priorCount);
      const items = current.priors.length + 2;
      performance.clearMarks(MOUNT_START_MARK);
      performance.clearMarks(MOUNT_END_MARK);
      performance.mark(MOUNT_START_MARK);
      const begun = performance.now();
      load(priorCount);
      const main = await mountView(current.priors.length);
      running = await lane.start(model as M, current);
      await until(() => drawn(main, windowed, items), `${items} list items`, 30_000, nextTask);
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
    async load(priorCount) {
      await teardown();
      prepare(priorCount);
      const begun = performance.now();
      load(priorCount);
      return performance.now() - begun;
    },
    async mountLoaded() {
      const current = workload;
      if (model === undefined || current === undefined || root !== undefined) throw new Error("w4.mountLoaded() needs w4.load() first");
      performance.clearMarks(MOUNT_START_MARK);
      performance.clearMarks(MOUNT_END_MARK);
      performance.mark(MOUNT_START_MARK);
      const begun = performance.now();
      await mountView(current.priors.length);
      // Until painted: a page that draws every message lays them all out in that frame.
      await nextFrame();
      const mountMs = performance.now() - begun;
      performance.mark(MOUNT_END_MARK);
      return mountMs;
    },
    async begin() {
      const main = root;
      const current = workload;
      if (model === undefined || main === undefined || current === undefined || running !== undefined) throw new Error("w4.begin() needs w4.mountLoaded() first");
      running = await lane.start(model, current);
      const items = current.priors.length + 2;
      await until(() => drawn(main, windowed, items), `${items} list items`, 30_000, nextTask);
      await nextFrame();
    },
    async stream(mode: Mode, count = workload?.deltas.length ?? 0): Promise<StreamResult> {
      const main = root;
      const run = running;
      const current = workload;
      if (!main || !run || !current) throw new Error("w4.stream() before w4.setup()");
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
      const expected = current.deltas.slice(0, count).join("");
      const total = current.priors.length + 2;
      const deadline = performance.now() + 30_000;
      do await nextFrame();
      while (lastText(main, windowed, total) !== expected && performance.now() < deadline);
      performance.mark(END_MARK);
      const wallMs = performance.now() - started;
      if (observer) mutations += observer.takeRecords().length;
      return {
        deltas: count,
        counts: { keys: counters.keys, renders: counters.renders, mutations },
        wallMs,
        mismatch: count === current.deltas.length ? mismatchOf(main, current, windowed) : lastText(main, windowed, total) === expected ? null : "the streamed text is not what was sent",
      };
    },
    teardown,
  };
  window.w4 = api;
}
