// The page side of W6: every markdown page installs `window.w6` with its own renderer. The text,
// the deltas, the timing window and the DOM counters are this code, the same for every lane.
import { END_MARK, START_MARK } from "../protocol.js";
import { deltasOf, markdownText } from "./text.js";
import { WINDOW_DELTAS, type MarkdownCounts, type MarkdownPageApi, type MarkdownRun } from "./protocol.js";

export interface MarkdownLane {
  /** Shows `prefix` (untimed); resolves once it is drawn. */
  mount(root: HTMLElement, prefix: string): Promise<void>;
  /** The text grew by `delta`. */
  push(delta: string): void;
  /** Top-level nodes of settled blocks, for a lane that has them (they come first in `root`). */
  settledNodes?(): number;
  /** null when `root` shows `text` as it must, else what differs. */
  check(root: HTMLElement, text: string): string | null;
  close(): void;
}

interface Window {
  readonly prefix: string;
  readonly deltas: readonly string[];
  readonly text: string;
}

const windows = new Map<number, Window>();
function windowFor(prefixLength: number): Window {
  let found = windows.get(prefixLength);
  if (found === undefined) {
    // The prefix differs in length only; the streamed window is the same text at every size, so
    // a difference between sizes is the message's length and nothing else.
    // Whole blocks (cut between two), padded with plain words to the exact length.
    const full = markdownText(prefixLength);
    const head = full.slice(0, Math.max(0, full.lastIndexOf("\n\n", prefixLength - 40)));
    const pad = "\n\n" + "words of a closing paragraph ".repeat(Math.ceil(prefixLength / 29)).slice(0, prefixLength - head.length - 4) + "\n\n";
    const prefix = head + pad;
    const deltas = deltasOf(markdownText(6000, 99)).slice(0, WINDOW_DELTAS);
    found = { prefix, deltas, text: prefix + deltas.join("") };
    windows.set(prefixLength, found);
  }
  return found;
}

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

/** One delta per task. `after` runs in the same task, after the push (the observing run's counters). */
function paced(count: number, push: (index: number) => void): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    let index = 0;
    channel.port1.onmessage = () => {
      push(index++);
      if (index < count) channel.port2.postMessage(null);
      else {
        channel.port1.close();
        resolve();
      }
    };
    channel.port2.postMessage(null);
  });
}

const descendants = (node: Node): number => {
  let count = 1;
  for (let child = node.firstChild; child !== null; child = child.nextSibling) count += descendants(child);
  return count;
};

export function installMarkdownHarness(lane: string, make: () => MarkdownLane): void {
  let root: HTMLElement | undefined;
  let current: MarkdownLane | undefined;
  let window_: Window | undefined;
  const api: MarkdownPageApi = {
    lane,
    async setup(prefixLength) {
      current?.close();
      root?.remove();
      window_ = windowFor(prefixLength);
      root = document.createElement("main");
      document.body.append(root);
      current = make();
      await current.mount(root, window_.prefix);
      await nextFrame();
    },
    async stream(observe): Promise<MarkdownRun> {
      const main = root;
      const run = current;
      const work = window_;
      if (!main || !run || !work) throw new Error("w6.stream() before w6.setup()");
      let counts: MarkdownCounts | null = null;
      let observer: MutationObserver | undefined;
      let replaced = 0;
      let replacedMax = 0;
      let slack = Number.POSITIVE_INFINITY;
      let settledTouched = run.settledNodes ? 0 : -1;
      if (observe) {
        observer = new MutationObserver(() => {});
        observer.observe(main, { subtree: true, childList: true, characterData: true, attributes: true });
      }
      performance.clearMarks();
      performance.mark(START_MARK);
      await paced(work.deltas.length, (index) => {
        if (observer === undefined) {
          run.push(work.deltas[index]!);
          return;
        }
        // Counting run: what the open block holds before the delta, then what the delta removed.
        const settled = run.settledNodes?.() ?? 0;
        const settledNodes = Array.from(main.childNodes).slice(0, settled);
        let open = 0;
        for (let child = main.childNodes[settled] ?? null; child !== null; child = child.nextSibling) open += descendants(child);
        run.push(work.deltas[index]!);
        let removed = 0;
        for (const record of observer.takeRecords()) {
          for (const node of record.removedNodes) removed += descendants(node);
          if (settledTouched >= 0 && settledNodes.some((node) => node.contains(record.target) || Array.from(record.removedNodes).includes(node))) settledTouched++;
        }
        replaced += removed;
        replacedMax = Math.max(replacedMax, removed);
        if (run.settledNodes) slack = Math.min(slack, open - removed);
      });
      await nextFrame();
      performance.mark(END_MARK);
      if (observer) {
        observer.disconnect();
        counts = { replacedPerDelta: replaced / work.deltas.length, replacedMax, openSlackMin: Number.isFinite(slack) ? slack : -1, settledTouched };
      }
      return { deltas: work.deltas.length, counts, mismatch: run.check(main, work.text) };
    },
  };
  window.w6 = api;
}

/** The last word of the text is on screen: the lane drew the whole stream. */
export function showsEnd(root: HTMLElement, text: string): string | null {
  const words = text.match(/[A-Za-z]{3,}/g) ?? [];
  const last = words.at(-1) ?? "";
  return (root.textContent ?? "").includes(last) ? null : `the last word ${JSON.stringify(last)} is not shown`;
}
