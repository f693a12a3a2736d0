import type { WarningHandler } from "../errors.js";
import type { ThreadIndex } from "../persist/thread-index.js";
import type { AGUIEventOf, EventType } from "../protocol/events.js";
import { openPresence, type ChatParts } from "./assembly.js";
import { ChatInputError } from "../tools/errors.js";
import type { ChatClientOptions } from "./types.js";
import { resetThread } from "../run/thread-writes.js";

/**
 * Which stored thread a chat is on: its id, which is the storage key and names the cross-tab
 * presence channel. A new conversation's id is provisional until the agent names it; a switch
 * moves storage and presence to another id and reads what is stored there.
 */
export class ChatThreadKey {
  private key: string;
  /** A new conversation whose id the agent has not named yet (see `ChatClientOptions.threadId`). */
  private provisional: boolean;

  constructor(
    private readonly parts: ChatParts,
    private readonly options: ChatClientOptions,
    private readonly warn: WarningHandler,
    key: string,
    provisional: boolean,
  ) {
    this.key = key;
    this.provisional = provisional;
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
      resetThread(this.parts.thread);
      this.parts.thread.threadId.value = threadId;
      this.parts.turns.forgetRuns();
      this.key = threadId;
      this.provisional = false;
    });
    return this.hydrate();
  }

  hydrate(): Promise<void> {
    // A new conversation has nothing stored yet: its first message must not wait for a read.
    if (!this.parts.storage.enabled || this.provisional) return Promise.resolve();
    const key = this.key;
    this.parts.turns.hydrating = true;
    return this.parts.storage.hydrate().then(() => {
      if (this.key !== key || this.parts.turns.disposed) return;
      this.parts.turns.hydrating = false;
      this.parts.turns.advance();
    });
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
