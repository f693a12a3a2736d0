import { DEV } from "esm-env";
import { batch, effect, signal, type ReadonlySignal } from "@preact/signals-core";
import type { ChatFollow, FollowHost, FollowPlugin } from "./follow-plugin.js";
import { ChatInputError } from "../../tools/errors.js";
import type { ResumePoint } from "../../run/options.js";
import type { RunSubscriber } from "../../run/subscriber.js";
import type { RunResult } from "../../run/result.js";
import { replaceState } from "../../run/replace-state.js";
import { replaceMessages } from "../../run/thread-writes.js";
import type { ServerRun } from "../../transport/source.js";
import type { ChatParts } from "../assembly.js";
import { createChatEngine } from "../engine.js";
import type { CarriesEngine } from "../engine-load.js";

/** `followRuns(options)`: how the chat looks for other clients' runs. */
export interface FollowOptions {
  /**
   * While the chat is idle, ask the server this often (ms) whether a run is going on the thread,
   * so a run another device starts later is followed too. Default: asked only when the thread is
   * opened (and after a thread switch).
   */
  readonly pollMs?: number;
}

/**
 * Follows, read-only, runs other clients stream on the chat's thread (from a resumable server):
 * `new ChatClient({ agent, follow: followRuns() })`, `followRuns({ pollMs })` to also ask while
 * idle. The options are checked here (`INVALID_OPTION`). A chat without it follows nothing.
 */
export function followRuns(options: FollowOptions = {}): FollowPlugin {
  const pollMs = checkPoll((options as FollowOptions | null)?.pollMs);
  // The server is asked as the chat opens a thread: the chat's engine comes with the plug-in.
  const plugin: FollowPlugin & CarriesEngine = { open: (parts, host) => new RunFollow(parts, pollMs, host), engine: createChatEngine };
  return plugin;
}

/**
 * Follows, read-only, a run someone else (another device, a tab without `BroadcastChannel`
 * between them) is streaming on this thread from a resumable server: the run's log is replayed
 * from its start, then followed live, through the chat's pipeline and fold. Read-only: no client
 * tool runs, no approval is asked, nothing continues, `stop()` only stops listening, and the
 * thread is not written to storage while a tab of the same origin generates (that tab owns it).
 * A message sent meanwhile waits for the followed run to end.
 */
class RunFollow implements ChatFollow {
  readonly enabled = true;
  /** True while this chat follows another client's run. */
  readonly following: ReadonlySignal<boolean>;

  readonly #active = signal(false);
  /** Runs this chat made, rejoined or followed: never followed (again). */
  readonly #known = new Set<string>();
  /**
   * Runs started after this (epoch ms, the server's clock) are replayed even when they ended
   * between two polls, so the thread ends as the other device's did. Set when polling starts.
   */
  #since = Infinity;
  #timer: ReturnType<typeof setTimeout> | undefined;

  readonly #parts: ChatParts;
  readonly #pollMs: number | undefined;
  readonly #host: FollowHost;
  constructor(
    parts: ChatParts,
    pollMs: number | undefined,
    host: FollowHost,
  ) {
    this.#parts = parts;
    this.#pollMs = pollMs;
    this.#host = host;
    this.following = this.#active;
    effect(() => {
      const run = parts.loop.activeRun.value;
      if (run !== undefined) this.#known.add(run.runId);
    });
  }

  /**
   * The thread's runs as the server listed them: follows the newest one going that this chat did
   * not make. `from`: a stored resume point of that run, whose thread is rolled back to its start.
   */
  consider(runs: readonly ServerRun[], from?: ResumePoint): void {
    if (this.#busy()) return;
    const run = [...runs].reverse().find((r) => !this.#known.has(r.runId) && (r.status === "running" || r.startedAt >= this.#since));
    if (run === undefined) return;
    // The runs before it are in the thread it starts from (its logged input): replaying one of them
    // after it would roll the thread back to that older run's start.
    for (const older of runs) if (older.startedAt <= run.startedAt) this.#known.add(older.runId);
    if (from !== undefined && from.runId === run.runId) {
      const thread = this.#parts.thread;
      batch(() => {
        replaceMessages(thread, thread.toMessages().slice(0, from.messageCount));
        replaceState(thread, from.state === undefined ? {} : from.state);
      });
    }
    this.#start(run.runId);
  }

  /** Starts asking the server every `pollMs` while idle (once the chat has hydrated). */
  schedule(): void {
    if (this.#pollMs === undefined || this.#timer !== undefined || this.#parts.turns.disposed) return;
    if (this.#since === Infinity) this.#since = Date.now() - CLOCK_SKEW_MS;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.#parts.turns.disposed) return;
      const key = this.#host.key();
      // A question that got no answer is asked again at the next poll.
      const ask = this.#busy() || this.#parts.turns.hydrating ? Promise.resolve(undefined) : this.#parts.loop.runsOf(key, { force: true }).catch(() => undefined);
      void ask.then((runs) => {
        if (runs !== undefined && key === this.#host.key() && !this.#parts.turns.disposed && !this.#busy()) {
          this.#host.serverGenerating(runs.some((r) => r.status === "running" && !this.#known.has(r.runId)));
          this.consider(runs);
        }
        this.schedule();
      });
    }, this.#pollMs);
    (this.#timer as { unref?: () => void }).unref?.();
  }

  #busy(): boolean {
    return this.#active.peek() || this.#parts.turns.activeRecord() !== undefined || this.#parts.loop.activeRun.peek() !== undefined;
  }

  #start(runId: string): void {
    const { loop, turns, storage, presence } = this.#parts;
    const key = this.#host.key();
    this.#known.add(runId);
    this.#active.value = true;
    turns.followStarted();
    // Another tab of this origin generating shares this storage and writes the thread itself.
    let ownerTab = presence.peek().remoteTabsGenerating.peek() > 0;
    const watchTabs = effect(() => {
      if (presence.value.remoteTabsGenerating.value > 0) ownerTab = true;
    });
    const finish = (result: RunResult | undefined): void => {
      watchTabs();
      this.#active.value = false;
      turns.followEnded();
      if (turns.disposed || key !== this.#host.key()) return;
      this.#host.serverGenerating(false);
      if (!ownerTab) storage.save();
      // The followed run failed (its agent's RUN_ERROR, a log the server lost, a connection that
      // could not be resumed): the follower shows it, as the device that made it does.
      if (result?.status === "failed") turns.showFailure(result.error);
      turns.advance();
    };
    loop
      .connect({ rejoin: { runId, lastEventId: `${runId}:0`, readOnly: true }, subscriber: fromRunInput })
      .then(finish, () => finish(undefined));
  }
}

/**
 * A logged RUN_STARTED carrying the run's input (Threadline's handler adds it) is the thread as the
 * run began: the follower takes it as its own, so the question asked elsewhere shows and nothing
 * the follower held of that run is folded twice.
 */
const fromRunInput: RunSubscriber = {
  onRunStarted: ({ event }) => {
    const input = event.input;
    if (input === undefined) return undefined;
    return input.state === undefined ? { messages: input.messages } : { messages: input.messages, state: input.state };
  },
};

/** Runs logged this long before polling began still count as new (clocks of client and server differ a little). */
const CLOCK_SKEW_MS = 2_000;

function checkPoll(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "number" && Number.isFinite(value) && value >= 100) return value;
  throw new ChatInputError("INVALID_OPTION", DEV ? `follow.pollMs must be a number of milliseconds ≥ 100, got ${String(value)}.` : "", "follow", "follow.pollMs");
}
