import { DEV } from "esm-env";
import { batch, computed, signal, type ReadonlySignal, type Signal } from "@preact/signals-core";
import type { AGUIEvent, Message } from "@ag-ui/core";
import { warnToConsole, type WarningHandler } from "../errors.js";
import { ThreadStoreError } from "./components/errors.js";
import type { GenerativeUiPlugin } from "./components/plugin.js";
import type { SubagentLanesPlugin } from "./subagents/lanes.js";
import type { BranchingPlugin } from "./branches/branching.js";
import type { MessageNodeImpl } from "./messages/message-nodes.js";
import { refuseRemoved, type ThreadImpl, type ThreadOptions } from "./thread.js";
import type { PartialArgsPlugin } from "./tool-calls/tool-args.js";
import type { Thread } from "./types.js";

/** The key the store keeps the placeholder thread under (a new conversation with no id yet). */
export const PLACEHOLDER_THREAD_ID = "placeholder";

export interface ThreadStoreOptions {
  /** Generative UI for every thread, `generativeUi({ registry })` (see `ThreadOptions.components`). */
  readonly components?: GenerativeUiPlugin;
  /** Subagent lanes in every thread (see `ThreadOptions.subagents`). */
  readonly subagents?: SubagentLanesPlugin;
  /** Branches in every thread (see `ThreadOptions.branching`). */
  readonly branching?: BranchingPlugin;
  /** Tool-call arguments parsed while they stream in every thread (see `ThreadOptions.partialArgs`). */
  readonly partialArgs?: PartialArgsPlugin;
  readonly onWarning?: WarningHandler;
}

/** What a thread starts with. */
export interface ThreadInit {
  readonly messages?: readonly Message[];
  readonly state?: unknown;
}

/**
 * Many threads, one of them current. Each thread folds its own events, so a thread keeps
 * streaming while the user looks at another one.
 *
 * A new conversation starts as the placeholder thread (`startNew()`): the user's first message
 * shows at once, before the agent has named the thread. When that thread's RUN_STARTED brings the
 * real id, the thread moves to that id — its messages, the run still streaming into it, every
 * node keeping its identity — the placeholder slot gets a fresh empty thread, and `currentId`
 * follows only if the user was still on the placeholder.
 */
export interface ThreadStore {
  /** Threads by id (the placeholder under `PLACEHOLDER_THREAD_ID`); a new map when one is added or removed. */
  readonly threads: ReadonlySignal<ReadonlyMap<string, Thread>>;
  readonly currentId: ReadonlySignal<string>;
  readonly current: ReadonlySignal<Thread>;
  get(id: string): Thread | undefined;
  /** A fresh placeholder thread (the current one is reused while still untouched), made current. */
  startNew(init?: ThreadInit): Thread;
  /** The thread with this id, created (with `init`) if the store does not hold it. Does not switch. */
  open(id: string, init?: ThreadInit): Thread;
  /** Makes `id` current (opening it if needed). Other threads keep streaming. */
  switchTo(id: string): Thread;
  /** Forgets a thread; if it was current, the placeholder becomes current. */
  remove(id: string): boolean;
  /** Stops watching placeholders; later calls throw `STORE_DISPOSED`. */
  dispose(): void;
}

/** Makes the store's threads (the fold side's `makeThread`, which installs Tambo's folds when asked). */
export type ThreadFactory = (options: ThreadOptions) => ThreadImpl;

/** The store; `createThreadStore` (core/src/fold/make-thread.ts) makes one with the fold's `makeThread`. */
export class ThreadStoreImpl implements ThreadStore {
  /**
   * @internal Vue's raw marker: a `ref`, `reactive` or Pinia store holding this object hands it
   * back as it is, since a deep proxy as `this` fails every `#` member's brand check.
   */
  get __v_skip(): true {
    return true;
  }

  readonly threads: Signal<ReadonlyMap<string, ThreadImpl>>;
  readonly currentId: Signal<string> = signal(PLACEHOLDER_THREAD_ID);
  readonly current: ReadonlySignal<Thread>;
  readonly #warn: WarningHandler;
  /** Placeholders waiting for their RUN_STARTED, with the function that stops watching each. */
  readonly #watching = new Map<ThreadImpl, () => void>();
  #disposed = false;

