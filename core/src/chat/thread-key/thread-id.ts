import type { Signal } from "@preact/signals-core";
import type { ThreadImpl } from "../../model/thread.js";
import type { AGUIEventOf, EventType } from "../../protocol/events.js";
import type { ChatPresence } from "../presence/generation.js";
import type { ChatStorage } from "../storage/storage.js";

export interface ChatThreadIdHost {
  readonly thread: ThreadImpl;
  readonly storage: ChatStorage;
  /** Replaced when the id changes: the cross-tab channel is named after the thread. */
  readonly presence: Signal<ChatPresence>;
  /** The presence of another thread id. */
  openPresence(threadId: string): ChatPresence;
  /** The id changed: `renamed` when the agent named a new conversation, else a thread switch. */
  moved?(renamed: boolean): void;
}

/**
 * The id of the thread a chat is on, which is also its storage key and names its cross-tab
 * presence channel. A new conversation's id is provisional until the agent's first RUN_STARTED
 * names the thread; storage and presence follow the id when it changes.
 */
export class ChatThreadId {
  #id: string;
  /** A new conversation whose id the agent has not named yet (see `ChatClientOptions.threadId`). */
  #unnamed: boolean;

  readonly #host: ChatThreadIdHost;
  constructor(
    host: ChatThreadIdHost,
    id: string,
    provisional: boolean,
  ) {
    this.#host = host;
    this.#id = id;
    this.#unnamed = provisional;
  }

  get value(): string {
    return this.#id;
  }

  get provisional(): boolean {
    return this.#unnamed;
  }

  /** A placeholder thread gets the provisional id only when it is first sent to the agent. */
  beforeRun(): void {
    const { thread } = this.#host;
    if (thread.threadId.peek() === undefined) thread.threadId.value = this.#id;
  }

  /**
   * A RUN_STARTED of this chat's own run (the tool-call watch passes no other). The first one of
   * a new conversation names the thread: the storage key and the cross-tab channel move to that
   * id (the run under way is announced on the new channel). Later ones change nothing here.
   */
  named(event: AGUIEventOf<EventType.RUN_STARTED>): void {
    if (!this.#unnamed) return;
    this.#unnamed = false;
    const id = event.threadId;
    if (typeof id !== "string" || id === "" || id === this.#id) return;
    this.#id = id;
    this.#host.storage.rename(id);
    this.#movePresence(id, event);
    this.#host.moved?.(true);
  }

  /** A thread switch: the id is `threadId` from now on, and presence moves there (storage is moved by the switch). */
  moveTo(threadId: string): void {
    this.#movePresence(threadId);
    this.#id = threadId;
    this.#unnamed = false;
    this.#host.moved?.(false);
  }

  /** `started`: the run under way, announced on the new channel before anyone reads it. */
  #movePresence(threadId: string, started?: AGUIEventOf<EventType.RUN_STARTED>): void {
    const { presence } = this.#host;
    presence.peek().dispose();
    const next = this.#host.openPresence(threadId);
    if (started !== undefined) next.observeEvent(started);
    presence.value = next;
  }
}
