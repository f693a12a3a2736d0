import { batch, signal } from "@preact/signals-core";
import type { WarningHandler } from "../errors.js";
import type { ThreadIndex } from "../persist/thread-index.js";
import type { AGUIEventOf, EventType } from "../protocol/events.js";
import { openPresence, type ChatParts } from "./assembly.js";
import { openFollow, type ChatFollow } from "./follow-plugin.js";
import { ChatInputError } from "../tools/errors.js";
import type { ChatClientOptions } from "./types.js";
import { replaceMessages, replaceState } from "../run/thread-writes.js";

/**
 * Which stored thread a chat is on: its id, which is the storage key and names the cross-tab
 * presence channel. A new conversation's id is provisional until the agent names it; a switch
 * moves storage and presence to another id and reads what is stored there.
 */
export class ChatThreadKey {
  private key: string;
  /** A new conversation whose id the agent has not named yet (see `ChatClientOptions.threadId`). */
  private provisional: boolean;

  /** Read-only following of another client's run (`ChatClientOptions.follow`). */
  readonly follow: ChatFollow;

  constructor(
    private readonly parts: ChatParts,
    private readonly options: ChatClientOptions,
    private readonly warn: WarningHandler,
    key: string,
    provisional: boolean,
  ) {
    this.key = key;
    this.provisional = provisional;
    this.follow = openFollow(options.follow, parts, { key: () => this.key, serverGenerating: (value) => (this.serverGenerating.value = value) });
  }

  get id(): string {
    return this.key;
  }

  /** A placeholder thread gets the provisional id only when it is first sent to the agent. */
  beforeRun(): void {
    if (this.parts.thread.threadId.peek() === undefined) this.parts.thread.threadId.value = this.key;
  }

  /**
   * A RUN_STARTED of this chat's run. The first one of a new conversation names the thread: the
   * storage key and the cross-tab channel move to that id (the run under way is announced on
   * the new channel). Later ones change nothing here.
   */
  named(event: AGUIEventOf<EventType.RUN_STARTED>): void {
    if (!this.provisional || this.parts.turns.current === undefined) return;
    this.provisional = false;
    const id = event.threadId;
    if (typeof id !== "string" || id === "" || id === this.key) return;
    this.key = id;
    this.parts.storage.rename(id);
    this.parts.presence.peek().dispose();
    const presence = openPresence(this.options, id, this.warn);
    presence.observeEvent(event);
    this.parts.presence.value = presence;
  }

  /** Stops the turn, empties the thread and moves to `threadId`; resolves when its record is read. */
  switchTo(threadId: string): Promise<void> {
    this.parts.turns.halt("the thread was switched", "cleared", () => {
      // Pending writes are pinned to the old thread's content before it goes.
      this.parts.storage.switchTo(threadId);
      this.parts.filter.reset();
      this.parts.presence.peek().dispose();
      this.parts.presence.value = openPresence(this.options, threadId, this.warn);
      this.parts.thread.reset();
      this.parts.thread.threadId.value = threadId;
      this.parts.turns.forgetRuns();
      this.key = threadId;
      this.provisional = false;
    });
    return this.hydrate();
  }

  hydrate(): Promise<void> {
    // A new conversation has nothing stored yet: its first message must not wait for a read.
    // Without storage, only a chat that follows other clients' runs asks the server on opening.
    if (this.provisional || (!this.parts.storage.enabled && !this.follow.enabled)) return Promise.resolve();
    const key = this.key;
    this.parts.turns.hydrating = true;
    return (this.parts.storage.enabled ? this.parts.storage.hydrate() : Promise.resolve())
      .then(() => (this.key !== key || this.parts.turns.disposed ? undefined : this.askServer(key)))
      .then(() => {
        if (this.key !== key || this.parts.turns.disposed) return;
        this.parts.turns.hydrating = false;
        this.parts.turns.advance();
        this.follow.schedule();
      });
  }

  /** Whether the server (a resumable one) has runs of this thread going: another device or tab. */
  readonly serverGenerating = signal(false);

  /**
   * After a hydrate, asks a resumable server about the thread's runs. A stored resume point whose
   * run the server still holds — a reload mid-run — is rejoined: the thread goes back to how it
   * was when that run started and the run is replayed from its log, then followed live, as a turn
   * of its own (so its tools and continuation carry on once, here). A run going on that this tab
   * does not rejoin (another tab or device is on it) shows as `sessionGenerating`.
   */
  private async askServer(key: string): Promise<void> {
    const point = this.parts.storage.hydratedResume;
    const runs = await this.parts.loop.runsOf(key, { force: point !== undefined || this.follow.enabled });
    if (runs === undefined || this.key !== key || this.parts.turns.disposed) return;
    // Another tab still streaming that run leaves it to that tab: this one only shows it (or follows it).
    const held = point !== undefined && runs.some((run) => run.runId === point.runId);
    const rejoin = held && !this.parts.presence.peek().sessionGenerating.peek();
    this.serverGenerating.value = runs.some((run) => run.status === "running" && !(rejoin && run.runId === point.runId));
    if (!rejoin) {
      this.follow.consider(runs, held ? point : undefined);
      return;
    }
    const thread = this.parts.thread;
    batch(() => {
      replaceMessages(thread, thread.toMessages().slice(0, point.messageCount));
      replaceState(thread, point.state === undefined ? {} : point.state);
    });
    this.parts.turns.request({ kind: "connect", rejoin: { runId: point.runId, lastEventId: `${point.runId}:0` }, resolve: () => undefined });
  }

  /** The storage's thread index; throws `NO_THREAD_INDEX` (naming `method`) without one. */
  index(method: string): ThreadIndex {
    const index = this.parts.storage.index;
    if (index === undefined) {
      throw new ChatInputError("NO_THREAD_INDEX", `${method}: this chat keeps no thread index (it needs \`persistence\`, without \`index: false\`).`, "persistence");
    }
    return index;
  }
}