  readonly #options: ThreadStoreOptions;
  readonly #makeThread: ThreadFactory;
  constructor(
    options: ThreadStoreOptions,
    makeThread: ThreadFactory,
  ) {
    this.#options = options;
    this.#makeThread = makeThread;
    refuseRemoved(options);
    this.#warn = options.onWarning ?? warnToConsole;
    this.threads = signal(new Map([[PLACEHOLDER_THREAD_ID, this.#placeholder()]]));
    this.current = computed(() => this.threads.value.get(this.currentId.value) ?? this.threads.value.get(PLACEHOLDER_THREAD_ID)!);
  }

  get(id: string): Thread | undefined {
    return this.threads.peek().get(id);
  }

  startNew(init?: ThreadInit): Thread {
    this.#live("startNew");
    let thread = this.threads.peek().get(PLACEHOLDER_THREAD_ID)!;
    if (init !== undefined || !untouched(thread)) {
      thread = this.#placeholder(init);
      this.#setThread(PLACEHOLDER_THREAD_ID, thread);
    }
    this.currentId.value = PLACEHOLDER_THREAD_ID;
    return thread;
  }

  open(id: string, init?: ThreadInit): Thread {
    this.#live("open");
    checkId(id, "open");
    const held = this.threads.peek().get(id);
    if (held !== undefined) return held;
    const thread = this.#create(id, init);
    this.#setThread(id, thread);
    return thread;
  }

  switchTo(id: string): Thread {
    this.#live("switchTo");
    const thread = id === PLACEHOLDER_THREAD_ID ? this.threads.peek().get(id)! : this.open(id);
    this.currentId.value = id;
    return thread;
  }

  remove(id: string): boolean {
    this.#live("remove");
    if (id === PLACEHOLDER_THREAD_ID) {
      throw new ThreadStoreError("INVALID_THREAD_ID", DEV ? `remove('${id}'): the placeholder cannot be removed; startNew() replaces it.` : "", "remove");
    }
    const map = this.threads.peek();
    if (!map.has(id)) return false;
    const next = new Map(map);
    next.delete(id);
    batch(() => {
      this.threads.value = next;
      if (this.currentId.peek() === id) this.currentId.value = PLACEHOLDER_THREAD_ID;
    });
    return true;
  }

  dispose(): void {
    this.#disposed = true;
    for (const stop of this.#watching.values()) stop();
    this.#watching.clear();
  }

  #create(threadId: string | undefined, init?: ThreadInit): ThreadImpl {
    const { components, partialArgs, subagents, branching } = this.#options;
    return this.#makeThread({
      threadId,
      messages: init?.messages,
      state: init?.state,
      onWarning: this.#warn,
      partialArgs,
      components,
      subagents,
      branching,
    });
  }

  /** A thread with no id yet, watched for the RUN_STARTED that names it. */
  #placeholder(init?: ThreadInit): ThreadImpl {
    const thread = this.#create(undefined, init);
    const stop = thread.onEvent((event: AGUIEvent) => {
      if (event.type !== "RUN_STARTED" || this.#disposed) return;
      const id = event.threadId;
      if (typeof id !== "string" || id === "" || id === PLACEHOLDER_THREAD_ID) return;
      this.#watching.get(thread)?.();
      this.#watching.delete(thread);
      this.#migrate(thread, id);
    });
    this.#watching.set(thread, stop);
    return thread;
  }

  /**
   * The placeholder `thread` learned its id: it is now that thread. The store's placeholder slot
   * (if it still held this thread) gets a fresh empty one; `currentId` follows only if the user
   * was on this placeholder. If the store already held a thread with that id, its messages are
   * kept, ahead of the new ones, in `thread`, and the old object is left empty.
   */
  #migrate(thread: ThreadImpl, id: string): void {
    const map = this.threads.peek();
    const wasPlaceholder = map.get(PLACEHOLDER_THREAD_ID) === thread;
    const userWasHere = wasPlaceholder && this.currentId.peek() === PLACEHOLDER_THREAD_ID;
    const next = new Map(map);
    batch(() => {
      const held = map.get(id);
      if (held !== undefined && held !== thread) {
        this.#warn({
          code: "THREAD_MERGED",
          message: DEV ? `RUN_STARTED named the new conversation '${id}', a thread the store already held; its messages were kept ahead of the new ones.` : "",
        });
        mergeInto(thread, held);
      }
      next.set(id, thread);
      if (wasPlaceholder) next.set(PLACEHOLDER_THREAD_ID, this.#placeholder());
      this.threads.value = next;
      if (userWasHere) this.currentId.value = id;
    });
  }

  #setThread(id: string, thread: ThreadImpl): void {
    const next = new Map(this.threads.peek());
    const old = next.get(id);
    if (old !== undefined && old !== thread && id === PLACEHOLDER_THREAD_ID && untouched(old)) {
      // An unused placeholder cannot migrate any more: stop watching it.
      this.#watching.get(old)?.();
      this.#watching.delete(old);
    }
    next.set(id, thread);
    this.threads.value = next;
  }

  #live(method: string): void {
    if (this.#disposed) throw new ThreadStoreError("STORE_DISPOSED", DEV ? `ThreadStore.${method}() was called after dispose().` : "", method);
  }
}

/** A placeholder nobody has used: no messages, no run. */
function untouched(thread: ThreadImpl): boolean {
  return thread.list.peek().length === 0 && thread.status.peek() === "idle";
}

function checkId(id: unknown, method: string): asserts id is string {
  if (typeof id !== "string" || id === "") {
    throw new ThreadStoreError("INVALID_THREAD_ID", DEV ? `${method}(id): the thread id must be a non-empty string, got ${JSON.stringify(id) ?? String(id)}.` : "", method);
  }
  if (id === PLACEHOLDER_THREAD_ID) {
    throw new ThreadStoreError("INVALID_THREAD_ID", DEV ? `${method}('${id}'): that id is reserved for the placeholder; use startNew() or switchTo('${id}').` : "", method);
  }
}

/** `held`'s messages move in front of `thread`'s (ids `thread` has win); `held` is left empty. */
function mergeInto(thread: ThreadImpl, held: ThreadImpl): void {
  const mine = thread.list.peek();
  const moved: MessageNodeImpl[] = held.list.peek().filter((node) => thread.node(node.id) === undefined);
  held.setList([]);
  if (moved.length > 0) thread.setList([...moved, ...mine]);
}
