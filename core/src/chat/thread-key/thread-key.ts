import { signal } from "@preact/signals-core";
import type { ThreadlineError } from "../../errors.js";
import { LazyPart } from "../../lazy-part.js";
import type { ResumePoint } from "../../run/options.js";
import type { ThreadIndex } from "../../persist/thread-index.js";
import type { ChatParts } from "../assembly.js";
import type { ChatFollow } from "../follow/follow-plugin.js";
import { openFollow } from "../follow/open-follow.js";
import { noThreadIndex } from "../errors.js";
import type { ChatClientOptions } from "../types.js";

const SERVER_RUNS = new LazyPart("server-run lookup (chat/thread-key/server-runs)", () => import("./server-runs.js"));

/**
 * Which stored thread a chat is on, past its id (`ChatThreadId`): a switch moves storage and
 * presence to another id and reads what is stored there; opening reads it too, and asks a
 * resumable server about the thread's runs.
 */
export class ChatThreadKey {
  /** Read-only following of another client's run (`ChatClientOptions.follow`). */
  readonly follow: ChatFollow;

  /** @internal */
  readonly parts: ChatParts;
  constructor(
    parts: ChatParts,
    options: ChatClientOptions,
  ) {
    this.parts = parts;
    this.follow = openFollow(options.follow, parts, { key: () => this.id, serverGenerating: (value) => (this.serverGenerating.value = value) });
  }

  get id(): string {
    return this.parts.threadId.value;
  }

  /** Stops the turn, empties the thread and moves to `threadId`; resolves when its record is read. */
  switchTo(threadId: string): Promise<void> {
    this.parts.turns.halt("the thread was switched", "cleared", () => {
      // Pending writes are pinned to the old thread's content before it goes.
      this.parts.storage.switchTo(threadId);
      this.parts.filter.reset();
      this.parts.threadId.moveTo(threadId);
      this.parts.thread.reset();
      this.parts.thread.threadId.value = threadId;
      this.parts.turns.forgetRuns();
    });
    return this.hydrate();
  }

  hydrate(): Promise<void> {
    if (this.parts.threadId.provisional && this.parts.storage.opensLatest) return this.#openLatest();
    // A new conversation has nothing stored yet: its first message must not wait for a read.
    // Without storage, only a chat that follows other clients' runs asks the server on opening.
    if (this.parts.threadId.provisional || (!this.parts.storage.enabled && !this.follow.enabled)) return Promise.resolve();
    const key = this.id;
    this.parts.turns.hydrationStarted();
    let failure: ThreadlineError | undefined;
    return (this.parts.storage.enabled ? this.parts.storage.hydrate() : Promise.resolve())
      .then(() => (this.id !== key || this.parts.turns.disposed ? undefined : this.#askServer(key, this.parts.storage.hydratedResume)))
      .then((unasked) => {
        failure = unasked;
        if (this.id !== key || this.parts.turns.disposed) return;
        this.parts.turns.hydrated();
        this.parts.queue?.hydrated();
        this.follow.schedule();
        // The stored thread ends in a run that may have gone on without this page, and the server
        // could not be asked about it: shown as failed, never as a finished answer.
        if (failure !== undefined) this.parts.turns.showFailure(failure);
      });
  }

  /**
   * `chatPersistence({ open: "latest" })` on a chat given no thread id: the thread saved last is
   * opened instead of a new conversation, and read like any stored thread (a run it was in the
   * middle of is rejoined). Turns asked for meanwhile wait, then go to that thread. Nothing
   * stored, or an index that cannot be read (reported; server rendering has no browser storage):
   * the new conversation stays.
   */
  async #openLatest(): Promise<void> {
    const { turns, storage, threadId, thread } = this.parts;
    const key = this.id;
    turns.hydrationStarted();
    const latest = (await storage.index?.list().catch(() => undefined))?.[0]?.id;
    // A switch meanwhile (or dispose) decided for the user; its own hydrate ends the wait.
    if (this.id !== key || turns.disposed) return;
    if (latest === undefined) return turns.hydrated();
    // Nothing ran and nothing was stored under the provisional id: the move needs no halt.
    storage.switchTo(latest);
    threadId.moveTo(latest);
    thread.threadId.value = latest;
    return this.hydrate();
  }

  /** Whether the server (a resumable one) has runs of this thread going: another device or tab. */
  readonly serverGenerating = signal(false);

  /** @internal A run that may have gone on without this page: its lookup got no answer (asked again on waking). */
  unsettled: ResumePoint | undefined = undefined;

  /**
   * The page woke or the network came back (`WakeWatch`): with nothing under way, a run that may
   * have gone on without this page — one whose lookup got no answer, or the last run, which failed
   * on the network — is asked about, and rejoined if the server holds it. Never rejects.
   */
  async recheck(): Promise<void> {
    const { turns, loop } = this.parts;
    if (turns.disposed || turns.hydrating || turns.activeRecord() !== undefined || loop.activeRun.peek() !== undefined || this.follow.following.peek()) return;
    const point = this.unsettled ?? loop.resumePoint();
    if (point === undefined) return;
    const key = this.id;
    const failure = await this.#askServer(key, point);
    if (failure !== undefined && this.id === key) turns.showFailure(failure);
  }

  /**
   * Asks a resumable server about the thread's runs (server-runs.ts, loaded then: a chat that
   * never reads a stored thread, follows nobody and never wakes with a run in doubt never loads
   * it). Resolves with why a run in doubt could not be settled, or undefined; never rejects: a
   * part that does not load is that reason (or, with no run in doubt, nothing).
   */
  #askServer(key: string, point: ResumePoint | undefined): Promise<ThreadlineError | undefined> {
    return SERVER_RUNS.get().then(
      ({ askServer }) => askServer(this, key, point),
      (error: ThreadlineError) => (point === undefined ? undefined : error),
    );
  }

  /** The storage's thread index; throws `NO_THREAD_INDEX` (naming `method`) without one. */
  index(method: string): ThreadIndex {
    const index = this.parts.storage.index;
    if (index === undefined) throw noThreadIndex(method);
    return index;
  }
}
