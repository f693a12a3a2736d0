// The full-stack apps' server side keeps each thread it has seen, so a page can render a stored
// thread's history on the server. In memory, per server process: the playground's stand-in for a
// database.
import type { Message } from "@threadline/core";

export interface ServerThread {
  readonly threadId: string;
  /** Whose thread it is: only that owner's page renders it. */
  readonly owner: string;
  readonly messages: readonly Message[];
  readonly state: unknown;
}

export class ServerThreads {
  readonly #threads = new Map<string, ServerThread>();

  /** The thread, when it is `owner`'s (another owner's thread is as good as absent). */
  get(threadId: string, owner: string): ServerThread | undefined {
    const thread = this.#threads.get(threadId);
    return thread?.owner === owner ? thread : undefined;
  }

  save(thread: ServerThread): void {
    this.#threads.set(thread.threadId, thread);
  }
}

/** One store per server process, shared by every route module that imports it. */
export const serverThreads: ServerThreads = ((globalThis as { __threadlineServerThreads?: ServerThreads })
  .__threadlineServerThreads ??= new ServerThreads());
